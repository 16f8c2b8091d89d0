import type { AnswerLink, AnswerLinkBody } from "#domain/api/reminders";
import { apiFetch } from "~/lib/api";

/** POST /api/answer/{token}: the answer (and note) of a reminder's link, without signing in; the event as it is now. */
export function answerByLink(token: string, body: AnswerLinkBody): Promise<AnswerLink> {
  return apiFetch<AnswerLink>(`/api/answer/${encodeURIComponent(token)}`, { method: "POST", json: body });
}
