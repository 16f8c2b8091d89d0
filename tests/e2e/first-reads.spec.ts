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

/** The page's running animations that never end, by name (CSS animations) or by element. */
const endlessAnimations = () =>
  document
    .getAnimations()
    .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime === Infinity)
    .map((a) => (a instanceof CSSAnimation ? a.animationName : String(a.id)));

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
    // The dashboards show today's game as live (a red dot beside "Live game").
    if (screen.path.endsWith("/dashboard")) await expect(page.getByRole("region", { name: "Live game" })).toBeVisible();
    // Once the screen is in, nothing on it animates for ever: the frame's spinner has gone, and the live dot and the
    // placeholders are still. An endless animation redraws the page every frame: the phone's battery on the sideline,
    // and on a slow host each drawn frame takes CPU from the screen's own first tasks (docs/lighthouse.md).
    await expect
      .poll(() => page.evaluate(endlessAnimations), { message: `${screen.path} animates for ever` })
      .toEqual([]);
    page.removeAllListeners("request");
  }
});

/** Each icon the page names (its links and its manifest's), with the pixel size it declares and what it decodes to. */
const pageIcons = async () => {
  const links = [...document.head.querySelectorAll<HTMLLinkElement>("link[rel~='icon'], link[rel='apple-touch-icon']")];
  const manifestLink = document.head.querySelector<HTMLLinkElement>("link[rel='manifest']");
  const manifest = manifestLink
    ? ((await (await fetch(manifestLink.href)).json()) as { icons: { src: string; sizes: string }[] })
    : { icons: [] };
  const named = [
    ...links.map((link) => ({ href: link.href, sizes: link.getAttribute("sizes") ?? "(no sizes)" })),
    ...manifest.icons.map((icon) => ({ href: new URL(icon.src, location.href).href, sizes: icon.sizes })),
  ];
  return Promise.all(
    named.map(async ({ href, sizes }) => {
      const answer = await fetch(href);
      const bitmap = await createImageBitmap(await answer.blob());
      return {
        path: new URL(href).pathname,
        type: answer.headers.get("content-type"),
        sizes,
        decoded: `${bitmap.width}x${bitmap.height}`,
      };
    }),
  );
};

/*
 * Every icon a page names is a PNG of the size it declares. An SVG icon (the favicon, or the manifest's icon the
 * browser fetches while the page loads) is a document of its own, drawn on the page's main thread in the middle of
 * the app's start: two tasks of 6-9 ms of CPU each in Lighthouse's traces (docs/lighthouse.md, issue #35). And a
 * phone adding the app to its home screen shows the apple-touch-icon (iOS takes no SVG there).
 */
test("the pages name PNG icons of the sizes they declare, for the tab, the home screen and the installed app", async ({
  page,
}) => {
  for (const path of ["/", "/coach/dashboard"]) {
    await page.goto(path);
    await page.waitForLoadState("load");
    const icons = await page.evaluate(pageIcons);
    expect(
      icons.map((icon) => icon.path),
      path,
    ).toEqual(["/favicon.png", "/apple-touch-icon.png", "/icon-192.png", "/icon-512.png"]);
    for (const icon of icons) {
      expect(icon.type, icon.path).toBe("image/png");
      expect(icon.decoded, icon.path).toBe(icon.sizes);
    }
  }
});
