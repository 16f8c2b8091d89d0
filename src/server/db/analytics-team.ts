/*
 * Team-wide queries of the coach analytics API: leaderboard, team stats and dashboard. Every function takes
 * the caller's team id, reads only that team's rows, and answers in a fixed handful of queries whatever the
 * team's size (events are grouped in SQL, never fetched one by one or per player).
 */
import { sql, type Kysely } from "kysely";
import type { DashboardResponse, LeaderboardResponse, TeamStatsResponse } from "#domain/api/team.js";
import { LAST_WINDOW_DAYS, rollingWindowSince, type LeaderboardGroup, type LeaderboardWindow } from "#domain/reads.js";
import { statsFromCounters, type EventTypeCounter } from "#domain/event-types.js";
import { teamLine, type LooseEventCount } from "#domain/football-stats.js";
import { sortPlayers } from "#domain/player-search.js";
import { UNKNOWN_PLAYER_NAME, type PlayerSummary } from "#domain/player-summary.js";
import { attendancePercentage, eventPoints, eventPointsTenths } from "#domain/scoring.js";
import type { SnapDetail } from "#domain/snaps.js";
import { averageAttendance, groupTotals, rankPlayers, statLeaders } from "./analytics-rank.js";
import { numberOrNull, positionOfRow } from "./rows.js";
import type { DB } from "./schema.js";
import {
  returnTouchdownsByPlayer,
  summarizeRow,
  teamPlayerSummaries,
  teamPlayersQuery,
  type SummaryErrorHandler,
} from "./summaries.js";
import { teamSessionsWithCounts } from "./team-sessions.js";
import { statLineDto, teamSnapDetails } from "./stat-lines.js";
import { getTeam } from "./teams.js";
import { eventsSince, seasonBreakdown, sessionCounters, sinceCounters, type TallyRow } from "./tallies/reads.js";
import { seasonOrCurrent, type SeasonOption } from "./seasons.js";

/**
 * Which events a windowed board counts: those of a season since a time (absent season: the current one), or
 * those of one session (whose season is its own).
 */
export type EventWindow = { since: string; seasonId?: string } | { sessionId: string };

/**
 * Summaries of every player of the team over a window of events: eventCount, score, stats and lastActive
 * are the window's, attendance the season's (the window's season, or the session's). Two queries: the roster with
 * its attendance counters (and, for a session, each player's mark for it), and the window's events grouped by
 * player and type. Best score first. For a session, a player marked absent from it is left out
 * (docs/product.md §11): one with no mark but with events in it stays. `absent` lists who was left out.
 */
export async function windowPlayerSummaries(
  db: Kysely<DB>,
  teamId: string,
  window: EventWindow,
  opts: SummaryErrorHandler & { absent?: (player: { playerId: string; name: string }) => void } = {},
): Promise<PlayerSummary[]> {
  const sessionId = "sessionId" in window ? window.sessionId : null;
  const seasonId =
    sessionId !== null
      ? sql<string>`(select ss.season_id from team_sessions ss where ss.id = ${sessionId} and ss.team_id = ${teamId})`
      : seasonOrCurrent(teamId, "seasonId" in window ? window.seasonId : undefined);
  const [roster, counters, returns] = await Promise.all([
    teamPlayersQuery(db, teamId)
      .leftJoin("player_stats as s", (j) => j.onRef("s.player_id", "=", "p.user_id").on("s.season_id", "=", seasonId))
      .leftJoin("attendance as a", (j) =>
        j.onRef("a.player_id", "=", "p.user_id").on("a.session_id", "=", sessionId ?? ""),
      )
      .select(["s.attendance_total", "s.attendance_attended", "s.last_event_at", "a.present"])
      .execute(),
    "since" in window ? sinceCounters(db, teamId, window) : sessionCounters(db, teamId, window.sessionId),
    returnTouchdownsByPlayer(
      db,
      teamId,
      "since" in window ? { seasonId: seasonOrCurrent(teamId, window.seasonId), since: window.since } : window,
    ),
  ]);
  const present = roster.filter((r) => {
    if (r.present === null || r.present === undefined || Number(r.present) === 1) return true;
    opts.absent?.({ playerId: r.user_id, name: r.full_name });
    return false;
  });
  const summaries = present.map((r) => {
    const w = counters.get(r.user_id);
    return summarizeRow(
      r,
      {
        counters: w?.counters ?? [],
        attendance: { attended: Number(r.attendance_attended ?? 0), total: Number(r.attendance_total ?? 0) },
        // A since-window's latest time is the season's (player_stats) when that falls inside the window.
        lastEventAt:
          "since" in window
            ? r.last_event_at !== null && r.last_event_at >= window.since && w
              ? r.last_event_at
              : null
            : (w?.lastEventAt ?? null),
        returnTouchdowns: returns.get(r.user_id) ?? 0,
      },
      opts,
    );
  });
  return sortPlayers(summaries, "performanceScore", "desc");
}

