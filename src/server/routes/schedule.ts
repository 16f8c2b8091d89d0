import { createRoute, z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import {
  availabilityBodySchema,
  createScheduleEventBodySchema,
  scheduleEventResponseSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
  scheduleSettingsBodySchema,
  scheduleSettingsResponseSchema,
  updateScheduleEventBodySchema,
  type ScheduleEventResponse,
} from "#domain/api/schedule.js";
import { answerScheduleEvent, createScheduleEvents, updateScheduleSettings } from "../db/schedule.js";
import {
  getScheduleRow,
  isRosterPlayer,
  listScheduleRows,
  scheduleEventAnswers,
  scheduleEventsOf,
  teamScheduleSettings,
  type ScheduleEventRow,
} from "../db/schedule-reads.js";
import type { DB } from "../db/schema.js";
import { nowIso } from "../db/dialect.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { coachOnly, teamMemberOnly, type TeamViewer } from "../http/viewer.js";
import { updateScheduleEventAndAnnounce } from "../mail/announcements.js";
import { changeNow } from "../realtime/hub.js";
import { pathParam } from "../http/path-params.js";

/*
 * The team's schedule and who is coming (docs/product.md §12, issue #29): every member reads the games and
 * practices planned ahead; coaches make, change and cancel them and set the team's zone; players answer for
 * themselves, coaches for any player. Who else is coming is for coaches only: a player is shown the counts and
 * their own answer (children's privacy). An event is never deleted: cancelled, it stays listed with its status.
 * An event id of another team answers 404 like one that does not exist.
 */

const eventIdParam = z.object({
  id: z.uuid({ error: "Event id must be a UUID." }).openapi({ param: { name: "id", in: "path" } }),
});

const answerParams = z.object({
  id: z.uuid({ error: "Event id must be a UUID." }).openapi({ param: { name: "id", in: "path" } }),
  playerId: pathParam("playerId", "The player's user id"),
});

// A PATCH body refusing {} says so in the document (docs/architecture.md, API document).
const updateEventBody = updateScheduleEventBodySchema.meta({ minProperties: 1 });
const settingsBody = scheduleSettingsBodySchema.meta({ minProperties: 1 });

const Schedule = scheduleResponseSchema.openapi("Schedule");
const ScheduleEventAnswer = scheduleEventResponseSchema.openapi("ScheduleEventDetail");
const ScheduleSettings = scheduleSettingsResponseSchema.openapi("ScheduleSettings");

const list = createRoute({
  method: "get",
  path: "/api/team/schedule",
  operationId: "listScheduleEvents",
  tags: ["schedule"],
  middleware: [teamMemberOnly] as const,
  summary: "The team's games and practices planned ahead, with how many are coming and the caller's own answer",
  description:
    "upcoming: not yet ended, soonest first; past: ended, latest first; all (default): by start. Cancelled " +
    "events are listed with status cancelled. Dates and times are in the team's zone (timeZone).",
  request: { query: scheduleQuerySchema },
  responses: {
    200: { description: "The events", content: { "application/json": { schema: Schedule } } },
    ...errorResponses(400, 401, 403),
  },
});

const getOne = createRoute({
  method: "get",
  path: "/api/team/schedule/{id}",
  operationId: "getScheduleEvent",
  tags: ["schedule"],
  middleware: [teamMemberOnly] as const,
  summary: "One event; for a coach, every player's answer (answers is null for a player)",
  request: { params: eventIdParam },
  responses: {
    200: { description: "The event", content: { "application/json": { schema: ScheduleEventAnswer } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

const create = createRoute({
  method: "post",
  path: "/api/team/schedule",
  operationId: "createScheduleEvents",
  tags: ["schedule"],
  middleware: [coachOnly] as const,
  summary: "Coaches: plan a game or practice, or a weekly series of them (repeat)",
  description:
    "A series makes one event on each chosen weekday from date to repeat.until (at most 366 days, 200 events), " +
    "all with the same seriesId, each at startTime in the team's zone on its own day.",
  request: {
    body: { required: true, content: { "application/json": { schema: createScheduleEventBodySchema } } },
  },
  responses: {
    201: { description: "The events made", content: { "application/json": { schema: Schedule } } },
    ...errorResponses(400, 401, 403, 415),
  },
});

const update = createRoute({
  method: "patch",
  path: "/api/team/schedule/{id}",
  operationId: "updateScheduleEvent",
  tags: ["schedule"],
  middleware: [coachOnly] as const,
  summary: "Coaches: change, cancel (status cancelled) or restore an event, or it and the rest of its series",
  description:
    'scope "following" applies the fields given to this event and every later one of its series, except date, ' +
    "which moves this event only. The answer lists the events changed (the event itself when nothing differed).",
  request: {
    params: eventIdParam,
    body: { required: true, content: { "application/json": { schema: updateEventBody } } },
  },
  responses: {
    200: { description: "The events changed", content: { "application/json": { schema: Schedule } } },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const answer = createRoute({
  method: "put",
  path: "/api/team/schedule/{id}/answers/{playerId}",
  operationId: "answerScheduleEvent",
  tags: ["schedule"],
  middleware: [teamMemberOnly] as const,
  summary: "Say whether a player is coming: a player for themselves, a coach for any player of the team",
  request: {
    params: answerParams,
    body: { required: true, content: { "application/json": { schema: availabilityBodySchema } } },
  },
  responses: {
    200: {
      description: "The event as the caller reads it",
      content: { "application/json": { schema: ScheduleEventAnswer } },
    },
    409: { ...errorResponses(409)[409], description: "event_cancelled: the event is cancelled" },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const getSettings = createRoute({
  method: "get",
  path: "/api/team/schedule-settings",
  operationId: "getScheduleSettings",
  tags: ["schedule"],
  middleware: [teamMemberOnly] as const,
  summary: "The team's time zone and the minimum players it wants at an event",
  responses: {
    200: { description: "The settings", content: { "application/json": { schema: ScheduleSettings } } },
    ...errorResponses(401, 403),
  },
});

const patchSettings = createRoute({
  method: "patch",
  path: "/api/team/schedule-settings",
  operationId: "updateScheduleSettings",
  tags: ["schedule"],
  middleware: [coachOnly] as const,
  summary: "Coaches: change the team's time zone or minimum players (null: the default)",
  description: "A new zone keeps every event that has not ended yet on its local day and time: their instants move.",
  request: { body: { required: true, content: { "application/json": { schema: settingsBody } } } },
  responses: {
    200: { description: "The settings", content: { "application/json": { schema: ScheduleSettings } } },
    ...errorResponses(400, 401, 403, 415),
  },
});

const DEFAULT_LIMIT = 500;
const CANCELLED = "This event is cancelled: there is nothing to answer.";

/** The caller's player id when they answer as a player (a coach has no answers of their own). */
const ownPlayerId = (viewer: TeamViewer) => (viewer.role === "player" ? viewer.userId : null);

/** The events as the API answers them, with the team's zone and minimum. */
async function scheduleOf(db: Kysely<DB>, viewer: TeamViewer, rows: readonly ScheduleEventRow[]) {
  const [settings, events] = await Promise.all([
    teamScheduleSettings(db, viewer.teamId),
    scheduleEventsOf(db, viewer.teamId, rows, ownPlayerId(viewer)),
  ]);
  return { timeZone: settings.timeZone, minPlayers: settings.minPlayers, events };
}

/** One event as this caller reads it: the players' answers for a coach, null for a player. */
async function eventAsReadBy(
  db: Kysely<DB>,
  viewer: TeamViewer,
  row: ScheduleEventRow,
): Promise<ScheduleEventResponse> {
  const [schedule, answers] = await Promise.all([
    scheduleOf(db, viewer, [row]),
    viewer.role === "coach" ? scheduleEventAnswers(db, viewer.teamId, row.id) : Promise.resolve(null),
  ]);
  return { timeZone: schedule.timeZone, minPlayers: schedule.minPlayers, event: schedule.events[0]!, answers };
}

async function settingsOf(db: Kysely<DB>, teamId: string) {
  const settings = await teamScheduleSettings(db, teamId);
  return { timeZone: settings.timeZone, minPlayers: settings.minPlayers };
}

export function scheduleRoutes() {
  return createRouter()
    .openapi(list, async (c) => {
      const viewer = c.var.viewer;
      const { when, limit } = c.req.valid("query");
      const db = c.get("services").database.db;
      const rows = await listScheduleRows(db, viewer.teamId, { when, limit: limit ?? DEFAULT_LIMIT, now: nowIso() });
      return c.json(await scheduleOf(db, viewer, rows), 200);
    })
    .openapi(getOne, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const db = c.get("services").database.db;
      const row = await getScheduleRow(db, viewer.teamId, id);
      if (!row) throw notFound("That event");
      return c.json(await eventAsReadBy(db, viewer, row), 200);
    })
    .openapi(create, async (c) => {
      const viewer = c.var.viewer;
      const input = c.req.valid("json");
      const { database, hub } = c.get("services");
      const rows = await createScheduleEvents(database.db, viewer.teamId, viewer.userId, input);
      if (rows === null) {
        const message = "None of the chosen days falls between the first day and the repeat-until day.";
        throw new ApiError(400, "invalid_input", message, { "repeat.weekdays": message });
      }
      hub.publish(viewer.teamId, changeNow("schedule"));
      return c.json(await scheduleOf(database.db, viewer, rows), 201);
    })
    .openapi(update, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const { database, hub } = c.get("services");
      // A change within 48 hours of an event is announced in its transaction (mail/announcements.ts, issue #29).
      const outcome = await updateScheduleEventAndAnnounce(c.get("services"), viewer, id, input);
      if (outcome.kind === "not_found") throw notFound("That event");
      if (outcome.kind === "arrive_after_start") {
        const message = "Arrive-by time must be at or before the start time.";
        throw new ApiError(400, "invalid_input", message, { arriveBy: message });
      }
      if (outcome.changed.length > 0) {
        hub.publish(viewer.teamId, changeNow("schedule"));
        c.get("services").push.wake();
        c.get("services").mailOutbox.wake();
      }
      const rows = outcome.changed.length > 0 ? outcome.changed : [outcome.event];
      return c.json(await scheduleOf(database.db, viewer, rows), 200);
    })
    .openapi(answer, async (c) => {
      const viewer = c.var.viewer;
      const { id, playerId } = c.req.valid("param");
      const body = c.req.valid("json");
      const { database, hub } = c.get("services");
      const db = database.db;
      const row = await getScheduleRow(db, viewer.teamId, id);
      if (!row) throw notFound("That event");
      if (viewer.role === "player") {
        if (playerId !== viewer.userId) {
          throw new ApiError(403, "forbidden", "You can answer only for yourself.");
        }
        if (!(await isRosterPlayer(db, viewer.teamId, playerId))) {
          throw new ApiError(403, "forbidden", "You can answer once your coach has confirmed you on the team.");
        }
      } else if (!(await isRosterPlayer(db, viewer.teamId, playerId))) {
        throw notFound("That player");
      }
      if (row.status === "cancelled") throw new ApiError(409, "event_cancelled", CANCELLED);
      await answerScheduleEvent(db, {
        eventId: id,
        playerId,
        answer: body.answer,
        note: body.note ?? null,
        answeredBy: viewer.userId,
      });
      hub.publish(viewer.teamId, changeNow("schedule"));
      return c.json(await eventAsReadBy(db, viewer, row), 200);
    })
    .openapi(getSettings, async (c) => {
      const viewer = c.var.viewer;
      return c.json(await settingsOf(c.get("services").database.db, viewer.teamId), 200);
    })
    .openapi(patchSettings, async (c) => {
      const viewer = c.var.viewer;
      const input = c.req.valid("json");
      const { database, hub } = c.get("services");
      const { changed } = await updateScheduleSettings(database.db, viewer.teamId, input);
      if (changed) hub.publish(viewer.teamId, changeNow("schedule"));
      return c.json(await settingsOf(database.db, viewer.teamId), 200);
    });
}
