import { createRoute, z } from "@hono/zod-openapi";
import { sql, type Kysely } from "kysely";
import { postEventsResponseSchema, postEventsSchema } from "../../domain/api/logger.js";
import { createEventWriter, type EventWriter } from "../db/event-writer.js";
import { removeEvent, type NewEvent } from "../db/events.js";
import type { DB } from "../db/schema.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { coachOnly, requireCoach } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";

/*
 * The sideline logger's writes. Event ids are made by the client, so the offline outbox can send a batch again
 * after a timeout or a reload: an id the team already has is reported "duplicate" and changes nothing.
 * Every player, session and play an event names is checked against the caller's team (from the session) before
 * anything is written; a request with one bad reference writes nothing.
 */

export const EVENT_ID_TAKEN = "An event with this id already exists. Make a new id for a new event.";

const postEvents = createRoute({
  method: "post",
  path: "/api/team/events",
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
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Undo or delete an event; the player's counters drop in the same transaction",
  request: { params: eventIdParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404),
  },
});

type EventInput = z.output<typeof postEventsSchema>["events"][number];

/**
 * One group-commit writer per database (ARCHITECTURE.md budget: >= 2,000 acknowledged events/s from 50
 * concurrent clients on SQLite). Keyed by the Kysely instance, so each test database gets its own.
 */
const writers = new WeakMap<Kysely<DB>, EventWriter>();
function writerFor(db: Kysely<DB>): EventWriter {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = createEventWriter(db)));
  return writer;
}

const RETRYABLE_PG_CODES = new Set(["40P01", "40001"]);

/**
 * Runs a whole transaction again when PostgreSQL aborted it as a deadlock victim (or a serialization failure).
 * The writer's batches, undos, attendance changes and session deletes (and other app servers' writers) lock
 * players' counter rows in different orders, so a deadlock is expected under load, not a bug. The rolled-back
 * attempt left nothing behind and each of these writes is idempotent, so running it again is safe.
 * SQLite runs one transaction at a time and never gets here.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= attempts || typeof code !== "string" || !RETRYABLE_PG_CODES.has(code)) throw error;
      // Jittered backoff so the two victims of one deadlock do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** The subset of the given ids that are players, sessions and plays of the team. One query. */
async function teamReferences(
  db: Kysely<DB>,
  teamId: string,
  ids: { players: string[]; sessions: string[]; plays: string[] },
): Promise<{ players: Set<string>; sessions: Set<string>; plays: Set<string> }> {
  const found = { players: new Set<string>(), sessions: new Set<string>(), plays: new Set<string>() };
  const parts = [];
  if (ids.players.length) {
    parts.push(
      db
        .selectFrom("profiles")
        .select([sql<string>`'p'`.as("kind"), "user_id as id"])
        .where("team_id", "=", teamId)
        .where("role", "=", "player")
        .where("user_id", "in", ids.players),
    );
  }
  if (ids.sessions.length) {
    parts.push(
      db
        .selectFrom("team_sessions")
        .select([sql<string>`'s'`.as("kind"), "id"])
        .where("team_id", "=", teamId)
        .where("id", "in", ids.sessions),
    );
  }
  if (ids.plays.length) {
    parts.push(
      db
        .selectFrom("plays")
        .select([sql<string>`'y'`.as("kind"), "id"])
        .where("team_id", "=", teamId)
        .where("id", "in", ids.plays),
    );
  }
  const [first, ...rest] = parts;
  if (!first) return found;
  const rows = await rest.reduce((q, part) => q.unionAll(part), first).execute();
  for (const r of rows) {
    (r.kind === "p" ? found.players : r.kind === "s" ? found.sessions : found.plays).add(r.id);
  }
  return found;
}

const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

/** Throws a 400 naming every event whose player, session or play is not the team's. */
async function checkReferences(db: Kysely<DB>, teamId: string, events: readonly EventInput[]): Promise<void> {
  const found = await teamReferences(db, teamId, {
    players: distinct(events.map((e) => e.playerId)),
    sessions: distinct(events.map((e) => e.sessionId)),
    plays: distinct(events.map((e) => e.playId)),
  });
  const fields: Record<string, string> = {};
  events.forEach((e, i) => {
    if (!found.players.has(e.playerId)) fields[`events.${i}.playerId`] = "This player is not on your team.";
    if (e.sessionId && !found.sessions.has(e.sessionId)) fields[`events.${i}.sessionId`] = "This session is not your team's.";
    if (e.playId && !found.plays.has(e.playId)) fields[`events.${i}.playId`] = "This play is not in your team's playbook.";
  });
  const bad = Object.values(fields);
  if (bad.length === 0) return;
  const message = bad.length === 1 ? bad[0]! : "Some events name a player, session or play that is not your team's.";
  throw new ApiError(400, "invalid_reference", message, fields);
}

/** Throws 409 when one of these ids is an event of another team (the caller may not learn anything more). */
async function checkForeignIds(db: Kysely<DB>, teamId: string, events: readonly EventInput[], ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const foreign = await db
    .selectFrom("events")
    .select("id")
    .where("id", "in", ids)
    .where("team_id", "<>", teamId)
    .execute();
  if (foreign.length === 0) return;
  const taken = new Set(foreign.map((r) => r.id));
  const fields: Record<string, string> = {};
  events.forEach((e, i) => {
    if (taken.has(e.id)) fields[`events.${i}.id`] = EVENT_ID_TAKEN;
  });
  throw new ApiError(409, "event_id_taken", EVENT_ID_TAKEN, fields);
}

export function eventRoutes() {
  return createRouter()
    .openapi(postEvents, async (c) => {
      const viewer = await requireCoach(c);
      const { events } = c.req.valid("json");
      const { database, hub } = c.get("services");
      const db = database.db;

      await checkReferences(db, viewer.teamId, events);
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
        const writer = writerFor(db);
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

      if (results.some((r) => r.inserted)) hub.publish(viewer.teamId, changeNow("events"));
      return c.json(
        { results: events.map((e, i) => ({ id: e.id, status: results[i]!.inserted ? ("created" as const) : ("duplicate" as const) })) },
        200,
      );
    })
    .openapi(deleteEvent, async (c) => {
      const viewer = await requireCoach(c);
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      const removed = await retryOnDeadlock(() => removeEvent(database.db, { id, teamId: viewer.teamId }));
      if (!removed) throw notFound("That event");
      hub.publish(viewer.teamId, changeNow("events"));
      return c.body(null, 204);
    });
}
