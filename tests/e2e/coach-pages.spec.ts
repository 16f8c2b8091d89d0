import { axeOf } from "./axe";
import { scaled } from "../support/host-speed";
import { expect, test, type Page } from "./fixtures";
import { createSession, logEvents, markAttendance, signedInCoachWithTeam, today } from "./coach-fixtures";

test.use({ serviceWorkers: "block" });

const PLAYERS = [
  { fullName: "Quinn Passer", jerseyNumber: 10, primaryPosition: "qb" },
  { fullName: "Wren Wideout", jerseyNumber: 80, primaryPosition: "wr" },
  { fullName: "Lee Backer", jerseyNumber: 50, primaryPosition: "lb" },
];

async function seed(page: Page) {
  const team = await signedInCoachWithTeam(page, PLAYERS);
  const id = (name: string) => team.players[name]!.id;
  const game = await createSession(page, "game", today(-2), "Eagles");
  const practice = await createSession(page, "practice", today(-1));
  await markAttendance(
    page,
    game,
    PLAYERS.map((p) => ({ playerId: id(p.fullName), present: true })),
  );
  await markAttendance(page, practice, [
    { playerId: id("Quinn Passer"), present: true },
    { playerId: id("Wren Wideout"), present: false },
    { playerId: id("Lee Backer"), present: true },
  ]);
  await logEvents(page, id("Quinn Passer"), [
    { eventType: "Pass TD", yards: 30, sessionId: game },
    { eventType: "Pass Completion", yards: 12, sessionId: practice },
  ]);
  await logEvents(page, id("Wren Wideout"), [{ eventType: "TD Catch", yards: 30, sessionId: game }]);
  await logEvents(page, id("Lee Backer"), [{ eventType: "Sack", sessionId: game }, { eventType: "Flag Pull" }]);
  return team;
}

