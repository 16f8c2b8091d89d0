/*
 * Upkeep of play_tallies (decision 0015, migration 009): the tagged events per (season, session, play, event type,
 * written by a snap), with their points at their players' current positions, for the playbook analysis; and of
 * migration 010's play_player_tallies (the same per player, for a play's drill-down). One step of
 * tallies/upkeep.ts, in the write's transaction. As for the other tallies, every change is an atomic `x = x + d`
 * upsert, in key order.
 */
import { sql, type Kysely } from "kysely";
import { engineOf } from "../dialect.js";
import type { DB } from "../schema.js";
import type { CountedEvent } from "./counted-event.js";
import { addToTally, byKey, pointsTenthsSql, tallyKey, typePointsTenthsSql } from "./sql.js";

interface PlayDelta {
  seasonId: string;
  sessionKey: string;
  playId: string;
  eventType: string;
  fromSnap: 0 | 1;
  playerId: string;
  count: number;
  yards: number;
}

/**
 * Brings play_tallies in line with tagged events removed and added (or re-tagged: the event removed with its old
 * play and added with its new one): net deltas per (tally row, player), each worth the player's current points.
 */
export async function applyPlayTallyChanges(
  trx: Kysely<DB>,
  removed: readonly CountedEvent[],
  added: readonly CountedEvent[],
): Promise<void> {
  const deltas = new Map<string, PlayDelta>();
  const note = (e: CountedEvent, sign: 1 | -1) => {
    if (e.playId === null) return;
    const sessionKey = e.sessionId ?? "";
    const fromSnap = e.loose ? 0 : 1;
    const playId = e.playId;
    const key = tallyKey(e.seasonId, sessionKey, playId, e.eventType, fromSnap, e.playerId);
    const make = () => ({
      seasonId: e.seasonId,
      sessionKey,
      playId,
      eventType: e.eventType,
      fromSnap,
      playerId: e.playerId,
      count: 0,
      yards: 0,
    });
    addToTally(deltas, key, make, e.yards, sign);
  };
  removed.forEach((e) => note(e, -1));
  added.forEach((e) => note(e, 1));
  const changed = byKey(deltas).filter((d) => d.count !== 0 || d.yards !== 0);
  for (const d of changed) {
    const points = typePointsTenthsSql(engineOf(trx), d.eventType, "p");
    const count = sql`cast(${d.count} as integer)`;
    await sql`insert into play_tallies
        (season_id, session_key, play_id, event_type, from_snap, count, yards, points_tenths)
      select ${d.seasonId}, ${d.sessionKey}, ${d.playId}, ${d.eventType}, cast(${d.fromSnap} as integer), ${count},
        cast(${d.yards} as integer), ${count} * ${points}
      from profiles p where p.user_id = ${d.playerId}
      on conflict (season_id, session_key, play_id, event_type, from_snap) do update set
        count = play_tallies.count + excluded.count,
        yards = play_tallies.yards + excluded.yards,
        points_tenths = play_tallies.points_tenths + excluded.points_tenths`.execute(trx);
  }
  // The same deltas per player.
  await addToPlayPlayerRows(trx, changed);
}

/** play_player_tallies' key, in the table's column order. */
const playerKey = (d: PlayDelta) => tallyKey(d.playId, d.seasonId, d.sessionKey, d.playerId, d.eventType, d.fromSnap);

/** Adds each delta to its play_player_tallies row (made when missing), in the table's key order: atomic upserts. */
async function addToPlayPlayerRows(trx: Kysely<DB>, deltas: readonly PlayDelta[]): Promise<void> {
  for (const d of [...deltas].sort((a, b) => (playerKey(a) < playerKey(b) ? -1 : 1))) {
    await trx
      .insertInto("play_player_tallies")
      .values({
        play_id: d.playId,
        season_id: d.seasonId,
        session_key: d.sessionKey,
        player_id: d.playerId,
        event_type: d.eventType,
        from_snap: d.fromSnap,
        count: d.count,
        yards: d.yards,
      })
      .onConflict((oc) =>
        oc.columns(["play_id", "season_id", "session_key", "player_id", "event_type", "from_snap"]).doUpdateSet({
          count: sql`play_player_tallies.count + excluded.count`,
          yards: sql`play_player_tallies.yards + excluded.yards`,
        }),
      )
      .execute();
  }
}

/**
 * Moves a session's play rows (play_tallies and play_player_tallies) to another session key (a merge), or to the
 * events without a session (a delete: `asLoose`, its snaps' events now logged on their own).
 */
