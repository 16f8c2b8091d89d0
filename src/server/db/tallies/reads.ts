/*
 * Team reads from the tallies (decision 0015): what used to group the team's events now groups tally rows, so a
 * read costs what the season's sessions, players and days hold, not its events. Each function is one query.
 * Windows that start at a time: whole ISO weeks from week_tallies, the days at their edge from day_tallies and,
 * for a start that is not a UTC midnight, part of the events of its first day. The app's rolling windows (the
 * last 30 days, the dashboard's week) start at a UTC midnight (decision 0020), so they read tallies only.
 */
import { sql, type Kysely } from "kysely";
import type { EventTypeCounter } from "#domain/event-types.js";
import type { LooseEventCount } from "#domain/football-stats.js";
import { positionOfRow } from "../rows.js";
import type { DB } from "../schema.js";
import { seasonOrCurrent } from "../seasons.js";
import { SLOT_MINUTES, weekOf } from "./sql.js";

const DAY_MS = 86_400_000;

/** The first UTC midnight at or after `since`, as 'YYYY-MM-DD' and as the ISO time. */
function nextMidnight(since: string): { day: string; iso: string } {
  const t = Date.parse(since);
  const day = new Date(Math.ceil(t / DAY_MS) * DAY_MS).toISOString();
  return { day: day.slice(0, 10), iso: day };
}

/** The team's seasons, as a subquery (a session's tallies are read by its key, scoped to the team this way). */
const seasonsOfTeam = (db: Kysely<DB>, teamId: string) =>
  db.selectFrom("seasons").select("id").where("team_id", "=", teamId);

type WindowCounters = Map<string, { counters: EventTypeCounter[]; lastEventAt: string | null }>;

const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * How a window from a time to the end of the season splits into tally rows: whole ISO weeks from `week` on
 * (week_tallies), whole UTC days added or taken away at the edge (day_tallies, `days` from..to exclusive, at most
 * three), and the events of the partial first day added or taken away (a time range of events, at most half a day).
 */
function sinceParts(since: string): {
  week: number;
  days: { sign: 1 | -1; from: string; to: string } | null;
  events: { sign: 1 | -1; from: string; to: string } | null;
} {
  const t = Date.parse(since);
  const edge = Math.ceil(t / DAY_MS);
  // The partial first day: its events after `since`, or (the shorter read) its whole day less its events before.
  let start = edge;
  let events: { sign: 1 | -1; from: string; to: string } | null = null;
  if (edge * DAY_MS !== t) {
    const midnight = new Date(edge * DAY_MS).toISOString();
    if (edge * DAY_MS - t <= DAY_MS / 2) events = { sign: 1, from: since, to: midnight };
    else {
      start = edge - 1;
      events = { sign: -1, from: new Date(start * DAY_MS).toISOString(), to: since };
    }
  }
  // Whole days from `start`: the weeks from the one after it plus its days up to there, or (fewer days) the weeks
  // from its own week less that week's days before it.
  const own = weekOf(start);
  if (own === start) return { week: start, days: null, events };
  const ahead = own + 7 - start;
  const behind = start - own;
  return ahead <= behind
    ? { week: own + 7, days: { sign: 1, from: dayText(start), to: dayText(own + 7) }, events }
    : { week: own, days: { sign: -1, from: dayText(own), to: dayText(start) }, events };
}

/**
 * Per (player, event type) counts and yards of the season's events since `since`: whole ISO weeks from
 * week_tallies, at most three days at the edge from day_tallies, and at most half a day of events (sinceParts).
 * lastEventAt is left null: the season's latest time (player_stats) is the window's whenever it falls inside it,
 * which the caller reads with the roster.
 */
