/*
 * The player read model of the coach analytics API: one player of a team (summary, detail, score history,
 * event log). Every function takes the caller's team id and only reads rows of that team; each answers in a
 * fixed handful of queries whatever the team's size. Team-wide boards are in analytics-team.ts.
 */
import type { Kysely } from "kysely";
import type { PlayerDetailResponse, PlayerEvent } from "#domain/api/team.js";
import { eventPointsTenths } from "#domain/scoring.js";
import { localDay } from "./dialect.js";
import { olderThan, type EventKey } from "./events.js";
import { numberOrNull, stringListOrEmpty } from "./rows.js";
import type { DB } from "./schema.js";
import { toTrainingLogDto } from "./training-logs.js";
import {
  groupCounterRows,
  returnTouchdownsByPlayer,
  summarizeRow,
  teamPlayersWithCounters,
  type SummaryErrorHandler,
} from "./summaries.js";
import { seasonOrCurrent, type SeasonOption } from "./seasons.js";

export type TeamPlayer = PlayerDetailResponse["player"];

/**
 * One player of the team with their summary from the counters (one query), or null when the id is not a
 * player of this team (whether it exists elsewhere or not).
 */
export async function findTeamPlayer(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
  opts: SummaryErrorHandler & SeasonOption = {},
): Promise<TeamPlayer | null> {
  const [rows, returns] = await Promise.all([
    teamPlayersWithCounters(db, teamId, opts.seasonId)
      .select("p.joined_at")
      .where("p.user_id", "=", playerId)
      .execute(),
    returnTouchdownsByPlayer(db, teamId, { seasonId: seasonOrCurrent(teamId, opts.seasonId) }, playerId),
  ]);
  const [found] = groupCounterRows(rows, returns);
  if (!found) return null;
  const { row, aggregate } = found;
  return {
    ...summarizeRow(row, aggregate, opts),
    primaryPosition: row.primary_position,
    positions: stringListOrEmpty(row.positions),
    joinedAt: row.joined_at,
  };
}

/** The player's attendance marks for the team's sessions of a season, newest session first. */
async function playerAttendance(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
  seasonId: string | undefined,
): Promise<PlayerDetailResponse["attendance"]> {
  const rows = await db
    .selectFrom("attendance as a")
    .innerJoin("team_sessions as s", "s.id", "a.session_id")
    .select(["s.id", "s.date", "s.kind", "s.opponent", "a.present"])
    .where("a.player_id", "=", playerId)
    .where("s.team_id", "=", teamId)
    .where("s.season_id", "=", seasonOrCurrent(teamId, seasonId))
    .orderBy("s.date", "desc")
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .execute();
  return rows.map((r) => ({
    sessionId: r.id,
    date: r.date,
    kind: r.kind,
    opponent: r.opponent,
    present: Number(r.present) === 1,
  }));
}

/**
 * Performance points per day with events (days in the viewer's zone), ascending, with the running score.
 * Counts every event of the player in the team's season (absent: the current one), like the counters the
 * summary's score comes from, so the last running score equals the summary's performanceScore. Grouped in SQL:
 * one row per (day, event type).
 */
export async function playerScoreHistory(
  db: Kysely<DB>,
  playerId: string,
  position: string,
  offsetMinutes: number,
  season: { teamId: string; seasonId?: string },
): Promise<PlayerDetailResponse["scoreHistory"]> {
  const perEvent = db
    .selectFrom("events")
    .select([localDay(db, "occurred_at", offsetMinutes).as("day"), "event_type"])
    .where("player_id", "=", playerId)
    .where("season_id", "=", seasonOrCurrent(season.teamId, season.seasonId));
  const rows = await db
    .selectFrom(perEvent.as("t"))
    .select(["t.day", "t.event_type", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy(["t.day", "t.event_type"])
    .orderBy("t.day")
    .execute();
  const byDay = new Map<string, number>();
  for (const r of rows) {
    byDay.set(r.day, (byDay.get(r.day) ?? 0) + Number(r.n) * eventPointsTenths(r.event_type, position));
  }
  let running = 0;
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, points]) => {
      running += points;
      return { date, points: points / 10, score: running / 10 };
    });
}

