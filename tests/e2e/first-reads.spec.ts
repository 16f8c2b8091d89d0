import { expect, test, type Page } from "./fixtures";
import { createSession } from "./coach-fixtures";
import { seedTeam, signInQuick } from "./helpers";

// A first visit: no service worker controls the page (as on a phone's first visit, or in Lighthouse's runs).
test.use({ serviceWorkers: "block" });

/*
 * Issue #35: a signed-in screen's first load reads each thing once. The page's start script begins the screen's
 * reads beside React's download (prerender/spa-boot.ts) and the screen takes them; a read the script does not start
 * (asked after the first render) or one asked again (a new user's cache key with no worker to cache through) renders
 * the whole screen again, one long task each on a slow phone.
 */

/** Each GET to /api/ the page makes, with its query, in order. */
function recordReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (r.method() === "GET" && url.pathname.startsWith("/api/")) reads.push(url.pathname + url.search);
  });
  return reads;
}

/** The reads the page's start script began, and those of them the screen never took. */
const started = (page: Page) =>
  page.evaluate(() => {
    const early = (window as unknown as { __flaglineEarly?: { responses: Record<string, unknown> } }).__flaglineEarly;
    const responses = Object.entries(early?.responses ?? {});
    return {
      all: responses.map(([path]) => path),
      untaken: responses.filter(([, response]) => response !== undefined).map(([path]) => path),
    };
  });

/** The live stream opens once the screen has drawn; the logger asks its game's reads once the sessions are in. */
const LATER = /^\/api\/team\/(stream$|sessions\/[\w-]+(\/snaps)?$)/;

const SCREENS = [
  { who: "coach", path: "/coach/dashboard", heading: "Coach Dashboard" },
  { who: "coach", path: "/coach/leaderboard", heading: "Leaderboard" },
  { who: "coach", path: "/coach/log", heading: "Event Logger" },
  { who: "player", path: "/player/dashboard", heading: "Player Dashboard" },
] as const;

test("each signed-in screen's first load takes every read its page started, and reads nothing twice", async ({
  page,
  context,
  baseURL,
}) => {
  const { coach, players } = await seedTeam({
    teamName: "Harbor Hawks",
    players: [{ fullName: "Wes Receiver", jerseyNumber: 11, primaryPosition: "wr" }],
  });
  await signInQuick(page, coach.email);
  // A game today, so the logger reads its session and snaps too.
  await createSession(page, "game", undefined, "Bay Otters");

  for (const screen of SCREENS) {
    if (screen.who === "player") await signInQuick(page, players[0]!.email);
    // What the app writes on signing in (lib/role-hint.ts): the start script begins a screen's reads only with it.
    await context.addCookies([{ name: "flagline-role", value: screen.who, url: baseURL! }]);
    const reads = recordReads(page);
    await page.goto(screen.path);
    await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
    await page.waitForLoadState("networkidle");

    const early = await started(page);
    expect(early.untaken, screen.path).toEqual([]);
    // Every read of the first render was started by the page (tz: the player's dashboard names the viewer's zone).
    const unstarted = reads.filter((read) => !LATER.test(read) && !early.all.includes(read));
    expect(unstarted, screen.path).toEqual([]);
    const twice = reads.filter((read, i) => reads.indexOf(read) !== i);
    expect(twice, `${screen.path} read ${reads.join(", ")}`).toEqual([]);
    page.removeAllListeners("request");
  }
});
