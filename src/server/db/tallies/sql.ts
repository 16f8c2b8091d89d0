/*
 * The SQL pieces the tallies (decision 0015) are built with, shared by the migration that fills them, the write
 * paths that keep them and the integrity recount: an event's quarter-hour slot, and the points an event is worth
 * at its player's effective position (domain/scoring.ts, written out as a CASE).
 */
import { sql, type Expression, type RawBuilder } from "kysely";
import { DEFENSE_SNAP_TYPES, OFFENSE_SNAP_TYPES } from "#domain/playbook.js";
import { BASE_WEIGHTS, eventPointsTenths, POSITION_WEIGHT_OVERRIDES } from "#domain/scoring.js";
import type { Engine } from "../dialect.js";

/** Joins a tally row's key parts into one Map key (NUL never occurs in an id, a type or a number). */
export const tallyKey = (...parts: Array<string | number>): string => parts.join("\u0000");

/** A Map's values in key order: upserts go in one order so concurrent writers on PostgreSQL lock rows in one order. */
export const byKey = <T>(m: Map<string, T>): T[] =>
  [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

/**
 * Rows a multi-row upsert holds at most. A counter or tally row's changes go in one statement per table (decision
 * 0030's follow-up: on game day each key's own statement was most of the write's SQL); 200 rows of at most 9 values
 * stay far below both engines' limits on bound parameters. The rows are in key order, so a statement takes their
 * locks in the same order as the one statement a row did.
 */
const UPSERT_ROWS = 200;

/** Runs `upsert` on the rows, UPSERT_ROWS at a time, in order; nothing when there are none. */
export async function upsertInChunks<T>(rows: readonly T[], upsert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += UPSERT_ROWS) await upsert(rows.slice(i, i + UPSERT_ROWS));
}

/** Adds an event (sign +1) or takes it away (-1) from the count and yards of the delta under `key`, made when new. */
export function addToTally<D extends { count: number; yards: number }>(
  deltas: Map<string, D>,
  key: string,
  make: () => D,
  yards: number | null,
  sign: 1 | -1,
): void {
  let d = deltas.get(key);
  if (!d) deltas.set(key, (d = make()));
  d.count += sign;
  d.yards += sign * (yards ?? 0);
}

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

/** eventPointsTenths(type, effective position of the profile `p`) for one event type, in SQL. */
function typePoints(position: RawBuilder<string>, type: string): RawBuilder<number> {
  const plain = eventPointsTenths(type, null);
  const special = Object.keys(POSITION_WEIGHT_OVERRIDES).filter((pos) => eventPointsTenths(type, pos) !== plain);
  if (special.length === 0) return sql<number>`${sql.lit(plain)}`;
  return sql<number>`(case ${position} ${sql.join(
    special.map((pos) => sql`when ${sql.lit(pos)} then ${sql.lit(eventPointsTenths(type, pos))}`),
    sql` `,
  )} else ${sql.lit(plain)} end)`;
}

/** eventPointsTenths(type, effective position of the profile `p`), in SQL, for an event type column. */
export function pointsTenthsSql(engine: Engine, eventType: Expression<string>, p: string): RawBuilder<number> {
  const position = positionSql(engine, p);
  const types = [
    ...new Set([...Object.keys(BASE_WEIGHTS), ...Object.values(POSITION_WEIGHT_OVERRIDES).flatMap(Object.keys)]),
  ];
  const branches = types.map((type) => sql`when ${sql.lit(type)} then ${typePoints(position, type)}`);
  return sql<number>`(case ${eventType} ${sql.join(branches, sql` `)} else ${sql.lit(eventPointsTenths("", null))} end)`;
}

const pointsOfType = new Map<string, RawBuilder<number>>();

/**
 * pointsTenthsSql for one known event type (the write paths): only the CASE on the position, and only for a type
 * some position weighs differently; made once per engine, type and alias. A write used to send the CASE over every
 * type, which Kysely compiled again for every tally row (a sixth of a single-event write's CPU).
 */