export async function movePlayTallies(
  trx: Kysely<DB>,
  fromSessionId: string,
  to: { sessionId: string } | { asLoose: true },
): Promise<void> {
  const playRows = await trx
    .deleteFrom("play_tallies")
    .where("session_key", "=", fromSessionId)
    .returningAll()
    .execute();
  const plays = new Map<string, Omit<PlayDelta, "playerId"> & { points: number }>();
  for (const r of playRows) {
    const sessionKey = "sessionId" in to ? to.sessionId : "";
    const fromSnap: 0 | 1 = "sessionId" in to ? (Number(r.from_snap) === 1 ? 1 : 0) : 0;
    const key = tallyKey(r.season_id, sessionKey, r.play_id, r.event_type, fromSnap);
    const m = plays.get(key) ?? {
      seasonId: r.season_id,
      sessionKey,
      playId: r.play_id,
      eventType: r.event_type,
      fromSnap,
      count: 0,
      yards: 0,
      points: 0,
    };
    m.count += Number(r.count);
    m.yards += Number(r.yards);
    m.points += Number(r.points_tenths);
    plays.set(key, m);
  }
  for (const m of byKey(plays)) {
    await trx
      .insertInto("play_tallies")
      .values({
        season_id: m.seasonId,
        session_key: m.sessionKey,
        play_id: m.playId,
        event_type: m.eventType,
        from_snap: m.fromSnap,
        count: m.count,
        yards: m.yards,
        points_tenths: m.points,
      })
      .onConflict((oc) =>
        oc.columns(["season_id", "session_key", "play_id", "event_type", "from_snap"]).doUpdateSet({
          count: sql`play_tallies.count + excluded.count`,
          yards: sql`play_tallies.yards + excluded.yards`,
          points_tenths: sql`play_tallies.points_tenths + excluded.points_tenths`,
        }),
      )
      .execute();
  }

  const playerRows = await trx
    .deleteFrom("play_player_tallies")
    .where("session_key", "=", fromSessionId)
    .returningAll()
    .execute();
  const players = new Map<string, PlayDelta>();
  for (const r of playerRows) {
    const sessionKey = "sessionId" in to ? to.sessionId : "";
    const fromSnap: 0 | 1 = "sessionId" in to ? (Number(r.from_snap) === 1 ? 1 : 0) : 0;
    const d = {
      seasonId: r.season_id,
      sessionKey,
      playId: r.play_id,
      eventType: r.event_type,
      fromSnap,
      playerId: r.player_id,
      count: 0,
      yards: 0,
    };
    const m = players.get(playerKey(d)) ?? d;
    m.count += Number(r.count);
    m.yards += Number(r.yards);
    players.set(playerKey(d), m);
  }
  await addToPlayPlayerRows(trx, [...players.values()]);
}

/**
 * Adds a player's tagged events to play_tallies, their count and yards times `countSign` and their points (at the
 * player's position as the profile row holds it now) times `pointsSign`: one set-based statement.
 * play_player_tallies is left alone: it has a player column (an account deletion's cascade removes their rows) and
 * holds no points.
 */
export async function shiftPlayerPlayTallies(trx: Kysely<DB>, playerId: string, countSign: 0 | -1, pointsSign: 1 | -1) {
  const points = pointsTenthsSql(engineOf(trx), sql.ref("e.event_type"), "p");
  await sql`insert into play_tallies
      (season_id, session_key, play_id, event_type, from_snap, count, yards, points_tenths)
    select season_id, session_key, play_id, event_type, from_snap, ${sql.lit(countSign)} * count(*),
      ${sql.lit(countSign)} * coalesce(sum(yards), 0), ${sql.lit(pointsSign)} * sum(points) from (
      select e.season_id, coalesce(e.session_id, '') as session_key, e.play_id, e.event_type,
        case when e.snap_id is null then 0 else 1 end as from_snap, e.yards, ${points} as points
      from events e join profiles p on p.user_id = e.player_id
      where e.player_id = ${playerId} and e.play_id is not null
    ) g where true group by season_id, session_key, play_id, event_type, from_snap
    on conflict (season_id, session_key, play_id, event_type, from_snap) do update set
      count = play_tallies.count + excluded.count,
      yards = play_tallies.yards + excluded.yards,
      points_tenths = play_tallies.points_tenths + excluded.points_tenths`.execute(trx);
}
