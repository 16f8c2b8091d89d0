import { queryOptions } from "@tanstack/react-query";
import { apiFetch, isApiError } from "~/lib/api";
import type { SessionDetailResponse } from "../../../domain/api/logger";
import type { TeamPlayersResponse, TeamSessionsResponse } from "../../../domain/api/team";
import { teamKeys } from "../live/team-keys";

/**
 * The logger's reads, all under ["team", ...] so live updates and every write refresh them. "offlineFirst": with
 * the browser offline they still ask, and the service worker answers from its cache (vite.config.ts).
 */
export const loggerKeys = {
  players: teamKeys.players,
  sessions: teamKeys.sessions,
  session: (id: string) => ["team", "session", id] as const,
  plays: () => ["team", "plays"] as const,
};

export function playersQuery() {
  return queryOptions({
    queryKey: loggerKeys.players(),
    queryFn: ({ signal }) => apiFetch<TeamPlayersResponse>("/api/team/players", { signal }),
    networkMode: "offlineFirst",
  });
}

export function sessionsQuery() {
  return queryOptions({
    queryKey: loggerKeys.sessions(),
    queryFn: ({ signal }) => apiFetch<TeamSessionsResponse>("/api/team/sessions", { signal }),
    networkMode: "offlineFirst",
  });
}

export function sessionDetailQuery(id: string) {
  return queryOptions({
    queryKey: loggerKeys.session(id),
    queryFn: ({ signal }) => apiFetch<SessionDetailResponse>(`/api/team/sessions/${encodeURIComponent(id)}`, { signal }),
    networkMode: "offlineFirst",
  });
}

export interface PlayOption {
  id: string;
  name: string;
}

/** Reads whatever list of plays the playbook API answers with: `{ plays: [{ id, name | title }] }`. */
export function readPlays(body: unknown): PlayOption[] {
  const list = typeof body === "object" && body !== null && "plays" in body ? (body as { plays: unknown }).plays : null;
  if (!Array.isArray(list)) return [];
  return list.flatMap((p: unknown) => {
    if (typeof p !== "object" || p === null) return [];
    const { id, name, title } = p as { id?: unknown; name?: unknown; title?: unknown };
    const label = typeof name === "string" ? name : typeof title === "string" ? title : null;
    return typeof id === "string" && label ? [{ id, name: label }] : [];
  });
}

/**
 * The team's plays, for the optional play on an event. The playbook API comes in a later issue: until then this
 * answers 404, which reads as "no plays" and the play picker stays hidden.
 */
export function playsQuery() {
  return queryOptions({
    queryKey: loggerKeys.plays(),
    queryFn: async ({ signal }) => {
      try {
        return readPlays(await apiFetch<unknown>("/api/team/plays", { signal }));
      } catch (error) {
        if (isApiError(error, 404)) return [];
        throw error;
      }
    },
    retry: false,
    staleTime: 5 * 60_000,
    networkMode: "offlineFirst",
  });
}
