/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Registers the service worker (vite.config.ts: precached app shell, SPA fallback for navigations, network-first
 * cache of the logger's reads). Called from the coach area only, so the public pages' first load fetches no
 * extra JS; once registered, the worker serves every page of the origin. The registration waits for the page's
 * load and then for an idle moment: the worker's install fetches every chunk to precache it, which on a phone's
 * first visit would compete with the screen's own files and reads.
 */

import { whenIdle } from "./after-paint";

/** Runs `start` once the page has loaded and the main thread is idle (within 2 s of the load). */
function whenIdleAfterLoad(start: () => void): void {
  const idle = () => void whenIdle(start, 2000);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", () => idle(), { once: true });
}

let registered = false;

/**
 * Registers once per tab. `onFirstControl` runs when a worker takes control of a page that had none (its first
 * visit): requests made before that went straight to the network and were not cached, so the caller fetches
 * again what must be there offline.
 */
export function registerServiceWorker(onFirstControl?: () => void): void {
  if (registered || import.meta.env.DEV || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  registered = true;
  if (!navigator.serviceWorker.controller && onFirstControl) {
    navigator.serviceWorker.addEventListener("controllerchange", () => onFirstControl(), { once: true });
  }
  whenIdleAfterLoad(() => void register());
}

async function register(): Promise<void> {
  const { registerSW } = await import("virtual:pwa-register");
  registerSW({
    immediate: true,
    // A new version took over (autoUpdate: it skips waiting). Reload to run it, but not under the coach's
    // thumb: when the tab is next hidden, or at once if it is. Nothing queued is lost either way (IndexedDB).
    onNeedReload() {
      if (document.visibilityState === "hidden") window.location.reload();
      else {
        document.addEventListener("visibilitychange", () => {
          if (document.visibilityState === "hidden") window.location.reload();
        });
      }
    },
  });
}

/**
 * The service worker's registration, for notifications (features/account/push-device.ts): registered now when this
 * tab has not registered it yet (notifications are turned on from the account pages, not only the coach area).
 */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  if (import.meta.env.DEV) throw new Error("Notifications need the built app (npm start), not the dev server.");
  if (!registered) {
    registered = true;
    await register();
  }
  return navigator.serviceWorker.ready;
}
