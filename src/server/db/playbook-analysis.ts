/*
 * Playbook analysis queries. The figures come from ONE grouped query over the team's events in the window,
 * one row per (play, event type, player), with the player's position columns so each group is scored at the
 * player's effective position; domain/playbook.ts folds the groups into each play's figures. The same query,
 * narrowed to one play, gives the drill-down's per-player totals, so the drill-down adds up to the row.
 *
 * Every query is scoped by the caller's team: events by team_id, and plays and sessions joined on the same team.
 */
import { sql, type Kysely } from "kysely";
import type {
  AnalysisKind,
  PlayAnalysisEvent,
  PlayAnalysisEventsResponse,
  PlayAnalysisPlayer,
  PlaybookAnalysisResponse,
  PlaybookAnalysisRow,
} from "#domain/api/plays.js";
import {
  addPlayerCredit,
  addTaggedGroup,
  emptyPlayTotals,
  DEFENSE_SNAP_TYPES,
  isUntaggedSnap,
  OFFENSE_SNAP_TYPES,
  playFigures,
  snapTypes,
  type PlayerCredit,
  type PlaySide,
  type PlayTotals,
} from "#domain/playbook.js";
import { eventPoints } from "#domain/scoring.js";
import { localDay } from "./engine.js";
import { olderThan, type EventKey } from "./events.js";
import { compareNameThenId, getPlay, toPlay, type Play } from "./plays.js";
import { numberOrNull, positionOfRow } from "./rows.js";
import type { DB } from "./schema.js";

/** Which events count: see playbookAnalysisQuerySchema in domain/api/plays.ts. */
export interface AnalysisWindow {
  kind: AnalysisKind;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  /** YYYY-MM-DD, inclusive. */
  to?: string;
  /** Minutes east of UTC: the zone that dates an event logged outside a session. */
  tzOffset: number;
}

/**
 * The team's events in the window, with their player's profile and (when they have one) their session.
 * An event's date is its session's date, else the day it happened in the viewer's zone.
 */
function eventsInWindow(db: Kysely<DB>, teamId: string, w: AnalysisWindow) {
  let q = db
    .selectFrom("events as e")
    .innerJoin("profiles as p", "p.user_id", "e.player_id")
    .leftJoin("team_sessions as s", (join) =>
      join.onRef("s.id", "=", "e.session_id").onRef("s.team_id", "=", "e.team_id"),
    )
    .where("e.team_id", "=", teamId);
  if (w.kind !== "all") q = q.where("s.kind", "=", w.kind);
  if (w.from !== undefined || w.to !== undefined) {
    const day = sql<string>`coalesce(${sql.ref("s.date")}, ${localDay(db, "e.occurred_at", w.tzOffset)})`;
    if (w.from !== undefined) q = q.where(day, ">=", w.from);
    if (w.to !== undefined) q = q.where(day, "<=", w.to);
  }
  return q;
}

interface GroupRow {
  playId: string | null;
  eventType: string;
  playerId: string;
  playerName: string;
  position: string;
  count: number;
  yards: number;
}

/**
 * The grouped counts: one row per (play, event type, player). `only` narrows to one play; otherwise the rows
 * cover the plays of `side` (every play without a side) plus untagged snap-level events (play null).
 */
