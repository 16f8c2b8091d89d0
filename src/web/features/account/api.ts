import { apiFetch } from "~/lib/api";
import { downloadText } from "~/ui/download";
import type { ChangePasswordInput } from "#domain/api/player";
import type { MailPreferencesBody, MailPreferencesResponse } from "#domain/api/reminders";
import type { ChangeEmailAnswer, ChangeEmailInput, DeleteAccountInput } from "#domain/api/recovery";

/** POST /api/me/email: applied at once without mail; with mail, a link goes to the new address. */
export function changeEmail(input: ChangeEmailInput): Promise<ChangeEmailAnswer> {
  return apiFetch<ChangeEmailAnswer>("/api/me/email", { method: "POST", json: input });
}

/** DELETE /api/me: the account (and, for a head coach alone on the team, the team) is gone; signed out. */
export async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await apiFetch("/api/me", { method: "DELETE", json: input });
}

/** GET /api/me/export, saved as the JSON file the server names. */
export async function downloadMyData(): Promise<void> {
  const data = await apiFetch<unknown>("/api/me/export");
  const day = new Date().toISOString().slice(0, 10);
  downloadText(JSON.stringify(data, null, 2), `flagline-my-data-${day}.json`, "application/json");
}

/** POST /api/profile/password (any signed-in user). The server answers with a fresh session cookie; other sessions are signed out. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiFetch("/api/profile/password", { method: "POST", json: input });
}

/** PATCH /api/me/mail-preferences: which mails the signed-in person gets. */
export function saveMailPreferences(body: MailPreferencesBody): Promise<MailPreferencesResponse> {
  return apiFetch<MailPreferencesResponse>("/api/me/mail-preferences", { method: "PATCH", json: body });
}
