import type { LeaderboardResponse, PlayerSummaryDto } from "#domain/api/team.js";
import {
  LAST_WINDOW_DAYS,
  rollingWindowSince,
  type LEADERBOARD_GROUPS,
  type LEADERBOARD_WINDOWS,
} from "#domain/reads.js";
import type { ScoreboardDto } from "#domain/api/game.js";
import { teamLeaderboard } from "../db/analytics-team.js";
import { gameSheet, liveScoreboard } from "../db/games.js";
import { resolveSeason } from "../db/seasons.js";
import { teamPlayerSummaries } from "../db/summaries.js";
import { getTeamSession } from "../db/team-sessions.js";
import { notFound } from "../http/errors.js";
import type { Services } from "../services.js";

/*
 * The read model of the hot team reads, as both their GET endpoints and the live stream's payloads read them
 * (db/ holds their queries; this module composes them and names their cache keys): one function and one
 * read-cache key per read, so the stream's payload and the next GET of the same answer are the same bytes
 * (routes/stream.ts puts the payload in the read cache; the GET that follows finds it there).
 */

type ReadServices = Pick<Services, "database" | "log">;

async function seasonOf(s: ReadServices, teamId: string, seasonId: string | undefined) {
  const season = await resolveSeason(s.database.db, teamId, seasonId);
  if (!season) throw notFound("That season");
  return season;
}

function summaryErrors(s: ReadServices) {
  return {
    onPlayerError: (playerId: string, error: unknown) =>
      s.log.warn({ err: error, playerId }, "player summary fell back to blank"),
  };
}

/** GET /api/team/players?season= */
export const playersKey = (seasonId: string | undefined) => `players season=${seasonId ?? ""}`;

export async function readPlayers(
  s: ReadServices,
  teamId: string,
  seasonId: string | undefined,
): Promise<{ players: PlayerSummaryDto[] }> {
  const season = await seasonOf(s, teamId, seasonId);
  const players = await teamPlayerSummaries(s.database.db, teamId, { seasonId: season.id, ...summaryErrors(s) });
  return { players };
}

export interface LeaderboardQuery {
  window: (typeof LEADERBOARD_WINDOWS)[number];
  sessionId?: string;
  group: (typeof LEADERBOARD_GROUPS)[number];
  seasonId?: string;
  /** The clock the last 30 days count back from (the key and the read must see the same day). */
  now?: Date;
}

/** GET /api/team/leaderboard's defaults: the stream's coach payload. */
export const DEFAULT_LEADERBOARD: LeaderboardQuery = { window: "season", group: "all" };

export const leaderboardKey = (q: LeaderboardQuery) =>
  `leaderboard ${q.window} ${q.sessionId ?? ""} ${q.group} season=${q.seasonId ?? ""}` +
  // The last 30 days move once a day (whole UTC days, decision 0020): the day they start is part of the key.
  (q.window === "last30" ? ` since=${rollingWindowSince(q.now ?? new Date(), LAST_WINDOW_DAYS)}` : "");

/** The leaderboard; 404 for a season or (window session) a session that is not the team's. */
export async function readLeaderboard(
  s: ReadServices,
  teamId: string,
  q: LeaderboardQuery,
): Promise<LeaderboardResponse> {
  const { db } = s.database;
  const season = await seasonOf(s, teamId, q.seasonId);
  if (q.window === "session" && !(q.sessionId && (await getTeamSession(db, { id: q.sessionId, teamId })))) {
    throw notFound("That session");
  }
  return teamLeaderboard(db, teamId, {
    window: q.window,
    sessionId: q.window === "session" ? q.sessionId : undefined,
    group: q.group,
    seasonId: season.id,
    now: q.now,
    ...summaryErrors(s),
  });
}

/** GET /api/team/stats: by the zone offset and the season asked for (team stats never depend on the clock). */
export const statsKey = (tzOffset: number, seasonId: string | undefined) =>
  `stats tz=${tzOffset} season=${seasonId ?? ""}`;

/** GET /api/team/scoreboard for a calendar day. */
export const scoreboardKey = (day: string) => `scoreboard day=${day}`;

export async function readScoreboard(
  s: ReadServices,
  teamId: string,
  day: string,
): Promise<{ scoreboard: ScoreboardDto | null }> {
  return { scoreboard: await liveScoreboard(s.database.db, teamId, day) };
}

/**
 * The scoreboard of a session when it is a game (the stream's payload when a game changed): null when the session
 * no longer exists, undefined when it is a practice (nothing to show). Read as GET /api/team/scoreboard reads its
 * day's game (SQL sums), falling back to the game sheet when another game of that day is the one being played.
 */
export async function readGameScoreboard(
  s: ReadServices,
  teamId: string,
  sessionId: string,
): Promise<ScoreboardDto | null | undefined> {
  const { db } = s.database;
  const session = await getTeamSession(db, { id: sessionId, teamId });
  if (!session) return null;
  if (session.kind !== "game") return undefined;
  const ofDay = await liveScoreboard(db, teamId, session.date);
  if (ofDay?.sessionId === sessionId) return ofDay;
  return (await gameSheet(db, teamId, sessionId))?.scoreboard ?? null;
}

/** readGameScoreboard serialized, as the stream sends it: "null" for a session gone, undefined for a practice. */
export async function readGameScoreboardBody(
  s: ReadServices,
  teamId: string,
  sessionId: string,
): Promise<string | undefined> {
  const board = await readGameScoreboard(s, teamId, sessionId);
  return board === undefined ? undefined : JSON.stringify(board);
}
