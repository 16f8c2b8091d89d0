import { apiFetch } from "~/lib/api";

/** POST /api/me/feedback/read: marks every piece of the player's feedback read. */
export async function markAllFeedbackRead(): Promise<void> {
  await apiFetch("/api/me/feedback/read", { method: "POST" });
}
