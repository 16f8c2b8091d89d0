import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { SESSION_EVENTS_SHOWN, type SessionEvent } from "#domain/api/logger.js";
import { eventPoints } from "#domain/scoring.js";
import { inTransaction, nowIso } from "./engine.js";
import { numberOrNull, positionOfRow } from "./rows.js";
import type { DB, EventRecord } from "./schema.js";

/*
 * Events are the source of truth; player_event_counts and player_stats are kept in the same transaction as
 * each insert and removal, so summaries cost O(players). Every counter change is a single atomic
 * `x = x + d` statement (never read in JS and written back), which keeps them right under concurrent writers
 * on PostgreSQL; SQLite serialises writers anyway.
 */

export interface EventRow {
  id: string;
  teamId: string;
  playerId: string;
  sessionId: string | null;
  playId: string | null;
  eventType: string;
  yards: number | null;
  occurredAt: string;
  createdBy: string;
  createdAt: string;
}

export interface NewEvent {
  /** Made by the client: replaying the same id is a no-op. */
  id: string;
  teamId: string;
  playerId: string;
  eventType: string;
  yards?: number | null;
  sessionId?: string | null;
  playId?: string | null;
  /** ISO-8601 UTC with milliseconds. */
  occurredAt: string;
  createdBy: string;
}

const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Times are compared as text (max, <, index order), which is time order only when every value has the one
 * shape `Date.prototype.toISOString()` gives. Callers normalise with `new Date(x).toISOString()`.
 */
export function assertIsoTimestamp(value: string): void {
  if (!ISO_UTC_MS.test(value) || Number.isNaN(Date.parse(value))) {
    throw new RangeError(`not an ISO-8601 UTC timestamp with milliseconds: ${JSON.stringify(value)}`);
  }
}

function toEventRow(r: EventRecord): EventRow {
  return {
    id: r.id,
    teamId: r.team_id,
    playerId: r.player_id,
    sessionId: r.session_id,
    playId: r.play_id,
    eventType: r.event_type,
    yards: r.yards,
    occurredAt: r.occurred_at,
    createdBy: r.created_by,
    createdAt: r.created_at,
  };
}

/**
 * Records an event and its counters in one transaction. The player's membership of the team is the
 * caller's check. Returns inserted:false (and changes nothing) when an event with this id already exists.
 */
export async function recordEvent(db: Kysely<DB>, e: NewEvent): Promise<{ inserted: boolean }> {
  checkEvent(e);
  return inTransaction(db, (trx) => insertEvent(trx, e));
}

/**
 * Records several events in ONE transaction (all or nothing), each as recordEvent would. On SQLite with
 * synchronous=FULL every commit is an fsync, so one commit for many events is what makes bursts fast.
 */
export async function recordEvents(db: Kysely<DB>, events: readonly NewEvent[]): Promise<{ inserted: boolean }[]> {
  events.forEach(checkEvent);
  if (events.length === 0) return [];
  return inTransaction(db, async (trx) => {
    const results: { inserted: boolean }[] = [];
    for (const e of events) results.push(await insertEvent(trx, e));
    return results;
  });
}

function checkEvent(e: NewEvent): void {
  assertIsoTimestamp(e.occurredAt);
  if (e.yards !== undefined && e.yards !== null && !Number.isSafeInteger(e.yards)) {
    throw new RangeError("yards must be an integer");
  }
}

