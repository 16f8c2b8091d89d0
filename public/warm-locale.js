/* global self */
// Started by the SPA fallback's start script (src/web/prerender/spa-boot.ts, issue #35): the first Intl formatter a
// page makes loads the browser's locale data, 12-45 ms of its main thread on a fast machine and four times that on a
// slow phone. The data is cached for the whole renderer process, so making one here, on a worker's own thread while
// the app's code downloads, spares the page's thread that cost: its first formatter then takes under a millisecond.
try {
  new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", hour: "numeric", minute: "2-digit" }).format(0);
  new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(1.5);
} catch {
  // No Intl: nothing to warm.
}
self.close();
