import { expect, test } from "./fixtures";
import { seedTeam, signInQuick } from "./helpers";

const main = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Main" });

async function navItems(page: import("@playwright/test").Page): Promise<string[]> {
  const names = await main(page)
    .locator("a, button")
    .evaluateAll((els) =>
      els
        .filter((el) => {
          const s = getComputedStyle(el);
          return s.display !== "none" && s.visibility !== "hidden" && (el as HTMLElement).offsetParent !== null;
        })
        .map((el) => el.getAttribute("aria-label") || (el.textContent ?? "").trim()),
    );
  return names;
}

test.describe("top navigation (docs/product.md §2)", () => {
  test("visitors see the public items", async ({ page }) => {
    await page.goto("/features");
    await expect(main(page).getByRole("link", { name: "Sign Up" })).toBeVisible();
    expect(await navItems(page)).toEqual([
      "Home",
      "Features",
      "How It Works",
      "Pricing",
      "About Us",
      "Contact",
      "Login",
      "Sign Up",
    ]);
  });

  test("players see Dashboard, Schedule, Games, My Profile, Logout", async ({ page }) => {
    const player = (await seedTeam({ players: [{}] })).players[0]!;
    await signInQuick(page, player.email);
    await page.goto("/player/dashboard");
    await expect(main(page).getByRole("button", { name: "Logout" })).toBeVisible();
    expect(await navItems(page)).toEqual(["Dashboard", "Schedule", "Games", "My Profile", "Logout"]);
    await expect(page.getByRole("button", { name: "Search players" })).toHaveCount(0);
  });

  test("coaches see the search icon, their six pages (Schedule and Games among them) and Logout", async ({ page }) => {
    const { coach } = await seedTeam();
    await signInQuick(page, coach.email);
    await page.goto("/coach/dashboard");
    await expect(main(page).getByRole("button", { name: "Logout" })).toBeVisible();
    expect(await navItems(page)).toEqual([
      "Search players",
      "Coach Dashboard",
      "Schedule",
      "Team Roster",
      "Leaderboard",
      "Games",
      "Log",
      "Logout",
    ]);
  });

  test("Games stays highlighted on a game's box score and on the league rules", async ({ page }) => {
    const { coach } = await seedTeam();
    await signInQuick(page, coach.email);
    await page.goto("/coach/games");
    const games = main(page).getByRole("link", { name: "Games" });
    await expect(games).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: "League rules" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "League rules" })).toBeVisible();
    await expect(games).toHaveAttribute("aria-current", "page");
    await page.goto("/coach/games/some-game-id");
    await expect(page.getByRole("heading", { level: 1, name: /^Box score/ })).toBeVisible();
    await expect(games).toHaveAttribute("aria-current", "page");
  });

  test("Schedule stays highlighted on an event's page", async ({ page }) => {
    const { coach } = await seedTeam();
    await signInQuick(page, coach.email);
    await page.goto("/coach/schedule");
    const schedule = main(page).getByRole("link", { name: "Schedule" });
    await expect(schedule).toHaveAttribute("aria-current", "page");
    await page.goto("/coach/schedule/some-event-id");
    await expect(page.getByRole("heading", { name: "Event not found" })).toBeVisible();
    await expect(schedule).toHaveAttribute("aria-current", "page");
  });

  test("on a phone the menu collapses behind a Menu button that toggles the list", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto("/");
    const toggle = main(page).getByRole("button", { name: "Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(main(page).getByRole("link", { name: "Pricing" })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(main(page).getByRole("link", { name: "Pricing" })).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(main(page).getByRole("link", { name: "Pricing" })).toBeHidden();
    await toggle.click();
    await main(page).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await context.close();
  });
});
