import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api";
import { UPLOAD_FIELD } from "../../../domain/api/player";
import type {
  CreatePlayInput,
  DiagramResponse,
  PlayAnalysisEventsResponse,
  PlaybookAnalysisResponse,
  PlayResponse,
  PlaysResponse,
  RetagEventResponse,
  UpdatePlayInput,
} from "../../../domain/api/plays";
import type { AnalysisFilters } from "./analysis-filters";

/**
 * The playbook's reads and writes. Every key sits under ["team", "playbook", ...], so the live updates (which
 * invalidate ["team"]) refresh them; the logger's own play picker keeps its key (["team", "plays"]) and shape.
 */
export const playbookKeys = {
  all: ["team", "playbook"] as const,
  plays: (includeArchived: boolean) => ["team", "playbook", "plays", { includeArchived }] as const,
  analysis: (filters: AnalysisFilters, tzOffset: number) => ["team", "playbook", "analysis", { ...filters, tzOffset }] as const,
  playEvents: (playId: string, filters: AnalysisFilters, tzOffset: number) =>
    ["team", "playbook", "play-events", playId, { kind: filters.kind, from: filters.from, to: filters.to, tzOffset }] as const,
};

/** GET /api/team/plays: current plays, or every play with `includeArchived`. */
export function playsQuery(includeArchived: boolean) {
  return queryOptions({
    queryKey: playbookKeys.plays(includeArchived),
    queryFn: ({ signal }) =>
      apiFetch<PlaysResponse>(`/api/team/plays${includeArchived ? "?includeArchived=true" : ""}`, { signal }),
  });
}

/** The window both analysis endpoints read, as query parameters (an unset filter is left out). */
function windowParams(filters: AnalysisFilters, tzOffset: number): URLSearchParams {
  const params = new URLSearchParams({ kind: filters.kind, tzOffset: String(tzOffset) });
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  return params;
}

/** GET /api/team/playbook-analysis: every play's figures over the window. */
export function analysisQuery(filters: AnalysisFilters, tzOffset: number) {
  return queryOptions({
    queryKey: playbookKeys.analysis(filters, tzOffset),
    queryFn: ({ signal }) => {
      const params = windowParams(filters, tzOffset);
      if (filters.side !== "all") params.set("side", filters.side);
      return apiFetch<PlaybookAnalysisResponse>(`/api/team/playbook-analysis?${params}`, { signal });
    },
  });
}

export const PLAY_EVENTS_PAGE = 25;

/** GET /api/team/playbook-analysis/{playId}/events, a page at a time (newest first). */
export function playEventsQuery(playId: string, filters: AnalysisFilters, tzOffset: number) {
  return infiniteQueryOptions({
    queryKey: playbookKeys.playEvents(playId, filters, tzOffset),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) => {
      const params = windowParams(filters, tzOffset);
      params.set("limit", String(PLAY_EVENTS_PAGE));
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch<PlayAnalysisEventsResponse>(
        `/api/team/playbook-analysis/${encodeURIComponent(playId)}/events?${params}`,
        { signal },
      );
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

const playPath = (id: string) => `/api/team/plays/${encodeURIComponent(id)}`;

export async function createPlay(input: CreatePlayInput) {
  return (await apiFetch<PlayResponse>("/api/team/plays", { method: "POST", json: input })).play;
}

export async function updatePlay(id: string, patch: UpdatePlayInput) {
  return (await apiFetch<PlayResponse>(playPath(id), { method: "PATCH", json: patch })).play;
}

export async function setArchived(id: string, archived: boolean) {
  return (await apiFetch<PlayResponse>(`${playPath(id)}/${archived ? "archive" : "unarchive"}`, { method: "POST" })).play;
}

export async function removeDiagram(id: string): Promise<void> {
  await apiFetch(`${playPath(id)}/diagram`, { method: "DELETE" });
}

export async function retagEvent(eventId: string, playId: string | null) {
  return (
    await apiFetch<RetagEventResponse>(`/api/team/events/${encodeURIComponent(eventId)}/play`, {
      method: "PATCH",
      json: { playId },
    })
  ).event;
}


/** POST /api/team/plays/{id}/diagram as multipart/form-data; errors carry the server's own words (413 too large, 415 not an image). */
export async function uploadDiagram(id: string, file: File): Promise<DiagramResponse> {
  const form = new FormData();
  form.set(UPLOAD_FIELD, file);
  return apiFetch<DiagramResponse>(`${playPath(id)}/diagram`, { method: "POST", form });
}