export function typePointsTenthsSql(engine: Engine, eventType: string, p: string): RawBuilder<number> {
  const key = `${engine}\u0000${p}\u0000${eventType}`;
  let points = pointsOfType.get(key);
  if (!points) pointsOfType.set(key, (points = typePoints(positionSql(engine, p), eventType)));
  return points;
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

/** The ISO week of a UTC day number (days since 1970-01-01, a Thursday): the day number of its Monday. */
export function weekOf(day: number): number {
  return day - ((((day + 3) % 7) + 7) % 7);
}

/** weekOf in SQL, for a day-number expression of a day on or after 1970-01-01. */
export function weekSql(day: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`${day} - ((${day} + 3) % 7)`;
}

/** The start of a minute's six-hour span, in SQL (integer division). */
export function sixHoursSql(minute: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`${minute} / ${sql.lit(SIX_HOURS)} * ${sql.lit(SIX_HOURS)}`;
}

/**
 * The events grouped as week_tallies keeps them (migration 010): per (season, ISO week, player, type). Shared by
 * the migration that fills the table and the integrity recount.
 */
export function weekRecountSql(engine: Engine): RawBuilder<unknown> {
  const { day } = slotSql(engine, sql.ref("e.occurred_at"));
  return sql`select season_id, week, player_id, event_type, count(*) as count, coalesce(sum(yards), 0) as yards from (
      select e.season_id, ${weekSql(day)} as week, e.player_id, e.event_type, e.yards from events e
    ) g group by season_id, week, player_id, event_type`;
}

/** The tagged events grouped as play_player_tallies keeps them (migration 010). */
export const playPlayerRecountSql = sql`select play_id, season_id, coalesce(session_id, '') as session_key, player_id,
    event_type, case when snap_id is null then 0 else 1 end as from_snap, count(*) as count,
    coalesce(sum(yards), 0) as yards
  from events where play_id is not null
  group by play_id, season_id, coalesce(session_id, ''), player_id, event_type, case when snap_id is null then 0 else 1 end`;

/** The snap-level event types (domain/playbook.ts): an untagged one logged on its own counts in the analysis. */
export const SNAP_LEVEL_TYPES: readonly string[] = [...OFFENSE_SNAP_TYPES, ...DEFENSE_SNAP_TYPES];

/**
 * sessionless_tallies' levels (migrations 010 and 011): every counted event is in one row of each. A row's `day` is
 * its UTC day (days since 1970-01-01; for a week, the week's Monday) and `minute` the minute of that day its span
 * starts (0 for a day or a week).
 */
export const SESSIONLESS_LEVEL = { day: 0, quarterHour: 1, sixHours: 2, week: 3 } as const;
export type SessionlessLevel = (typeof SESSIONLESS_LEVEL)[keyof typeof SESSIONLESS_LEVEL];
/** Minutes in a six-hour span. */
export const SIX_HOURS = 360;

/** The (day, minute) key of a quarter-hour slot at each level. */
export function sessionlessKey(level: SessionlessLevel, slot: { day: number; minute: number }) {
  switch (level) {
    case SESSIONLESS_LEVEL.day:
      return { day: slot.day, minute: 0 };
    case SESSIONLESS_LEVEL.quarterHour:
      return slot;
    case SESSIONLESS_LEVEL.sixHours:
      return { day: slot.day, minute: Math.floor(slot.minute / SIX_HOURS) * SIX_HOURS };
    case SESSIONLESS_LEVEL.week:
      return { day: weekOf(slot.day), minute: 0 };
  }
}

/**
 * Rows of sessionless_tallies (migrations 010 and 011) grouped from the events `where` picks (alias `e`, joined to
 * their profile `p`), among those the analysis counts (tagged, or of a snap-level type), each at every level: the
 * UTC day, the quarter hour, the six hours and the ISO week. Count and yards times `countSign`, points (at the current positions) times
 * `pointsSign`; `fromSnap` "zero" takes every event as logged on its own (a deleted session's: its snaps go).
 * Columns in the table's order, for `insert ... select` (`where true`: SQLite's upsert after a select needs one).
 */
export function sessionlessRowsSql(
  engine: Engine,
  where: RawBuilder<unknown>,
  opts: { countSign?: -1 | 0 | 1; pointsSign?: -1 | 1; fromSnap?: "zero" } = {},
): RawBuilder<unknown> {
  const slot = slotSql(engine, sql.ref("e.occurred_at"));
  const level = {
    week: sql.lit(SESSIONLESS_LEVEL.week),
    quarterHour: sql.lit(SESSIONLESS_LEVEL.quarterHour),
    sixHours: sql.lit(SESSIONLESS_LEVEL.sixHours),
  };
  const countSign = sql.lit(opts.countSign ?? 1);
  const fromSnap = opts.fromSnap === "zero" ? sql`0` : sql`case when e.snap_id is null then 0 else 1 end`;
  return sql`select season_id, level, day, minute, play_key, event_type, from_snap, ${countSign} * count(*) as count,
      ${countSign} * coalesce(sum(yards), 0) as yards, ${sql.lit(opts.pointsSign ?? 1)} * sum(points) as points_tenths
    from (
      select e.season_id, lv.level,
        case when lv.level = ${level.week} then ${weekSql(slot.day)} else ${slot.day} end as day,
        case lv.level when ${level.quarterHour} then ${slot.minute} when ${level.sixHours} then ${sixHoursSql(slot.minute)}
          else 0 end as minute,
        coalesce(e.play_id, '') as play_key, e.event_type, ${fromSnap} as from_snap, e.yards,
        ${pointsTenthsSql(engine, sql.ref("e.event_type"), "p")} as points
      from events e join profiles p on p.user_id = e.player_id
        cross join (${sql.join(
          Object.values(SESSIONLESS_LEVEL).map((l) => sql`select ${sql.lit(l)} as level`),
          sql` union all `,
        )}) lv
      where (${where}) and (e.play_id is not null or e.event_type in (${sql.join(SNAP_LEVEL_TYPES)}))
    ) g where true group by season_id, level, day, minute, play_key, event_type, from_snap`;
}
