import type { BrowserContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { scaled } from "../support/host-speed";
import type { PushMessage, TestDevice } from "../server/support/push-service";

/*
 * Notifications in Chromium (docs/product.md §16). Chromium's own push service is Google's, which the test machines
 * cannot reach, so the page's PushManager is answered by the test: its subscription is a device of the loopback push
 * service (tests/server/support/push-service.ts), which checks the server's VAPID signature and decrypts what the
 * server sends with the device's keys. What arrives there is handed to the page's real service worker through the
 * DevTools protocol, as the browser's push service would, and the worker shows it.
 */

/** Before the page's scripts run: PushManager answers with `device`'s subscription (kept across reloads). */
export async function usePushDevice(context: BrowserContext, device: TestDevice): Promise<void> {
  await context.grantPermissions(["notifications"]);
  await context.addInitScript((subscription) => {
    const KEY = "flagline-test-push-key";
    const make = (key: ArrayBuffer) => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key },
      getKey: () => null,
      toJSON: () => subscription,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    const held = () => {
      const saved = localStorage.getItem(KEY);
      return saved ? make(new Uint8Array(JSON.parse(saved) as number[]).buffer) : null;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array((key as Uint8Array).buffer);
      localStorage.setItem(KEY, JSON.stringify([...bytes]));
      return held() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return held() as unknown as PushSubscription;
    };
  }, device.subscription);
}

/** Waits until the device has received a notification titled `title`, and returns it. */
export async function received(device: TestDevice, title: string | RegExp): Promise<PushMessage> {
  const matches = (m: PushMessage) =>
    typeof title === "string" ? m.payload.title === title : title.test(m.payload.title);
  await expect.poll(() => device.messages.some(matches), { message: `a notification "${String(title)}"` }).toBe(true);
  return device.messages.find(matches)!;
}

/**
 * Hands a received notification to the page's service worker as a push (the browser's push service would), and
 * waits until the worker shows it. Returns the titles and bodies the worker shows.
 */
export async function showInServiceWorker(page: Page, message: PushMessage): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const id = await registrationId;
  const shown = `${message.payload.title} | ${message.payload.body}`;
  const showing = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => `${n.title} | ${n.body}`);
    });
  // A worker the browser had stopped is started by the push; on a busy machine a push that reached it while it was
  // starting can be lost, so it is handed over again until it shows (the notification's tag makes a second one
  // replace the first, as the push service's redelivery would).
  await expect(async () => {
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(page.url()).origin,
      registrationId: id,
      data: JSON.stringify(message.payload),
    });
    await expect.poll(showing, { timeout: 3_000 }).toContain(shown);
  }).toPass({ timeout: scaled(20_000) });
  await cdp.detach();
}
