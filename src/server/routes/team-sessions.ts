import { createRoute, z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import {
  attendanceInputSchema,
  attendanceResponseSchema,
  createSessionSchema,
  sessionDetailResponseSchema,
  sessionResponseSchema,
  updateSessionSchema,
  type TeamSessionDto,
} from "#domain/api/logger.js";
import { teamSessionsResponseSchema } from "#domain/api/team.js";
import { markSessionAttendance, teamSessionAttendance } from "../db/attendance.js";
import { listSessionEvents } from "../db/events.js";
import { retryOnDeadlock } from "../db/retry.js";
import type { DB } from "../db/schema.js";
import { teamReferences } from "../db/team-references.js";
import {
  createTeamSession,
  createTeamSessionOnce,
  deleteTeamSession,
  getTeamSession,
  sessionImpact,
  teamSessionsWithCounts,
  updateTeamSession,
  type NewTeamSession,
  type TeamSession,
} from "../db/team-sessions.js";
import { createSessionForScheduledEvent } from "../db/schedule-sessions.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { seasonOfRequest, seasonQuery } from "../http/season.js";
import { coachOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import type { Services } from "../services.js";

/*
 * Team sessions (practices and games): the list, one session, its edits and its attendance, coaches only. The
 * game sheet of a session (snaps, final score, period, box score) is served by games.ts, and merges by
 * team-session-edits.ts (docs/architecture.md, "Shape").
 *
 * Attendance is marked explicitly: a new session has no marks, and a player's attendance total counts only the
 * sessions they were marked for (present or absent). Deleting a session removes its marks (and the players'
 * attendance counters with them, in one transaction) but keeps its events: they stay in the players' stats and
 * history, with no session.
 */

const sessionIdParam = z.object({
  id: z.uuid({ error: "Session id must be a UUID." }).openapi({ param: { name: "id", in: "path" } }),
});

// Domain schemas are plain zod (the domain does not import @hono/zod-openapi), so they carry no component names.
const SessionResponse = sessionResponseSchema;
const AttendanceResponse = attendanceResponseSchema;

export const SESSION_ID_TAKEN = "A session with this id already exists. Make a new id for a new session.";

const listSessions = createRoute({
  method: "get",
  path: "/api/team/sessions",
  operationId: "listTeamSessions",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "The team's practices and games, newest first, with event and attendance counts",
  description: "Every season's, or only those of the season given.",
  request: { query: z.object({ season: seasonQuery }) },
  responses: {
    200: {
      description: "The sessions",
      content: { "application/json": { schema: teamSessionsResponseSchema.openapi("TeamSessions") } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const createSession = createRoute({
  method: "post",
  path: "/api/team/sessions",
  operationId: "createTeamSession",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Create a practice or a game (no attendance marks yet)",
  description:
    "The id may be made by the client (the offline logger starting a game): sending an id the team already has " +
    "answers 200 with that session, unchanged; an id of another team's session answers 409. With " +
    "scheduledEventId, the session is the one logged for that event of the team's schedule (GET " +
    "/api/team/schedule): the event is linked to it and lends a game its opponent and home/away when the body " +
    "gives none; an event that is cancelled or already linked answers 409.",
  request: { body: { required: true, content: { "application/json": { schema: createSessionSchema } } } },
  responses: {
    200: {
      description: "Already made with this id (a replay)",
      content: { "application/json": { schema: SessionResponse } },
    },
    201: { description: "Created", content: { "application/json": { schema: SessionResponse } } },
    ...errorResponses(400, 401, 403, 409, 415),
  },
});

const getSession = createRoute({
  method: "get",
  path: "/api/team/sessions/{id}",
  operationId: "getTeamSession",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "One session: every current player's mark (null: not marked) and its events, newest first",
  request: { params: sessionIdParam },
  responses: {
    200: {
      description: "The session",
      content: { "application/json": { schema: sessionDetailResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const updateSession = createRoute({
  method: "patch",
  path: "/api/team/sessions/{id}",
  operationId: "updateTeamSession",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Change a session's kind, date, opponent, home/away, location or notes",
  request: {
    params: sessionIdParam,
    body: { required: true, content: { "application/json": { schema: updateSessionSchema } } },
  },
  responses: {
    200: { description: "Updated", content: { "application/json": { schema: SessionResponse } } },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const deleteSession = createRoute({
  method: "delete",
  path: "/api/team/sessions/{id}",
  operationId: "deleteTeamSession",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Delete a session and its attendance marks; its events are kept, without a session",
  request: { params: sessionIdParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404),
  },
});

const putAttendance = createRoute({
  method: "put",
  path: "/api/team/sessions/{id}/attendance",
  operationId: "setAttendance",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Mark players present (true) or absent (false), or clear a mark (null); unlisted players keep theirs",
  request: {
    params: sessionIdParam,
    body: { required: true, content: { "application/json": { schema: attendanceInputSchema } } },
  },
  responses: {
    200: {
      description: "Every current player's mark",
      content: { "application/json": { schema: AttendanceResponse } },
    },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

function toDto(s: TeamSession): TeamSessionDto {
  return {
    id: s.id,
    kind: s.kind,
    date: s.date,
    opponent: s.opponent,
    homeAway: s.homeAway,
    location: s.location,
    notes: s.notes,
    createdAt: s.createdAt,
  };
}

const NOT_SCHEDULED = "That event is not on your team's schedule.";

/**
 * POST /api/team/sessions with a scheduledEventId: the session is made for that event and linked to it; created
 * false for a replay of a session id already made.
 */
async function createScheduledSession(
  { database, hub }: Services,
  teamId: string,
  fields: NewTeamSession,
  input: { scheduledEventId?: string; opponent?: string | null; homeAway?: "home" | "away" | null },
): Promise<{ session: TeamSession; created: boolean }> {
  // undefined, not null: an opponent and home/away the body did not give are the event's.
  const linked = await createSessionForScheduledEvent(
    database.db,
    { ...fields, opponent: input.opponent ?? undefined, homeAway: input.homeAway ?? undefined },
    input.scheduledEventId!,
  );
  switch (linked.kind) {
    case "not_found":
      throw new ApiError(400, "invalid_reference", NOT_SCHEDULED, { scheduledEventId: NOT_SCHEDULED });
    case "other_kind": {
      const message = `That scheduled event is a ${linked.eventKind}: log it as a ${linked.eventKind}.`;
      throw new ApiError(400, "invalid_input", message, { scheduledEventId: message });
    }
    case "cancelled":
      throw new ApiError(409, "event_cancelled", "That event is cancelled. Restore it on the schedule first.");
    case "linked":
      throw new ApiError(409, "event_already_linked", "A practice or game was already started for that event.");
    case "taken":
      throw new ApiError(409, "session_id_taken", SESSION_ID_TAKEN, { id: SESSION_ID_TAKEN });
  }
  if (linked.created) {
    hub.publish(teamId, changeNow("sessions"));
    hub.publish(teamId, changeNow("schedule"));
  }
  return linked;
}

async function requireSession(db: Kysely<DB>, teamId: string, id: string): Promise<TeamSession> {
  const session = await getTeamSession(db, { id, teamId });
  if (!session) throw notFound("That session");
  return session;
}

export function teamSessionRoutes() {
  return createRouter()
    .openapi(listSessions, async (c) => {
      const viewer = c.var.viewer;
      const { season: seasonId } = c.req.valid("query");
      const season = seasonId === undefined ? undefined : await seasonOfRequest(c, viewer.teamId, seasonId);
      const sessions = await teamSessionsWithCounts(c.get("services").database.db, viewer.teamId, season?.id);
      return c.json({ sessions }, 200);
    })
    .openapi(createSession, async (c) => {
      const viewer = c.var.viewer;
      const input = c.req.valid("json");
      const { database, hub } = c.get("services");
      const fields = {
        teamId: viewer.teamId,
        kind: input.kind,
        date: input.date,
        opponent: input.kind === "game" ? (input.opponent ?? null) : null,
        homeAway: input.kind === "game" ? (input.homeAway ?? null) : null,
        location: input.location ?? null,
        notes: input.notes ?? null,
        createdBy: viewer.userId,
      };
      if (input.scheduledEventId !== undefined) {
        const linked = await createScheduledSession(
          c.get("services"),
          viewer.teamId,
          { ...fields, ...(input.id === undefined ? {} : { id: input.id }) },
          input,
        );
        return c.json({ session: toDto(linked.session) }, linked.created ? 201 : 200);
      }
      if (input.id !== undefined) {
        const once = await createTeamSessionOnce(database.db, { ...fields, id: input.id });
        if (once === "taken") throw new ApiError(409, "session_id_taken", SESSION_ID_TAKEN, { id: SESSION_ID_TAKEN });
        if (!once.created) return c.json({ session: toDto(once.session) }, 200);
        hub.publish(viewer.teamId, changeNow("sessions"));
        return c.json({ session: toDto(once.session) }, 201);
      }
      const session = await createTeamSession(database.db, fields);
      hub.publish(viewer.teamId, changeNow("sessions"));
      return c.json({ session: toDto(session) }, 201);
    })
    .openapi(getSession, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { db } = c.get("services").database;
      const session = await requireSession(db, viewer.teamId, id);
      const [attendance, { events, eventCount }] = await Promise.all([
        teamSessionAttendance(db, viewer.teamId, id),
        listSessionEvents(db, viewer.teamId, id),
      ]);
      return c.json({ session: toDto(session), attendance, events, eventCount }, 200);
    })
    .openapi(updateSession, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const { database, hub } = c.get("services");
      const current = await requireSession(database.db, viewer.teamId, id);

      const kind = input.kind ?? current.kind;
      const opponent = kind === "practice" ? null : input.opponent !== undefined ? input.opponent : current.opponent;
      const homeAway = kind === "practice" ? null : input.homeAway !== undefined ? input.homeAway : current.homeAway;
      // Caught by the schema when kind is sent too; here the stored kind is a practice.
      if (kind === "practice" && input.opponent) {
        throw new ApiError(400, "invalid_input", "Only a game has an opponent.", {
          opponent: "Only a game has an opponent.",
        });
      }
      if (kind === "practice" && input.homeAway) {
        throw new ApiError(400, "invalid_input", "Only a game is played at home or away.", {
          homeAway: "Only a game is played at home or away.",
        });
      }
      const next = {
        kind,
        date: input.date ?? current.date,
        opponent,
        homeAway,
        location: input.location !== undefined ? input.location : current.location,
        notes: input.notes !== undefined ? input.notes : current.notes,
      };
      const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== current[k]);
      if (!changed) return c.json({ session: toDto(current) }, 200);

      if (!(await updateTeamSession(database.db, { id, teamId: viewer.teamId }, next))) throw notFound("That session");
      hub.publish(viewer.teamId, changeNow("sessions"));
      return c.json({ session: toDto({ ...current, ...next }) }, 200);
    })
    .openapi(deleteSession, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      const db = database.db;
      // Which views the deletion touches, for the live update only (a mark made meanwhile just widens it).
      const touches = await sessionImpact(db, { id, teamId: viewer.teamId });
      if (!(await retryOnDeadlock(() => deleteTeamSession(db, { id, teamId: viewer.teamId }))))
        throw notFound("That session");
      hub.publish(viewer.teamId, changeNow("sessions"));
      if (touches.marks > 0) hub.publish(viewer.teamId, changeNow("attendance"));
      if (touches.events > 0) hub.publish(viewer.teamId, changeNow("events"));
      return c.body(null, 204);
    })
    .openapi(putAttendance, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { marks } = c.req.valid("json");
      const { database, hub } = c.get("services");
      const db = database.db;
      await requireSession(db, viewer.teamId, id);

      const members = (await teamReferences(db, viewer.teamId, { players: marks.map((m) => m.playerId) })).players;
      const fields: Record<string, string> = {};
      marks.forEach((m, i) => {
        if (!members.has(m.playerId)) fields[`marks.${i}.playerId`] = `Player ${m.playerId} is not on your team.`;
      });
      const bad = Object.values(fields);
      if (bad.length) {
        throw new ApiError(
          400,
          "invalid_reference",
          bad.length === 1 ? bad[0]! : "Some players are not on your team.",
          fields,
        );
      }

      const changed = await retryOnDeadlock(() => markSessionAttendance(db, viewer.teamId, id, marks));
      if (changed === null) throw notFound("That session");

      if (changed) hub.publish(viewer.teamId, changeNow("attendance"));
      return c.json({ attendance: await teamSessionAttendance(db, viewer.teamId, id) }, 200);
    });
}
