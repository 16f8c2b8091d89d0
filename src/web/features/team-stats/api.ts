import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api";
import type { TeamStatsResponse } from "../../../domain/api/team";
import { teamKeys } from "../live/team-keys";

/** GET /api/team/stats, days bucketed in the viewer's zone. */
export function teamStatsQuery(tzOffset: number) {
  return queryOptions({
    queryKey: teamKeys.stats(tzOffset),
    queryFn: ({ signal }) =>
      apiFetch<TeamStatsResponse>(`/api/team/stats?${new URLSearchParams({ tzOffset: String(tzOffset) })}`, { signal }),
  });
}
