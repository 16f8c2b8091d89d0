import { seriousViolations } from "./axe";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./fixtures";
import type { SnapDetail } from "#domain/snaps";
import { seedTeam, signInQuick } from "./helpers";
import { today } from "./logger-helpers";

/*
 * docs/product.md §2: the games pages with a game logged through the API (POST /api/team/snaps) and ended with a
 * final score entered by hand. The season list, the box score (team lines, player lines, play-by-play, the
 * corrected-final note), printing and the CSV download, for the coach and for a player of the team.
 */

// A service worker's cache must not answer in place of the server under test.
test.use({ serviceWorkers: "block" });

const main = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** A table's body rows as the cells show them (without the words kept for screen readers only). */
async function tableRows(page: Page, caption: string): Promise<string[][]> {
  return page
    .getByRole("table", { name: caption, exact: true })
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll("th, td")].map((cell) => {
          const copy = cell.cloneNode(true) as Element;
          for (const hidden of copy.querySelectorAll(".sr-only")) hidden.remove();
          return (copy.textContent ?? "").trim();
        }),
      ),
    );
}

async function seedGame() {
  const { coach, players } = await seedTeam({
    coachName: "Casey Coach",
    players: [
      { fullName: "Ada Passer", jerseyNumber: 7, primaryPosition: "qb" },
      { fullName: "Ben Catcher", jerseyNumber: 11, primaryPosition: "wr" },
      { fullName: "Cy Cover", jerseyNumber: 3, primaryPosition: "cb" },
    ],
  });
  const [qb, wr, cb] = players.map((p) => p.id) as [string, string, string];
  return { coach, player: players[1]!, qb, wr, cb };
}

