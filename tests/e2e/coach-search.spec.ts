import { expect, test, type Page } from "./fixtures";
import { signedInCoachWithTeam } from "./coach-fixtures";

// Playwright's page.route does not see requests a service worker makes; a test here holds the detail request.
test.use({ serviceWorkers: "block" });

/*
 * The dialog's rows, sorts, filters, footer and its loading, error and empty states are component tests
 * (src/web/features/player-search/player-search-dialog.test.tsx); here are the journeys through the real app.
 */

const PLAYERS = [
  { fullName: "Avery Quinn", jerseyNumber: 12, primaryPosition: "qb" },
  { fullName: "Blake Rivers", jerseyNumber: 7, primaryPosition: "wr" },
  { fullName: "Casey Stone", jerseyNumber: 24, primaryPosition: "cb" },
  { fullName: "Drew Park", jerseyNumber: 30, primaryPosition: "rb" },
];

/** Four players, the coach signed in on the page. Scores and attendance matter only to the component tests. */
function seedTeam(page: Page) {
  return signedInCoachWithTeam(page, PLAYERS);
}

const dialog = (page: Page) => page.getByRole("dialog", { name: "Player search" });
const rows = (page: Page) => dialog(page).getByRole("list", { name: "Players" }).getByRole("button");
const searchBox = (page: Page) => dialog(page).getByRole("textbox", { name: "Search players" });

async function rowNames(page: Page): Promise<string[]> {
  const texts = await rows(page).allInnerTexts();
  return texts.map((t) => t.split("\n")[0]!.trim());
}

async function openSearch(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search players" }).click();
  await expect(dialog(page)).toBeVisible();
}

test.describe("coach player search dialog (docs/product.md §2)", () => {
  test("clicking a row closes the dialog and opens the player, and Back returns to the leaderboard", async ({
    page,
  }) => {
    const team = await seedTeam(page);
    const casey = team.players["Casey Stone"]!.id;
    await page.goto("/coach/team-roster");
    await openSearch(page);
    // Hold the detail request: the header must already show the player the search passed along.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === `/api/team/players/${casey}`,
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await rows(page).filter({ hasText: "Casey Stone" }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/coach/player-detail/${casey}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Casey Stone" })).toBeVisible();
    await expect(page.getByText("Loading the player's details...")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Event history" })).toBeVisible();

    const back = page.getByRole("link", { name: "Back", exact: true });
    await expect(back).toHaveAttribute("href", "/coach/leaderboard");
    await back.click();
    await expect(page).toHaveURL(/\/coach\/leaderboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
  });

  test("keyboard: focus starts in the text box, a row opens with Enter, Esc closes and focus returns to the icon", async ({
    page,
  }) => {
    const team = await seedTeam(page);
    await page.goto("/coach/dashboard");
    const icon = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search players" });
    await icon.focus();
    await page.keyboard.press("Enter");
    await expect(searchBox(page)).toBeFocused();
    await expect(rows(page)).toHaveCount(4);

    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(icon).toBeFocused();

    // Open again from the keyboard: type, Tab past Filters to the first row, Space opens it.
    await page.keyboard.press("Enter");
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type("drew");
    await expect.poll(() => rowNames(page)).toEqual(["Drew Park"]);
    await page.keyboard.press("Tab");
    await expect(dialog(page).getByRole("button", { name: "Filters" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(rows(page).first()).toBeFocused();
    await page.keyboard.press("Space");
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/coach/player-detail/${team.players["Drew Park"]!.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Drew Park" })).toBeVisible();

    // And Enter on a row from the player page.
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search players" }).click();
    await searchBox(page).fill("blake");
    await expect.poll(() => rowNames(page)).toEqual(["Blake Rivers"]);
    await rows(page).first().focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/coach/player-detail/${team.players["Blake Rivers"]!.id}$`));
  });

  test("the close button closes it; Tab stays inside while it is open", async ({ page }) => {
    await seedTeam(page);
    await page.goto("/coach/leaderboard");
    await openSearch(page);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      expect(inside).toBe(true);
    }
    await dialog(page).getByRole("button", { name: "Close" }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search players" }),
    ).toBeFocused();
  });

  test("opens from a public page too, where a signed-in coach also has the icon", async ({ page }) => {
    await seedTeam(page);
    await page.goto("/features");
    await openSearch(page);
    await expect(rows(page)).toHaveCount(4);
    await rows(page).filter({ hasText: "Avery Quinn" }).click();
    await expect(page).toHaveURL(/\/coach\/player-detail\//);
    await expect(page.getByRole("heading", { level: 1, name: "Avery Quinn" })).toBeVisible();
  });

  test("at 375 px the dialog fits the screen", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 740 },
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    await seedTeam(page);
    await page.goto("/coach/dashboard");
    await page.getByRole("button", { name: "Search players" }).click();
    await expect(rows(page)).toHaveCount(4);
    await dialog(page).getByRole("button", { name: "Filters" }).click();
    const box = await dialog(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await rows(page).last().scrollIntoViewIfNeeded();
    await expect(rows(page).last()).toBeInViewport();
    await context.close();
  });
});
