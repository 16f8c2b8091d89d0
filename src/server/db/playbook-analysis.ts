/*
 * Playbook analysis queries (docs/product.md §9). A play's figures come from its tagged snaps and its tagged events:
 * - its tagged snaps, one row per (play, detail) with how many snaps share it (a snap's detail names its players,
 *   so identical downs collapse); domain/playbook.ts counts each as a run of its side and takes its attempts,
 *   completions, yards, touchdowns and turnovers from the detail;
 * - its tagged events: in the analysis, the play tallies (play_tallies, decision 0015), one row per (play, event
 *   type, written by a snap or not) summed over the window's sessions, with their points at their players'
 *   current positions; in the drill-down, the play's tallies per player (play_player_tallies, migration 010),
 *   valued at the players' current positions. Events logged on their own (snap_id null) are counted by the
 *   snap-level event rules; the events a snap wrote add only their points.
 * Untagged snaps come with the snaps' query; untagged snap-level events logged on their own are the session
 * tallies' loose events of those types less the play tallies' tagged ones. Events without a session in a from/to
 * window (dated by the viewer's zone) come from sessionless_tallies (its whole UTC days and the quarter hours at
 * its edges; migration 010); in the drill-down, from the play's events of that time range.
 *
 * Every query is scoped by the caller's team: events and snaps by team_id, tallies by the team's season, and plays
 * and sessions joined on the same team.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type {
  PlayAnalysisEvent,
  PlayAnalysisEventsResponse,
  PlayAnalysisPlayer,
  PlaybookAnalysisResponse,
  PlaybookAnalysisRow,
} from "#domain/api/plays.js";
import {
  addPlayerCredit,
  addSnapCredit,
  addTaggedGroup,
  addTaggedSnaps,
  DEFENSE_RUN_KINDS,
  emptyPlayerCredit,
  emptyPlayTotals,
  isUntaggedRun,
  isUntaggedSnap,
  OFFENSE_RUN_KINDS,
  playFigures,
  runKinds,
  snapCredits,
  snapTypes,
  type PlayerCredit,
  type PlaySide,
  type PlayTotals,
  type TaggedSnapGroup,
} from "#domain/playbook.js";
import type { StatLine } from "#domain/football-stats.js";
import { eventPoints } from "#domain/scoring.js";
import { engineOf, localDay } from "./dialect.js";
import { olderThan, type EventKey } from "./events.js";
import { compareNameThenId, getPlay, toPlay, type Play } from "./plays.js";
import { numberOrNull, parseSnapDetail, positionOfRow } from "./rows.js";
import type { DB } from "./schema.js";
import {
  playPlayerTallies,
  playTallies,
  sessionlessTallies,
  untaggedLooseEvents,
  windowMinutes,
  type PlayTallyRow,
} from "./tallies/play-reads.js";
import { seasonOrCurrent } from "./seasons.js";
import type { AnalysisWindow } from "./tallies/analysis-window.js";
import { SNAP_LEVEL_TYPES } from "./tallies/sql.js";

/**
 * A column of a term that must not choose an index, when `hint`: on SQLite, whose planner has no statistics, a unary
 * + keeps the term off the column's indexes (PostgreSQL plans from statistics and gets the column as it is).
 */
function unindexed(db: Kysely<DB>, column: string, hint: boolean): RawBuilder<string> {
  return hint && engineOf(db) === "sqlite" ? sql<string>`+${sql.ref(column)}` : sql<string>`${sql.ref(column)}`;
}

/**
 * The team's events in the window, with their player's profile and (when they have one) their session.
 * An event's date is its session's date, else the day it happened in the viewer's zone.
 */
