import type { UnsubscribeState } from "#domain/api/reminders";
import { apiFetch } from "~/lib/api";

/** POST /api/unsubscribe/{token}: that kind of mail turned off for the link's person (no sign-in). */
export function stopEmails(token: string): Promise<UnsubscribeState> {
  return apiFetch<UnsubscribeState>(`/api/unsubscribe/${encodeURIComponent(token)}`, { method: "POST" });
}
