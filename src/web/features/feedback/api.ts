import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api";
import type { CreateFeedbackInput, FeedbackListResponse, FeedbackResponse } from "../../../domain/api/player";
import { meKeys } from "../live/me-keys";

const playerPath = (id: string) => `/api/team/players/${encodeURIComponent(id)}`;

/**
 * A coach's view of one player's feedback. Under ["team", "player", id], so the live stream and anything that
 * refreshes the player (their detail page lists feedback too) refresh it as well.
 */
export const playerFeedbackKey = (playerId: string) => ["team", "player", playerId, "feedback"] as const;

/** GET /api/team/players/{id}/feedback: newest first, with whether the player has read each. */
export function playerFeedbackQuery(playerId: string) {
  return queryOptions({
    queryKey: playerFeedbackKey(playerId),
    queryFn: ({ signal }) => apiFetch<FeedbackListResponse>(`${playerPath(playerId)}/feedback`, { signal }),
  });
}

/** POST /api/team/players/{id}/feedback */
export async function giveFeedback(playerId: string, input: CreateFeedbackInput) {
  return (await apiFetch<FeedbackResponse>(`${playerPath(playerId)}/feedback`, { method: "POST", json: input })).feedback;
}

/** GET /api/me/feedback: everything the player's coaches wrote them, newest first. */
export function myFeedbackQuery() {
  return queryOptions({
    queryKey: meKeys.feedback(),
    queryFn: ({ signal }) => apiFetch<FeedbackListResponse>("/api/me/feedback", { signal }),
  });
}

/** POST /api/me/feedback/read: marks every piece of the player's feedback read. */
export async function markAllFeedbackRead(): Promise<void> {
  await apiFetch("/api/me/feedback/read", { method: "POST" });
}
