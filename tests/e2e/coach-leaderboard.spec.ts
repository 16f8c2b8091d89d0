import { expect, test, type Page } from "./fixtures";
import { createSession, logEvents, signedInCoachWithTeam, today } from "./coach-fixtures";

test.use({ serviceWorkers: "block" });

const PLAYERS = [
  { fullName: "Ada Quarter", jerseyNumber: 1, primaryPosition: "qb" },
  { fullName: "Ben Catcher", jerseyNumber: 2, primaryPosition: "wr" },
  { fullName: "Cy Corner", jerseyNumber: 3, primaryPosition: "cb" },
  { fullName: "Di Runner", jerseyNumber: 4, primaryPosition: "rb" },
];

/*
 * Ada (qb): 2 Pass TD 40 days ago (2 x 8.1) and a Flag Pull today (2.1): season 18.3, last 30 days 2.1.
 * Ben (wr): one Catch of 12 yards today, in the game: 1.6 in every window.
 * Cy and Di: nothing, 0: they share a place.
 *   season: Ada 1, Ben 2, Cy 3, Di 3.  last 30 days: Ada 1, Ben 2, Cy 3, Di 3 (Ada 2.1 > Ben 1.6).
 *   the game: Ben 1, then Ada, Cy and Di 2 (no points in it).
 */
async function seed(page: Page) {
  const team = await signedInCoachWithTeam(page, PLAYERS);
  const id = (name: string) => team.players[name]!.id;
  const gameId = await createSession(page, "game", today(), "Eagles");
  const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
  await logEvents(page, id("Ada Quarter"), [
    { eventType: "Pass TD", occurredAt: fortyDaysAgo },
    { eventType: "Pass TD", occurredAt: fortyDaysAgo },
    { eventType: "Flag Pull" },
  ]);
  await logEvents(page, id("Ben Catcher"), [{ eventType: "Catch", yards: 12, sessionId: gameId }]);
  return { team, gameId };
}

const rankings = (page: Page) => page.getByRole("region", { name: "Rankings table" });

/** [place, name, score] per row, top to bottom. */
async function board(page: Page): Promise<[string, string, string][]> {
  return rankings(page)
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = Array.from(tr.querySelectorAll("th, td")).map((c) => (c as HTMLElement).innerText.trim());
        return [cells[0]!, cells[1]!, cells[2]!] as [string, string, string];
      }),
    );
}

