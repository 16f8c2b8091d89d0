import { expect, test, type Page } from "@playwright/test";
import { apiCoach, signInQuick } from "./helpers";
import { createSession, logEvents, markAttendance, signedInCoachWithTeam, today } from "./coach-fixtures";

// Playwright's page.route does not see requests a service worker makes; these tests stub the players request.
test.use({ serviceWorkers: "block" });

/*
 * Scores (SPEC §9): Avery (qb) 2 Pass TD = 2 x 8.1 = 16.2, rank 3; Casey (cb) Interception 8.1 + 2 Flag Pull 3.1
 * = 14.3, rank 2; Blake (wr) Catch 1.6, rank 1; Drew (rb) nothing, 0, rank 1.
 * Attendance over four practices: Blake 4/4 100%, Drew 3/4 75%, Avery 2/4 50%, Casey 0/4 0%.
 * Events: Casey 3, Avery 2, Blake 1, Drew 0.
 */
const PLAYERS = [
  { fullName: "Avery Quinn", jerseyNumber: 12, primaryPosition: "qb" },
  { fullName: "Blake Rivers", jerseyNumber: 7, primaryPosition: "wr" },
  { fullName: "Casey Stone", jerseyNumber: 24, primaryPosition: "cb" },
  { fullName: "Drew Park", jerseyNumber: 30, primaryPosition: "rb" },
];
const PRESENT_AT: Record<string, number> = { "Avery Quinn": 2, "Blake Rivers": 4, "Casey Stone": 0, "Drew Park": 3 };

