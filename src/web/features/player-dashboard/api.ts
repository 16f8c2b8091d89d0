import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api";
import type { PlayerDashboardResponse } from "../../../domain/api/player";
import { meKeys } from "../live/me-keys";

/** GET /api/me/dashboard: days and the current week are counted in the viewer's zone (`tzOffset`, minutes east of UTC). */
export function dashboardQuery(tzOffset: number) {
  return queryOptions({
    queryKey: meKeys.dashboard(tzOffset),
    queryFn: ({ signal }) =>
      apiFetch<PlayerDashboardResponse>(`/api/me/dashboard?${new URLSearchParams({ tzOffset: String(tzOffset) })}`, { signal }),
  });
}
