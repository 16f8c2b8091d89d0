import type { LeaderboardGroup, LeaderboardWindow } from "../../../domain/api/team";

/**
 * Every query of team data lives under ["team", ...], so one invalidation of ["team"] (useTeamLiveUpdates)
 * refreshes all of it. The cached value is always the API's answer as sent; views transform it with `select`,
 * so two screens sharing a key never disagree about what is stored under it.
 */
export const TEAM_ROOT_KEY = ["team"] as const;

export const teamKeys = {
  all: TEAM_ROOT_KEY,
  /** GET /api/team/players: the search dialog and the roster share it. */
  players: () => ["team", "players"] as const,
  player: (id: string, tzOffset: number) => ["team", "player", id, { tzOffset }] as const,
  playerEvents: (id: string, type: string | null) => ["team", "player", id, "events", { type }] as const,
  sessions: () => ["team", "sessions"] as const,
  leaderboard: (window: LeaderboardWindow, sessionId: string | null, group: LeaderboardGroup) =>
    ["team", "leaderboard", { window, sessionId, group }] as const,
  stats: (tzOffset: number) => ["team", "stats", { tzOffset }] as const,
  dashboard: () => ["team", "dashboard"] as const,
};

/** The viewer's zone in minutes east of UTC, as the API's `tzOffset` expects (UTC+2 is 120). */
export function viewerTzOffset(date: Date = new Date()): number {
  return -date.getTimezoneOffset();
}