async function seedTeam(page: Page, request: import("@playwright/test").APIRequestContext) {
  const team = await signedInCoachWithTeam(page, request, PLAYERS);
  const id = (name: string) => team.players[name]!.id;
  await logEvents(page, id("Avery Quinn"), [{ eventType: "Pass TD" }, { eventType: "Pass TD" }]);
  await logEvents(page, id("Blake Rivers"), [{ eventType: "Catch", yards: 12 }]);
  await logEvents(page, id("Casey Stone"), [{ eventType: "Interception" }, { eventType: "Flag Pull" }, { eventType: "Flag Pull" }]);
  for (let s = 0; s < 4; s++) {
    const sessionId = await createSession(page, "practice", today(-s - 1));
    await markAttendance(
      page,
      sessionId,
      PLAYERS.map((p) => ({ playerId: id(p.fullName), present: s < PRESENT_AT[p.fullName]! })),
    );
  }
  return team;
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

test.describe("coach player search dialog (SPEC §2)", () => {
  test("lists the team with each row's details, defaults to Performance Score, Highest First", async ({ page, request }) => {
    await seedTeam(page, request);
    await page.goto("/coach/dashboard");
    await openSearch(page);
    await expect(dialog(page).getByText("Showing 4 of 4 players")).toBeVisible();
    expect(await rowNames(page)).toEqual(["Avery Quinn", "Casey Stone", "Blake Rivers", "Drew Park"]);

    const casey = rows(page).filter({ hasText: "Casey Stone" });
    for (const text of ["#24", "Cornerback", "Rank", "2", "Attendance", "0%", "Score", "14.3", "Events", "3"]) {
      await expect(casey).toContainText(text);
    }
    const avery = rows(page).filter({ hasText: "Avery Quinn" });
    await expect(avery).toContainText("#12");
    await expect(avery).toContainText("Quarterback");
    await expect(avery).toContainText("16.2");
    await expect(avery).toContainText("50%");

    const filters = dialog(page).getByRole("button", { name: "Filters" });
    await expect(filters).toHaveAttribute("aria-expanded", "false");
    await expect(dialog(page).getByLabel("Sort By")).toBeHidden();
    await filters.click();
    await expect(filters).toHaveAttribute("aria-expanded", "true");
    await expect(dialog(page).getByLabel("Sort By")).toHaveValue("performanceScore");
    await expect(dialog(page).getByLabel("Order", { exact: true })).toHaveValue("desc");
    await expect(dialog(page).getByLabel("Position")).toHaveValue("all");

    // Position: All positions, then the ten positions in Offense and Defense groups.
    const position = dialog(page).getByLabel("Position");
    expect(await position.locator("option").first().textContent()).toBe("All positions");
    expect(await position.locator("optgroup").evaluateAll((groups) => groups.map((g) => g.getAttribute("label")))).toEqual([
      "Offense",
      "Defense",
    ]);
    expect(await position.locator('optgroup[label="Offense"] option').allTextContents()).toEqual([
      "Quarterback",
      "Wide Receiver",
      "Slot Receiver",
      "Running Back",
      "Tight End",
      "Center",
    ]);
    expect(await position.locator('optgroup[label="Defense"] option').allTextContents()).toEqual([
      "Cornerback",
      "Safety",
      "Linebacker",
      "Pass Rusher",
    ]);
    await filters.click();
    await expect(filters).toHaveAttribute("aria-expanded", "false");
  });

  test("each sort, in both orders, orders the rows", async ({ page, request }) => {
    await seedTeam(page, request);
    await page.goto("/coach/leaderboard");
    await openSearch(page);
    await expect(rows(page)).toHaveCount(4);
    await dialog(page).getByRole("button", { name: "Filters" }).click();

    const expected: Record<string, { desc: string[]; asc: string[] }> = {
      "Performance Score": {
        desc: ["Avery Quinn", "Casey Stone", "Blake Rivers", "Drew Park"],
        asc: ["Drew Park", "Blake Rivers", "Casey Stone", "Avery Quinn"],
      },
      // Blake and Drew share rank 1: ties read by name, A to Z, in either order.
      "Team Ranking": {
        desc: ["Avery Quinn", "Casey Stone", "Blake Rivers", "Drew Park"],
        asc: ["Blake Rivers", "Drew Park", "Casey Stone", "Avery Quinn"],
      },
      "Activity Level": {
        desc: ["Casey Stone", "Avery Quinn", "Blake Rivers", "Drew Park"],
        asc: ["Drew Park", "Blake Rivers", "Avery Quinn", "Casey Stone"],
      },
      Attendance: {
        desc: ["Blake Rivers", "Drew Park", "Avery Quinn", "Casey Stone"],
        asc: ["Casey Stone", "Avery Quinn", "Drew Park", "Blake Rivers"],
      },
      Name: {
        desc: ["Drew Park", "Casey Stone", "Blake Rivers", "Avery Quinn"],
        asc: ["Avery Quinn", "Blake Rivers", "Casey Stone", "Drew Park"],
      },
    };
    for (const [sortLabel, orders] of Object.entries(expected)) {
      await dialog(page).getByLabel("Sort By").selectOption({ label: sortLabel });
      await dialog(page).getByLabel("Order", { exact: true }).selectOption({ label: "Highest First" });
      await expect.poll(() => rowNames(page), { message: `${sortLabel}, Highest First` }).toEqual(orders.desc);
      await dialog(page).getByLabel("Order", { exact: true }).selectOption({ label: "Lowest First" });
      await expect.poll(() => rowNames(page), { message: `${sortLabel}, Lowest First` }).toEqual(orders.asc);
    }
    await expect(dialog(page).getByText("Showing 4 of 4 players")).toBeVisible();
  });

  test("filters by name (case-insensitive substring) and by position; the footer counts what is shown", async ({ page, request }) => {
    await seedTeam(page, request);
    await page.goto("/coach/dashboard");
    await openSearch(page);
    await expect(rows(page)).toHaveCount(4);

    await searchBox(page).fill("RI");
    await expect.poll(() => rowNames(page)).toEqual(["Blake Rivers"]);
    await expect(dialog(page).getByText("Showing 1 of 4 players")).toBeVisible();
    await searchBox(page).fill("a");
    await expect(rows(page)).toHaveCount(4);
    await searchBox(page).fill("ston");
    await expect.poll(() => rowNames(page)).toEqual(["Casey Stone"]);
    await searchBox(page).fill("");
    await expect(rows(page)).toHaveCount(4);

    await dialog(page).getByRole("button", { name: "Filters" }).click();
    await dialog(page).getByLabel("Position").selectOption({ label: "Cornerback" });
    await expect.poll(() => rowNames(page)).toEqual(["Casey Stone"]);
    await expect(dialog(page).getByText("Showing 1 of 4 players")).toBeVisible();
    await dialog(page).getByLabel("Position").selectOption({ label: "Running Back" });
    await expect.poll(() => rowNames(page)).toEqual(["Drew Park"]);

    // Name and position together: nobody named "avery" plays running back.
    await searchBox(page).fill("avery");
    await expect(rows(page)).toHaveCount(0);
    await expect(dialog(page).getByText("No players found")).toBeVisible();
    await expect(dialog(page).getByText("Try adjusting your search or filters.")).toBeVisible();
    await expect(dialog(page).getByText("Showing 0 of 4 players")).toBeVisible();

    await dialog(page).getByLabel("Position").selectOption({ label: "All positions" });
    await expect.poll(() => rowNames(page)).toEqual(["Avery Quinn"]);
  });

  test("an empty team says no players have been added yet", async ({ page, request }) => {
    const coach = await apiCoach(request, "Empty Eagles");
    await signInQuick(page, coach.email);
    await page.goto("/coach/dashboard");
    await openSearch(page);
    await expect(dialog(page).getByText("No players found")).toBeVisible();
    await expect(dialog(page).getByText("No players have been added to the team yet.")).toBeVisible();
    await expect(dialog(page).getByText("Try adjusting your search or filters.")).toHaveCount(0);
    await expect(dialog(page).getByText("Showing 0 of 0 players")).toBeVisible();
  });

  test("shows Loading players... while the list loads", async ({ page, request }) => {
    await seedTeam(page, request);
    await page.goto("/coach/dashboard");
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/team/players", async (route) => {
      await released;
      await route.continue();
    });
    await openSearch(page);
    await expect(dialog(page).getByText("Loading players...")).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    release();
    await expect(rows(page)).toHaveCount(4);
    await expect(dialog(page).getByText("Loading players...")).toHaveCount(0);
  });

  test("a failed load shows the error, and Retry loads the players", async ({ page, request }) => {
    await seedTeam(page, request);
    await page.goto("/coach/dashboard");
    let failing = true;
    await page.route("**/api/team/players", async (route) => {
      if (failing) await route.fulfill({ status: 500, json: { error: { code: "internal", message: "Broken" } } });
      else await route.continue();
    });
    await openSearch(page);
    // The client retries a server error twice before giving up (about 3 s).
    await expect(dialog(page).getByRole("heading", { name: "Error loading players" })).toBeVisible({ timeout: 15_000 });
    await expect(dialog(page).getByText("Failed to load players. Please try again.")).toBeVisible();
    await expect(rows(page)).toHaveCount(0);

    failing = false;
    await dialog(page).getByRole("button", { name: "Retry" }).click();
    await expect(rows(page)).toHaveCount(4);
    await expect(dialog(page).getByRole("heading", { name: "Error loading players" })).toHaveCount(0);
    await expect(dialog(page).getByText("Showing 4 of 4 players")).toBeVisible();
  });

  test("a network failure shows the error too", async ({ page, request }) => {
    await seedTeam(page, request);
    await page.goto("/coach/team-stats");
    await page.route("**/api/team/players", (route) => route.abort("internetdisconnected"));
    await openSearch(page);
    await expect(dialog(page).getByRole("heading", { name: "Error loading players" })).toBeVisible({ timeout: 15_000 });
    await expect(dialog(page).getByRole("button", { name: "Retry" })).toBeVisible();
  });

  test("clicking a row closes the dialog and opens the player, and Back returns to the leaderboard", async ({ page, request }) => {
    const team = await seedTeam(page, request);
    const casey = team.players["Casey Stone"]!.id;
    await page.goto("/coach/team-roster");
    await openSearch(page);
    // Hold the detail request: the header must already show the player the search passed along.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.pathname === `/api/team/players/${casey}`, async (route) => {
      await released;
      await route.continue();
    });
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

  test("keyboard: focus starts in the text box, a row opens with Enter, Esc closes and focus returns to the icon", async ({ page, request }) => {
    const team = await seedTeam(page, request);
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

  test("the close button closes it; Tab stays inside while it is open", async ({ page, request }) => {
    await seedTeam(page, request);
    await page.goto("/coach/leaderboard");
    await openSearch(page);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      expect(inside).toBe(true);
    }
    await dialog(page).getByRole("button", { name: "Close" }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search players" })).toBeFocused();
  });

  test("opens from a public page too, where a signed-in coach also has the icon", async ({ page, request }) => {
    await seedTeam(page, request);
    await page.goto("/features");
    await openSearch(page);
    await expect(rows(page)).toHaveCount(4);
    await rows(page).filter({ hasText: "Avery Quinn" }).click();
    await expect(page).toHaveURL(/\/coach\/player-detail\//);
    await expect(page.getByRole("heading", { level: 1, name: "Avery Quinn" })).toBeVisible();
  });

  test("at 375 px the dialog fits the screen", async ({ browser, request, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 }, serviceWorkers: "block" });
    const page = await context.newPage();
    await seedTeam(page, request);
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
