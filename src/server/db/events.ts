import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { SESSION_EVENTS_SHOWN, type SessionEvent } from "#domain/api/logger.js";
import { eventPoints } from "#domain/scoring.js";
import { inTransaction, nowIso } from "./dialect.js";
import { numberOrNull, positionOfRow } from "./rows.js";
import type { DB, EventRecord } from "./schema.js";
import type { CountedEvent } from "./tallies/counted-event.js";
import { addToTally, byKey, tallyKey, upsertInChunks } from "./tallies/sql.js";
import { applyTallyChanges } from "./tallies/upkeep.js";
import { prepared } from "./prepared.js";

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
  /** The snap this event is implied by (db/snaps.ts); absent for an event logged on its own. */
  snapId?: string | null;
  /**
   * The event's season when the caller knows it (the snap writer: its session's). Absent: the session's season,
   * or the team's current season for an event without a session (decision 0013), looked up in the insert itself.
   */
  seasonId?: string;
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
  return inTransaction(db, async (trx) => (await insertEvents(trx, [e]))[0]!);
}

/**
 * Records several events in ONE transaction (all or nothing), each as recordEvent would. On SQLite with
 * synchronous=FULL every commit is an fsync, so one commit for many events is what makes bursts fast.
 */
export async function recordEvents(db: Kysely<DB>, events: readonly NewEvent[]): Promise<{ inserted: boolean }[]> {
  events.forEach(checkEvent);
  if (events.length === 0) return [];
  return inTransaction(db, (trx) => insertEvents(trx, events));
}

function checkEvent(e: NewEvent): void {
  assertIsoTimestamp(e.occurredAt);
  if (e.yards !== undefined && e.yards !== null && !Number.isSafeInteger(e.yards)) {
    throw new RangeError("yards must be an integer");
  }
}

/**
 * One multi-row insert for the events, then the counters and tallies of those that went in, summed per key: one
 * upsert per counter row for the whole batch (a group-commit batch of 50 events on one player used to run 300).
 * An id already stored, or repeated in the batch, is not inserted (again): `inserted: false`.
 */
async function insertEvents(trx: Kysely<DB>, events: readonly NewEvent[]): Promise<{ inserted: boolean }[]> {
  const seasonOfInserted = new Map<string, string>();
  // 400 rows a statement keep both engines far below their limits on bound parameters (see insertNewEventRows).
  for (let i = 0; i < events.length; i += 400) {
    const rows = await trx
      .insertInto("events")
      .values(events.slice(i, i + 400).map(eventValues))
      .onConflict((oc) => oc.column("id").doNothing())
      .returning(["id", "season_id"])
      .execute();
    for (const r of rows) seasonOfInserted.set(r.id, r.season_id);
  }
  const added: CountedEvent[] = [];
  const results = events.map((e) => {
    const seasonId = seasonOfInserted.get(e.id);
    if (seasonId === undefined) return { inserted: false };
    seasonOfInserted.delete(e.id);
    added.push(counted(e, seasonId));
    return { inserted: true };
  });
  if (added.length > 0) await applyCounterChanges(trx, [], added);
  return results;
}

/** The season of a new event: given, else its session's, else the team's current season (decision 0013). */
function seasonOf(e: NewEvent): string | RawBuilder<string> {
  if (e.seasonId !== undefined) return e.seasonId;
  const current = sql`(select s.id from seasons s where s.team_id = ${e.teamId} order by s.starts_on desc limit 1)`;
  if (!e.sessionId) return sql<string>`${current}`;
  return sql<string>`coalesce((select t.season_id from team_sessions t where t.id = ${e.sessionId} and t.team_id = ${e.teamId}), ${current})`;
}

function eventValues(e: NewEvent) {
  return {
    season_id: seasonOf(e),
    id: e.id,
    team_id: e.teamId,
    player_id: e.playerId,
    session_id: e.sessionId ?? null,
    play_id: e.playId ?? null,
    event_type: e.eventType,
    yards: e.yards ?? null,
    occurred_at: e.occurredAt,
    created_by: e.createdBy,
    created_at: nowIso(),
    snap_id: e.snapId ?? null,
  };
}

/** Adds `count` events, the latest at `lastEventAt`, to a player's stats row of a season (made when missing). */
async function addToPlayerStats(
  trx: Kysely<DB>,
  rows: readonly { playerId: string; seasonId: string; count: number; last: string }[],
) {
  await upsertInChunks(rows, (chunk) =>
    upsertPlayerStats(trx, {
      rows: chunk.map((r) => ({
        player_id: r.playerId,
        season_id: r.seasonId,
        event_count: r.count,
        last_event_at: r.last,
        attendance_total: 0,
        attendance_attended: 0,
      })),
    }),
  );
}

/*
 * The writes every snap and event makes, prepared (db/prepared.ts, decision 0032): their rows go in as they are.
 */