export interface LeaderboardOptions extends SummaryErrorHandler, SeasonOption {
  window: LeaderboardWindow;
  /** Required for window "session" (a session of the team: the caller's check). */
  sessionId?: string;
  group?: LeaderboardGroup;
  /** The clock for "last30" (tests). */
  now?: Date;
}

/** The leaderboard: ranked players with places, and the top three per stat, over the chosen window and group. */
export async function teamLeaderboard(
  db: Kysely<DB>,
  teamId: string,
  opts: LeaderboardOptions,
): Promise<LeaderboardResponse> {
  let players: PlayerSummary[];
  let attendance: LeaderboardResponse["attendance"] = null;
  if (opts.window === "season") {
    players = await teamPlayerSummaries(db, teamId, opts);
  } else if (opts.window === "last30") {
    const since = rollingWindowSince(opts.now ?? new Date(), LAST_WINDOW_DAYS);
    players = await windowPlayerSummaries(db, teamId, { since, seasonId: opts.seasonId }, opts);
  } else {
    if (!opts.sessionId) throw new RangeError("the session window needs a session id");
    const absent: { playerId: string; name: string }[] = [];
    players = await windowPlayerSummaries(
      db,
      teamId,
      { sessionId: opts.sessionId },
      { ...opts, absent: (p) => absent.push(p) },
    );
    attendance = await sessionAttendanceCounts(db, opts.sessionId, absent);
  }
  const group = opts.group ?? "all";
  if (group !== "all") players = players.filter((p) => p.positionGroup === group);
  return { window: opts.window, players: rankPlayers(players), leaders: statLeaders(players), attendance };
}

/** A session's attendance as the one-game board shows it: how many were marked present, and who was absent. */
async function sessionAttendanceCounts(
  db: Kysely<DB>,
  sessionId: string,
  absent: readonly { playerId: string; name: string }[],
): Promise<NonNullable<LeaderboardResponse["attendance"]>> {
  const row = await db
    .selectFrom("attendance")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("session_id", "=", sessionId)
    .where("present", "=", 1)
    .executeTakeFirstOrThrow();
  const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
  return {
    present: Number(row.n),
    absent: [...absent].sort((a, b) => collator.compare(a.name, b.name)).map((p) => ({ id: p.playerId, name: p.name })),
  };
}

type BreakdownRow = TallyRow;

type StatFields = Pick<
  TeamStatsResponse["totals"],
  "passingYards" | "receivingYards" | "rushingYards" | "offenseYards" | "flagPulls" | "interceptions"
>;

function statFields(counters: readonly EventTypeCounter[]): StatFields {
  const s = statsFromCounters(counters);
  return {
    passingYards: s.passingYards,
    receivingYards: s.receivingYards,
    rushingYards: s.rushingYards,
    // A completion's yards are both the passer's and the catcher's: the offense gained them once.
    offenseYards: s.passingYards + s.rushingYards,
    flagPulls: s.flagPulls,
    interceptions: s.interceptions,
  };
}

/** Accumulates breakdown rows: event count, points in tenths and per-type counters. */
class Tally {
  events = 0;
  pointsTenths = 0;
  readonly counters: EventTypeCounter[] = [];
  add(r: BreakdownRow) {
    this.events += r.count;
    this.pointsTenths += r.count * eventPointsTenths(r.eventType, r.position);
    this.counters.push({ eventType: r.eventType, count: r.count, yards: r.yards });
  }
}

function tallyBy<K>(rows: readonly BreakdownRow[], key: (r: BreakdownRow) => K): Map<K, Tally> {
  const tallies = new Map<K, Tally>();
  for (const r of rows) {
    const k = key(r);
    let t = tallies.get(k);
    if (!t) tallies.set(k, (t = new Tally()));
    t.add(r);
  }
  return tallies;
}

/** The team's football line: its snaps plus the events logged on their own, summed by type. */
function teamFootball(
  snaps: readonly { detail: SnapDetail }[],
  breakdown: readonly BreakdownRow[],
): TeamStatsResponse["football"] {
  const team = teamLine(snaps, looseByType(breakdown));
  return {
    ...statLineDto(null, team.line),
    snaps: snaps.length,
    touchdowns: team.touchdowns,
    totalYards: team.totalYards,
    turnovers: team.turnovers,
    penalties: team.penaltiesOnUs,
    penaltyYards: team.penaltyYardsOnUs,
  };
}

/** The events logged on their own among breakdown rows, summed by type (the shape the team's line reads). */
function looseByType(breakdown: readonly BreakdownRow[]): LooseEventCount[] {
  const byType = new Map<string, LooseEventCount>();
  for (const r of breakdown) {
    if (!r.loose) continue;
    const row = byType.get(r.eventType) ?? { eventType: r.eventType, count: 0, yards: 0, withYards: 0 };
    row.count += r.count;
    row.yards += r.yards;
    row.withYards += r.withYards;
    byType.set(r.eventType, row);
  }
  return [...byType.values()];
}

