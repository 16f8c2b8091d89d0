/**
 * Playwright's `test` and `expect`, with one automatic fixture every spec gets: when a test fails, the requests
 * its browser context had sent and not seen answered (oldest first, with their age) are attached to the report,
 * which prints them under the failure. Otherwise a page waiting on a request that never ends looks like any
 * other timeout, and a trace records a request only once it ends (docs/testing.md, "How long it takes").
 */
import { test as base, type Request } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend<{ openRequests: void }>({
  openRequests: [
    async ({ context }, use, testInfo) => {
      const open = new Map<Request, number>();
      const settled = (request: Request) => void open.delete(request);
      context.on("request", (request) => open.set(request, Date.now()));
      context.on("requestfinished", settled);
      context.on("requestfailed", settled);
      await use();
      if (testInfo.status === testInfo.expectedStatus || open.size === 0) return;
      const now = Date.now();
      const lines = [...open]
        .sort(([, a], [, b]) => a - b)
        .map(([r, at]) => `${r.method()} ${r.url()} (${r.resourceType()}), open ${((now - at) / 1000).toFixed(1)} s`);
      // A text attachment is printed under the failure by the list and dot reporters (CI shows only its log).
      await testInfo.attach("open-requests", { body: lines.join("\n"), contentType: "text/plain" });
    },
    { auto: true },
  ],
});