async function groupedCounts(
  db: Kysely<DB>,
  teamId: string,
  w: AnalysisWindow,
  scope: { only: string } | { side?: PlaySide },
): Promise<GroupRow[]> {
  let q = eventsInWindow(db, teamId, w).leftJoin("plays as pl", (join) =>
    join.onRef("pl.id", "=", "e.play_id").onRef("pl.team_id", "=", "e.team_id"),
  );
  if ("only" in scope) {
    q = q.where("e.play_id", "=", scope.only);
  } else {
    const side = scope.side;
    const untaggedTypes = side ? [...snapTypes(side)] : [...OFFENSE_SNAP_TYPES, ...DEFENSE_SNAP_TYPES];
    q = q.where((eb) =>
      eb.or([
        side ? eb.and([eb("e.play_id", "is not", null), eb("pl.side", "=", side)]) : eb("e.play_id", "is not", null),
        eb.and([eb("e.play_id", "is", null), eb("e.event_type", "in", untaggedTypes)]),
      ]),
    );
  }
  const rows = await q
    .select((eb) => [
      "e.play_id",
      "e.event_type",
      "e.player_id",
      "p.full_name",
      "p.primary_position",
      "p.positions",
      eb.fn.countAll<number | string>().as("n"),
      eb.fn.sum<number | string | null>(eb.fn.coalesce("e.yards", sql<number>`0`)).as("yards"),
    ])
    .groupBy(["e.play_id", "e.event_type", "e.player_id", "p.full_name", "p.primary_position", "p.positions"])
    .execute();
  return rows.map((r) => ({
    playId: r.play_id,
    eventType: r.event_type,
    playerId: r.player_id,
    playerName: r.full_name,
    position: positionOfRow(r),
    count: Number(r.n),
    yards: Number(r.yards ?? 0),
  }));
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
 * that have tagged events in it; most run first, then by name. Two queries: the plays, and the grouped counts.
 */
export async function playbookAnalysis(
  db: Kysely<DB>,
  teamId: string,
  opts: AnalysisWindow & { side?: PlaySide },
): Promise<PlaybookAnalysisResponse> {
  let playsQuery = db.selectFrom("plays").selectAll().where("team_id", "=", teamId);
  if (opts.side) playsQuery = playsQuery.where("side", "=", opts.side);
  const [playRows, groups] = await Promise.all([
    playsQuery.execute(),
    groupedCounts(db, teamId, opts, { side: opts.side }),
  ]);

  const plays = new Map<string, { play: Play; totals: PlayTotals }>();
  for (const r of playRows) {
    plays.set(r.id, { play: toPlay(r), totals: emptyPlayTotals() });
  }
  let untaggedEvents = 0;
  for (const g of groups) {
    if (g.playId === null) {
      if (isUntaggedSnap(g.eventType, opts.side)) untaggedEvents += g.count;
      continue;
    }
    // A play made after the plays were read has no row; its events wait for the next read.
    const entry = plays.get(g.playId);
    if (entry) addTaggedGroup(entry.totals, entry.play.side, g);
  }
  const rows = [...plays.values()]
    .filter(({ play, totals }) => play.archivedAt === null || totals.events > 0)
    .map(({ play, totals }) => analysisRow(play, totals))
    .sort(compareRows);
  return { plays: rows, untaggedEvents };
}

function comparePlayers(a: PlayAnalysisPlayer, b: PlayAnalysisPlayer): number {
  if (a.points !== b.points) return b.points - a.points;
  return compareNameThenId(a.name, a.playerId, b.name, b.playerId);
}

/**
 * The drill-down of one play of the team in the window: its row, a page of its events (newest first, strictly
 * older than `before`), and every player involved with their totals. null when the team has no such play.
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

  let pageQuery = eventsInWindow(db, teamId, w)
    .select([
      "e.id",
      "e.occurred_at",
      "e.event_type",
      "e.yards",
      "e.player_id",
      "p.full_name",
      "p.primary_position",
      "p.positions",
      "s.kind",
      "s.date",
      "s.opponent",
    ])
    .where("e.play_id", "=", playId);
  if (page.before) pageQuery = pageQuery.where(olderThan(page.before, "e"));
  const [groups, pageRows] = await Promise.all([
    groupedCounts(db, teamId, w, { only: playId }),
    pageQuery
      .orderBy("e.occurred_at", "desc")
      .orderBy("e.id", "desc")
      .limit(page.limit + 1)
      .execute(),
  ]);

  const totals = emptyPlayTotals();
  const credits = new Map<string, { name: string; position: string; credit: PlayerCredit }>();
  for (const g of groups) {
    addTaggedGroup(totals, play.side, g);
    let entry = credits.get(g.playerId);
    if (!entry) {
      entry = { name: g.playerName, position: g.position, credit: { events: 0, yards: 0, pointsTenths: 0 } };
      credits.set(g.playerId, entry);
    }
    addPlayerCredit(entry.credit, g);
  }
  const players = [...credits.entries()]
    .map(([playerId, { name, position, credit }]) => ({
      playerId,
      name,
      position,
      events: credit.events,
      yards: credit.yards,
      points: credit.pointsTenths / 10,
    }))
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
  }));
  return { play: analysisRow(play, totals), events, players, more: pageRows.length > page.limit };
}
