import { sql, type Kysely, type Migration } from "kysely";
import type { Engine } from "../dialect.js";
import { SESSIONLESS_LEVEL, sixHoursSql, weekSql } from "../tallies/sql.js";

/*
 * sessionless_tallies gains two levels (decision 0015's second follow-up, docs/performance.md): six-hour spans
 * (level 2, minute 0, 360, 720 or 1080 of the UTC day) and ISO weeks (level 3, day = the week's Monday), so a
 * from/to window of local days reads whole weeks and a few days, and at its edges a few six-hour spans and quarter
 * hours, rather than every day and up to half a day of quarter hours. Filled from the quarter-hour and day rows
 * (every counted event is in one row of each). The rows of these levels are deleted first: migration 010 fills its
 * table through the shared sessionlessRowsSql, which writes every level.
 */
export function sessionlessSpansMigration(_engine: Engine): Migration {
  const { day, quarterHour, sixHours, week } = SESSIONLESS_LEVEL;
  const rollUp = (level: number, from: number, dayExpr: ReturnType<typeof sql>, minuteExpr: ReturnType<typeof sql>) =>
    sql`insert into sessionless_tallies
        (season_id, level, day, minute, play_key, event_type, from_snap, count, yards, points_tenths)
      select season_id, ${sql.lit(level)}, d, m, play_key, event_type, from_snap, sum(count), sum(yards),
        sum(points_tenths)
      from (select t.*, ${dayExpr} as d, ${minuteExpr} as m from sessionless_tallies t
        where level = ${sql.lit(from)}) r
      group by season_id, d, m, play_key, event_type, from_snap
      having sum(count) <> 0 or sum(yards) <> 0 or sum(points_tenths) <> 0`;
  return {
    async up(db: Kysely<unknown>) {
      await sql`delete from sessionless_tallies where level in (${sql.lit(sixHours)}, ${sql.lit(week)})`.execute(db);
      await rollUp(sixHours, quarterHour, sql`t.day`, sixHoursSql(sql`t.minute`)).execute(db);
      await rollUp(week, day, weekSql(sql`t.day`), sql`0`).execute(db);
    },

    async down(db: Kysely<unknown>) {
      await sql`delete from sessionless_tallies where level in (${sql.lit(sixHours)}, ${sql.lit(week)})`.execute(db);
    },
  };
}