function eventsInWindow(db: Kysely<DB>, teamId: string, w: AnalysisWindow, byPlay = false) {
  // One play's events are read through the events' play index (O(the play's events)): the team and season terms
  // must not choose an index of the whole season.
  const col = (c: "e.team_id" | "e.season_id") => unindexed(db, c, byPlay);
  let q = db
    .selectFrom("events as e")
    .innerJoin("profiles as p", "p.user_id", "e.player_id")
    .leftJoin("team_sessions as s", (join) =>
      join.onRef("s.id", "=", "e.session_id").onRef("s.team_id", "=", "e.team_id"),
    )
    .where(col("e.team_id"), "=", teamId)
    .where(col("e.season_id"), "=", seasonOrCurrent(teamId, w.seasonId));
  if (w.kind !== "all") q = q.where("s.kind", "=", w.kind);
  if (w.from !== undefined || w.to !== undefined) {
    const day = sql<string>`coalesce(${sql.ref("s.date")}, ${localDay(db, "e.occurred_at", w.tzOffset)})`;
    if (w.from !== undefined) q = q.where(day, ">=", w.from);
    if (w.to !== undefined) q = q.where(day, "<=", w.to);
  }
  return q;
}

/** The team's snaps in the window. Every snap belongs to a session: its date is the session's date. */
function snapsInWindow(db: Kysely<DB>, teamId: string, w: AnalysisWindow) {
  let q = db
    .selectFrom("snaps as n")
    .innerJoin("team_sessions as s", (join) =>
      join.onRef("s.id", "=", "n.session_id").onRef("s.team_id", "=", "n.team_id"),
    )
    .leftJoin("plays as pl", (join) => join.onRef("pl.id", "=", "n.play_id").onRef("pl.team_id", "=", "n.team_id"))
    .where("n.team_id", "=", teamId)
    .where("s.season_id", "=", seasonOrCurrent(teamId, w.seasonId));
  if (w.kind !== "all") q = q.where("s.kind", "=", w.kind);
  if (w.from !== undefined) q = q.where("s.date", ">=", w.from);
  if (w.to !== undefined) q = q.where("s.date", "<=", w.to);
  return q;
}

/** Which rows a grouped query returns: one play's, or the plays of a side (both without one) plus untagged ones. */
type Scope = { only: string } | { side?: PlaySide };

interface GroupRow {
  playId: string | null;
  eventType: string;
  playerId: string;
  playerName: string;
  position: string;
  /** Written by a snap (snap_id set). */
  fromSnap: boolean;
  count: number;
  yards: number;
}

/**
 * The events without a session of a from/to window of every kind (dated by the viewer's zone), grouped: one row per
 * (play, event type, player, written by a snap or not). `only` narrows to one play; otherwise the rows cover the
 * plays of `side` (every play without a side) plus untagged snap-level events logged on their own (play null; an
 * untagged snap is counted from the snaps). The events are grouped first, by the time range that holds exactly the
 * window's local days, and only the groups are joined to their player and play: the cost is one index range and
 * the window's events, with no per-event lookup.
 */
async function sessionlessCounts(db: Kysely<DB>, teamId: string, w: AnalysisWindow, scope: Scope): Promise<GroupRow[]> {
  // One play's events are read through the play's time index, a side's through the season's; "no session" must
  // never choose an index (it would pick every loose event).
  const byPlay = "only" in scope;
  const terms = [
    sql`${unindexed(db, "e.team_id", byPlay)} = ${teamId}`,
    sql`${unindexed(db, "e.season_id", byPlay)} = ${seasonOrCurrent(teamId, w.seasonId)}`,
    sql`${unindexed(db, "e.session_id", true)} is null`,
  ];
  const range = timeRange(w);
  if (range.from !== undefined) terms.push(sql`e.occurred_at >= ${range.from}`);
  if (range.to !== undefined) terms.push(sql`e.occurred_at < ${range.to}`);
  if (byPlay) terms.push(sql`e.play_id = ${scope.only}`);
  else {
    const untaggedTypes = scope.side ? [...snapTypes(scope.side)] : SNAP_LEVEL_TYPES;
    terms.push(sql`(e.play_id is not null or (e.snap_id is null and e.event_type in (${sql.join(untaggedTypes)})))`);
  }
  const sideTest = !byPlay && scope.side ? sql`and (g.play_id is null or pl.side = ${scope.side})` : sql``;
  const { rows } = await sql<{
    play_id: string | null;
    event_type: string;
    player_id: string;
    full_name: string;
    primary_position: string | null;
    positions: string;
    from_snap: number | string;
    n: number | string;
    yards: number | string | null;
  }>`select g.play_id, g.event_type, g.player_id, p.full_name, p.primary_position, p.positions, g.from_snap, g.n,
      g.yards
    from (
      select e.play_id, e.event_type, e.player_id, case when e.snap_id is null then 0 else 1 end as from_snap,
        count(*) as n, sum(coalesce(e.yards, 0)) as yards
      from events e where ${sql.join(terms, sql` and `)}
      group by e.play_id, e.event_type, e.player_id, case when e.snap_id is null then 0 else 1 end
    ) g
    join profiles p on p.user_id = g.player_id
    left join plays pl on pl.id = g.play_id and pl.team_id = ${teamId}
    where true ${sideTest}`.execute(db);
  return rows.map((r) => ({
    playId: r.play_id,
    eventType: r.event_type,
    playerId: r.player_id,
    playerName: r.full_name,
    position: positionOfRow(r),
    fromSnap: Number(r.from_snap) === 1,
    count: Number(r.n),
    yards: Number(r.yards ?? 0),
  }));
}

