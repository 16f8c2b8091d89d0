/*
 * Queries of the coach analytics API: one player of a team (detail, event log, removal) and the team's
 * sessions. Team-wide boards (leaderboard, stats, dashboard) are in analytics-team.ts.
 * Every function takes the caller's team id and only reads or changes rows of that team; each answers in a
 * fixed handful of queries whatever the team's size.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { SessionRef } from "../../domain/api/common.js";
import type { PlayerDetailResponse } from "../../domain/api/team.js";
import type { EventTypeCounter } from "../../domain/event-types.js";
import {
  blankPlayerSummary,
  safePlayerSummary,
  type PlayerAggregate,
  type PlayerProfile,
  type PlayerSummary,
} from "../../domain/player-summary.js";
import { effectivePosition } from "../../domain/positions.js";
import { eventPointsTenths } from "../../domain/scoring.js";
import { engineOf, nowIso } from "./engine.js";
import type { DB, SessionKind } from "./schema.js";
import { fileUrl, parseStringList } from "./summaries.js";

export interface SummaryErrorHandler {
  /** Called when one player's data cannot be processed and the blank summary (SPEC §8) is used instead. */
  onPlayerError?: (playerId: string, error: unknown) => void;
}

/** The profile columns a summary is built from. */
export interface ProfileColumns {
  user_id: string;
  full_name: string;
  jersey_number: number | null;
  primary_position: string | null;
  positions: string;
  photo_file_id: string | null;
}

/** A positions column that does not hold a JSON list reads as no positions (for scoring events only). */
export function positionsOrEmpty(text: string | null | undefined): string[] {
  try {
    return parseStringList(text);
  } catch {
    return [];
  }
}

/** The effective position (SPEC §3) of a profile row, which decides each event's weight. */
export function positionOfRow(r: Pick<ProfileColumns, "primary_position" | "positions">): string {
  return effectivePosition({ primaryPosition: r.primary_position, positions: positionsOrEmpty(r.positions) });
}

/**
 * The SPEC §3 summary from a profile row and its aggregate, exactly as teamPlayerSummaries builds it: a
 * malformed positions column or counter gives the blank summary (SPEC §8).
 */
export function summarizeRow(r: ProfileColumns, aggregate: PlayerAggregate, opts: SummaryErrorHandler = {}): PlayerSummary {
  const onError = (error: unknown) => opts.onPlayerError?.(r.user_id, error);
  let profile: PlayerProfile;
  try {
    profile = {
      id: r.user_id,
      fullName: r.full_name,
      jerseyNumber: r.jersey_number,
      primaryPosition: r.primary_position,
      positions: parseStringList(r.positions),
      photoUrl: fileUrl(r.photo_file_id),
    };
  } catch (error) {
    onError(error);
    return blankPlayerSummary({ id: r.user_id, fullName: r.full_name, jerseyNumber: r.jersey_number });
  }
  return safePlayerSummary(profile, aggregate, onError);
}

/**
 * The calendar day ("YYYY-MM-DD") of an ISO-8601 UTC text column in a zone `offsetMinutes` east of UTC.
 * Our timestamps all have toISOString()'s shape, which both engines parse.
 */
export function localDay(db: Kysely<DB>, column: string, offsetMinutes: number): RawBuilder<string> {
  const offset = Math.trunc(offsetMinutes);
  if (engineOf(db) === "postgres") {
    return sql<string>`to_char((${sql.ref(column)}::timestamptz at time zone 'UTC') + make_interval(mins => ${offset}), 'YYYY-MM-DD')`;
  }
  return sql<string>`date(${sql.ref(column)}, ${`${offset >= 0 ? "+" : ""}${offset} minutes`})`;
}

export type TeamPlayer = PlayerDetailResponse["player"];

/**
 * One player of the team with their summary from the counters (one query), or null when the id is not a
 * player of this team (whether it exists elsewhere or not).
 */
