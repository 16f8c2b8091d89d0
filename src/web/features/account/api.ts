import { apiFetch } from "~/lib/api";
import { downloadText } from "~/ui/download";
import type { ChangePasswordInput } from "#domain/api/player";
import type { MailPreferencesBody, MailPreferencesResponse } from "#domain/api/reminders";
import type { PushPreferences } from "#domain/push";
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

/** PUT /api/me/push/devices: this device's PushSubscription, kept for the signed-in person. */
export function savePushDevice(subscription: PushSubscriptionJSON): Promise<{ id: string; device: string }> {
  return apiFetch<{ id: string; device: string }>("/api/me/push/devices", { method: "PUT", json: subscription });
}

/** DELETE /api/me/push/devices/{id}: no more notifications to that device. */
export async function deletePushDevice(id: string): Promise<void> {
  await apiFetch(`/api/me/push/devices/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** PATCH /api/me/push/preferences: which notifications the signed-in person's devices get. */
export function savePushPreferences(body: Partial<PushPreferences>): Promise<PushPreferences> {
  return apiFetch<PushPreferences>("/api/me/push/preferences", { method: "PATCH", json: body });
}

/** POST /api/me/push/test: a test notification to one device. */
export function sendTestNotification(deviceId: string): Promise<{ devices: number }> {
  return apiFetch<{ devices: number }>("/api/me/push/test", { method: "POST", json: { deviceId } });
}