/** The UTC time range that holds exactly the local days of a from/to window (windowMinutes), as ISO times. */
function timeRange(w: AnalysisWindow): { from?: string; to?: string } {
  const range = windowMinutes(w);
  if (range === null) throw new RangeError(`not a calendar day: ${w.from} or ${w.to}`);
  const iso = (minutes: number | undefined) =>
    minutes === undefined ? undefined : new Date(minutes * 60_000).toISOString();
  return { from: iso(range.start), to: iso(range.end) };
}

/** addTaggedGroup for a tally row, whose points are already valued at its players' positions. */
function addTallyRow(totals: PlayTotals, side: PlaySide, r: PlayTallyRow) {
  if (r.count <= 0) return;
  const before = totals.pointsTenths;
  addTaggedGroup(totals, side, { ...r, position: null });
  totals.pointsTenths = before + r.pointsTenths;
}

interface SnapGroupRow extends TaggedSnapGroup {
  playId: string | null;
}

/**
 * The grouped snaps: one row per (play, detail) with how many snaps have it. `only` narrows to one play;
 * otherwise the rows cover the plays of `side` (every play without a side) plus untagged snaps of the kinds that
 * can be a run of the side (play null).
 */
async function groupedSnaps(db: Kysely<DB>, teamId: string, w: AnalysisWindow, scope: Scope): Promise<SnapGroupRow[]> {
  let q = snapsInWindow(db, teamId, w);
  if ("only" in scope) {
    q = q.where("n.play_id", "=", scope.only);
  } else {
    const side = scope.side;
    const untaggedKinds = side ? [...runKinds(side)] : [...OFFENSE_RUN_KINDS, ...DEFENSE_RUN_KINDS];
    q = q.where((eb) =>
      eb.or([
        side ? eb.and([eb("n.play_id", "is not", null), eb("pl.side", "=", side)]) : eb("n.play_id", "is not", null),
        eb.and([eb("n.play_id", "is", null), eb("n.kind", "in", untaggedKinds)]),
      ]),
    );
  }
  const rows = await q
    .select((eb) => ["n.play_id", "n.detail", eb.fn.countAll<number | string>().as("n")])
    .groupBy(["n.play_id", "n.detail"])
    .execute();
  const out: SnapGroupRow[] = [];
  for (const r of rows) {
    const detail = parseSnapDetail(r.detail);
    if (detail) out.push({ playId: r.play_id, detail, count: Number(r.n) });
  }
  return out;
}

function analysisRow(play: Play, totals: PlayTotals): PlaybookAnalysisRow {
  return {
    playId: play.id,
    name: play.name,
    side: play.side,
    formation: play.formation,
    tags: play.tags,
    archived: play.archivedAt !== null,
    ...playFigures(totals),
  };
}

function compareRows(a: PlaybookAnalysisRow, b: PlaybookAnalysisRow): number {
  if (a.timesRun !== b.timesRun) return b.timesRun - a.timesRun;
  return compareNameThenId(a.name, a.playId, b.name, b.playId);
}