export async function findTeamPlayer(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
  opts: SummaryErrorHandler = {},
): Promise<TeamPlayer | null> {
  const rows = await db
    .selectFrom("profiles as p")
    .leftJoin("player_stats as s", "s.player_id", "p.user_id")
    .leftJoin("player_event_counts as c", "c.player_id", "p.user_id")
    .select([
      "p.user_id",
      "p.full_name",
      "p.jersey_number",
      "p.primary_position",
      "p.positions",
      "p.photo_file_id",
      "p.joined_at",
      "s.last_event_at",
      "s.attendance_total",
      "s.attendance_attended",
      "c.event_type",
      "c.count",
      "c.yards",
    ])
    .where("p.user_id", "=", playerId)
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "player")
    .execute();
  const first = rows[0];
  if (!first) return null;
  const counters: EventTypeCounter[] = [];
  for (const r of rows) {
    if (r.event_type !== null) counters.push({ eventType: r.event_type, count: Number(r.count ?? 0), yards: Number(r.yards ?? 0) });
  }
  const summary = summarizeRow(
    first,
    {
      counters,
      attendance: { attended: Number(first.attendance_attended ?? 0), total: Number(first.attendance_total ?? 0) },
      lastEventAt: first.last_event_at ?? null,
    },
    opts,
  );
  return {
    ...summary,
    primaryPosition: first.primary_position,
    positions: positionsOrEmpty(first.positions),
    joinedAt: first.joined_at,
  };
}

/** The player's attendance marks for the team's sessions, newest session first. */
export async function playerAttendance(db: Kysely<DB>, teamId: string, playerId: string): Promise<PlayerDetailResponse["attendance"]> {
  const rows = await db
    .selectFrom("attendance as a")
    .innerJoin("team_sessions as s", "s.id", "a.session_id")
    .select(["s.id", "s.date", "s.kind", "s.opponent", "a.present"])
    .where("a.player_id", "=", playerId)
    .where("s.team_id", "=", teamId)
    .orderBy("s.date", "desc")
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .execute();
  return rows.map((r) => ({ sessionId: r.id, date: r.date, kind: r.kind, opponent: r.opponent, present: Number(r.present) === 1 }));
}

/**
 * Performance points per day with events (days in the viewer's zone), ascending, with the running score.
 * Counts every event of the player, like the counters the summary's score comes from, so the last running
 * score equals the summary's performanceScore. Grouped in SQL: one row per (day, event type).
 */
export async function playerScoreHistory(
  db: Kysely<DB>,
  playerId: string,
  position: string,
  offsetMinutes: number,
): Promise<PlayerDetailResponse["scoreHistory"]> {
  const perEvent = db
    .selectFrom("events")
    .select([localDay(db, "occurred_at", offsetMinutes).as("day"), "event_type"])
    .where("player_id", "=", playerId);
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
export async function playerTrainingLogs(
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
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    activityType: r.activity_type,
    durationMinutes: Number(r.duration_minutes),
    intensity: Number(r.intensity),
    notes: r.notes,
  }));
}

/** Feedback the team's coaches gave the player, newest first, with the coach's name. */
export async function playerFeedback(db: Kysely<DB>, teamId: string, playerId: string): Promise<PlayerDetailResponse["feedback"]> {
  const rows = await db
    .selectFrom("feedback as f")
    .innerJoin("profiles as c", "c.user_id", "f.coach_id")
    .select(["f.id", "f.category", "f.body", "f.created_at", "c.full_name"])
    .where("f.player_id", "=", playerId)
    .where("f.team_id", "=", teamId)
    .orderBy("f.created_at", "desc")
    .orderBy("f.id", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, category: r.category, body: r.body, createdAt: r.created_at, coachName: r.full_name }));
}

/** Everything the coach's player detail shows, or null when the id is not a player of the team. */
export async function playerDetail(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
  opts: SummaryErrorHandler & { tzOffset?: number } = {},
): Promise<PlayerDetailResponse | null> {
  const player = await findTeamPlayer(db, teamId, playerId, opts);
  if (!player) return null;
  const [attendance, scoreHistory, trainingLogs, feedback] = await Promise.all([
    playerAttendance(db, teamId, playerId),
    playerScoreHistory(db, playerId, player.position, opts.tzOffset ?? 0),
    playerTrainingLogs(db, playerId),
    playerFeedback(db, teamId, playerId),
  ]);
  return { player, attendance, scoreHistory, trainingLogs, feedback };
}

