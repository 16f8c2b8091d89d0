import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "./fixtures";
import { PUBLIC_PATHS } from "../../react-router.config.ts";
import { pageScripts } from "~/prerender/first-load.ts";
import { seedTeam, signInQuick } from "./helpers";

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

/**
 * Issue #30: a game's follow page (/follow/<token>, docs/product.md §15) loads at most 30 KB of JavaScript before its
 * first paint. It is its own page, not the app: its one script, measured like the public pages' (gzip -9), and
 * raw as well, so the budget holds for a proxy that does not compress.
 */
test("the follow page loads at most 30 KB of JavaScript, compressed or not", () => {
  const { firstLoad } = pageScripts(CLIENT, join(CLIENT, "follow.html"));
  const raw = firstLoad.rawBytes;
  test.info().annotations.push({
    type: "budget",
    description: `/follow/<token>: ${raw} B, ${firstLoad.gzipBytes} B gzipped (${firstLoad.files.length} files)`,
  });
  expect(firstLoad.files, "the follow page's one script").toHaveLength(1);
  expect(
    firstLoad.files.some((f) => /entry\.client|react/.test(f)),
    "no React on the follow page",
  ).toBe(false);
  expect(raw).toBeLessThanOrEqual(30_000);
  expect(firstLoad.gzipBytes).toBeLessThanOrEqual(30_000);
});

/**
 * Decision 0017: a signed-in screen's first-load JavaScript, measured in the browser: every script the page itself
 * downloads from opening the address until the network has been idle (the screen shown, its first reads answered,
 * whatever it prefetches meanwhile), gzip -9 bytes of each file's body, as for the public pages. The service worker
 * is blocked: its precache of the whole build runs after the page, in the worker, and is no part of the page's
 * start. Budgets are set from the measurement (about 7 % above it; decision 0017, lowered by decision 0021): a route
 * that grows past its budget fails here, and the decisions say what to look at.
 */
const SIGNED_IN_BUDGETS: ReadonlyArray<{ path: string; who: "coach" | "player"; budget: number }> = [
  // Measured after decision 0021 (2026-11-25): 276,059, 180,420, 180,225 and 277,829 B.
  { path: "/coach/log", who: "coach", budget: 295_000 },
  // 2026-11-30 (issue #31): 193,185–193,319 B, over 193,000 by the route manifest every screen loads, which grew by
  // the five league routes (+0.4 KB gzipped; the league screens' queries were moved out of lib/queries.ts first).
  // Raised by 1,000 B for that, not for anything these screens draw.
  { path: "/coach/leaderboard", who: "coach", budget: 194_000 },
  { path: "/coach/dashboard", who: "coach", budget: 194_000 },
  { path: "/player/dashboard", who: "player", budget: 297_000 },
];

/** The gzipped bytes of every distinct script the page downloads while it runs `open`, until the network is idle. */
async function firstLoadScripts(
  page: Page,
  open: () => Promise<void>,
): Promise<{ files: string[]; gzipBytes: number }> {
  const bodies = new Map<string, Promise<Buffer | null>>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== "script" && !url.pathname.endsWith(".js")) return;
    if (!bodies.has(url.pathname))
      bodies.set(
        url.pathname,
        response.body().catch(() => null),
      );
  });
  await open();
  await page.waitForLoadState("networkidle");
  let gzipBytes = 0;
  for (const body of bodies.values()) {
    const bytes = await body;
    if (bytes) gzipBytes += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: [...bodies.keys()].sort(), gzipBytes };
}

test.describe("front-end budget: first-load JavaScript of the signed-in screens", () => {
  test.use({ serviceWorkers: "block" });

  for (const { path, who, budget } of SIGNED_IN_BUDGETS) {
    test(`${path} loads at most ${budget} B of gzipped JS before the network is idle`, async ({ page }) => {
      const { coach, players } = await seedTeam({
        players: [
          { fullName: "Wes Receiver", jerseyNumber: 11, primaryPosition: "wr" },
          { fullName: "Quinn Passer", jerseyNumber: 7, primaryPosition: "qb" },
        ],
      });
      await signInQuick(page, who === "coach" ? coach.email : players[0]!.email);
      const { files, gzipBytes } = await firstLoadScripts(page, async () => {
        await page.goto(path);
        // The screen itself, not the loading frame: its one h1.
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      });
      test.info().annotations.push({
        type: "budget",
        description: `${path}: first load ${gzipBytes} B gzipped JS (${files.length} files)`,
      });
      // The measurement sees the app: React's runtime is among the files.
      expect(files.some((f) => /\/entry\.client-[\w-]+\.js$/.test(f))).toBe(true);
      expect(gzipBytes, `${path} first-load JS, gzipped bytes`).toBeLessThanOrEqual(budget);
    });
  }
});

