import { apiFetch } from "~/lib/api";
import type { PostSnapsResponse } from "#domain/api/game";
import type { PostEventsResponse, SessionResponse } from "#domain/api/logger";
import type { SyncTransport } from "./sync";

/**
 * How long one send may take. A sideline connection that neither answers nor fails would otherwise hold the
 * outbox until the browser gives up; a send cut short is retried, and the server ignores what it already has.
 */
const SEND_TIMEOUT_MS = 20_000;

function timeout(): AbortSignal | undefined {
  return typeof AbortSignal !== "undefined" && "timeout" in AbortSignal
    ? AbortSignal.timeout(SEND_TIMEOUT_MS)
    : undefined;
}

const snapPath = (id: string) => `/api/team/snaps/${encodeURIComponent(id)}`;
const sessionPath = (id: string) => `/api/team/sessions/${encodeURIComponent(id)}`;

/** The outbox's way to the server: the logger API, through apiFetch (which throws ApiError on any non-2xx). */
export const apiTransport: SyncTransport = {
  postEvents: (events) =>
    apiFetch<PostEventsResponse>("/api/team/events", { method: "POST", json: { events }, signal: timeout() }),
  deleteEvent: async (id) => {
    await apiFetch(`/api/team/events/${encodeURIComponent(id)}`, { method: "DELETE", signal: timeout() });
  },
  putAttendance: async (sessionId, marks) => {
    await apiFetch(`${sessionPath(sessionId)}/attendance`, {
      method: "PUT",
      json: { marks },
      signal: timeout(),
    });
  },
  createSession: async (session) => {
    await apiFetch<SessionResponse>("/api/team/sessions", { method: "POST", json: session, signal: timeout() });
  },
  postSnaps: (snaps) =>
    apiFetch<PostSnapsResponse>("/api/team/snaps", { method: "POST", json: { snaps }, signal: timeout() }),
  putSnap: async (id, edit) => {
    await apiFetch(snapPath(id), { method: "PUT", json: edit, signal: timeout() });
  },
  deleteSnap: async (id) => {
    await apiFetch(snapPath(id), { method: "DELETE", signal: timeout() });
  },
  putPeriod: async (sessionId, period, at) => {
    await apiFetch(`${sessionPath(sessionId)}/period`, { method: "PUT", json: { period, at }, signal: timeout() });
  },
  putFinal: async (sessionId, score) => {
    await apiFetch(`${sessionPath(sessionId)}/final`, {
      method: score ? "POST" : "DELETE",
      ...(score ? { json: score } : {}),
      signal: timeout(),
    });
  },
};