export interface EventKey {
  occurredAt: string;
  id: string;
}

export interface PlayerEventRow {
  id: string;
  eventType: string;
  yards: number | null;
  occurredAt: string;
  sessionId: string | null;
  session: SessionRef | null;
  playId: string | null;
}

/**
 * One page of the player's events logged for the team, newest first (occurred_at, then id), strictly after
 * the `before` key. `more` says whether another page follows.
 */
export async function listPlayerEvents(
  db: Kysely<DB>,
  opts: { teamId: string; playerId: string; eventType?: string; before?: EventKey; limit: number },
): Promise<{ events: PlayerEventRow[]; more: boolean }> {
  let q = db
    .selectFrom("events as e")
    .leftJoin("team_sessions as s", (join) => join.onRef("s.id", "=", "e.session_id").onRef("s.team_id", "=", "e.team_id"))
    .select(["e.id", "e.event_type", "e.yards", "e.occurred_at", "e.session_id", "e.play_id", "s.kind", "s.date", "s.opponent"])
    .where("e.team_id", "=", opts.teamId)
    .where("e.player_id", "=", opts.playerId);
  if (opts.eventType !== undefined) q = q.where("e.event_type", "=", opts.eventType);
  const before = opts.before;
  if (before) {
    q = q.where((eb) =>
      eb.or([
        eb("e.occurred_at", "<", before.occurredAt),
        eb.and([eb("e.occurred_at", "=", before.occurredAt), eb("e.id", "<", before.id)]),
      ]),
    );
  }
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
      yards: r.yards === null ? null : Number(r.yards),
      occurredAt: r.occurred_at,
      sessionId: r.session_id,
      session: r.kind !== null && r.date !== null ? { kind: r.kind, date: r.date, opponent: r.opponent } : null,
      playId: r.play_id,
    })),
  };
}

/**
 * Takes a player off the team: their profile's team is cleared (and with it the time they joined); their
 * events, counters, attendance and logs stay with them. Returns false when the id is not a player of the team.
 */
export async function removePlayerFromTeam(db: Kysely<DB>, teamId: string, playerId: string): Promise<boolean> {
  const result = await db
    .updateTable("profiles")
    .set({ team_id: null, joined_at: null, updated_at: nowIso() })
    .where("user_id", "=", playerId)
    .where("team_id", "=", teamId)
    .where("role", "=", "player")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface SessionWithCounts {
  id: string;
  kind: SessionKind;
  date: string;
  opponent: string | null;
  location: string | null;
  eventCount: number;
  presentCount: number;
  attendanceCount: number;
}

/** The team's sessions, newest first, with their event and attendance counts (one query). */
export async function teamSessionsWithCounts(db: Kysely<DB>, teamId: string): Promise<SessionWithCounts[]> {
  const rows = await db
    .selectFrom("team_sessions as s")
    .select((eb) => [
      "s.id",
      "s.kind",
      "s.date",
      "s.opponent",
      "s.location",
      eb
        .selectFrom("events as e")
        .select((e) => e.fn.countAll<number | string>().as("n"))
        .whereRef("e.session_id", "=", "s.id")
        .whereRef("e.team_id", "=", "s.team_id")
        .as("event_count"),
      eb
        .selectFrom("attendance as a")
        .select((a) => a.fn.countAll<number | string>().as("n"))
        .whereRef("a.session_id", "=", "s.id")
        .where("a.present", "=", 1)
        .as("present_count"),
      eb
        .selectFrom("attendance as a")
        .select((a) => a.fn.countAll<number | string>().as("n"))
        .whereRef("a.session_id", "=", "s.id")
        .as("attendance_count"),
    ])
    .where("s.team_id", "=", teamId)
    .orderBy("s.date", "desc")
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    date: r.date,
    opponent: r.opponent,
    location: r.location,
    eventCount: Number(r.event_count ?? 0),
    presentCount: Number(r.present_count ?? 0),
    attendanceCount: Number(r.attendance_count ?? 0),
  }));
}
