/*
 * Upkeep of the tallies per session and per span of time (decision 0015, migrations 009 and 010): session_tallies,
 * day_tallies, week_tallies, slot_tallies and team_day_tallies. One step of tallies/upkeep.ts, which every write
 * path that adds, removes or moves events calls in its own transaction. As with player_event_counts, every change
 * is an atomic `x = x + d` upsert (never read in JS and written back), statements go in key order so concurrent
 * writers on PostgreSQL take row locks in one order, and rows may hold 0 (the reads skip them).
 */
import { sql, type Kysely } from "kysely";
import { engineOf } from "../dialect.js";
import type { DB } from "../schema.js";
import type { CountedEvent } from "./counted-event.js";
import {
  addToTally,
  byKey,
  pointsTenthsSql,
  slotOf,
  slotSql,
  tallyKey,
  typePointsTenthsSql,
  upsertInChunks,
  weekOf,
} from "./sql.js";
import { prepared } from "../prepared.js";

interface SessionDelta {
  seasonId: string;
  sessionKey: string;
  playerId: string;
  eventType: string;
  loose: 0 | 1;
  count: number;
  yards: number;
  withYards: number;
  last: string | null;
  removed: boolean;
}

/** A session tally row's change, empty: what `note` and the moves add to. */
const sessionDelta = (
  seasonId: string,
  sessionKey: string,
  playerId: string,
  eventType: string,
  loose: 0 | 1,
): SessionDelta => ({
  seasonId,
  sessionKey,
  playerId,
  eventType,
  loose,
  count: 0,
  yards: 0,
  withYards: 0,
  last: null,
  removed: false,
});

/** A (player, event type)'s change in a day (`value`: "2026-10-03") or a week (`value`: its Monday's day number). */
interface SpanDelta {
  seasonId: string;
  value: string | number;
  playerId: string;
  eventType: string;
  count: number;
  yards: number;
}

/** Adds each (player, event type)'s delta to its row of a day or a week (day_tallies, week_tallies): atomic upserts. */
async function addPlayerSpans(
  trx: Kysely<DB>,
  table: "day_tallies" | "week_tallies",
  span: "day" | "week",
  deltas: readonly SpanDelta[],
): Promise<void> {
  const rows = deltas.filter((d) => d.count !== 0 || d.yards !== 0);
  const t = sql.table(table);
  await upsertInChunks(rows, (chunk) => {
    const values = chunk.map(
      (d) => sql`(${d.seasonId}, ${d.value}, ${d.playerId}, ${d.eventType}, ${d.count}, ${d.yards})`,
    );
    return sql`insert into ${t} (season_id, ${sql.ref(span)}, player_id, event_type, count, yards)
      values ${sql.join(values)}
      on conflict (season_id, ${sql.ref(span)}, player_id, event_type) do update set
        count = ${t}.count + excluded.count, yards = ${t}.yards + excluded.yards`.execute(trx);
  });
}

/**
 * Brings the session, day, week and slot tallies in line with events the caller removed and added in this
 * transaction (the events table already holds the result): net deltas per tally row. A session row that lost
 * events has its latest time recomputed from the events table; one that only gained keeps the later.
 */
export async function applyTimeTallyChanges(
  trx: Kysely<DB>,
  removed: readonly CountedEvent[],
  added: readonly CountedEvent[],
): Promise<void> {
  const sessions = new Map<string, SessionDelta>();
  const days = new Map<string, SpanDelta>();
  const weeks = new Map<string, SpanDelta>();
  const slots = new Map<string, SlotDelta>();
  const note = (e: CountedEvent, sign: 1 | -1) => {
    const sessionKey = e.sessionId ?? "";
    const loose = e.loose ? 1 : 0;
    const sk = tallyKey(e.seasonId, sessionKey, e.playerId, e.eventType, loose);
    const s = sessions.get(sk) ?? sessionDelta(e.seasonId, sessionKey, e.playerId, e.eventType, loose);
    s.count += sign;
    s.yards += sign * (e.yards ?? 0);
    if (e.yards !== null) s.withYards += sign;
    if (sign < 0) s.removed = true;
    else if (s.last === null || s.last < e.occurredAt) s.last = e.occurredAt;
    sessions.set(sk, s);

    const day = e.occurredAt.slice(0, 10);
    const base = { seasonId: e.seasonId, playerId: e.playerId, eventType: e.eventType, count: 0, yards: 0 };
    addToTally(
      days,
      tallyKey(e.seasonId, day, e.playerId, e.eventType),
      () => ({ ...base, value: day }),
      e.yards,
      sign,
    );
    const week = weekOf(slotOf(e.occurredAt).day);
    const wk = tallyKey(e.seasonId, String(week).padStart(8, "0"), e.playerId, e.eventType);
    addToTally(weeks, wk, () => ({ ...base, value: week }), e.yards, sign);

    noteSlot(slots, e.seasonId, e.occurredAt, e.playerId, e.eventType, sign);
  };
  removed.forEach((e) => note(e, -1));
  added.forEach((e) => note(e, 1));

  const sessionRows = byKey(sessions).filter(
    (s) => s.count !== 0 || s.yards !== 0 || s.withYards !== 0 || s.removed || s.last !== null,
  );
  await upsertSessionRows(trx, sessionRows);
  // The rows that lost events are locked by the upsert already (in key order): their latest times, recomputed.
  for (const s of sessionRows) if (s.removed) await recomputeLast(trx, s);
  await addPlayerSpans(trx, "day_tallies", "day", byKey(days));
  await addPlayerSpans(trx, "week_tallies", "week", byKey(weeks));
  await applySlots(trx, slots);
}