/** The player's latest training logs (latest date first). */
async function playerTrainingLogs(
  db: Kysely<DB>,
  playerId: string,
  limit = 20,
): Promise<PlayerDetailResponse["trainingLogs"]> {
  const rows = await db
    .selectFrom("training_logs")
    .select(["id", "date", "activity_type", "duration_minutes", "intensity", "notes"])
    .where("player_id", "=", playerId)
    .orderBy("date", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toTrainingLogDto);
}

/** Feedback the team's coaches gave the player, newest first, with the coach's name. */
async function playerFeedback(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
): Promise<PlayerDetailResponse["feedback"]> {
  const rows = await db
    .selectFrom("feedback as f")
    .innerJoin("profiles as c", "c.user_id", "f.coach_id")
    .select(["f.id", "f.category", "f.body", "f.created_at", "c.full_name"])
    .where("f.player_id", "=", playerId)
    .where("f.team_id", "=", teamId)
    .orderBy("f.created_at", "desc")
    .orderBy("f.id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    body: r.body,
    createdAt: r.created_at,
    coachName: r.full_name,
  }));
}

/** Everything the coach's player detail shows, or null when the id is not a player of the team. */
export async function playerDetail(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
  opts: SummaryErrorHandler & SeasonOption & { tzOffset?: number } = {},
): Promise<PlayerDetailResponse | null> {
  const player = await findTeamPlayer(db, teamId, playerId, opts);
  if (!player) return null;
  const [attendance, scoreHistory, trainingLogs, feedback] = await Promise.all([
    playerAttendance(db, teamId, playerId, opts.seasonId),
    playerScoreHistory(db, playerId, player.position, opts.tzOffset ?? 0, { teamId, seasonId: opts.seasonId }),
    playerTrainingLogs(db, playerId),
    playerFeedback(db, teamId, playerId),
  ]);
  return { player, attendance, scoreHistory, trainingLogs, feedback };
}

/** A player event as the API sends it, but for its points (which depend on the position it is scored at). */
export type PlayerEventRow = Omit<PlayerEvent, "points">;

/**
 * One page of the player's events logged for the team in a season (absent: the current one), newest first (occurred_at, then id), strictly after
 * the `before` key. `more` says whether another page follows.
 */
export async function listPlayerEvents(
  db: Kysely<DB>,
  opts: SeasonOption & { teamId: string; playerId: string; eventType?: string; before?: EventKey; limit: number },
): Promise<{ events: PlayerEventRow[]; more: boolean }> {
  let q = db
    .selectFrom("events as e")
    .leftJoin("team_sessions as s", (join) =>
      join.onRef("s.id", "=", "e.session_id").onRef("s.team_id", "=", "e.team_id"),
    )
    .select([
      "e.id",
      "e.event_type",
      "e.yards",
      "e.occurred_at",
      "e.session_id",
      "e.play_id",
      "s.kind",
      "s.date",
      "s.opponent",
    ])
    .where("e.team_id", "=", opts.teamId)
    .where("e.player_id", "=", opts.playerId)
    .where("e.season_id", "=", seasonOrCurrent(opts.teamId, opts.seasonId));
  if (opts.eventType !== undefined) q = q.where("e.event_type", "=", opts.eventType);
  if (opts.before) q = q.where(olderThan(opts.before, "e"));
  const rows = await q
    .orderBy("e.occurred_at", "desc")
    .orderBy("e.id", "desc")
    .limit(opts.limit + 1)
    .execute();
  const more = rows.length > opts.limit;
  return {
    more,
    events: rows.slice(0, opts.limit).map((r) => ({
      id: r.id,
      eventType: r.event_type,
      yards: numberOrNull(r.yards),
      occurredAt: r.occurred_at,
      sessionId: r.session_id,
      session: r.kind !== null && r.date !== null ? { kind: r.kind, date: r.date, opponent: r.opponent } : null,
      playId: r.play_id,
    })),
  };
}
