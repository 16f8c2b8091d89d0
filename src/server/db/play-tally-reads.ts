/*
 * The playbook analysis's reads of the tallies (decision 0015): the window's tagged events per (play, event type,
 * written by a snap) from play_tallies, and its untagged snap-level events logged on their own (session_tallies'
 * loose rows of those types less play_tallies' tagged ones). Sessions are joined on the team, tallies are the
 * team's season's.
 */
import { sql, type Kysely } from "kysely";
import { DEFENSE_SNAP_TYPES, OFFENSE_SNAP_TYPES, snapTypes, type PlaySide } from "#domain/playbook.js";
import type { AnalysisWindow } from "./playbook-analysis.js";
import type { DB } from "./schema.js";
import { seasonOrCurrent } from "./seasons.js";

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
  const types = side ? [...snapTypes(side)] : [...OFFENSE_SNAP_TYPES, ...DEFENSE_SNAP_TYPES];
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

const DAY_MINUTES = 1440;

/** A 'YYYY-MM-DD' as days since 1970, or null when it is not a real date. */
function dayNumber(date: string): number | null {
  const t = Date.parse(`${date}T00:00:00.000Z`);
  if (!Number.isFinite(t) || new Date(t).toISOString().slice(0, 10) !== date) return null;
  return t / 86_400_000;
}

/**
 * The tally rows of sessionless_tallies that sum to the UTC time range of a from/to window's local days: its whole
 * UTC days (level 0), and at each edge the quarter hours of the edge's UTC day added or taken away (level 1, the
 * shorter side of the edge). null when the window is not whole quarter hours (an offset that is not, or a date
 * that is not real): the caller reads those events instead. Every real zone's offset is whole quarter hours.
 */
function sessionlessParts(w: AnalysisWindow) {
  const offset = Math.trunc(w.tzOffset);
  if (offset % 15 !== 0) return null;
  const from = w.from === undefined ? undefined : dayNumber(w.from);
  const to = w.to === undefined ? undefined : dayNumber(w.to);
  if (from === null || to === null) return null;
  // The window is [start, end) in minutes since 1970, UTC.
  const start = from === undefined ? undefined : from * DAY_MINUTES - offset;
  const end = to === undefined ? undefined : (to + 1) * DAY_MINUTES - offset;
  if (start !== undefined && end !== undefined && start >= end) return { empty: true as const };
  const bands: { sign: 1 | -1; day: number; below?: number; atOrAbove?: number }[] = [];
  let firstDay: number | undefined;
  let endDay: number | undefined;
  if (start !== undefined) {
    const day = Math.floor(start / DAY_MINUTES);
    const minute = start - day * DAY_MINUTES;
    if (minute === 0) firstDay = day;
    else if (minute <= DAY_MINUTES / 2) {
      firstDay = day;
      bands.push({ sign: -1, day, below: minute });
    } else {
      firstDay = day + 1;
      bands.push({ sign: 1, day, atOrAbove: minute });
    }
  }
  if (end !== undefined) {
    const day = Math.floor(end / DAY_MINUTES);
    const minute = end - day * DAY_MINUTES;
    if (minute === 0) endDay = day;
    else if (minute <= DAY_MINUTES / 2) {
      endDay = day;
      bands.push({ sign: 1, day, below: minute });
    } else {
      endDay = day + 1;
      bands.push({ sign: -1, day, atOrAbove: minute });
    }
  }
  return { empty: false as const, firstDay, endDay, bands };
}

/** A sessionless_tallies row summed over a window: play_key '' is an untagged event of a snap-level type. */
export interface SessionlessRow extends PlayTallyRow {
  playId: string;
}

/**
 * The events without a session of a from/to window of every kind (dated by the viewer's zone), per (play or ''
 * for untagged, event type, written by a snap), from sessionless_tallies: the window's whole UTC days and the
 * quarter hours at its two edges, so O(days + edge quarter hours) rows, not its events. null when the window is
 * not whole quarter hours (see sessionlessParts).
 */
export async function sessionlessTallies(
  db: Kysely<DB>,
  teamId: string,
  w: AnalysisWindow,
): Promise<SessionlessRow[] | null> {
  const parts = sessionlessParts(w);
  if (parts === null) return null;
  if (parts.empty) return [];
  const season = seasonOrCurrent(teamId, w.seasonId);
  const cols = (sign: 1 | -1) =>
    sql`play_key, event_type, from_snap, ${sql.lit(sign)} * count as n, ${sql.lit(sign)} * yards as yards,
      ${sql.lit(sign)} * points_tenths as points`;
  const dayTerms = [
    sql`season_id = ${season}`,
    sql`level = 0`,
    ...(parts.firstDay === undefined ? [] : [sql`day >= ${parts.firstDay}`]),
    ...(parts.endDay === undefined ? [] : [sql`day < ${parts.endDay}`]),
  ];
  const selects = [
    sql`select ${cols(1)} from sessionless_tallies where ${sql.join(dayTerms, sql` and `)}`,
    ...parts.bands.map(
      (b) => sql`select ${cols(b.sign)} from sessionless_tallies
        where season_id = ${season} and level = 1 and day = ${b.day}
          and ${b.below !== undefined ? sql`minute < ${b.below}` : sql`minute >= ${b.atOrAbove}`}`,
    ),
  ];
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
