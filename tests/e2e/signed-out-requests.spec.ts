import { expect, test, type Page } from "./fixtures";

/*
 * Issue #26.16: a signed-out visit to a signed-in screen. The page's start script began the screen's data reads
 * (dashboard, stat lines, scoreboard, seasons) beside the session check; once that said signed out nobody read
 * their 401 answers, so the page never reached network idle. Now a browser whose role hint does not say it is
 * signed in with that area's role makes the session check alone, and a stale hint's reads are ended once the
 * check says signed out.
 */

const SCREENS = ["/player/dashboard", "/coach/dashboard", "/coach/leaderboard", "/coach/log"];

/** Every /api request the page makes, and whether the browser has finished with it (answered and read, or ended). */
function recordApi(page: Page) {
  const open = new Set<string>();
  const made: string[] = [];
  const key = (r: { url(): string }) => new URL(r.url()).pathname;
  page.on("request", (r) => {
    if (!key(r).startsWith("/api/")) return;
    made.push(key(r));
    open.add(r.url());
  });
  page.on("requestfinished", (r) => open.delete(r.url()));
  page.on("requestfailed", (r) => open.delete(r.url()));
  return { made, open };
}

for (const path of SCREENS) {
  test(`a signed-out visit to ${path} asks only who is signed in, and reaches network idle`, async ({ page }) => {
    const api = recordApi(page);
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.waitForLoadState("networkidle");
    expect(api.made).toEqual(["/api/me"]);
    expect([...api.open]).toEqual([]);
  });
}

test("a stale role hint's early reads are ended once the session check says signed out", async ({
  page,
  context,
  baseURL,
}) => {
  // The browser was signed in as a player before (the hint stays when a session expires on the server).
  await context.addCookies([{ name: "flagline-role", value: "player", url: baseURL! }]);
  const api = recordApi(page);
  await page.goto("/player/dashboard");
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.waitForLoadState("networkidle");
  // The screen's reads were started beside the session check, and none is left open.
  expect(api.made).toEqual(expect.arrayContaining(["/api/me", "/api/me/dashboard", "/api/team/scoreboard"]));
  expect([...api.open]).toEqual([]);
  // The session check cleared the stale hint: the next visit asks only who is signed in.
  await expect
    .poll(async () => (await context.cookies()).some((c) => c.name === "flagline-role" && c.value))
    .toBe(false);
});