interface SlotDelta {
  seasonId: string;
  day: number;
  minute: number;
  playerId: string;
  eventType: string;
  count: number;
}

function noteSlot(
  slots: Map<string, SlotDelta>,
  seasonId: string,
  occurredAt: string,
  playerId: string,
  eventType: string,
  sign: number,
) {
  const { day, minute } = slotOf(occurredAt);
  const key = tallyKey(seasonId, String(minute).padStart(4, "0"), String(day).padStart(8, "0"), playerId, eventType);
  const l = slots.get(key) ?? { seasonId, day, minute, playerId, eventType, count: 0 };
  l.count += sign;
  slots.set(key, l);
}

/** The slot rows first, then the day rows, each in key order (one lock order for concurrent writers). */
async function applySlots(trx: Kysely<DB>, slots: Map<string, SlotDelta>) {
  const changed = byKey(slots).filter((l) => l.count !== 0);
  for (const l of changed) await bumpSlot(trx, l, "slot");
  const byDay = [...changed].sort((a, b) =>
    a.seasonId !== b.seasonId ? (a.seasonId < b.seasonId ? -1 : 1) : a.day - b.day,
  );
  for (const l of byDay) await bumpSlot(trx, l, "day");
}

async function upsertSessionRows(trx: Kysely<DB>, rows: readonly SessionDelta[]) {
  await upsertInChunks(rows, (chunk) =>
    upsertSessionTallies(trx, {
      rows: chunk.map((s) => ({
        season_id: s.seasonId,
        session_key: s.sessionKey,
        player_id: s.playerId,
        event_type: s.eventType,
        loose: s.loose,
        count: s.count,
        yards: s.yards,
        with_yards: s.withYards,
        last_at: s.last,
      })),
    }),
  );
}

/** Every event write's session tally rows, prepared (db/prepared.ts, decision 0032): the rows go in as they are. */
const upsertSessionTallies = prepared(
  (
    db,
    p: {
      rows: readonly {
        season_id: string;
        session_key: string;
        player_id: string;
        event_type: string;
        loose: 0 | 1;
        count: number;
        yards: number;
        with_yards: number;
        last_at: string | null;
      }[];
    },
  ) =>
    db
      .insertInto("session_tallies")
      .values(p.rows)
      .onConflict((oc) =>
        oc.columns(["season_id", "session_key", "player_id", "event_type", "loose"]).doUpdateSet({
          count: sql`session_tallies.count + excluded.count`,
          yards: sql`session_tallies.yards + excluded.yards`,
          with_yards: sql`session_tallies.with_yards + excluded.with_yards`,
          last_at: sql`case
          when session_tallies.last_at is null or session_tallies.last_at < excluded.last_at
          then excluded.last_at else session_tallies.last_at end`,
        }),
      ),
);

/**
 * Adds `count` events of a type by a player to a slot (or to its UTC day), worth the points of the player's current
 * position (decision 0015: the activity's points are valued when the events are logged).
 */
async function bumpSlot(trx: Kysely<DB>, l: SlotDelta, level: "slot" | "day") {
  const points = typePointsTenthsSql(engineOf(trx), l.eventType, "p");
  const count = sql`cast(${l.count} as integer)`;
  const day = sql`cast(${l.day} as integer)`;
  await (
    level === "slot"
      ? sql`insert into slot_tallies (season_id, minute, day, events, points_tenths)
        select ${l.seasonId}, cast(${l.minute} as integer), ${day}, ${count}, ${count} * ${points}
        from profiles p where p.user_id = ${l.playerId}
        on conflict (season_id, minute, day) do update set
          events = slot_tallies.events + excluded.events,
          points_tenths = slot_tallies.points_tenths + excluded.points_tenths`
      : sql`insert into team_day_tallies (season_id, day, events, points_tenths)
        select ${l.seasonId}, ${day}, ${count}, ${count} * ${points}
        from profiles p where p.user_id = ${l.playerId}
        on conflict (season_id, day) do update set
          events = team_day_tallies.events + excluded.events,
          points_tenths = team_day_tallies.points_tenths + excluded.points_tenths`
  ).execute(trx);
}

