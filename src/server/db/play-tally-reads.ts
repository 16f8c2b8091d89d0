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