/**
 * Every current play of the side (both sides without one) with its figures in the window, and archived plays
 * that have tagged snaps or events in it; most run first, then by name. Four queries, run together: the plays,
 * the grouped snaps, the play tallies and the untagged loose events (five with a from/to window of every kind:
 * its events without a session, from sessionless_tallies).
 */
export async function playbookAnalysis(
  db: Kysely<DB>,
  teamId: string,
  opts: AnalysisWindow & { side?: PlaySide },
): Promise<PlaybookAnalysisResponse> {
  let playsQuery = db.selectFrom("plays").selectAll().where("team_id", "=", teamId);
  if (opts.side) playsQuery = playsQuery.where("side", "=", opts.side);
  const sessionless = opts.kind === "all" && (opts.from !== undefined || opts.to !== undefined);
  const [playRows, snapGroups, tallies, untaggedLoose, sessionlessRows] = await Promise.all([
    playsQuery.execute(),
    groupedSnaps(db, teamId, opts, { side: opts.side }),
    playTallies(db, teamId, opts),
    untaggedLooseEvents(db, teamId, opts, opts.side),
    sessionless ? sessionlessTallies(db, teamId, opts) : [],
  ]);
  // A window that is not whole quarter hours (no real zone's) reads its events without a session instead.
  const groups = sessionlessRows === null ? await sessionlessCounts(db, teamId, opts, { side: opts.side }) : [];

  const plays = new Map<string, { play: Play; totals: PlayTotals }>();
  for (const r of playRows) {
    plays.set(r.id, { play: toPlay(r), totals: emptyPlayTotals() });
  }
  let untaggedEvents = untaggedLoose;
  for (const g of snapGroups) {
    if (g.playId === null) {
      if (isUntaggedRun(g.detail, opts.side)) untaggedEvents += g.count;
      continue;
    }
    // A play made after the plays were read has no row; its snaps wait for the next read.
    const entry = plays.get(g.playId);
    if (entry) addTaggedSnaps(entry.totals, entry.play.side, g);
  }
  for (const r of tallies) {
    const entry = plays.get(r.playId);
    if (entry) addTallyRow(entry.totals, entry.play.side, r);
  }
  for (const r of sessionlessRows ?? []) {
    if (r.playId === "") {
      if (!r.fromSnap && isUntaggedSnap(r.eventType, opts.side)) untaggedEvents += r.count;
      continue;
    }
    const entry = plays.get(r.playId);
    if (entry) addTallyRow(entry.totals, entry.play.side, r);
  }
  for (const g of groups) {
    if (g.playId === null) {
      if (!g.fromSnap && isUntaggedSnap(g.eventType, opts.side)) untaggedEvents += g.count;
      continue;
    }
    const entry = plays.get(g.playId);
    if (entry) addTaggedGroup(entry.totals, entry.play.side, g);
  }
  const rows = [...plays.values()]
    .filter(({ play, totals }) => play.archivedAt === null || totals.events > 0 || totals.snaps > 0)
    .map(({ play, totals }) => analysisRow(play, totals))
    .sort(compareRows);
  return { plays: rows, untaggedEvents };
}

function comparePlayers(a: PlayAnalysisPlayer, b: PlayAnalysisPlayer): number {
  if (a.points !== b.points) return b.points - a.points;
  return compareNameThenId(a.name, a.playerId, b.name, b.playerId);
}

function hasCredit(c: PlayerCredit): boolean {
  return Object.values(c).some((v) => v !== 0);
}

/**
 * The drill-down of one play of the team in the window: its row, a page of its events (newest first, strictly
 * older than `before`), and every player involved with their credit from the play's snaps and events. null when
 * the team has no such play. A player named only by snaps (a passer whose passes fell incomplete) is looked up
 * after the grouped queries; a player whose profile is gone is left out of the players (their snaps still count
 * in the play's row).
 */
