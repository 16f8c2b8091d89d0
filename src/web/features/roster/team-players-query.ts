import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api";
import type { TeamPlayersResponse } from "../../../domain/api/team";
import { teamKeys } from "../live/team-keys";

/**
 * GET /api/team/players: every player of the coach's team with their SPEC §3 summary. The roster, the player
 * search dialog and the player detail page's first paint share this one cache entry.
 */
export function teamPlayersQuery() {
  return queryOptions({
    queryKey: teamKeys.players(),
    queryFn: ({ signal }) => apiFetch<TeamPlayersResponse>("/api/team/players", { signal }),
  });
}
