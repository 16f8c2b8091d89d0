/**
 * What the API's reads (api/team.ts, api/player.ts) share with the screens that show them: the leaderboard's
 * windows and groups, the leaders boards' statistics, the rolling window of the last-30-days board, how much a
 * player's dashboard lists, how a session is named in lists, and the live stream's event name. Free of zod, so a dashboard or the leaderboard
 * draws without loading it with the API's schemas (decision 0021).
 */
import type { SessionRef } from "./api/common.js";

/** The statistics the leaders boards rank, in the order they are shown. */
export const LEADER_STATS = [
  "passingYards",
  "receivingYards",
  "rushingYards",
  "touchdownsScored",
  "touchdownPasses",
  "flagPulls",
  "interceptions",
] as const;
export type LeaderStat = (typeof LEADER_STATS)[number];
/** How many players each leaders board lists. */
export const LEADERS_PER_STAT = 3;

export const LEADERBOARD_WINDOWS = ["season", "last30", "session"] as const;
export type LeaderboardWindow = (typeof LEADERBOARD_WINDOWS)[number];
export const LEADERBOARD_GROUPS = ["all", "offense", "defense", "other"] as const;
export type LeaderboardGroup = (typeof LEADERBOARD_GROUPS)[number];
/** The "last30" window: events of the last 30 days (see rollingWindowSince). */
export const LAST_WINDOW_DAYS = 30;

/**
 * Where a rolling window of the last `days` days starts: midnight UTC of the day `days` days before `now`'s UTC
 * day, as an ISO time. The window counts whole days (at least `days` × 24 hours, and today so far), so it moves once
 * a day, not with every tick of the clock: the same answer all day, read from day and week tallies only (decision
 * 0020).
 */
export function rollingWindowSince(now: Date, days: number): string {
  const dayMs = 86_400_000;
  return new Date((Math.floor(now.getTime() / dayMs) - days) * dayMs).toISOString();
}

/**
 * How a session reads in lists: "Game vs Eagles · 2026-10-03", "Game · 2026-10-03", "Practice · 2026-10-01".
 * The API sends the day as it is stored; the web passes its own day format ("Oct 3, 2026").
 */
export function sessionLabel(
  s: Pick<SessionRef, "kind" | "date"> & { opponent?: string | null },
  formatDay: (day: string) => string = (day) => day,
): string {
  const opponent = s.opponent?.trim();
  const what = s.kind === "game" ? (opponent ? `Game vs ${opponent}` : "Game") : "Practice";
  return `${what} · ${formatDay(s.date)}`;
}

/** How many of the player's latest events and feedback the dashboard shows. */
export const DASHBOARD_RECENT_EVENTS = 10;
export const DASHBOARD_LATEST_FEEDBACK = 3;

/** The SSE event name of GET /api/team/stream's change messages (their data is read by api/live.ts). */
export const CHANGE_EVENT = "change";
