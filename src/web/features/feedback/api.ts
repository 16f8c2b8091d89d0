import { apiFetch } from "~/lib/api";
import type { CreateFeedbackInput, FeedbackResponse } from "#domain/api/player";

/** POST /api/team/players/{id}/feedback */
export async function giveFeedback(playerId: string, input: CreateFeedbackInput) {
  return (
    await apiFetch<FeedbackResponse>(`/api/team/players/${encodeURIComponent(playerId)}/feedback`, {
      method: "POST",
      json: input,
    })
  ).feedback;
}