test.describe("coach dashboard", () => {
  test("shows the team at a glance, the top performers, the latest events and the quick actions", async ({ page }) => {
    const team = await seed(page);
    await page.goto("/coach/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Coach Dashboard" })).toBeVisible();

    const glance = page.getByRole("region", { name: "At a glance" });
    await expect(glance.getByText("Players", { exact: true }).locator("..")).toContainText("3");
    await expect(glance.getByText("Average attendance").locator("..")).toContainText("83%");
    await expect(glance.getByText("Events this week").locator("..")).toContainText("5");

    // Quinn 8.1 + 1.6 = 9.7; Wren TD Catch (wr) 8.1; Lee Sack 5.1 + Flag Pull 2.1 = 7.2.
    const top = page.getByRole("region", { name: "Top performers" }).getByRole("listitem");
    await expect(top).toHaveCount(3);
    expect(
      (await top.allInnerTexts()).map((t) => t.split("\n").find((line) => /[A-Z][a-z]+ [A-Z]/.test(line))),
    ).toEqual(["Quinn Passer", "Wren Wideout", "Lee Backer"]);
    await expect(top.first()).toContainText("9.7");

    const latest = page.getByRole("region", { name: "Latest events" });
    await expect(latest.getByRole("listitem")).toHaveCount(5);
    await expect(latest).toContainText("Flag Pull");

    // Quick actions.
    await expect(page.getByRole("link", { name: "Log events" })).toHaveAttribute("href", "/coach/log");
    const invite = page.getByRole("button", { name: "Invite players", exact: true });
    await expect(invite).toHaveAttribute("aria-expanded", "false");
    await invite.click();
    await expect(invite).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("#invite-panel")).toContainText(team.coach.team!.code);
    await expect(page.getByRole("button", { name: "Copy team code to invite players" })).toBeVisible();
    await page.getByRole("button", { name: "Open search" }).click();
    await expect(page.getByRole("dialog", { name: "Player search" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Open search" })).toBeFocused();

    // The team and invite codes panel is still there.
    await expect(page.getByRole("button", { name: "Copy team code", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy coach invite code" })).toBeVisible();

    await page.getByRole("region", { name: "Top performers" }).getByRole("link", { name: "Wren Wideout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Wren Wideout" })).toBeVisible();
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/coach\/dashboard$/);
  });
});

test.describe("team stats", () => {
  test("shows totals, per-session trends, groups, attendance and top performers", async ({ page }) => {
    await seed(page);
    await page.goto("/coach/team-stats");
    await expect(page.getByRole("heading", { level: 1, name: "Team Stats" })).toBeVisible();
    const totals = page.getByRole("region", { name: "Team totals" });
    await expect(totals.getByText("Sessions", { exact: true }).locator("..")).toContainText("2");
    await expect(totals.getByText("1 game, 1 practice")).toBeVisible();
    await expect(totals.getByText("Logged plays").locator("..")).toContainText("5");
    // One touchdown pass (a Pass TD and a TD Catch) is one team touchdown.
    await expect(totals.getByText("Touchdowns").locator("..")).toContainText("1");
    await expect(totals.getByText("Passing yards").locator("..")).toContainText("42");

    for (const heading of [
      "Points per session",
      "Yards per session",
      "Attendance over time",
      "By position group",
      "Top performers",
    ]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    // The chart's numbers, one row per session; the game is first (ascending dates).
    const points = page.getByRole("figure", { name: "Points per session" });
    await points.getByText("Show the numbers").click();
    const pointRows = points.getByRole("region").getByRole("row");
    await expect(pointRows).toHaveCount(3);
    await expect(pointRows.nth(1)).toContainText("Game vs Eagles");

    await page.getByRole("group", { name: "Show" }).getByText("Practices", { exact: true }).click();
    await expect(pointRows).toHaveCount(2);
    await expect(pointRows.nth(1)).toContainText("Practice");

    const groups = page.getByRole("region", { name: "By position group" });
    await expect(groups.getByRole("row", { name: /Offense/ })).toContainText("2");
    await expect(groups.getByRole("row", { name: /Defense/ })).toContainText("1");

    const attendance = page.getByRole("figure", { name: "Attendance over time" });
    await attendance.getByText("Show the numbers").click();
    await expect(attendance.getByRole("region").getByRole("row").nth(1)).toContainText("100%");
    await expect(attendance.getByRole("region").getByRole("row").nth(2)).toContainText("67%");
  });
});

test.describe("live updates", () => {
  test("a play logged elsewhere shows up on an open page without a reload", async ({ page }) => {
    const team = await seed(page);
    const streamOpen = page.waitForResponse((r) => r.url().endsWith("/api/team/stream") && r.status() === 200);
    await page.goto("/coach/team-roster");
    const lee = page.getByRole("row").filter({ hasText: "Lee Backer" });
    await expect(lee).toContainText("7.2");
    // Once the event stream is open, log from "another device" (the API).
    await streamOpen;
    await logEvents(page, team.players["Lee Backer"]!.id, [{ eventType: "Interception" }]);
    await expect(lee).toContainText("13.3", { timeout: scaled(10_000) });
  });
});

test.describe("every coach page", () => {
  const pages = ["/coach/dashboard", "/coach/team-roster", "/coach/leaderboard", "/coach/team-stats"];

  test("fits a 375 px screen with no sideways scrolling", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 740 },
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    const team = await seed(page);
    for (const path of [...pages, `/coach/player-detail/${team.players["Quinn Passer"]!.id}`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
    await context.close();
  });

  test("has no axe violations, the search dialog included", async ({ page }) => {
    // Nine pages through axe: on a busy two-core machine that can pass the default 30 s.
    test.slow();
    const team = await seed(page);
    for (const path of [...pages, `/coach/player-detail/${team.players["Quinn Passer"]!.id}`]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      const results = await axeOf(page).analyze();
      expect(
        results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
    }
    await page.goto("/coach/leaderboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search players" }).click();
    await expect(page.getByRole("dialog").getByRole("list", { name: "Players" }).getByRole("button")).toHaveCount(3);
    await page.getByRole("button", { name: "Filters" }).click();
    const results = await axeOf(page).include('[role="dialog"]').analyze();
    expect(results.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});