async function insertEvent(trx: Kysely<DB>, e: NewEvent): Promise<{ inserted: boolean }> {
  const yards = e.yards ?? null;
  const row = await trx
    .insertInto("events")
    .values({
      id: e.id,
      team_id: e.teamId,
      player_id: e.playerId,
      session_id: e.sessionId ?? null,
      play_id: e.playId ?? null,
      event_type: e.eventType,
      yards,
      occurred_at: e.occurredAt,
      created_by: e.createdBy,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return { inserted: false };

  await bumpEventCount(trx, e.playerId, e.eventType, 1, yards ?? 0);
  await trx
    .insertInto("player_stats")
    .values({
      player_id: e.playerId,
      event_count: 1,
      last_event_at: e.occurredAt,
      attendance_total: 0,
      attendance_attended: 0,
    })
    .onConflict((oc) =>
      oc.column("player_id").doUpdateSet({
        event_count: sql`player_stats.event_count + 1`,
        last_event_at: sql`case
          when player_stats.last_event_at is null or player_stats.last_event_at < excluded.last_event_at
          then excluded.last_event_at else player_stats.last_event_at end`,
      }),
    )
    .execute();
  return { inserted: true };
}

/**
 * Removes an event of the team (undo) and takes it out of the counters, in one transaction.
 * Returns the removed event, or null (changing nothing) when the team has no event with this id.
 */
export async function removeEvent(db: Kysely<DB>, key: { id: string; teamId: string }): Promise<EventRow | null> {
  return inTransaction(db, async (trx) => {
    const removed = await trx
      .deleteFrom("events")
      .where("id", "=", key.id)
      .where("team_id", "=", key.teamId)
      .returningAll()
      .executeTakeFirst();
    if (!removed) return null;

    await bumpEventCount(trx, removed.player_id, removed.event_type, -1, -(removed.yards ?? 0));
    // Two statements on purpose. The first takes the player_stats row lock (waiting for any writer that holds
    // it to commit); the second then starts with a fresh snapshot on PostgreSQL (read committed), so the
    // recomputed maximum sees every event committed before we got the lock. A subquery inside the first
    // statement would use a snapshot from before the wait and could miss a concurrent insert's event.
    await trx
      .updateTable("player_stats")
      .set({ event_count: sql`event_count - 1` })
      .where("player_id", "=", removed.player_id)
      .execute();
    await trx
      .updateTable("player_stats")
      .set({
        last_event_at: (eb) =>
          eb
            .selectFrom("events")
            .select((s) => s.fn.max("occurred_at").as("m"))
            .where("player_id", "=", removed.player_id),
      })
      .where("player_id", "=", removed.player_id)
      .execute();
    return toEventRow(removed);
  });
}

async function bumpEventCount(trx: Kysely<DB>, playerId: string, eventType: string, count: number, yards: number) {
  await trx
    .insertInto("player_event_counts")
    .values({ player_id: playerId, event_type: eventType, count, yards })
    .onConflict((oc) =>
      oc.columns(["player_id", "event_type"]).doUpdateSet({
        count: sql`player_event_counts.count + excluded.count`,
        yards: sql`player_event_counts.yards + excluded.yards`,
      }),
    )
    .execute();
}

/** One event of the team, or null. */
export async function getEvent(db: Kysely<DB>, key: { id: string; teamId: string }): Promise<EventRow | null> {
  const row = await db
    .selectFrom("events")
    .selectAll()
    .where("id", "=", key.id)
    .where("team_id", "=", key.teamId)
    .executeTakeFirst();
  return row ? toEventRow(row) : null;
}

/** Where an event stands in the newest-first order (occurred_at, then id): the key of a page cursor. */
export interface EventKey {
  occurredAt: string;
  id: string;
}

/**
 * The events strictly older than `key` in the newest-first order: the keyset condition of every paged event
 * list. `alias` is the events table's alias in the query ("e"), if it has one.
 */
export function olderThan(key: EventKey, alias?: string): Expression<SqlBool> {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  return sql<SqlBool>`(${column("occurred_at")} < ${key.occurredAt} or (${column("occurred_at")} = ${key.occurredAt} and ${column("id")} < ${key.id}))`;
}

export interface ListEventsOptions {
  teamId: string;
  /** Only this player's events (uses the (player_id, occurred_at) index). */
  playerId?: string;
  sessionId?: string;
  /** Keyset pagination: events strictly older than this (occurredAt, id) pair. */
  before?: EventKey;
  /** Default 50, at most 500. */
  limit?: number;
}

/** A team's events, newest first (by occurred_at, then id). */
export async function listEvents(db: Kysely<DB>, opts: ListEventsOptions): Promise<EventRow[]> {
  const limit = Math.max(1, Math.min(500, Math.floor(opts.limit ?? 50)));
  let q = db.selectFrom("events").selectAll().where("team_id", "=", opts.teamId);
  if (opts.playerId !== undefined) q = q.where("player_id", "=", opts.playerId);
  if (opts.sessionId !== undefined) q = q.where("session_id", "=", opts.sessionId);
  if (opts.before) q = q.where(olderThan(opts.before));
  const rows = await q.orderBy("occurred_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map(toEventRow);
}

/**
 * A session's newest events (at most SESSION_EVENTS_SHOWN) with their player's name and the points each is worth
 * at the player's position, and how many events the session has in all.
 */
export async function listSessionEvents(
  db: Kysely<DB>,
  teamId: string,
  sessionId: string,
): Promise<{ events: SessionEvent[]; eventCount: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("events as e")
      .innerJoin("profiles as p", "p.user_id", "e.player_id")
      .select([
        "e.id",
        "e.player_id",
        "e.event_type",
        "e.yards",
        "e.play_id",
        "e.occurred_at",
        "p.full_name",
        "p.primary_position",
        "p.positions",
      ])
      .where("e.team_id", "=", teamId)
      .where("e.session_id", "=", sessionId)
      .orderBy("e.occurred_at", "desc")
      .orderBy("e.id", "desc")
      .limit(SESSION_EVENTS_SHOWN)
      .execute(),
    db
      .selectFrom("events")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("team_id", "=", teamId)
      .where("session_id", "=", sessionId)
      .executeTakeFirstOrThrow(),
  ]);
  const events = rows.map((r) => ({
    id: r.id,
    playerId: r.player_id,
    playerName: r.full_name,
    eventType: r.event_type,
    yards: numberOrNull(r.yards),
    playId: r.play_id,
    occurredAt: r.occurred_at,
    points: eventPoints(r.event_type, positionOfRow(r)),
  }));
  return { events, eventCount: Number(total.n) };
}