const ascendingDate = <T extends { date: string }>(a: T, b: T) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/**
 * Team statistics of a season (absent: the current one): totals over every event of it, a per-session trend, per-group totals,
 * per-session attendance, activity per local day, the season's stat leaders, and the team's football line (its
 * snaps and the events logged on their own). Four queries.
 */
export async function teamStats(
  db: Kysely<DB>,
  teamId: string,
  opts: SummaryErrorHandler & SeasonOption & { tzOffset?: number } = {},
): Promise<TeamStatsResponse> {
  const [players, sessionsNewestFirst, { rows: breakdown, daily }, snaps] = await Promise.all([
    teamPlayerSummaries(db, teamId, opts),
    teamSessionsWithCounts(db, teamId, opts.seasonId),
    seasonBreakdown(db, teamId, opts.seasonId, opts.tzOffset ?? 0),
    teamSnapDetails(db, teamId, opts.seasonId),
  ]);
  const sessions = [...sessionsNewestFirst].reverse();
  const all = tallyBy(breakdown, () => "all").get("all") ?? new Tally();
  const bySession = tallyBy(breakdown, (r) => r.sessionId);
  const football = teamFootball(snaps, breakdown);
  // One team touchdown count everywhere (docs/product.md §10): the totals and each session's figure are the team
  // line's (offense + defense + return, each once), which the counters alone cannot give (a pick-six is an
  // Interception event).
  const snapsBySession = new Map<string, { detail: SnapDetail }[]>();
  for (const s of snaps) snapsBySession.set(s.sessionId, [...(snapsBySession.get(s.sessionId) ?? []), s]);
  const sessionTouchdowns = (sessionId: string) =>
    teamLine(snapsBySession.get(sessionId) ?? [], looseByType(breakdown.filter((r) => r.sessionId === sessionId)))
      .touchdowns;

  return {
    totals: {
      players: players.length,
      sessions: sessions.length,
      games: sessions.filter((s) => s.kind === "game").length,
      practices: sessions.filter((s) => s.kind === "practice").length,
      events: all.events,
      ...statFields(all.counters),
      touchdowns: football.touchdowns,
      averageAttendance: averageAttendance(players),
    },
    football,
    trend: sessions.map((s) => {
      const t = bySession.get(s.id) ?? new Tally();
      return {
        sessionId: s.id,
        date: s.date,
        kind: s.kind,
        opponent: s.opponent,
        events: t.events,
        points: t.pointsTenths / 10,
        ...statFields(t.counters),
        touchdowns: sessionTouchdowns(s.id),
      };
    }),
    byGroup: groupTotals(players),
    attendance: sessions.map((s) => ({
      sessionId: s.id,
      date: s.date,
      kind: s.kind,
      present: s.presentCount,
      marked: s.attendanceCount,
      percent: attendancePercentage(s.presentCount, s.attendanceCount),
    })),
    daily: daily.map((d) => ({ date: d.date, events: d.events, points: d.pointsTenths / 10 })).sort(ascendingDate),
    topPerformers: statLeaders(players),
  };
}

/** How many top players the dashboard lists, and how many recent events. */
const DASHBOARD_TOP = 5;
const DASHBOARD_LATEST = 10;

/**
 * The coach dashboard of a season (absent: the current one; four queries), or null when the team does not exist.
 * Every figure is the season's: a new season's dashboard starts from zero (issue #27.7).
 */
export async function teamDashboard(
  db: Kysely<DB>,
  teamId: string,
  opts: SummaryErrorHandler & SeasonOption & { now?: Date } = {},
): Promise<DashboardResponse | null> {
  const weekAgo = rollingWindowSince(opts.now ?? new Date(), 7);
  const [team, players, week, latest] = await Promise.all([
    getTeam(db, teamId),
    teamPlayerSummaries(db, teamId, opts),
    eventsSince(db, teamId, weekAgo, opts.seasonId),
    db
      .selectFrom("events as e")
      .innerJoin("profiles as p", "p.user_id", "e.player_id")
      .select([
        "e.id",
        "e.player_id",
        "e.event_type",
        "e.yards",
        "e.occurred_at",
        "p.full_name",
        "p.primary_position",
        "p.positions",
      ])
      .where("e.team_id", "=", teamId)
      .where("e.season_id", "=", seasonOrCurrent(teamId, opts.seasonId))
      .orderBy("e.occurred_at", "desc")
      .orderBy("e.id", "desc")
      .limit(DASHBOARD_LATEST)
      .execute(),
  ]);
  if (!team) return null;
  return {
    team: { id: team.id, name: team.name, code: team.teamCode },
    playerCount: players.length,
    averageAttendance: averageAttendance(players),
    eventsThisWeek: week,
    topPerformers: players.slice(0, DASHBOARD_TOP),
    latestEvents: latest.map((e) => ({
      id: e.id,
      playerId: e.player_id,
      playerName: e.full_name.trim() || UNKNOWN_PLAYER_NAME,
      eventType: e.event_type,
      yards: numberOrNull(e.yards),
      occurredAt: e.occurred_at,
      points: eventPoints(e.event_type, positionOfRow(e)),
    })),
  };
}
