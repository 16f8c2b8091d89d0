import type { MergePlan, MergeResponse } from "#domain/api/sessions";
import type { SessionResponse, TeamSessionDto } from "#domain/api/logger";
import { apiFetch } from "~/lib/api";

const sessionPath = (id: string) => `/api/team/sessions/${encodeURIComponent(id)}`;

/** What the edit form sends: only the fields shown for the session's kind. */
export interface SessionPatch {
  date: string;
  opponent?: string | null;
  homeAway?: "home" | "away" | null;
  location: string | null;
  notes: string | null;
}

/** PATCH /api/team/sessions/{id} */
export async function updateSession(id: string, patch: SessionPatch): Promise<TeamSessionDto> {
  return (await apiFetch<SessionResponse>(sessionPath(id), { method: "PATCH", json: patch })).session;
}

/** DELETE /api/team/sessions/{id} */
export async function deleteSession(id: string): Promise<void> {
  await apiFetch(sessionPath(id), { method: "DELETE" });
}

/** POST /api/team/sessions/{id}/merge */
export async function mergeSession(id: string, intoId: string): Promise<MergePlan> {
  return (await apiFetch<MergeResponse>(`${sessionPath(id)}/merge`, { method: "POST", json: { intoId } })).merge;
}
