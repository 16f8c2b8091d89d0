import { createRoute, z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import { postEventsResponseSchema, postEventsSchema } from "#domain/api/logger.js";
import { removeEvent, type NewEvent } from "../db/events.js";
import { retryOnDeadlock } from "../db/retry.js";
import type { DB } from "../db/schema.js";
import { foreignEventIds } from "../db/team-references.js";
import { checkTeamReferences, knownReferencesOf, type KnownReferences, type TeamRef } from "../http/references.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { coachOnly } from "../http/viewer.js";
import { changeNow, onlySession } from "../realtime/hub.js";

/*
 * The sideline logger's writes. Event ids are made by the client, so the offline outbox can send a batch again
 * after a timeout or a reload: an id the team already has is reported "duplicate" and changes nothing.
 * Every player, session and play an event names is checked against the caller's team (from the session) before
 * anything is written; a request with one bad reference writes nothing.
 */

const EVENT_OF_SNAP = "This event is part of a snap. Undo, edit or delete the snap in the game's list instead.";

export const EVENT_ID_TAKEN = "An event with this id already exists. Make a new id for a new event.";

const postEvents = createRoute({
  method: "post",
  path: "/api/team/events",
  operationId: "logEvents",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Log events (1 to 500); replaying an id the team already has is a no-op reported as duplicate",
  description:
    "Coaches only. All or nothing: every player, session and play must be the caller's team's, else 400 with " +
    "fields keyed events.<index>.<field> and nothing is stored. 409 when an id belongs to another team's event. " +
    "A 200 means every created event is committed.",
  request: { body: { required: true, content: { "application/json": { schema: postEventsSchema } } } },
  responses: {
    200: {
      description: "One result per event sent, in the order sent",
      content: { "application/json": { schema: postEventsResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 409, 413, 415),
  },
});

const eventIdParam = z.object({
  id: z.uuid({ error: "Event id must be a UUID." }).openapi({ param: { name: "id", in: "path" } }),
});

const deleteEvent = createRoute({
  method: "delete",
  path: "/api/team/events/{id}",
  operationId: "deleteEvent",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Undo or delete an event; the player's counters drop in the same transaction",
  description: "409 for an event a snap implies: it goes only with its snap (DELETE /api/team/snaps/{id}).",
  request: { params: eventIdParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

type EventInput = z.output<typeof postEventsSchema>["events"][number];

const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * Throws a 400 naming every event whose player, session or play is not the team's; with `known`, the ids found the
 * team's before are not asked again (http/references.ts).
 */
async function checkReferences(
  db: Kysely<DB>,
  teamId: string,
  events: readonly EventInput[],
  known?: KnownReferences,
): Promise<void> {
  const refs = events.flatMap((e, i): TeamRef[] => [
    { field: `events.${i}.playerId`, kind: "player", id: e.playerId },
    ...(e.sessionId ? [{ field: `events.${i}.sessionId`, kind: "session" as const, id: e.sessionId }] : []),
    ...(e.playId ? [{ field: `events.${i}.playId`, kind: "play" as const, id: e.playId }] : []),
  ]);
  await checkTeamReferences(
    db,
    teamId,
    refs,
    "Some events name a player, session or play that is not your team's.",
    known,
  );
}

/** Throws 409 when one of these ids is an event of another team (the caller may not learn anything more). */
async function checkForeignIds(
  db: Kysely<DB>,
  teamId: string,
  events: readonly EventInput[],
  ids: string[],
): Promise<void> {
  const taken = await foreignEventIds(db, teamId, ids);
  if (taken.size === 0) return;
  const fields: Record<string, string> = {};
  events.forEach((e, i) => {
    if (taken.has(e.id)) fields[`events.${i}.id`] = EVENT_ID_TAKEN;
  });
  throw new ApiError(409, "event_id_taken", EVENT_ID_TAKEN, fields);
}

export function eventRoutes() {
  return createRouter()
    .openapi(postEvents, async (c) => {
      const viewer = c.var.viewer;
      const { events } = c.req.valid("json");
      const { database, hub } = c.get("services");
      const db = database.db;

      // The sideline names the same game and players event after event: the ids found before are not asked again.
      await checkReferences(db, viewer.teamId, events, knownReferencesOf(hub));
      // A batch is checked before it is written, so it stays all or nothing; a single event is checked after
      // (below), which saves a query on the hot path and writes nothing either way.
      if (events.length > 1) await checkForeignIds(db, viewer.teamId, events, distinct(events.map((e) => e.id)));

      const rows: NewEvent[] = events.map((e) => ({
        id: e.id,
        teamId: viewer.teamId,
        playerId: e.playerId,
        eventType: e.eventType,
        yards: e.yards ?? null,
        sessionId: e.sessionId ?? null,
        playId: e.playId ?? null,
        occurredAt: e.occurredAt,
        createdBy: viewer.userId,
      }));

      let results: { inserted: boolean }[];
      try {
        // Every event goes through the group-commit writer, whether it came alone (the sideline's usual write)
        // or in a batch (the outbox catching up): events of concurrent requests share one transaction and one
        // fsync, which is what makes the write budget reachable on SQLite. We answer only once all of this
        // request's events are committed.
        const writer = c.get("services").eventWriter;
        results = await Promise.all(rows.map((row) => retryOnDeadlock(() => writer.record(row))));
      } catch (error) {
        // A player, session or play removed since the check above makes an insert fail on a foreign key: that is
        // the client's stale reference, a 400, not our 500. (The request's other events may then be stored; as
        // ids are the client's, sending the rest again reports them duplicate.)
        await checkReferences(db, viewer.teamId, events);
        throw error;
      }

      const notInserted = distinct(events.filter((_, i) => !results[i]!.inserted).map((e) => e.id));
      // Covers the single event, and a batch racing another team's write of the same id (then the batch's own
      // events are committed and a replay reports them duplicate).
      await checkForeignIds(db, viewer.teamId, events, notInserted);

      if (results.some((r) => r.inserted)) hub.publish(viewer.teamId, changeNow("events", onlySession(events)));
      return c.json(
        {
          results: events.map((e, i) => ({
            id: e.id,
            status: results[i]!.inserted ? ("created" as const) : ("duplicate" as const),
          })),
        },
        200,
      );
    })
    .openapi(deleteEvent, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      const removed = await retryOnDeadlock(() => removeEvent(database.db, { id, teamId: viewer.teamId }));
      if (!removed) throw notFound("That event");
      if (removed === "part of a snap") throw new ApiError(409, "event_of_snap", EVENT_OF_SNAP);
      hub.publish(viewer.teamId, changeNow("events"));
      return c.body(null, 204);
    });
}
