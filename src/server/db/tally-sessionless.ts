/*
 * Upkeep of sessionless_tallies (migration 010, decision 0015's follow-up): the events without a session that the
 * playbook analysis counts (tagged, or untagged of a snap-level type: play_key ''), per UTC day (level 0) and per
 * quarter hour (level 1), with their points at their players' current positions. Called by db/play-tallies.ts in
 * the write's transaction, after the play rows; every change an atomic `x = x + d` upsert, in key order.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { engineOf } from "./engine.js";
import type { DB } from "./schema.js";
import type { CountedEvent } from "./events.js";
import {
  addToTally,
  byKey,
  sessionlessRowsSql,
  slotOf,
  SNAP_LEVEL_TYPES,
  tallyKey,
  typePointsTenthsSql,
} from "./tally-sql.js";

/** sessionless_tallies' upsert: add to the row. */
const sessionlessConflict = sql`on conflict (season_id, level, day, minute, play_key, event_type, from_snap) do update set
  count = sessionless_tallies.count + excluded.count,
  yards = sessionless_tallies.yards + excluded.yards,
  points_tenths = sessionless_tallies.points_tenths + excluded.points_tenths`;

interface SessionlessDelta {
  seasonId: string;
  level: 0 | 1;
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

/**
 * sessionless_tallies' share of the changes: the events without a session that are tagged or of a snap-level
 * type, at the day and at the quarter-hour level, net per (row, player), each worth the player's current points.
 */
export async function applySessionlessChanges(
  trx: Kysely<DB>,
  removed: readonly CountedEvent[],
  added: readonly CountedEvent[],
): Promise<void> {
  const deltas = new Map<string, SessionlessDelta>();
  const note = (e: CountedEvent, sign: 1 | -1) => {
    if (e.sessionId !== null || (e.playId === null && !snapLevel.has(e.eventType))) return;
    const { day, minute } = slotOf(e.occurredAt);
    for (const level of [0, 1] as const) {
      const m = level === 0 ? 0 : minute;
      const playKey = e.playId ?? "";
      const fromSnap = e.loose ? 0 : 1;
      const key = tallyKey(
        e.seasonId,
        level,
        String(day).padStart(8, "0"),
        String(m).padStart(4, "0"),
        playKey,
        e.eventType,
        fromSnap,
        e.playerId,
      );
      const make = () => ({
        seasonId: e.seasonId,
        level,
        day,
        minute: m,
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
  for (const d of byKey(deltas)) {
    if (d.count === 0 && d.yards === 0) continue;
    const points = typePointsTenthsSql(engineOf(trx), d.eventType, "p");
    const count = sql`cast(${d.count} as integer)`;
    const int = (n: number) => sql`cast(${n} as integer)`;
    await sql`insert into sessionless_tallies
        (season_id, level, day, minute, play_key, event_type, from_snap, count, yards, points_tenths)
      select ${d.seasonId}, ${int(d.level)}, ${int(d.day)}, ${int(d.minute)}, ${d.playKey}, ${d.eventType},
        ${int(d.fromSnap)}, ${count}, ${int(d.yards)}, ${count} * ${points}
      from profiles p where p.user_id = ${d.playerId}
      ${sessionlessConflict}`.execute(trx);
  }
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
