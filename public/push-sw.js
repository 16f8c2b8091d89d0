/*
 * Flagline's notifications in the service worker (docs/product.md §16, decision 0035), imported by the worker
 * vite-plugin-pwa generates (vite.config.ts workbox.importScripts). The server sends each notification encrypted
 * for this device (RFC 8291); the browser decrypts it and hands it here as JSON: {title, body, url, tag, at}.
 */
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Flagline";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      // One game's notifications replace each other: the newest score, not a stack of them.
      tag: typeof data.tag === "string" ? data.tag : undefined,
      renotify: typeof data.tag === "string",
      timestamp: typeof data.at === "number" ? data.at : Date.now(),
      // PNGs: Android shows no SVG in a notification. The badge is the small monochrome mark in the status bar,
      // drawn from its alpha alone (a white flag on nothing).
      icon: "/icon-192.png",
      badge: "/notification-badge.png",
      data: { url: typeof data.url === "string" ? data.url : "/start" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/start", self.location.origin);
  // Only this server's own pages: a payload cannot send anyone elsewhere.
  const url = target.origin === self.location.origin ? target.href : new URL("/start", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => w.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});

// The push service replaced this device's subscription (keys rotated, or it expired): subscribe again with the same
// server key and tell the server, so notifications keep coming without the person doing anything.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const key = event.oldSubscription && event.oldSubscription.options.applicationServerKey;
      const subscription =
        event.newSubscription ||
        (key
          ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
          : null);
      if (!subscription) return;
      await fetch("/api/me/push/devices", {
        method: "PUT",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(subscription.toJSON()),
      });
    })(),
  );
});
