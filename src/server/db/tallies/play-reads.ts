/*
 * The playbook analysis's reads of the tallies (decision 0015): the window's tagged events per (play, event type,
 * written by a snap) from play_tallies, and its untagged snap-level events logged on their own (session_tallies'
 * loose rows of those types less play_tallies' tagged ones). Sessions are joined on the team, tallies are the
 * team's season's.
 */
import { sql, type Kysely } from "kysely";
import { snapTypes, type PlaySide } from "#domain/playbook.js";
import type { AnalysisWindow } from "./analysis-window.js";
import type { DB } from "../schema.js";
import { seasonOrCurrent } from "../seasons.js";
import { DAY_MINUTES, sessionlessWindowPieces, type WindowPiece } from "./sessionless-window.js";
import { SLOT_MINUTES, SNAP_LEVEL_TYPES } from "./sql.js";

/** A tally query (alias `t`, keyed by session_key) narrowed to the window's sessions in the team's season. */
function talliesInWindow<T extends "play_tallies" | "session_tallies">(
  db: Kysely<DB>,
  table: T,
  teamId: string,
  w: AnalysisWindow,
) {
  let q = db
    .selectFrom(`${table} as t` as "play_tallies as t")
    .leftJoin("team_sessions as s", (join) => join.onRef("s.id", "=", "t.session_key").on("s.team_id", "=", teamId))
    .where("t.season_id", "=", seasonOrCurrent(teamId, w.seasonId));
  // The events without a session (session_key '') have no kind or date: they count only when the window has
  // neither (the kind "all" with from/to reads them from the events instead).
  if (w.kind !== "all") q = q.where("s.kind", "=", w.kind);
  if (w.from !== undefined) q = q.where("s.date", ">=", w.from);
  if (w.to !== undefined) q = q.where("s.date", "<=", w.to);
  return q;
}

export interface PlayTallyRow {
  playId: string;
  eventType: string;
  fromSnap: boolean;
  count: number;
  yards: number;
  pointsTenths: number;
}

/** The tagged events of the window per (play, event type, written by a snap): one sweep of the season's tallies. */
export async function playTallies(db: Kysely<DB>, teamId: string, w: AnalysisWindow): Promise<PlayTallyRow[]> {
  const rows = await talliesInWindow(db, "play_tallies", teamId, w)
    .select((eb) => [
      "t.play_id",
      "t.event_type",
      "t.from_snap",
      eb.fn.sum<number | string>("t.count").as("n"),
      eb.fn.sum<number | string>("t.yards").as("yards"),
      eb.fn.sum<number | string>("t.points_tenths").as("points"),
    ])
    .groupBy(["t.play_id", "t.event_type", "t.from_snap"])
    .execute();
  return rows.map((r) => ({
    playId: r.play_id,
    eventType: r.event_type,
    fromSnap: Number(r.from_snap) === 1,
    count: Number(r.n),
    yards: Number(r.yards),
    pointsTenths: Number(r.points),
  }));
}

/**
 * How many untagged snap-level events logged on their own (of the side's snap types) the window's sessions hold:
 * the loose events of those types less the tagged ones.
 */
export async function untaggedLooseEvents(db: Kysely<DB>, teamId: string, w: AnalysisWindow, side?: PlaySide) {
  const types = side ? [...snapTypes(side)] : SNAP_LEVEL_TYPES;
  const [all, tagged] = await Promise.all([
    talliesInWindow(db, "session_tallies", teamId, w)
      .select((eb) => eb.fn.sum<number | string | null>(sql.ref("t.count")).as("n"))
      .where(sql.ref("t.loose"), "=", 1)
      .where("t.event_type", "in", types)
      .executeTakeFirst(),
    talliesInWindow(db, "play_tallies", teamId, w)
      .select((eb) => eb.fn.sum<number | string | null>("t.count").as("n"))
      .where("t.from_snap", "=", 0)
      .where("t.event_type", "in", types)
      .executeTakeFirst(),
  ]);
  return Number(all?.n ?? 0) - Number(tagged?.n ?? 0);
}

/** A 'YYYY-MM-DD' as days since 1970, or null when it is not a real date. */
function dayNumber(date: string): number | null {
  const t = Date.parse(`${date}T00:00:00.000Z`);
  if (!Number.isFinite(t) || new Date(t).toISOString().slice(0, 10) !== date) return null;
  return t / 86_400_000;
}

/**
 * The UTC time range [start, end), in minutes since 1970, that holds exactly the local days of a from/to window (an
 * event's local day is its UTC time plus the offset, so day >= from is time >= from's midnight less the offset);
 * an end is absent when the window has none. null when a date is not a real one.
 */
export function windowMinutes(w: AnalysisWindow): { start?: number; end?: number } | null {
  const offset = Math.trunc(w.tzOffset);
  const from = w.from === undefined ? undefined : dayNumber(w.from);
  const to = w.to === undefined ? undefined : dayNumber(w.to);
  if (from === null || to === null) return null;
  return {
    start: from === undefined ? undefined : from * DAY_MINUTES - offset,
    end: to === undefined ? undefined : (to + 1) * DAY_MINUTES - offset,
  };
}

