import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api";
import type { DashboardResponse } from "../../../domain/api/team";
import { teamKeys } from "../live/team-keys";

/** GET /api/team/dashboard: head counts, this week's activity, the top five and the latest events. */
export function dashboardQuery() {
  return queryOptions({
    queryKey: teamKeys.dashboard(),
    queryFn: ({ signal }) => apiFetch<DashboardResponse>("/api/team/dashboard", { signal }),
  });
}
