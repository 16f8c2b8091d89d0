/*
 * The SQL pieces the tallies (decision 0015) are built with, shared by the migration that fills them, the write
 * paths that keep them and the integrity recount: an event's quarter-hour slot, and the points an event is worth
 * at its player's effective position (domain/scoring.ts, written out as a CASE).
 */
import { sql, type Expression, type RawBuilder } from "kysely";
import { BASE_WEIGHTS, eventPointsTenths, POSITION_WEIGHT_OVERRIDES } from "#domain/scoring.js";
import type { Engine } from "./engine.js";

/** Minutes in a slot: every real time zone's offset is a multiple of 15 minutes. */
export const SLOT_MINUTES = 15;

/** The slot of an ISO time: its UTC day (days since 1970-01-01) and the minute of that day its quarter hour starts. */
export function slotOf(iso: string): { day: number; minute: number } {
  const t = Date.parse(iso);
  const day = Math.floor(t / 86_400_000);
  const minute = Math.floor((t - day * 86_400_000) / (SLOT_MINUTES * 60_000)) * SLOT_MINUTES;
  return { day, minute };
}

/** slotOf in SQL, for an ISO time column. */
export function slotSql(
  engine: Engine,
  iso: Expression<string>,
): { day: RawBuilder<number>; minute: RawBuilder<number> } {
  const seconds =
    engine === "postgres"
      ? sql`floor(extract(epoch from ${iso}::timestamptz))::bigint`
      : sql`cast(strftime('%s', ${iso}) as integer)`;
  const cast = (x: RawBuilder<unknown>) => (engine === "postgres" ? sql<number>`(${x})::integer` : sql<number>`(${x})`);
  return {
    day: cast(sql`${seconds} / 86400`),
    minute: cast(sql`(${seconds} % 86400) / ${sql.lit(SLOT_MINUTES * 60)} * ${sql.lit(SLOT_MINUTES)}`),
  };
}

/** domain/positions.ts effectivePosition of a profiles row (alias `p`), in SQL. */
function positionSql(engine: Engine, p: string): RawBuilder<string> {
  const primary = sql.ref(`${p}.primary_position`);
  const positions = sql.ref(`${p}.positions`);
  const first =
    engine === "postgres"
      ? sql`case when ${positions} ~ '^\\s*\\[' then (${positions}::jsonb ->> 0) end`
      : sql`case when json_valid(${positions}) then json_extract(${positions}, '$[0]') end`;
  return sql<string>`coalesce(nullif(lower(trim(${primary})), ''), nullif(lower(trim(${first})), ''), 'unknown')`;
}

/** eventPointsTenths(type, effective position of the profile `p`), in SQL. */
export function pointsTenthsSql(engine: Engine, eventType: Expression<string>, p: string): RawBuilder<number> {
  const position = positionSql(engine, p);
  const types = [
    ...new Set([...Object.keys(BASE_WEIGHTS), ...Object.values(POSITION_WEIGHT_OVERRIDES).flatMap(Object.keys)]),
  ];
  const branches = types.map((type) => {
    const plain = eventPointsTenths(type, null);
    const special = Object.keys(POSITION_WEIGHT_OVERRIDES).filter((pos) => eventPointsTenths(type, pos) !== plain);
    const value =
      special.length === 0
        ? sql.lit(plain)
        : sql`case ${position} ${sql.join(
            special.map((pos) => sql`when ${sql.lit(pos)} then ${sql.lit(eventPointsTenths(type, pos))}`),
            sql` `,
          )} else ${sql.lit(plain)} end`;
    return sql`when ${sql.lit(type)} then ${value}`;
  });
  return sql<number>`(case ${eventType} ${sql.join(branches, sql` `)} else ${sql.lit(eventPointsTenths("", null))} end)`;
}

/**
 * The tagged events grouped as play_tallies keeps them (decision 0015): per (season, session, play, type, written
 * by a snap), with their points at their players' current positions. Shared by the migration that fills the table
 * and the integrity recount.
 */
export function playRecountSql(engine: Engine): RawBuilder<unknown> {
  return sql`select season_id, session_key, play_id, event_type, from_snap, count(*) as count,
      coalesce(sum(yards), 0) as yards, sum(points) as points_tenths from (
      select e.season_id, coalesce(e.session_id, '') as session_key, e.play_id, e.event_type,
        case when e.snap_id is null then 0 else 1 end as from_snap, e.yards,
        ${pointsTenthsSql(engine, sql.ref("e.event_type"), "p")} as points
      from events e join profiles p on p.user_id = e.player_id where e.play_id is not null
    ) g group by season_id, session_key, play_id, event_type, from_snap`;
}
