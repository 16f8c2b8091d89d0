/*
 * Upkeep of sessionless_tallies (migration 010, decision 0015's follow-up): the events without a session that the
 * playbook analysis counts (tagged, or untagged of a snap-level type: play_key ''), per UTC day (level 0), quarter
 * hour (level 1), six hours (level 2, migration 011) and ISO week (level 3, migration 011), with their points at
 * their players' current positions. One step of tallies/upkeep.ts, in the write's transaction, after the play rows;
 * every change an atomic `x = x + d` upsert, in key order.
 */
import { CompiledQuery, sql, type Kysely, type RawBuilder } from "kysely";
import { engineOf, type Engine } from "../dialect.js";
import type { DB } from "../schema.js";
import type { CountedEvent } from "./counted-event.js";
import {
  addToTally,
  byKey,
  SESSIONLESS_LEVEL,
  sessionlessKey,
  pointsTenthsSql,
  sessionlessRowsSql,
  slotOf,
  SNAP_LEVEL_TYPES,
  tallyKey,
  type SessionlessLevel,
} from "./sql.js";

/** sessionless_tallies' upsert: add to the row. */
const sessionlessConflict = sql`on conflict (season_id, level, day, minute, play_key, event_type, from_snap) do update set
  count = sessionless_tallies.count + excluded.count,
  yards = sessionless_tallies.yards + excluded.yards,
  points_tenths = sessionless_tallies.points_tenths + excluded.points_tenths`;

interface SessionlessDelta {
  seasonId: string;
  level: SessionlessLevel;
  day: number;
  minute: number;
  playKey: string;
  eventType: string;
  fromSnap: 0 | 1;
  playerId: string;
  count: number;
  yards: number;
}

const snapLevel = new Set(SNAP_LEVEL_TYPES);
const LEVELS = Object.values(SESSIONLESS_LEVEL);

/**
 * sessionless_tallies' share of the changes: the events without a session that are tagged or of a snap-level
 * type, at every level (day, quarter hour, six hours, week), net per (row, player), each worth the player's current
 * points. One statement for all of them (upsertSessionless), so a single event costs one statement, not one per
 * level, and a batch one in all.
 */
export async function applySessionlessChanges(
  trx: Kysely<DB>,
  removed: readonly CountedEvent[],
  added: readonly CountedEvent[],
): Promise<void> {
  const deltas = new Map<string, SessionlessDelta>();
  const note = (e: CountedEvent, sign: 1 | -1) => {
    if (e.sessionId !== null || (e.playId === null && !snapLevel.has(e.eventType))) return;
    const slot = slotOf(e.occurredAt);
    const playKey = e.playId ?? "";
    const fromSnap = e.loose ? 0 : 1;
    for (const level of LEVELS) {
      const { day, minute } = sessionlessKey(level, slot);
      const key = tallyKey(
        e.seasonId,
        level,
        String(day).padStart(8, "0"),
        String(minute).padStart(4, "0"),
        playKey,
        e.eventType,
        fromSnap,
        e.playerId,
      );
      const make = () => ({
        seasonId: e.seasonId,
        level,
        day,
        minute,
        playKey,
        eventType: e.eventType,
        fromSnap,
        playerId: e.playerId,
        count: 0,
        yards: 0,
      });
      addToTally(deltas, key, make, e.yards, sign);
    }
  };
  removed.forEach((e) => note(e, -1));
  added.forEach((e) => note(e, 1));
  const changed = byKey(deltas).filter((d) => d.count !== 0 || d.yards !== 0);
  if (changed.length > 0) await upsertSessionless(trx, changed);
}

/** The upsert of a batch of deltas, compiled once per engine: its SQL text never changes (see upsertSessionless). */
const upsertText = new Map<Engine, string>();

function sessionlessUpsertSql(trx: Kysely<DB>): string {
  const engine = engineOf(trx);
  const cached = upsertText.get(engine);
  if (cached) return cached;
  const field = (name: string) => sql`json_extract(j.value, ${sql.lit(`$.${name}`)})`;
  const rows =
    engine === "postgres"
      ? sql`jsonb_to_recordset(${"[]"}::jsonb) as d(s text, l integer, dy integer, m integer, k text, t text,
          f integer, p text, c integer, y integer)`
      : sql`(select ${sql.join(
          ["s", "l", "dy", "m", "k", "t", "f", "p", "c", "y"].map((n) => sql`${field(n)} as ${sql.ref(n)}`),
        )} from json_each(${"[]"}) j) d`;
  const compiled = sql`insert into sessionless_tallies
      (season_id, level, day, minute, play_key, event_type, from_snap, count, yards, points_tenths)
    select d.s, d.l, d.dy, d.m, d.k, d.t, d.f, sum(d.c), sum(d.y), sum(d.c * ${pointsTenthsSql(engine, sql.ref("d.t"), "pr")})
    from ${rows} join profiles pr on pr.user_id = d.p
    where true group by d.s, d.l, d.dy, d.m, d.k, d.t, d.f
    order by d.s, d.l, d.dy, d.m, d.k, d.t, d.f
    ${sessionlessConflict}`.compile(trx);
  if (compiled.parameters.length !== 1) throw new Error("the sessionless upsert takes its rows as one parameter");
  upsertText.set(engine, compiled.sql);
  return compiled.sql;
}

/**
 * One statement for `deltas`, whatever their number and kinds: they go as one JSON parameter, each valued from its
 * player's profile, summed per row and upserted in key order (the order PostgreSQL locks rows in). Its text is the
 * same for every batch, so both engines prepare it once (a text that varied with the batch would be prepared anew
 * every time and push the write path's other statements out of the statement cache).
 */
async function upsertSessionless(trx: Kysely<DB>, deltas: readonly SessionlessDelta[]): Promise<void> {
  const rows = deltas.map((d) => ({
    s: d.seasonId,
    l: d.level,
    dy: d.day,
    m: d.minute,
    k: d.playKey,
    t: d.eventType,
    f: d.fromSnap,
    p: d.playerId,
    c: d.count,
    y: d.yards,
  }));
  await trx.executeQuery(CompiledQuery.raw(sessionlessUpsertSql(trx), [JSON.stringify(rows)]));
}

/**
 * Adds the rows of the events `where` picks (alias `e`; see sessionlessRowsSql for the options): one set-based
 * statement. A deleted session's events (before the delete nulls their session), or a player's events without a
 * session taken out (account deletion) or re-valued (position change).
 */
export async function addSessionlessRows(
  trx: Kysely<DB>,
  where: RawBuilder<unknown>,
  opts: Parameters<typeof sessionlessRowsSql>[2],
): Promise<void> {
  await sql`insert into sessionless_tallies
      (season_id, level, day, minute, play_key, event_type, from_snap, count, yards, points_tenths)
    ${sessionlessRowsSql(engineOf(trx), where, opts)}
    ${sessionlessConflict}`.execute(trx);
}

/**
 * Adds a player's events without a session to sessionless_tallies, their count and yards times `countSign` and their
 * points (at the player's position as the profile row holds it now) times `pointsSign`: one set-based statement.
 */
export async function shiftPlayerSessionless(
  trx: Kysely<DB>,
  playerId: string,
  countSign: 0 | -1,
  pointsSign: 1 | -1,
): Promise<void> {
  await addSessionlessRows(trx, sql`e.session_id is null and e.player_id = ${playerId}`, { countSign, pointsSign });
}
