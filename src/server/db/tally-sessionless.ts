/*
 * Upkeep of sessionless_tallies (migration 010, decision 0015's follow-up): the events without a session that the
 * playbook analysis counts (tagged, or untagged of a snap-level type: play_key ''), per UTC day (level 0), quarter
 * hour (level 1), six hours (level 2, migration 011) and ISO week (level 3, migration 011), with their points at
 * their players' current positions. Called by db/play-tallies.ts in
 * the write's transaction, after the play rows; every change an atomic `x = x + d` upsert, in key order.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { engineOf } from "./engine.js";
import type { DB } from "./schema.js";
import type { CountedEvent } from "./events.js";
import {
  addToTally,
  byKey,
  SESSIONLESS_LEVEL,
  sessionlessKey,
  sessionlessRowsSql,
  slotOf,
  SNAP_LEVEL_TYPES,
  tallyKey,
  typePointsTenthsSql,
  type SessionlessLevel,
} from "./tally-sql.js";

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
/** Deltas per statement: each is a dozen parameters, well under either engine's limit. */
const DELTAS_PER_STATEMENT = 200;

/**
 * sessionless_tallies' share of the changes: the events without a session that are tagged or of a snap-level
 * type, at every level (day, quarter hour, six hours, week), net per (row, player), each worth the player's current
 * points. One statement for up to 200 such (row, player) deltas (upsertSessionless), so a single event costs one
 * statement, not one per level.
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
  for (let i = 0; i < changed.length; i += DELTAS_PER_STATEMENT) {
    await upsertSessionless(trx, changed.slice(i, i + DELTAS_PER_STATEMENT));
  }
}

/**
 * One statement for `deltas` (in key order): the rows of each (player, event type) valued from the player's
 * profile once. A single event's four levels are one such group, upserted in key order as they come; several
 * groups are summed per row and upserted in key order (the order PostgreSQL locks rows in).
 */
async function upsertSessionless(trx: Kysely<DB>, deltas: readonly SessionlessDelta[]): Promise<void> {
  const engine = engineOf(trx);
  const int = (n: number) => sql`cast(${n} as integer)`;
  const groups = new Map<string, SessionlessDelta[]>();
  for (const d of deltas) {
    const key = tallyKey(d.playerId, d.eventType);
    const list = groups.get(key);
    if (list) list.push(d);
    else groups.set(key, [d]);
  }
  const arms = [...groups.values()].map((list) => {
    const { playerId, eventType } = list[0]!;
    const rows = list.map(
      (d) => sql`select ${d.seasonId} as season_id, ${int(d.level)} as level, ${int(d.day)} as day,
        ${int(d.minute)} as minute, ${d.playKey} as play_key, ${int(d.fromSnap)} as from_snap,
        ${int(d.count)} as count, ${int(d.yards)} as yards`,
    );
    return sql`select v.season_id, v.level, v.day, v.minute, v.play_key, ${eventType} as event_type, v.from_snap,
        v.count, v.yards, v.count * ${typePointsTenthsSql(engine, eventType, "p")} as points_tenths
      from profiles p cross join (${sql.join(rows, sql` union all `)}) v where p.user_id = ${playerId}`;
  });
  const columns = sql`(season_id, level, day, minute, play_key, event_type, from_snap, count, yards, points_tenths)`;
  if (arms.length === 1) {
    await sql`insert into sessionless_tallies ${columns} ${arms[0]!} ${sessionlessConflict}`.execute(trx);
    return;
  }
  await sql`insert into sessionless_tallies ${columns}
    select season_id, level, day, minute, play_key, event_type, from_snap, sum(count), sum(yards), sum(points_tenths)
    from (${sql.join(arms, sql` union all `)}) d
    where true group by season_id, level, day, minute, play_key, event_type, from_snap
    order by season_id, level, day, minute, play_key, event_type, from_snap
    ${sessionlessConflict}`.execute(trx);
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