const upsertPlayerStats = prepared(
  (
    db,
    p: {
      rows: readonly {
        player_id: string;
        season_id: string;
        event_count: number;
        last_event_at: string;
        attendance_total: number;
        attendance_attended: number;
      }[];
    },
  ) =>
    db
      .insertInto("player_stats")
      .values(p.rows)
      .onConflict((oc) =>
        oc.columns(["player_id", "season_id"]).doUpdateSet({
          event_count: sql`player_stats.event_count + excluded.event_count`,
          last_event_at: sql`case
          when player_stats.last_event_at is null or player_stats.last_event_at < excluded.last_event_at
          then excluded.last_event_at else player_stats.last_event_at end`,
        }),
      ),
);

type EventValues = ReturnType<typeof eventValues>;
type SeasonNamed = EventValues & { season_id: string };
const namesItsSeason = (row: EventValues): row is SeasonNamed => typeof row.season_id === "string";

const insertEventRows = prepared((db, p: { rows: readonly SeasonNamed[] }) => db.insertInto("events").values(p.rows));

const upsertEventCounts = prepared(
  (
    db,
    p: { rows: readonly { player_id: string; season_id: string; event_type: string; count: number; yards: number }[] },
  ) =>
    db
      .insertInto("player_event_counts")
      .values(p.rows)
      .onConflict((oc) =>
        oc.columns(["player_id", "season_id", "event_type"]).doUpdateSet({
          count: sql`player_event_counts.count + excluded.count`,
          yards: sql`player_event_counts.yards + excluded.yards`,
        }),
      ),
);

/**
 * Takes `count` events out of a player's stats row and recomputes their last event time from the events table
 * (the caller has already deleted the rows, and may have inserted others).
 */
async function takeFromPlayerStats(trx: Kysely<DB>, playerId: string, seasonId: string, count: number) {
  // Two statements on purpose. The first takes the player_stats row lock (waiting for any writer that holds
  // it to commit); the second then starts with a fresh snapshot on PostgreSQL (read committed), so the
  // recomputed maximum sees every event committed before we got the lock. A subquery inside the first
  // statement would use a snapshot from before the wait and could miss a concurrent insert's event.
  await trx
    .updateTable("player_stats")
    .set({ event_count: sql`event_count - ${count}` })
    .where("player_id", "=", playerId)
    .where("season_id", "=", seasonId)
    .execute();
  await trx
    .updateTable("player_stats")
    .set({
      last_event_at: (eb) =>
        eb
          .selectFrom("events")
          .select((s) => s.fn.max("occurred_at").as("m"))
          .where("player_id", "=", playerId)
          .where("season_id", "=", seasonId),
    })
    .where("player_id", "=", playerId)
    .where("season_id", "=", seasonId)
    .execute();
}

/** A new event as the counters see it, in its season. */
export function counted(e: NewEvent, seasonId: string): CountedEvent {
  return {
    playerId: e.playerId,
    seasonId,
    sessionId: e.sessionId ?? null,
    loose: !e.snapId,
    playId: e.playId ?? null,
    eventType: e.eventType,
    yards: e.yards ?? null,
    occurredAt: e.occurredAt,
  };
}

/**
 * Inserts events whose ids are new (made by the server, so never a replay) in the caller's transaction, WITHOUT
 * touching the counters: the caller passes them to applyCounterChanges in the same transaction.
 */
export async function insertNewEventRows(trx: Kysely<DB>, events: readonly NewEvent[]): Promise<void> {
  events.forEach(checkEvent);
  // 11 values a row: 400 rows stay far below both engines' limits on bound parameters.
  for (let i = 0; i < events.length; i += 400) {
    const rows = events.slice(i, i + 400).map(eventValues);
    // An event of no named season goes to the current one through a subquery: that query is built, not prepared.
    if (rows.every(namesItsSeason)) await insertEventRows(trx, { rows });
    else await trx.insertInto("events").values(rows).execute();
  }
}

/**
 * Deletes every event of the team implied by these snaps in the caller's transaction and returns them, WITHOUT
 * touching the counters: the caller passes them to applyCounterChanges in the same transaction.
 */
export async function deleteEventRowsOfSnaps(
  trx: Kysely<DB>,
  teamId: string,
  snapIds: readonly string[],
): Promise<CountedEvent[]> {
  if (snapIds.length === 0) return [];
  const rows = await trx
    .deleteFrom("events")
    .where("team_id", "=", teamId)
    .where("snap_id", "in", snapIds)
    .returning(["player_id", "season_id", "session_id", "snap_id", "play_id", "event_type", "yards", "occurred_at"])
    .execute();
  return rows.map((r) => ({
    playerId: r.player_id,
    seasonId: r.season_id,
    sessionId: r.session_id,
    loose: r.snap_id === null,
    playId: r.play_id,
    eventType: r.event_type,
    yards: numberOrNull(r.yards),
    occurredAt: r.occurred_at,
  }));
}

