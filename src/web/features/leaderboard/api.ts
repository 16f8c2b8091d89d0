import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api";
import type { LeaderboardGroup, LeaderboardResponse, LeaderboardWindow, TeamSessionsResponse } from "../../../domain/api/team";
import { teamKeys } from "../live/team-keys";

/** GET /api/team/sessions: the team's practices and games, newest first. */
export function teamSessionsQuery() {
  return queryOptions({
    queryKey: teamKeys.sessions(),
    queryFn: ({ signal }) => apiFetch<TeamSessionsResponse>("/api/team/sessions", { signal }),
  });
}

/** GET /api/team/leaderboard for a window (and, for one session, its id) and a position group. */
export function leaderboardQuery(window: LeaderboardWindow, sessionId: string | null, group: LeaderboardGroup) {
  return queryOptions({
    queryKey: teamKeys.leaderboard(window, sessionId, group),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ window, group });
      if (window === "session" && sessionId) params.set("sessionId", sessionId);
      return apiFetch<LeaderboardResponse>(`/api/team/leaderboard?${params}`, { signal });
    },
  });
}