export async function sinceCounters(
  db: Kysely<DB>,
  teamId: string,
  window: { since: string; seasonId?: string },
): Promise<WindowCounters> {
  const season = seasonOrCurrent(teamId, window.seasonId);
  const parts = sinceParts(window.since);
  const days = parts.days
    ? sql`union all
      select player_id, event_type, ${sql.lit(parts.days.sign)} * count, ${sql.lit(parts.days.sign)} * yards from day_tallies
      where season_id = ${season} and day >= ${parts.days.from} and day < ${parts.days.to} and count <> 0`
    : sql``;
  const events = parts.events
    ? sql`union all
      select player_id, event_type, ${sql.lit(parts.events.sign)}, ${sql.lit(parts.events.sign)} * coalesce(yards, 0) from events
      where season_id = ${season} and team_id = ${teamId}
        and occurred_at >= ${parts.events.from} and occurred_at < ${parts.events.to}`
    : sql``;
  const { rows } = await sql<{ player_id: string; event_type: string; n: number | string; yards: number | string }>`
    select player_id, event_type, sum(n) as n, sum(yards) as yards from (
      select player_id, event_type, count as n, yards from week_tallies
      where season_id = ${season} and week >= ${parts.week} and count <> 0
      ${days}
      ${events}
    ) w group by player_id, event_type having sum(n) > 0`.execute(db);
  return countersOf(rows);
}

/** Per (player, event type) counts, yards and latest time of one session's events. */
export async function sessionCounters(db: Kysely<DB>, teamId: string, sessionId: string): Promise<WindowCounters> {
  const rows = await db
    .selectFrom("session_tallies")
    .select((eb) => [
      "player_id",
      "event_type",
      eb.fn.sum<number | string>("count").as("n"),
      eb.fn.sum<number | string>("yards").as("yards"),
      eb.fn.max("last_at").as("last"),
    ])
    .where("session_key", "=", sessionId)
    .where("season_id", "in", seasonsOfTeam(db, teamId))
    .groupBy(["player_id", "event_type"])
    .having((eb) => eb.fn.sum("count"), ">", 0)
    .execute();
  return countersOf(rows);
}

function countersOf(
  rows: readonly {
    player_id: string;
    event_type: string;
    n: number | string;
    yards: number | string;
    last?: string | null;
  }[],
): WindowCounters {
  const byPlayer: WindowCounters = new Map();
  for (const r of rows) {
    let p = byPlayer.get(r.player_id);
    if (!p) byPlayer.set(r.player_id, (p = { counters: [], lastEventAt: null }));
    p.counters.push({ eventType: r.event_type, count: Number(r.n), yards: Number(r.yards ?? 0) });
    const last = r.last ?? null;
    if (last !== null && (p.lastEventAt === null || last > p.lastEventAt)) p.lastEventAt = last;
  }
  return byPlayer;
}

export interface TallyRow {
  sessionId: string | null;
  playerId: string;
  position: string;
  eventType: string;
  /** Logged on its own (no snap implied it). */
  loose: boolean;
  count: number;
  yards: number;
  withYards: number;
}

interface DailyRow {
  date: string;
  events: number;
  pointsTenths: number;
}

/**
 * A season's tallies per (session, player, type, loose) with the player's position, and its events and points
 * per local day (`offsetMinutes` east of UTC; exact for offsets in whole quarter hours, as every zone's is).
 * One query.
 */