/**
 * Brings the counters in line with events the caller removed and added in this transaction, as net atomic
 * deltas: one statement per (player, event type) whose count or yards changed, then per player. Rows are
 * touched in (player, type) order and then player order, so concurrent transactions that go through here take
 * their row locks in one order and do not deadlock each other on PostgreSQL. A player who lost events gets their
 * last event time recomputed from the events table (as removeEvent does); one who only gained keeps the later.
 */
export async function applyCounterChanges(
  trx: Kysely<DB>,
  removed: readonly CountedEvent[],
  added: readonly CountedEvent[],
): Promise<void> {
  const byType = new Map<
    string,
    { playerId: string; seasonId: string; eventType: string; count: number; yards: number }
  >();
  const byPlayer = new Map<
    string,
    { playerId: string; seasonId: string; count: number; removed: boolean; last: string | null }
  >();
  const note = (e: CountedEvent, sign: 1 | -1) => {
    const playerKey = tallyKey(e.playerId, e.seasonId);
    const make = () => ({ playerId: e.playerId, seasonId: e.seasonId, eventType: e.eventType, count: 0, yards: 0 });
    addToTally(byType, tallyKey(playerKey, e.eventType), make, e.yards, sign);
    const p = byPlayer.get(playerKey) ?? {
      playerId: e.playerId,
      seasonId: e.seasonId,
      count: 0,
      removed: false,
      last: null,
    };
    p.count += sign;
    if (sign < 0) p.removed = true;
    else if (p.last === null || p.last < e.occurredAt) p.last = e.occurredAt;
    byPlayer.set(playerKey, p);
  };
  removed.forEach((e) => note(e, -1));
  added.forEach((e) => {
    assertIsoTimestamp(e.occurredAt);
    note(e, 1);
  });

  await bumpEventCounts(
    trx,
    byKey(byType).filter((t) => t.count !== 0 || t.yards !== 0),
  );
  const players = byKey(byPlayer);
  if (players.some((p) => p.removed)) {
    // Rows in key order, one statement each: a takeaway recomputes its row from the events table.
    for (const p of players) {
      if (p.removed) await takeFromPlayerStats(trx, p.playerId, p.seasonId, -p.count);
      else if (p.last !== null) await addToPlayerStats(trx, [{ ...p, last: p.last }]);
    }
  } else {
    // Only additions (every new snap and event): one statement, its rows still in key order.
    await addToPlayerStats(
      trx,
      players.flatMap((p) => (p.last === null ? [] : [{ ...p, last: p.last }])),
    );
  }
  await applyTallyChanges(trx, removed, added);
}

/**
 * Removes an event of the team (undo) and takes it out of the counters, in one transaction.
 * Returns the removed event, or null (changing nothing) when the team has no event with this id, or "part of a
 * snap" (changing nothing) when the event was implied by a snap.
 */
export async function removeEvent(
  db: Kysely<DB>,
  key: { id: string; teamId: string },
): Promise<EventRow | null | "part of a snap"> {
  return inTransaction(db, async (trx) => {
    const removed = await trx
      .deleteFrom("events")
      .where("id", "=", key.id)
      .where("team_id", "=", key.teamId)
      // An event a snap implies goes only with its snap (undo, edit or delete the snap: db/snaps.ts).
      .where("snap_id", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!removed) {
      const ofSnap = await trx
        .selectFrom("events")
        .select("id")
        .where("id", "=", key.id)
        .where("team_id", "=", key.teamId)
        .executeTakeFirst();
      return ofSnap ? "part of a snap" : null;
    }

    await bumpEventCounts(trx, [
      {
        playerId: removed.player_id,
        seasonId: removed.season_id,
        eventType: removed.event_type,
        count: -1,
        yards: -(removed.yards ?? 0),
      },
    ]);
    await takeFromPlayerStats(trx, removed.player_id, removed.season_id, 1);
    await applyTallyChanges(
      trx,
      [
        {
          playerId: removed.player_id,
          seasonId: removed.season_id,
          sessionId: removed.session_id,
          loose: true,
          playId: removed.play_id,
          eventType: removed.event_type,
          yards: numberOrNull(removed.yards),
          occurredAt: removed.occurred_at,
        },
      ],
      [],
    );
    return toEventRow(removed);
  });
}

/** Adds each (player, season, event type)'s count and yards to its counter row: one upsert for all, in key order. */
async function bumpEventCounts(
  trx: Kysely<DB>,
  rows: readonly { playerId: string; seasonId: string; eventType: string; count: number; yards: number }[],
) {
  await upsertInChunks(rows, (chunk) =>
    upsertEventCounts(trx, {
      rows: chunk.map((r) => ({
        player_id: r.playerId,
        season_id: r.seasonId,
        event_type: r.eventType,
        count: r.count,
        yards: r.yards,
      })),
    }),
  );
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
