import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { PUBLIC_PATHS } from "../../react-router.config.ts";
import { pageScripts } from "~/prerender/first-load.ts";

/**
 * docs/architecture.md "Budgets": a public page loads at most 110 KB of gzipped JavaScript on first load. Read from the
 * build (`npm run test:e2e` builds first) by src/web/prerender/first-load.ts, the way a browser loads each prerendered
 * page with nobody touching it: inline scripts, `<script src>`, `<link rel="modulepreload">` and their static
 * imports. gzip -9 bytes; the budget is taken as 110,000 bytes.
 *
 * Decision 0006: the app itself (React, React Router, the page's route modules) starts on the first interaction.
 * It is not first-load JavaScript, but the page must still hold everything it needs to start.
 */
const CLIENT = "build/client";
const BUDGET_BYTES = 110_000;

test.describe("front-end budget: first-load JavaScript of the public pages", () => {
  for (const path of PUBLIC_PATHS) {
    test(`${path} loads at most 110 KB of gzipped JS before any interaction`, () => {
      const { firstLoad, app } = pageScripts(CLIENT, join(CLIENT, path, "index.html"));
      test.info().annotations.push({
        type: "budget",
        description: `${path}: first load ${firstLoad.gzipBytes} B gzipped (${firstLoad.files.length} files, ${firstLoad.inline} inline scripts); app on first interaction ${app.gzipBytes} B (${app.files.length} files)`,
      });
      expect(firstLoad.gzipBytes, `${path} first-load JS, gzipped bytes`).toBeLessThanOrEqual(BUDGET_BYTES);
      // The page can still start the app: its inert module script and every module it needs are in the build.
      expect(app.inline, `${path} holds the app's module script`).toBe(1);
      expect(
        app.files.some((f) => /\/entry\.client-[\w-]+\.js$/.test(f)),
        `${path} starts entry.client`,
      ).toBe(true);
    });
  }

  test("the measurement sees React: the SPA fallback, which starts the app at once, is over the budget", () => {
    const { firstLoad } = pageScripts(CLIENT, join(CLIENT, "__spa-fallback.html"));
    expect(firstLoad.files.some((f) => /\/entry\.client-[\w-]+\.js$/.test(f))).toBe(true);
    expect(firstLoad.gzipBytes).toBeGreaterThan(BUDGET_BYTES);
  });
});
