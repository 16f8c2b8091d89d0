import { serviceWorkerRegistration } from "~/lib/pwa";

/*
 * This browser's side of notifications (docs/product.md §16): whether it can show them, its push subscription,
 * and subscribing it with the server's key. The server keeps the subscription (PUT /api/me/push/devices).
 */

/** A reason in words the card shows as it is (permission refused, no service worker). */
export class PushSetupError extends Error {
  override name = "PushSetupError";
}

/** Why this browser cannot turn notifications on, or null when it can. */
export type PushBlocker = "ios_home_screen" | "insecure" | "unsupported" | "denied" | null;

/** An iPhone or iPad (iPadOS says Macintosh, with touch). */
function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

/** Opened from the Home Screen (an installed web app), where iOS allows notifications. */
function isInstalled(): boolean {
  return (
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.("(display-mode: standalone)").matches === true
  );
}

export function pushBlocker(): PushBlocker {
  if (!window.isSecureContext) return "insecure";
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!supported) return isIos() && !isInstalled() ? "ios_home_screen" : "unsupported";
  if (Notification.permission === "denied") return "denied";
  return null;
}

/** The key as PushManager.subscribe wants it: the bytes of the base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const held = subscription.options.applicationServerKey;
  if (!held) return false;
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** This browser's current subscription's endpoint, or null (none, or no service worker yet). */
export async function currentEndpoint(): Promise<string | null> {
  if (pushBlocker() !== null) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/**
 * Asks for permission and subscribes this browser with the server's key (again, when it was subscribed with
 * another key: the server's keys changed). Resolves with the subscription to send to the server.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new PushSetupError(
      permission === "denied"
        ? "Notifications are blocked for this site. Allow them in your browser's site settings, then try again."
        : "Notifications were not allowed. Try again and choose Allow.",
    );
  }
  const registration = await serviceWorkerRegistration();
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

/** Unsubscribes this browser (its push service forgets it too). */
export async function unsubscribeThisDevice(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