/**
 * The pieces of sessionless_tallies that sum to the UTC time range of a from/to window's local days (see
 * sessionless-window.ts: whole weeks and days, and six-hour spans and quarter hours at the edges). null when the
 * window is not whole quarter hours (an offset that is not, or a date that is not real): the caller reads those
 * events instead. Every real zone's offset is whole quarter hours.
 */
function sessionlessPieces(w: AnalysisWindow): WindowPiece[] | null {
  if (Math.trunc(w.tzOffset) % SLOT_MINUTES !== 0) return null;
  const range = windowMinutes(w);
  return range === null ? null : sessionlessWindowPieces(range.start, range.end);
}

/** A sessionless_tallies row summed over a window: play_key '' is an untagged event of a snap-level type. */
export interface SessionlessRow extends PlayTallyRow {
  playId: string;
}

/**
 * The events without a session of a from/to window of every kind (dated by the viewer's zone), per (play or ''
 * for untagged, event type, written by a snap), from sessionless_tallies: the window's whole weeks and days, and
 * six-hour spans and quarter hours at its two edges, so O(weeks + a few days and spans) rows, not its events. null
 * when the window is not whole quarter hours (see sessionlessPieces).
 */
export async function sessionlessTallies(
  db: Kysely<DB>,
  teamId: string,
  w: AnalysisWindow,
): Promise<SessionlessRow[] | null> {
  const pieces = sessionlessPieces(w);
  if (pieces === null) return null;
  if (pieces.length === 0) return [];
  const season = seasonOrCurrent(teamId, w.seasonId);
  const selects = pieces.map((p) => {
    const terms = [sql`season_id = ${season}`, sql`level = ${sql.lit(p.level)}`];
    if ("day" in p) terms.push(sql`day = ${p.day}`, sql`minute >= ${p.fromMinute}`, sql`minute < ${p.toMinute}`);
    else {
      if (p.fromDay !== undefined) terms.push(sql`day >= ${p.fromDay}`);
      if (p.toDay !== undefined) terms.push(sql`day < ${p.toDay}`);
    }
    return sql`select play_key, event_type, from_snap, ${sql.lit(p.sign)} * count as n, ${sql.lit(p.sign)} * yards as yards,
        ${sql.lit(p.sign)} * points_tenths as points
      from sessionless_tallies where ${sql.join(terms, sql` and `)}`;
  });
  const { rows } = await sql<{
    play_key: string;
    event_type: string;
    from_snap: number | string;
    n: number | string;
    yards: number | string;
    points: number | string;
  }>`select play_key, event_type, from_snap, sum(n) as n, sum(yards) as yards, sum(points) as points
    from (${sql.join(selects, sql` union all `)}) w
    group by play_key, event_type, from_snap having sum(n) <> 0`.execute(db);
  return rows.map((r) => ({
    playId: r.play_key,
    eventType: r.event_type,
    fromSnap: Number(r.from_snap) === 1,
    count: Number(r.n),
    yards: Number(r.yards),
    pointsTenths: Number(r.points),
  }));
}

/** One player's tagged events of a play per (event type, written by a snap), with the player's profile. */
export interface PlayPlayerRow {
  playerId: string;
  fullName: string;
  primaryPosition: string | null;
  positions: string;
  eventType: string;
  fromSnap: boolean;
  count: number;
  yards: number;
}

/**
 * A play's tagged events per (player, event type, written by a snap) in the window, from play_player_tallies (one
 * key range: the play's rows): its sessions' (joined on the team for their kind and date) and, when the window has
 * neither a kind nor dates, its events without a session. A from/to window of every kind leaves those out: the
 * caller reads them from the play's events of the window's time range.
 */
export async function playPlayerTallies(
  db: Kysely<DB>,
  teamId: string,
  playId: string,
  w: AnalysisWindow,
): Promise<PlayPlayerRow[]> {
  let q = db
    .selectFrom("play_player_tallies as t")
    .innerJoin("profiles as p", "p.user_id", "t.player_id")
    .leftJoin("team_sessions as s", (join) => join.onRef("s.id", "=", "t.session_key").on("s.team_id", "=", teamId))
    .where("t.play_id", "=", playId)
    .where("t.season_id", "=", seasonOrCurrent(teamId, w.seasonId));
  if (w.kind !== "all") q = q.where("s.kind", "=", w.kind);
  if (w.from !== undefined) q = q.where("s.date", ">=", w.from);
  if (w.to !== undefined) q = q.where("s.date", "<=", w.to);
  const rows = await q
    .select((eb) => [
      "t.player_id",
      "p.full_name",
      "p.primary_position",
      "p.positions",
      "t.event_type",
      "t.from_snap",
      eb.fn.sum<number | string>("t.count").as("n"),
      eb.fn.sum<number | string>("t.yards").as("yards"),
    ])
    .groupBy(["t.player_id", "p.full_name", "p.primary_position", "p.positions", "t.event_type", "t.from_snap"])
    .having((eb) => eb.fn.sum("t.count"), ">", 0)
    .execute();
  return rows.map((r) => ({
    playerId: r.player_id,
    fullName: r.full_name,
    primaryPosition: r.primary_position,
    positions: r.positions,
    eventType: r.event_type,
    fromSnap: Number(r.from_snap) === 1,
    count: Number(r.n),
    yards: Number(r.yards),
  }));
}
