import { axeOf } from "./axe";
import { expect, test, type Browser, type Page } from "./fixtures";
import { createSession, logEvents, markAttendance, today } from "./coach-fixtures";
import { seedTeam, signInQuick } from "./helpers";

test.use({ serviceWorkers: "block" });

/** The coach, signed in in a browser context of their own (page.request carries their cookie). */
async function coachSession(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  await signInQuick(page, email);
  return page;
}

/** Today in the browser's zone, the day the dashboard's week is counted from. */
function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, "0")).join("-");
  });
}

const stat = (page: Page, label: string) => page.locator("main").getByText(label, { exact: true }).locator("..");

test.describe("player dashboard", () => {
  test("shows the score, ranking, attendance, stats, chart, recent plays, feedback and this week's training", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { coach, players } = await seedTeam({
      teamName: "Harbor Hawks",
      coachName: "Casey Coach",
      players: [{ fullName: "Wes Receiver", jerseyNumber: 11, primaryPosition: "wr" }],
    });
    const player = players[0]!;
    const coachPage = await coachSession(browser, baseURL, coach.email);
    const practice = await createSession(coachPage, "practice", today());
    await markAttendance(coachPage, practice, [{ playerId: player.id, present: true }]);
    // Wide receiver: Catch 1.5, TD Catch 8, Flag Pull 2 (base), plus 0.1 each: 11.8; ranking round(1.18) + 1 = 2.
    await logEvents(coachPage, player.id, [
      { eventType: "Catch", yards: 12, sessionId: practice },
      { eventType: "TD Catch", yards: 25, sessionId: practice },
      { eventType: "Flag Pull", sessionId: practice },
    ]);
    const fb = await coachPage.request.post(`/api/team/players/${player.id}/feedback`, {
      data: { category: "Effort", body: "Great hustle on every snap." },
    });
    expect(fb.status(), await fb.text()).toBe(201);

    await signInQuick(page, player.email);
    const log = await page.request.post("/api/me/training-logs", {
      data: { date: await browserToday(page), activityType: "Route running", durationMinutes: 45, intensity: 7 },
    });
    expect(log.status(), await log.text()).toBe(201);

    await page.goto("/player/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Player Dashboard" })).toBeVisible();
    await expect(page.getByText("Hi Wes")).toBeVisible();
    await expect(stat(page, "Performance score")).toContainText("11.8");
    await expect(stat(page, "Team ranking")).toContainText("2 / 10");
    await expect(stat(page, "Attendance")).toContainText("100%");

    const stats = page.getByRole("region", { name: "Stats summary" });
    await expect(stats).toContainText("Logged plays3");
    await expect(stats).toContainText("Receiving yards37");
    await expect(stats).toContainText("Touchdowns1");
    await expect(stats).toContainText("Flag pulls1");
    await expect(stats).toContainText("Interceptions0");

    // The chart loads when the player scrolls near it (decision 0017); the notices panel put it below the fold.
    await page.getByRole("region", { name: "This week's training" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("heading", { name: "Your score over time" })).toBeVisible();
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
    await page.getByText("Show the numbers").click();
    const numbers = page.getByRole("region", { name: "Your score over time: the numbers" });
    await expect(numbers.getByRole("row")).toHaveCount(2);
    await expect(numbers).toContainText("11.8");

    const plays = page.getByRole("list", { name: "Recent plays, newest first" });
    await expect(plays.getByRole("listitem")).toHaveCount(3);
    await expect(plays).toContainText("TD Catch");
    await expect(plays).toContainText("25 yds");
    await expect(plays).toContainText("+8.1 pts");
    await expect(plays.locator("time")).toHaveCount(3);

    const feedback = page.getByRole("region", { name: /Coach feedback/ });
    await expect(feedback).toContainText("Great hustle on every snap.");
    await expect(feedback).toContainText("Casey Coach");
    await expect(feedback.getByText("New", { exact: true })).toBeVisible();

    const week = page.getByRole("region", { name: "This week's training" });
    await expect(week).toContainText("Minutes45");
    await expect(week).toContainText("Sessions1");
    await expect(week).toContainText("Route running");
    await week.getByRole("link", { name: "Open your training log" }).click();
    await expect(page).toHaveURL(/\/player\/logs$/);
    await coachPage.context().close();
  });

  test("updates live when the coach logs a play", async ({ page, browser, baseURL }) => {
    const { coach, players } = await seedTeam({ players: [{ fullName: "Lia Live", primaryPosition: "cb" }] });
    const player = players[0]!;
    await signInQuick(page, player.email);
    const streamOpen = page.waitForResponse((r) => r.url().endsWith("/api/team/stream") && r.status() === 200);
    await page.goto("/player/dashboard");
    await expect(page.getByRole("heading", { name: "Your coach hasn't logged any plays for you yet" })).toBeVisible();
    await streamOpen;
    await expect(stat(page, "Performance score")).toContainText("0.0");

    const coachPage = await coachSession(browser, baseURL, coach.email);
    // Cornerback: Interception 8 + 0.1.
    await logEvents(coachPage, player.id, [{ eventType: "Interception" }]);
    await expect(stat(page, "Performance score")).toContainText("8.1");
    await expect(page.getByRole("list", { name: "Recent plays, newest first" })).toContainText("Interception");
    await coachPage.context().close();
  });

  test("player pages fit a 375 px screen and have no axe violations", async ({ browser, baseURL }) => {
    // Three pages, each loaded and scanned by axe: 28.5 s of the 30 on the busy two-core machine (docs/testing.md).
    test.slow();
    const player = (await seedTeam({ players: [{ fullName: "Pia Phone" }] })).players[0]!;
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 740 },
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    await signInQuick(page, player.email);
    await page.request.post("/api/me/training-logs", {
      data: {
        date: today(-1),
        activityType: "Speed & agility",
        durationMinutes: 30,
        intensity: 6,
        notes: "Ladder and cones",
      },
    });
    for (const path of ["/player/dashboard", "/player/profile", "/player/logs"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      const results = await axeOf(page).analyze();
      expect(
        results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
    }
    await context.close();
  });
});
