import { apiFetch } from "~/lib/api";
import type { CreateFeedbackInput, FeedbackResponse } from "../../../domain/api/player";

/** POST /api/team/players/{id}/feedback */
export async function giveFeedback(playerId: string, input: CreateFeedbackInput) {
  return (
    await apiFetch<FeedbackResponse>(`/api/team/players/${encodeURIComponent(playerId)}/feedback`, { method: "POST", json: input })
  ).feedback;
}

/** POST /api/me/feedback/read: marks every piece of the player's feedback read. */
export async function markAllFeedbackRead(): Promise<void> {
  await apiFetch("/api/me/feedback/read", { method: "POST" });
}
