/*
 * check:integrity for the tallies (decision 0015, migrations 009 and 010): each tally table recounted from the events with grouped SQL
 * (the activity points at the players' current positions, as the write paths keep them), compared row by row, and
 * rebuilt in SQL.
 */
import { sql, type Kysely } from "kysely";
import { engineOf } from "../dialect.js";
import { countOf } from "../rows.js";
import type { DB } from "../schema.js";
import {
  playPlayerRecountSql,
  playRecountSql,
  pointsTenthsSql,
  sessionlessRowsSql,
  slotSql,
  weekRecountSql,
} from "./sql.js";

/** One tally row that disagrees with a recount. */
export interface TallyDrift {
  table:
    | "session_tallies"
    | "day_tallies"
    | "week_tallies"
    | "team_day_tallies"
    | "slot_tallies"
    | "play_tallies"
    | "play_player_tallies"
    | "sessionless_tallies";
  key: string;
  field: string;
  stored: number | string | null;
  recounted: number | string | null;
}

type Row = Record<string, unknown>;

function compare(
  table: TallyDrift["table"],
  keys: string[],
  fields: string[],
  stored: Row[],
  recounted: Row[],
  drift: TallyDrift[],
) {
  const keyOf = (r: Row) => keys.map((k) => String(r[k] ?? "")).join(" ");
  const norm = (v: unknown) =>
    v === null || v === undefined ? null : typeof v === "string" && !/^-?\d+$/.test(v) ? v : countOf(v);
  const a = new Map(stored.map((r) => [keyOf(r), r]));
  const b = new Map(recounted.map((r) => [keyOf(r), r]));
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    for (const field of fields) {
      const s = a.get(key);
      const r = b.get(key);
      // A stored row of zeros is no row.
      const sv = s ? norm(s[field]) : field === "last_at" ? null : 0;
      const rv = r ? norm(r[field]) : field === "last_at" ? null : 0;
      if (field === "last_at" && s && countOf(s["count"]) === 0 && !r) continue;
      if (sv !== rv) drift.push({ table, key, field, stored: sv, recounted: rv });
    }
  }
}

const sessionRecount = sql`select season_id, coalesce(session_id, '') as session_key, player_id, event_type,
    case when snap_id is null then 1 else 0 end as loose, count(*) as count, coalesce(sum(yards), 0) as yards,
    count(yards) as with_yards, max(occurred_at) as last_at
  from events group by season_id, coalesce(session_id, ''), player_id, event_type, case when snap_id is null then 1 else 0 end`;
const dayRecount = sql`select season_id, substr(occurred_at, 1, 10) as day, player_id, event_type, count(*) as count,
    coalesce(sum(yards), 0) as yards
  from events group by season_id, substr(occurred_at, 1, 10), player_id, event_type`;

function slotRecount(db: Kysely<DB>) {
  const engine = engineOf(db);
  const slot = slotSql(engine, sql.ref("e.occurred_at"));
  return sql`select season_id, minute, day, count(*) as events, sum(points) as points_tenths from (
      select e.season_id, ${slot.minute} as minute, ${slot.day} as day,
        ${pointsTenthsSql(engine, sql.ref("e.event_type"), "p")} as points
      from events e join profiles p on p.user_id = e.player_id
    ) g group by season_id, minute, day`;
}