export async function seasonBreakdown(
  db: Kysely<DB>,
  teamId: string,
  seasonId: string | undefined,
  offsetMinutes: number,
): Promise<{ rows: TallyRow[]; daily: DailyRow[] }> {
  const season = seasonOrCurrent(teamId, seasonId);
  // Every zone's offset is whole quarter hours; another is taken to the quarter hour below (the slots' size).
  const offset = Math.floor(Math.trunc(offsetMinutes) / SLOT_MINUTES) * SLOT_MINUTES;
  // A UTC day's events are its local day's, but for the quarter hours the offset carries over midnight: those
  // (one key range of slot_tallies) move to the next day (east of UTC) or the previous one (west).
  // Summed per UTC day once (a CTE used twice is computed once on both engines), then moved out of its day and
  // into the next (east of UTC) or the previous one (west).
  const inBand = offset > 0 ? sql`minute >= ${sql.lit(1440 - offset)}` : sql`minute < ${sql.lit(-offset)}`;
  const withBand =
    offset === 0
      ? sql``
      : sql`with band as (select day, sum(events) as events, sum(points_tenths) as points_tenths from slot_tallies
          where season_id = ${season} and ${inBand} group by day) `;
  const band =
    offset === 0
      ? sql``
      : sql`union all select day, -events, -points_tenths from band
        union all select day + ${sql.lit(offset > 0 ? 1 : -1)}, events, points_tenths from band`;
  const { rows } = await sql<{
    daily: number | string;
    session_key: string | null;
    player_id: string | null;
    event_type: string | null;
    loose: number | string | null;
    n: number | string;
    yards: number | string | null;
    with_yards: number | string | null;
    primary_position: string | null;
    positions: string | null;
    day_no: number | string | null;
    points: number | string | null;
  }>`
    ${withBand}select 0 as daily, t.session_key, t.player_id, t.event_type, t.loose, t.count as n, t.yards, t.with_yards,
      p.primary_position, p.positions, null as day_no, null as points
    from session_tallies t join profiles p on p.user_id = t.player_id
    where t.season_id = ${season} and t.count <> 0
    union all
    select 1, null, null, null, null, sum(events), null, null, null, null, day, sum(points_tenths) from (
      select day, events, points_tenths from team_day_tallies where season_id = ${season}
      ${band}
    ) d group by day having sum(events) <> 0`.execute(db);
  const out: TallyRow[] = [];
  const daily: DailyRow[] = [];
  for (const r of rows) {
    if (Number(r.daily) === 1) {
      daily.push({
        date: new Date(Number(r.day_no) * DAY_MS).toISOString().slice(0, 10),
        events: Number(r.n),
        pointsTenths: Number(r.points ?? 0),
      });
      continue;
    }
    out.push({
      sessionId: r.session_key === "" ? null : r.session_key,
      playerId: r.player_id!,
      position: positionOfRow({ primary_position: r.primary_position, positions: r.positions ?? "[]" }),
      eventType: r.event_type!,
      loose: Number(r.loose) === 1,
      count: Number(r.n),
      yards: Number(r.yards ?? 0),
      withYards: Number(r.with_yards ?? 0),
    });
  }
  return { rows: out, daily };
}

/** How many events of a season of the team (absent: the current one) happened since `since`. One query. */
export async function eventsSince(db: Kysely<DB>, teamId: string, since: string, seasonId?: string): Promise<number> {
  const edge = nextMidnight(since);
  const season = seasonOrCurrent(teamId, seasonId);
  const { rows } = await sql<{ n: number | string | null }>`
    select sum(n) as n from (
      select sum(count) as n from day_tallies where season_id in (select ts.id from seasons ts where ts.team_id = ${teamId} and ts.id = ${season}) and day >= ${edge.day}
      union all
      select count(*) as n from events where team_id = ${teamId} and season_id = ${season} and occurred_at >= ${since} and occurred_at < ${edge.iso}
    ) w`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A session's events logged on their own, per player and type. One query. */
export async function sessionLooseCounts(
  db: Kysely<DB>,
  teamId: string,
  sessionId: string,
): Promise<Map<string, LooseEventCount[]>> {
  const rows = await db
    .selectFrom("session_tallies")
    .select(["player_id", "event_type", "count", "yards", "with_yards"])
    .where("session_key", "=", sessionId)
    .where("loose", "=", 1)
    .where("count", "<>", 0)
    .where("season_id", "in", seasonsOfTeam(db, teamId))
    .execute();
  const loose = new Map<string, LooseEventCount[]>();
  for (const r of rows) {
    const list = loose.get(r.player_id) ?? [];
    list.push({
      eventType: r.event_type,
      count: Number(r.count),
      yards: Number(r.yards),
      withYards: Number(r.with_yards),
    });
    loose.set(r.player_id, list);
  }
  return loose;
}
