import { expect, test, type Page } from "./fixtures";
import { seedTeam, signInQuick } from "./helpers";

/** docs/product.md §2: every route, and docs/product.md §4: where each kind of user lands on it. */
const PUBLIC = ["/", "/features", "/how-it-works", "/pricing", "/about", "/contact", "/login", "/signup"];
const PLAYER = [
  "/player/dashboard",
  "/player/schedule",
  "/player/schedule/some-event-id",
  "/player/profile",
  "/player/logs",
  "/player/games",
  "/player/games/some-game-id",
];
const COACH = [
  "/coach/dashboard",
  "/coach/schedule",
  "/coach/schedule/some-event-id",
  "/coach/team-stats",
  "/coach/team-roster",
  "/coach/leaderboard",
  "/coach/log",
  "/coach/player/some-player-id",
  "/coach/player-detail/some-player-id",
  "/coach/playbook-analysis",
  "/coach/games",
  "/coach/games/rules",
  "/coach/games/sessions",
  "/coach/games/some-game-id",
];

async function landing(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const url = new URL(page.url());
  return url.pathname + url.search;
}

// Each journey below is one kind of user on one group of routes: about ten page loads a test, so no test's deadline
// has to cover twenty-odd loads on a slow host, and the workers share them.
test("a visitor sees every public page", async ({ page }) => {
  test.slow();
  for (const path of PUBLIC) expect(await landing(page, path), path).toBe(path);
});

for (const [area, paths] of [
  ["player", PLAYER],
  ["coach", COACH],
] as const) {
  test(`a visitor is sent to /login from every ${area} page`, async ({ page }) => {
    // Each page load starts the app and waits for its redirect: up to twelve of them.
    test.slow();
    for (const path of paths) expect(await landing(page, path), path).toBe(`/login?next=${encodeURIComponent(path)}`);
  });
}

const SIGNED_IN_PUBLIC = PUBLIC.filter((p) => p !== "/login" && p !== "/signup");

test("a player reaches the public and player pages", async ({ page }) => {
  test.slow();
  const player = (await seedTeam({ players: [{}] })).players[0]!;
  await signInQuick(page, player.email);
  for (const path of [...SIGNED_IN_PUBLIC, ...PLAYER]) expect(await landing(page, path), path).toBe(path);
});

test("a player is sent home from coach pages", async ({ page }) => {
  test.slow();
  const player = (await seedTeam({ players: [{}] })).players[0]!;
  await signInQuick(page, player.email);
  for (const path of COACH) expect(await landing(page, path), path).toBe("/");
});

test("a coach reaches the public and coach pages", async ({ page }) => {
  // Eighteen page loads.
  test.slow();
  const { coach } = await seedTeam();
  await signInQuick(page, coach.email);
  for (const path of [...SIGNED_IN_PUBLIC, ...COACH]) expect(await landing(page, path), path).toBe(path);
});

test("a coach is sent home from player pages", async ({ page }) => {
  test.slow();
  const { coach } = await seedTeam();
  await signInQuick(page, coach.email);
  for (const path of PLAYER) expect(await landing(page, path), path).toBe("/");
});

test("unknown paths redirect to the home page", async ({ page }) => {
  for (const path of ["/nope", "/coach", "/player/unknown/deeper", "/pricing/extra"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

test("protected pages show only a spinner until the session check finishes", async ({ page }) => {
  const { coach } = await seedTeam();
  await signInQuick(page, coach.email);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/me", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/coach/dashboard", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(page.getByRole("heading")).toHaveCount(0);
  await expect(page.getByRole("navigation")).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { name: "Coach Dashboard" })).toBeVisible();
});

test("public pages hold their content in the served HTML, before any script runs", async ({ request }) => {
  for (const path of PUBLIC) {
    const html = await (await request.get(path)).text();
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, "")
      .trim();
    expect(h1, `${path} has a main heading in its HTML`).toBeTruthy();
    const text = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
    expect(text.split(/\s+/).filter(Boolean).length, `${path} has its text in its HTML`).toBeGreaterThan(40);
  }
});