/** Every tally row against a recount from the events. */
export async function checkTallies(db: Kysely<DB>): Promise<TallyDrift[]> {
  const slots = slotRecount(db);
  const [sStored, sRecount, dStored, dRecount, lStored, lRecount, tStored, tRecount, pStored, pRecount] =
    await Promise.all([
      db.selectFrom("session_tallies").selectAll().execute(),
      sessionRecount.execute(db),
      db.selectFrom("day_tallies").selectAll().execute(),
      dayRecount.execute(db),
      db.selectFrom("slot_tallies").selectAll().execute(),
      slots.execute(db),
      db.selectFrom("team_day_tallies").selectAll().execute(),
      sql`select season_id, day, sum(events) as events, sum(points_tenths) as points_tenths from (${slots}) s
      group by season_id, day`.execute(db),
      db.selectFrom("play_tallies").selectAll().execute(),
      playRecountSql(engineOf(db)).execute(db),
    ]);
  const engine = engineOf(db);
  const [wStored, wRecount, ppStored, ppRecount, slStored, slRecount] = await Promise.all([
    db.selectFrom("week_tallies").selectAll().execute(),
    weekRecountSql(engine).execute(db),
    db.selectFrom("play_player_tallies").selectAll().execute(),
    playPlayerRecountSql.execute(db),
    db.selectFrom("sessionless_tallies").selectAll().execute(),
    sessionlessRowsSql(engine, sql`e.session_id is null`).execute(db),
  ]);
  const drift: TallyDrift[] = [];
  compare(
    "week_tallies",
    ["season_id", "week", "player_id", "event_type"],
    ["count", "yards"],
    wStored,
    wRecount.rows as Row[],
    drift,
  );
  compare(
    "play_player_tallies",
    ["play_id", "season_id", "session_key", "player_id", "event_type", "from_snap"],
    ["count", "yards"],
    ppStored,
    ppRecount.rows as Row[],
    drift,
  );
  compare(
    "sessionless_tallies",
    ["season_id", "level", "day", "minute", "play_key", "event_type", "from_snap"],
    ["count", "yards", "points_tenths"],
    slStored,
    slRecount.rows as Row[],
    drift,
  );
  compare(
    "session_tallies",
    ["season_id", "session_key", "player_id", "event_type", "loose"],
    ["count", "yards", "with_yards", "last_at"],
    sStored,
    sRecount.rows as Row[],
    drift,
  );
  compare(
    "day_tallies",
    ["season_id", "day", "player_id", "event_type"],
    ["count", "yards"],
    dStored,
    dRecount.rows as Row[],
    drift,
  );
  compare(
    "slot_tallies",
    ["season_id", "minute", "day"],
    ["events", "points_tenths"],
    lStored,
    lRecount.rows as Row[],
    drift,
  );
  compare(
    "team_day_tallies",
    ["season_id", "day"],
    ["events", "points_tenths"],
    tStored,
    tRecount.rows as Row[],
    drift,
  );
  compare(
    "play_tallies",
    ["season_id", "session_key", "play_id", "event_type", "from_snap"],
    ["count", "yards", "points_tenths"],
    pStored,
    pRecount.rows as Row[],
    drift,
  );
  return drift;
}

/** Rebuilds every tally from the events, in the caller's transaction. */
export async function rebuildTallies(trx: Kysely<DB>): Promise<void> {
  await trx.deleteFrom("session_tallies").execute();
  await sql`insert into session_tallies
      (season_id, session_key, player_id, event_type, loose, count, yards, with_yards, last_at) ${sessionRecount}`.execute(
    trx,
  );
  await trx.deleteFrom("day_tallies").execute();
  await sql`insert into day_tallies (season_id, day, player_id, event_type, count, yards) ${dayRecount}`.execute(trx);
  await trx.deleteFrom("slot_tallies").execute();
  await sql`insert into slot_tallies (season_id, minute, day, events, points_tenths) ${slotRecount(trx)}`.execute(trx);
  await trx.deleteFrom("team_day_tallies").execute();
  await sql`insert into team_day_tallies (season_id, day, events, points_tenths)
    select season_id, day, sum(events), sum(points_tenths) from slot_tallies group by season_id, day`.execute(trx);
  await trx.deleteFrom("play_tallies").execute();
  await sql`insert into play_tallies (season_id, session_key, play_id, event_type, from_snap, count, yards, points_tenths)
    ${playRecountSql(engineOf(trx))}`.execute(trx);
  await trx.deleteFrom("week_tallies").execute();
  await sql`insert into week_tallies (season_id, week, player_id, event_type, count, yards)
    ${weekRecountSql(engineOf(trx))}`.execute(trx);
  await trx.deleteFrom("play_player_tallies").execute();
  await sql`insert into play_player_tallies
      (play_id, season_id, session_key, player_id, event_type, from_snap, count, yards) ${playPlayerRecountSql}`.execute(
    trx,
  );
  await trx.deleteFrom("sessionless_tallies").execute();
  await sql`insert into sessionless_tallies
      (season_id, level, day, minute, play_key, event_type, from_snap, count, yards, points_tenths)
    ${sessionlessRowsSql(engineOf(trx), sql`e.session_id is null`)}`.execute(trx);
}