/** A session row's latest time, from the events (a separate statement: see db/events.ts takeFromPlayerStats). */
async function recomputeLast(trx: Kysely<DB>, s: SessionDelta) {
  await trx
    .updateTable("session_tallies")
    .set({
      last_at: (eb) => {
        let q = eb
          .selectFrom("events")
          .select((x) => x.fn.max("occurred_at").as("m"))
          .where("player_id", "=", s.playerId)
          .where("season_id", "=", s.seasonId)
          .where("event_type", "=", s.eventType)
          .where("snap_id", s.loose === 1 ? "is" : "is not", null);
        q = s.sessionKey === "" ? q.where("session_id", "is", null) : q.where("session_id", "=", s.sessionKey);
        return q;
      },
    })
    .where("season_id", "=", s.seasonId)
    .where("session_key", "=", s.sessionKey)
    .where("player_id", "=", s.playerId)
    .where("event_type", "=", s.eventType)
    .where("loose", "=", s.loose)
    .execute();
}

/**
 * Moves a session's session_tallies rows to another session key (a merge), or to the events without a session (a
 * delete: `asLoose`, since the session's snaps go with it and their events stay as events logged on their own).
 */
export async function moveSessionRows(
  trx: Kysely<DB>,
  fromSessionId: string,
  to: { sessionId: string } | { asLoose: true },
): Promise<void> {
  const rows = await trx
    .deleteFrom("session_tallies")
    .where("session_key", "=", fromSessionId)
    .returningAll()
    .execute();
  const merged = new Map<string, SessionDelta>();
  for (const r of rows) {
    const sessionKey = "sessionId" in to ? to.sessionId : "";
    const loose: 0 | 1 = "sessionId" in to ? (Number(r.loose) === 1 ? 1 : 0) : 1;
    const key = tallyKey(r.season_id, sessionKey, r.player_id, r.event_type, loose);
    const m = merged.get(key) ?? sessionDelta(r.season_id, sessionKey, r.player_id, r.event_type, loose);
    m.count += Number(r.count);
    m.yards += Number(r.yards);
    m.withYards += Number(r.with_yards);
    if (r.last_at !== null && (m.last === null || m.last < r.last_at)) m.last = r.last_at;
    merged.set(key, m);
  }
  await upsertSessionRows(trx, byKey(merged));
}

/**
 * Takes a player's events out of the slot tallies before their account (and with it their events, and their
 * session and day tallies, by cascade) is deleted. One grouped read of their events, then one upsert per slot.
 */
export async function untallyPlayerSlots(trx: Kysely<DB>, playerId: string): Promise<void> {
  const rows = await trx
    .selectFrom("events")
    .select(["season_id", "event_type", "occurred_at"])
    .where("player_id", "=", playerId)
    .execute();
  const slots = new Map<string, SlotDelta>();
  for (const r of rows) noteSlot(slots, r.season_id, r.occurred_at, playerId, r.event_type, -1);
  await applySlots(trx, slots);
}

/**
 * Takes a player's points out of the activity tallies (sign -1) or puts them back (+1), valued at the player's
 * position as the profile row holds it now: a write that changes a player's position calls it with -1 before and
 * +1 after (tallies/upkeep.ts withPositionChange), so the activity per day keeps following the current positions
 * as every other number does. Two set-based statements (the player's events grouped per slot and per day),
 * whatever their number.
 */
export async function revaluePlayerSlots(trx: Kysely<DB>, playerId: string, sign: 1 | -1): Promise<void> {
  const engine = engineOf(trx);
  const slot = slotSql(engine, sql.ref("e.occurred_at"));
  const perEvent = sql`select e.season_id, ${slot.minute} as minute, ${slot.day} as day,
      ${pointsTenthsSql(engine, sql.ref("e.event_type"), "p")} as points
    from events e join profiles p on p.user_id = e.player_id where e.player_id = ${playerId}`;
  await sql`insert into slot_tallies (season_id, minute, day, events, points_tenths)
    select season_id, minute, day, 0, ${sql.lit(sign)} * sum(points) from (${perEvent}) g
    where true group by season_id, minute, day
    on conflict (season_id, minute, day) do update set
      points_tenths = slot_tallies.points_tenths + excluded.points_tenths`.execute(trx);
  await sql`insert into team_day_tallies (season_id, day, events, points_tenths)
    select season_id, day, 0, ${sql.lit(sign)} * sum(points) from (${perEvent}) g
    where true group by season_id, day
    on conflict (season_id, day) do update set
      points_tenths = team_day_tallies.points_tenths + excluded.points_tenths`.execute(trx);
}