/** Logs the game through the API as the signed-in coach, and ends it at 20–14 (the snaps make 7–6). */
async function logGame(page: Page, ids: { qb: string; wr: string; cb: string }): Promise<string> {
  const created = await page.request.post("/api/team/sessions", {
    data: { kind: "game", date: today(), opponent: "Eagles" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sessionId = ((await created.json()) as { session: { id: string } }).session.id;

  const plays: [number, SnapDetail][] = [
    [1, { kind: "pass", passerId: ids.qb, targetId: ids.wr, result: "complete", yards: 12 }],
    [1, { kind: "pass", passerId: ids.qb, targetId: ids.wr, result: "touchdown", yards: 20 }],
    [1, { kind: "try", points: 1, method: "pass", good: true, passerId: ids.qb, scorerId: ids.wr }],
    [1, { kind: "opponent_score", score: "touchdown" }],
    [2, { kind: "flag_pull", defenderId: ids.cb, yards: null }],
    [2, { kind: "pass", passerId: ids.qb, targetId: ids.wr, result: "drop", yards: null }],
  ];
  const start = Date.now() - 60 * 60_000;
  const snaps = plays.map(([period, detail], i) => ({
    id: randomUUID(),
    sessionId,
    period,
    occurredAt: new Date(start + i * 60_000).toISOString(),
    detail,
  }));
  // The period is the game's (decision 0022): the second half starts between the last 1st-half snap and the next.
  const half = await page.request.put(`/api/team/sessions/${sessionId}/period`, {
    data: { period: 2, at: new Date(start + 3.5 * 60_000).toISOString() },
  });
  expect(half.ok(), await half.text()).toBe(true);
  const logged = await page.request.post("/api/team/snaps", { data: { snaps } });
  expect(logged.status(), await logged.text()).toBe(200);

  const ended = await page.request.post(`/api/team/sessions/${sessionId}/final`, { data: { us: 20, them: 14 } });
  expect(ended.ok(), await ended.text()).toBe(true);
  return sessionId;
}

test("a coach reads the season and a game's box score, prints it and downloads its CSV", async ({ page }) => {
  test.slow();
  const game = await seedGame();
  await signInQuick(page, game.coach.email);
  const sessionId = await logGame(page, game);

  await page.goto("/coach/dashboard");
  await main(page).getByRole("link", { name: "Games" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Games" })).toBeVisible();
  await expect(page.getByText("Record 1-0")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "vs Eagles" });
  await expect(row).toContainText("20–14");
  await expect(row.getByTitle("Won")).toHaveText("W");

  await row.getByRole("link", { name: /^vs Eagles/ }).click();
  await expect(page).toHaveURL(new RegExp(`/coach/games/${sessionId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Box score: vs Eagles" })).toBeVisible();
  const score = page.getByRole("region", { name: "Score", exact: true });
  await expect(score).toContainText("Final");
  await expect(score).toContainText("20–14");
  await expect(score).toContainText("Final score entered by Casey Coach; the snaps add up to 7–6.");

  // Team lines: one touchdown for the TD pass; receiving yards are the passing yards, not added to them.
  const passing = page.getByRole("region", { name: "Passing", exact: true });
  await expect(passing).toContainText("C/ATT2/3");
  await expect(passing).toContainText("Yards32");
  await expect(page.getByRole("region", { name: "Receiving", exact: true })).toContainText("Yards32");
  await expect(page.getByRole("region", { name: "Game", exact: true })).toContainText("Touchdowns1");

  // Player lines, "#11 Name"; the drop is in the receiver's line.
  expect(await tableRows(page, "Receiving")).toEqual([["#11 Ben Catcher", "3", "2", "32", "1", "1"]]);
  expect(await tableRows(page, "Passing")).toEqual([["#7 Ada Passer", "2/3", "32", "1", "0", "141.7"]]);

  // Play-by-play by period, with points and the running score.
  const first = page.getByRole("region", { name: "1st half" });
  await expect(first.getByRole("listitem")).toHaveCount(4);
  await expect(first.getByRole("listitem").nth(1)).toContainText("#7 → #11, 20 yds, touchdown+6Score 6–0");
  await expect(first.getByRole("listitem").nth(3)).toContainText("Opponent touchdownOpp +6Score 7–6");
  await expect(page.getByRole("region", { name: "2nd half" }).getByRole("listitem")).toHaveCount(2);

  // Print: the page's own print rules hide the site's header and navigation and the buttons.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole("button", { name: "Print" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: "print" });
  await expect(main(page)).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Box score: vs Eagles" })).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // The CSV download.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv).toContain("Eagles");

  // WCAG 2.1 A and AA: no serious or critical violation on the box score.
  expect(await seriousViolations(page)).toEqual([]);
});

test("a player of the team reads the same season and box score under /player/games", async ({ page, browser }) => {
  const game = await seedGame();
  await signInQuick(page, game.coach.email);
  const sessionId = await logGame(page, game);

  const context = await browser.newContext({ serviceWorkers: "block" });
  const playerPage = await context.newPage();
  await signInQuick(playerPage, game.player.email);
  await playerPage.goto("/player/dashboard");
  await main(playerPage).getByRole("link", { name: "Games" }).click();
  await expect(playerPage.getByText("Record 1-0")).toBeVisible();
  await expect(playerPage.getByRole("link", { name: "League rules" })).toHaveCount(0);
  await playerPage.getByRole("link", { name: /^vs Eagles/ }).click();
  await expect(playerPage).toHaveURL(new RegExp(`/player/games/${sessionId}$`));
  await expect(playerPage.getByRole("heading", { level: 1, name: "Box score: vs Eagles" })).toBeVisible();
  await expect(playerPage.getByRole("region", { name: "Score", exact: true })).toContainText("20–14");
  await expect(playerPage.getByRole("table", { name: "Passing" })).toContainText("#7 Ada Passer");
  await context.close();
});

test("a coach changes the league rules to quarters and the box score names its periods by them", async ({ page }) => {
  const game = await seedGame();
  await signInQuick(page, game.coach.email);
  const sessionId = await logGame(page, game);

  await page.goto("/coach/games");
  await page.getByRole("link", { name: "League rules" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "League rules" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Two halves" })).toBeChecked();
  await page.getByText("Four quarters").click();
  await page.getByLabel("Touchdown points").fill("");
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(page.getByText("Touchdown points must be a number.")).toBeVisible();
  await page.getByLabel("Touchdown points").fill("6");
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(page.getByText(/^League rules saved\./)).toBeVisible();

  await page.goto(`/coach/games/${sessionId}`);
  await expect(page.getByRole("region", { name: "1st quarter" })).toBeVisible();
  await expect(page.getByRole("region", { name: "2nd quarter" })).toBeVisible();
});

test("on a 390 px phone every column of the player tables can be scrolled to, and the table says it scrolls", async ({
  page,
}) => {
  const game = await seedGame();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInQuick(page, game.coach.email);
  const sessionId = await logGame(page, game);
  await page.goto(`/coach/games/${sessionId}`);

  for (const caption of ["Passing", "Receiving"]) {
    const region = page.getByRole("region", { name: `${caption} table` });
    await expect(region).toBeVisible();
    // Wider than the phone: the hint is on screen before anyone scrolls.
    await expect(region).toHaveAccessibleDescription("Scroll sideways for more columns →");
    await expect(page.getByText("Scroll sideways for more columns →").first()).toBeVisible();
    const headers = page.getByRole("table", { name: caption, exact: true }).getByRole("columnheader");
    const count = await headers.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i++) {
      const header = headers.nth(i);
      await header.scrollIntoViewIfNeeded();
      const box = await header.boundingBox();
      expect(box, `${caption} column ${i}`).not.toBeNull();
      expect(box!.x, `${caption} column ${i}`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${caption} column ${i}`).toBeLessThanOrEqual(390 + 1);
    }
    // Scrolled to the last column, the player's name is still beside the numbers.
    const name = page.getByRole("table", { name: caption, exact: true }).getByRole("rowheader").first();
    const nameBox = await name.boundingBox();
    expect(nameBox!.x).toBeGreaterThanOrEqual(0);
    expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(390 + 1);
  }
  // The page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