test.describe("leaderboard", () => {
  test("ranks the season with places, ties sharing one, beside the 1-10 rank", async ({ page }) => {
    await seed(page);
    await page.goto("/coach/leaderboard");
    await expect(page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
    await expect(page.getByLabel("Time window")).toHaveValue("season");
    await expect
      .poll(() => board(page))
      .toEqual([
        ["1", "Ada Quarter", "18.3"],
        ["2", "Ben Catcher", "1.6"],
        ["3", "Cy Corner", "0.0"],
        ["3", "Di Runner", "0.0"],
      ]);
    // Rank is docs/product.md §9's team ranking: round(18.3 / 10) + 1 = 3.
    const ada = rankings(page).getByRole("row").filter({ hasText: "Ada Quarter" });
    await expect(ada.getByRole("cell").nth(3)).toHaveText("3");
    await expect(rankings(page).getByRole("columnheader", { name: "Place" })).toBeVisible();
    await expect(rankings(page).getByRole("columnheader", { name: "Rank" })).toBeVisible();
    // On a phone (390 px) the score is on screen without scrolling the table sideways.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rankings(page).getByRole("columnheader", { name: "Score" })).toBeInViewport({ ratio: 1 });
    await expect(ada.getByRole("cell").nth(1)).toBeInViewport({ ratio: 1 });
    await page.setViewportSize(desktop);

    // Category leaders.
    const receiving = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Receiving yards" }) });
    await expect(receiving).toContainText("Ben Catcher");
    await expect(receiving).toContainText("12");
    const flagPulls = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Flag pulls" }) });
    await expect(flagPulls).toContainText("Ada Quarter");
    await expect(
      page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Interceptions" }) }),
    ).toContainText("No interceptions logged yet.");
    for (const heading of ["Passing yards", "Rushing yards", "Touchdowns"]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
  });

  test("the time window changes the scores and places: last 30 days, one game", async ({ page }) => {
    const { gameId } = await seed(page);
    await page.goto("/coach/leaderboard");
    await expect.poll(() => board(page)).toHaveLength(4);

    await page.getByLabel("Time window").selectOption({ label: "Last 30 days" });
    await expect(page).toHaveURL(/window=last30/);
    await expect
      .poll(() => board(page))
      .toEqual([
        ["1", "Ada Quarter", "2.1"],
        ["2", "Ben Catcher", "1.6"],
        ["3", "Cy Corner", "0.0"],
        ["3", "Di Runner", "0.0"],
      ]);

    await page.getByLabel("Time window").selectOption({ label: "One game" });
    const game = page.getByLabel("Game", { exact: true });
    await expect(game).toHaveValue(gameId);
    // The day as the page's browser reads days (en-US here): "Nov 22, 2026", not the stored 2026-11-22.
    const [year, month, day] = today().split("-").map(Number) as [number, number, number];
    const shown = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric" }).format(
      new Date(year, month - 1, day),
    );
    await expect(game.locator("option:checked")).toHaveText(`Game vs Eagles · ${shown}`);
    await expect
      .poll(() => board(page))
      .toEqual([
        ["1", "Ben Catcher", "1.6"],
        ["2", "Ada Quarter", "0.0"],
        ["2", "Cy Corner", "0.0"],
        ["2", "Di Runner", "0.0"],
      ]);

    await page.getByLabel("Time window").selectOption({ label: "Whole season" });
    await expect.poll(() => board(page).then((rows) => rows[0])).toEqual(["1", "Ada Quarter", "18.3"]);
  });

  test("filters by position group", async ({ page }) => {
    await seed(page);
    await page.goto("/coach/leaderboard");
    await expect.poll(() => board(page)).toHaveLength(4);
    const group = page.getByRole("group", { name: "Position group" });

    await group.getByText("Defense", { exact: true }).click();
    await expect(group.getByRole("radio", { name: "Defense" })).toBeChecked();
    await expect.poll(() => board(page)).toEqual([["1", "Cy Corner", "0.0"]]);
    await group.getByText("Offense", { exact: true }).click();
    await expect(group.getByRole("radio", { name: "Offense" })).toBeChecked();
    await expect
      .poll(() => board(page).then((rows) => rows.map((r) => r[1])))
      .toEqual(["Ada Quarter", "Ben Catcher", "Di Runner"]);
    await group.getByText("Other", { exact: true }).click();
    await expect(group.getByRole("radio", { name: "Other" })).toBeChecked();
    await expect(page.getByRole("heading", { name: "No players to rank" })).toBeVisible();
    await group.getByText("All", { exact: true }).click();
    await expect(group.getByRole("radio", { name: "All" })).toBeChecked();
    await expect.poll(() => board(page)).toHaveLength(4);
  });

  test("rows open the player; Back returns to the same board", async ({ page }) => {
    const { team } = await seed(page);
    await page.goto("/coach/leaderboard");
    await page.getByLabel("Time window").selectOption({ label: "Last 30 days" });
    await expect(page).toHaveURL(/window=last30/);
    await rankings(page).getByRole("link", { name: "Ben Catcher" }).click();
    await expect(page).toHaveURL(new RegExp(`/coach/player-detail/${team.players["Ben Catcher"]!.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Ben Catcher" })).toBeVisible();
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/coach\/leaderboard\?window=last30$/);
    await expect(page.getByLabel("Time window")).toHaveValue("last30");
  });
});
