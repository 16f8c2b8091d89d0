import { hashKey, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { ScoreboardDto } from "#domain/api/game";
import type { LiveChange } from "#domain/api/live";
import { teamKeys } from "~/lib/query-keys";
import { isAffectedBy } from "./change-keys";

/** The leaderboard the stream carries: GET /api/team/leaderboard's defaults (season, all, current season). */
export const LIVE_LEADERBOARD_KEY = teamKeys.leaderboard("season", null, "all", null);

/** The viewer's calendar day "YYYY-MM-DD" (the scoreboard's "today"). */
function localDay(now = new Date()): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * Whether the changed game's scoreboard is what GET /api/team/scoreboard would now answer: the same game as the
 * one held, or a game of today when none (or a finished one) is held. A game gone (null), a game of another day,
 * or another game while one is being played: not known here, so the query is refetched instead.
 */
function scoreboardApplies(
  held: { scoreboard: ScoreboardDto | null } | undefined,
  next: ScoreboardDto | null,
  today: string,
) {
  if (next === null || held === undefined) return false;
  const current = held.scoreboard;
  if (current?.sessionId === next.sessionId) return true;
  return next.date === today && (current === null || (current.final !== null && next.final === null));
}

/**
 * Applies one `change` message of GET /api/team/stream (decision 0016): the data it carries replaces the
 * matching queries' data (no refetch); every other query its kind affects is invalidated, as a message without
 * data always was (change-keys.ts).
 */
export function applyLiveChange(client: QueryClient, change: LiveChange, today = localDay()): void {
  const applied = new Set<string>();
  const set = (key: QueryKey, data: unknown) => {
    client.setQueryData(key, data);
    applied.add(hashKey(key));
  };
  if (change.scoreboard !== undefined) {
    const key = teamKeys.scoreboard();
    const held = client.getQueryData<{ scoreboard: ScoreboardDto | null }>(key);
    if (scoreboardApplies(held, change.scoreboard, today)) set(key, { scoreboard: change.scoreboard });
  }
  if (change.leaderboard !== undefined) set(LIVE_LEADERBOARD_KEY, change.leaderboard);
  void client.invalidateQueries({
    predicate: (query) => isAffectedBy(change.kind, query.queryKey) && !applied.has(query.queryHash),
  });
}