/**
 * Decision 0021: a signed-in screen draws without zod. Its first load (the SPA fallback's scripts and the route's
 * modules its start script preloads, with their static imports) holds no zod: the session check reads GET /api/me by
 * hand, the constants the screens show live in zod-free domain modules, and the live stream's message reader comes
 * after the first paint. Read from the build, so it holds for any browser and machine.
 */
const ZOD_MARKER = "$ZodType";
const withZod = (files: readonly string[]) =>
  files.filter((file) => readFileSync(join(CLIENT, file), "utf8").includes(ZOD_MARKER));

test.describe("the signed-in screens draw without zod", () => {
  for (const { path } of SIGNED_IN_BUDGETS) {
    test(`${path}: no script of its first load holds zod`, () => {
      const { firstLoad } = pageScripts(CLIENT, join(CLIENT, "__spa-fallback.html"), path);
      // The screen's own route module is among them, and the app's start.
      expect(firstLoad.files.some((f) => /\/entry\.client-[\w-]+\.js$/.test(f))).toBe(true);
      expect(firstLoad.files.length, `${path}: the route's modules are counted`).toBeGreaterThan(
        pageScripts(CLIENT, join(CLIENT, "__spa-fallback.html")).firstLoad.files.length,
      );
      expect(withZod(firstLoad.files), `${path}: first-load files holding zod`).toEqual([]);
    });
  }

  test("the check sees zod where it is: the login form's code holds it", () => {
    const { app } = pageScripts(CLIENT, join(CLIENT, "login", "index.html"));
    expect(withZod(app.files).length).toBeGreaterThan(0);
  });
});

/**
 * Issue #35: the logger fetches its dialogs' code ahead of need once it has drawn (features/logger/lazy-parts.tsx),
 * and none of it runs zod (140 ms of a slow host's CPU in one task, four times that under Lighthouse's phone
 * slowdown): the new session form loads its rules (the server's own zod schema) once it opens.
 */
test.describe("the logger's parts come without zod", () => {
  test.use({ serviceWorkers: "block" });

  test("all six parts load and none holds zod; the new session form brings it when opened", async ({ page }) => {
    const { coach } = await seedTeam({ players: [{ fullName: "Wes Receiver", jerseyNumber: 11 }] });
    await signInQuick(page, coach.email);
    const loaded = new Map<string, Promise<string>>();
    page.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (path.endsWith(".js") && !loaded.has(path))
        loaded.set(
          path,
          response.text().catch(() => ""),
        );
    });
    const zodScripts = async () => {
      const held: string[] = [];
      for (const [path, body] of loaded) if ((await body).includes(ZOD_MARKER)) held.push(path);
      return held;
    };
    const parts = ["new-session-dialog", "snap-edit-dialog", "attendance-panel", "end-game-dialog", "confirm-dialog"];
    // The lineup strip is the last part fetched, each after the one before it.
    const lastPart = page.waitForResponse((r) => /\/lineup-panel-[\w-]+\.js$/.test(new URL(r.url()).pathname), {
      timeout: 60_000,
    });
    await page.goto("/coach/log");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await lastPart;
    const paths = [...loaded.keys()];
    for (const part of parts)
      expect(
        paths.some((p) => p.includes(`/${part}-`)),
        `${part} fetched ahead of need`,
      ).toBe(true);
    expect(await zodScripts(), "scripts holding zod before any dialog opens").toEqual([]);

    await page.getByRole("button", { name: "Start practice" }).click();
    await expect(page.getByRole("dialog", { name: "New session" })).toBeVisible();
    await expect.poll(async () => (await zodScripts()).length, { timeout: 30_000 }).toBeGreaterThan(0);
  });
});
