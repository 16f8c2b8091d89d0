import type { PushState } from "#domain/api/push";
import { apiFetch } from "./api";

/** How long signing out waits for it at most: a slow network must not hold the sign-out. */
const WAIT_MS = 3_000;

/**
 * Signing out on a shared phone or tablet (docs/product.md §16): this browser stops getting the account's
 * notifications. Its device is removed on the server (found by the browser's push endpoint) and the browser
 * unsubscribed. Does nothing where there is no subscription; never fails.
 */
export async function forgetThisPushDevice(): Promise<void> {
  const forget = async () => {
    if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    const state = await apiFetch<PushState>("/api/me/push");
    const device = state.devices.find((d) => d.endpoint === subscription.endpoint);
    if (device) await apiFetch(`/api/me/push/devices/${encodeURIComponent(device.id)}`, { method: "DELETE" });
    await subscription.unsubscribe();
  };
  await Promise.race([forget().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, WAIT_MS))]);
}
