import { apiFetch } from "~/lib/api";
import { UPLOAD_FIELD } from "#domain/api/player";
import type {
  CreatePlayInput,
  DiagramResponse,
  PlayResponse,
  RetagEventResponse,
  UpdatePlayInput,
} from "#domain/api/plays";

const playPath = (id: string) => `/api/team/plays/${encodeURIComponent(id)}`;

export async function createPlay(input: CreatePlayInput) {
  return (await apiFetch<PlayResponse>("/api/team/plays", { method: "POST", json: input })).play;
}

export async function updatePlay(id: string, patch: UpdatePlayInput) {
  return (await apiFetch<PlayResponse>(playPath(id), { method: "PATCH", json: patch })).play;
}

export async function setArchived(id: string, archived: boolean) {
  return (await apiFetch<PlayResponse>(`${playPath(id)}/${archived ? "archive" : "unarchive"}`, { method: "POST" }))
    .play;
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