export async function playDrillDown(
  db: Kysely<DB>,
  teamId: string,
  playId: string,
  w: AnalysisWindow,
  page: { before?: EventKey; limit: number },
): Promise<(Omit<PlayAnalysisEventsResponse, "nextCursor"> & { more: boolean }) | null> {
  const play = await getPlay(db, teamId, playId);
  if (!play) return null;

  let pageQuery = eventsInWindow(db, teamId, w, true)
    .select([
      "e.id",
      "e.occurred_at",
      "e.event_type",
      "e.yards",
      "e.player_id",
      "e.snap_id",
      "p.full_name",
      "p.primary_position",
      "p.positions",
      "s.kind",
      "s.date",
      "s.opponent",
    ])
    .where("e.play_id", "=", playId);
  if (page.before) pageQuery = pageQuery.where(olderThan(page.before, "e"));
  // The play's events per player: its tallies, plus (a from/to window of every kind) its events without a session
  // in the window's time range (dated by the viewer's zone).
  const sessionless = w.kind === "all" && (w.from !== undefined || w.to !== undefined);
  const [snapGroups, tallied, loose, pageRows] = await Promise.all([
    groupedSnaps(db, teamId, w, { only: playId }),
    playPlayerTallies(db, teamId, playId, w),
    sessionless ? sessionlessCounts(db, teamId, w, { only: playId }) : [],
    pageQuery
      .orderBy("e.occurred_at", "desc")
      .orderBy("e.id", "desc")
      .limit(page.limit + 1)
      .execute(),
  ]);

  const groups: GroupRow[] = [
    ...tallied.map((r) => ({
      playId,
      eventType: r.eventType,
      playerId: r.playerId,
      playerName: r.fullName,
      position: positionOfRow({ primary_position: r.primaryPosition, positions: r.positions }),
      fromSnap: r.fromSnap,
      count: r.count,
      yards: r.yards,
    })),
    ...loose,
  ];
  const totals = emptyPlayTotals();
  const credits = new Map<string, { name: string; position: string; credit: PlayerCredit }>();
  for (const g of groups) {
    addTaggedGroup(totals, play.side, g);
    let entry = credits.get(g.playerId);
    if (!entry) {
      entry = { name: g.playerName, position: g.position, credit: emptyPlayerCredit() };
      credits.set(g.playerId, entry);
    }
    addPlayerCredit(entry.credit, g);
  }
  const snapLines = new Map<string, StatLine[]>();
  for (const g of snapGroups) {
    addTaggedSnaps(totals, play.side, g);
    for (const [playerId, line] of snapCredits(g)) {
      const list = snapLines.get(playerId) ?? [];
      list.push(line);
      snapLines.set(playerId, list);
    }
  }
  const unnamed = [...snapLines.keys()].filter((id) => !credits.has(id));
  const profiles =
    unnamed.length === 0
      ? []
      : await db
          .selectFrom("profiles")
          .select(["user_id", "full_name", "primary_position", "positions"])
          .where("user_id", "in", unnamed)
          .execute();
  for (const p of profiles) {
    credits.set(p.user_id, { name: p.full_name, position: positionOfRow(p), credit: emptyPlayerCredit() });
  }
  for (const [playerId, lines] of snapLines) {
    const entry = credits.get(playerId);
    if (entry) for (const line of lines) addSnapCredit(entry.credit, line);
  }

  const players = [...credits.entries()]
    .filter(([, { credit }]) => hasCredit(credit))
    .map(([playerId, { name, position, credit }]): PlayAnalysisPlayer => {
      const { pointsTenths, ...counts } = credit;
      return { playerId, name, position, ...counts, points: pointsTenths / 10 };
    })
    .sort(comparePlayers);

  const events: PlayAnalysisEvent[] = pageRows.slice(0, page.limit).map((r) => ({
    id: r.id,
    occurredAt: r.occurred_at,
    eventType: r.event_type,
    yards: numberOrNull(r.yards),
    playerId: r.player_id,
    playerName: r.full_name,
    session: r.kind !== null && r.date !== null ? { kind: r.kind, date: r.date, opponent: r.opponent } : null,
    points: eventPoints(r.event_type, positionOfRow(r)),
    snapId: r.snap_id,
  }));
  return { play: analysisRow(play, totals), events, players, more: pageRows.length > page.limit };
}
