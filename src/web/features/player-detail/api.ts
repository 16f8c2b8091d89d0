import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api";
import type { PlayerDetailResponse, PlayerEventsResponse } from "../../../domain/api/team";
import { teamKeys } from "../live/team-keys";

/** Events per page of the history. */
export const EVENTS_PAGE_SIZE = 25;

const playerPath = (id: string) => `/api/team/players/${encodeURIComponent(id)}`;

/** GET /api/team/players/{id}: summary, attendance, score history, training logs and feedback. */
export function playerDetailQuery(id: string, tzOffset: number) {
  return queryOptions({
    queryKey: teamKeys.player(id, tzOffset),
    queryFn: ({ signal }) =>
      apiFetch<PlayerDetailResponse>(`${playerPath(id)}?${new URLSearchParams({ tzOffset: String(tzOffset) })}`, { signal }),
  });
}

/** GET /api/team/players/{id}/events, newest first, a page at a time; `type` null means every type. */
export function playerEventsQuery(id: string, type: string | null) {
  return infiniteQueryOptions({
    queryKey: teamKeys.playerEvents(id, type),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(EVENTS_PAGE_SIZE) });
      if (type) params.set("type", type);
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch<PlayerEventsResponse>(`${playerPath(id)}/events?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
