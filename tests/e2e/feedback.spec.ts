import { axeOf } from "./axe";
import { expect, test, type Browser, type Page } from "./fixtures";
import { seedTeam, signInQuick } from "./helpers";

test.use({ serviceWorkers: "block" });

async function session(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  await signInQuick(page, email);
  return page;
}

test.describe("coach feedback", () => {
  test("a coach writes feedback; the player sees it as new on the dashboard and marks it read", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { coach, players } = await seedTeam({
      teamName: "Harbor Hawks",
      coachName: "Casey Coach",
      players: [{ fullName: "Rae Runner", jerseyNumber: 22, primaryPosition: "rb" }],
    });
    const player = players[0]!;
    await signInQuick(page, coach.email);

    await page.goto(`/coach/player/${player.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Rae Runner" })).toBeVisible();
    await expect(page.getByText("#22", { exact: true })).toBeVisible();
    await expect(page.getByText("Running Back", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Player detail" })).toHaveAttribute(
      "href",
      `/coach/player-detail/${player.id}`,
    );
    const history = page.getByRole("region", { name: "Feedback history" });
    await expect(history.getByRole("heading", { name: "No feedback yet" })).toBeVisible();

    // The categories, field errors and the 2,000-character limit are a component test (feedback-form.test.tsx).
    const form = page.getByRole("region", { name: "Write feedback" });
    await form.getByLabel("Category").selectOption("Technique");
    const text = "Keep your pad level low through the hole.\nGreat burst on the outside zone.";
    await form.getByLabel("Feedback").fill(text);
    await expect(form.getByText(`${text.length} / 2,000 characters`)).toBeVisible();
    await form.getByRole("button", { name: "Send feedback" }).click();
    await expect(form.getByRole("status")).toContainText("Feedback sent.");
    await expect(form.getByLabel("Feedback")).toHaveValue("");
    await expect(form.getByLabel("Category")).toHaveValue("");

    const items = history.getByRole("listitem");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText("Technique");
    await expect(items.first()).toContainText("Casey Coach");
    await expect(items.first()).toContainText("Great burst on the outside zone.");
    await expect(items.first()).toContainText("Not read yet");
    await expect(items.first().locator("time")).toHaveAttribute("datetime", /Z$/);

    // A second one goes to the top.
    await form.getByLabel("Category").selectOption("Leadership");
    await form.getByLabel("Feedback").fill("Talked the huddle through the last drive. More of that.");
    await form.getByRole("button", { name: "Send feedback" }).click();
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText("Leadership");
    await expect(history).toContainText("2 notes, 2 not read yet.");

    // The player's side.
    const playerPage = await session(browser, baseURL, player.email);
    await playerPage.goto("/player/dashboard");
    const panel = playerPage.getByRole("region", { name: /Coach feedback/ });
    await expect(panel.getByText("2 new")).toBeVisible();
    await expect(panel.getByRole("article")).toHaveCount(2);
    await expect(panel.getByText("New", { exact: true })).toHaveCount(2);
    await expect(panel.getByRole("article").first()).toContainText("Talked the huddle through the last drive.");
    await panel.getByRole("button", { name: "Mark as read" }).click();
    await expect(panel.getByRole("status")).toHaveText("All feedback is marked as read.");
    await expect(panel.getByText("New", { exact: true })).toHaveCount(0);
    await expect(panel.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
    const playerStream = playerPage.waitForResponse((r) => r.url().endsWith("/api/team/stream") && r.status() === 200);
    await playerPage.reload();
    await expect(panel.getByRole("article")).toHaveCount(2);
    await expect(panel.getByText("New", { exact: true })).toHaveCount(0);

    // The coach's page, still open, learns it was read (live).
    await expect(items.first()).toContainText("Read");
    await expect(history).toContainText("2 notes, all read.");

    // New feedback while the player's dashboard is open arrives live, as new (once its event stream is open).
    await playerStream;
    await form.getByLabel("Category").selectOption("Effort");
    await form.getByLabel("Feedback").fill("Best practice of the season.");
    await form.getByRole("button", { name: "Send feedback" }).click();
    await expect(panel.getByText("1 new")).toBeVisible();
    await expect(panel.getByRole("article").first()).toContainText("Best practice of the season.");
    await playerPage.context().close();
  });

  test("a coach of another team gets Player not found and nothing else", async ({ page }) => {
    const secret = (
      await seedTeam({ teamName: "Harbor Hawks", players: [{ fullName: "Secret Sam", jerseyNumber: 99 }] })
    ).players[0]!;
    const { coach: coachB } = await seedTeam({ teamName: "Rival Rams", coachName: "Riley Rival" });
    await signInQuick(page, coachB.email);

    await page.goto(`/coach/player/${secret.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Player not found" })).toBeVisible();
    await expect(page.getByText("This player is not on your team, or no longer exists.")).toBeVisible();
    await expect(page.getByText("Secret Sam")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send feedback" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Team Roster" }).last()).toHaveAttribute("href", "/coach/team-roster");

    await page.goto("/coach/player/no-such-player");
    await expect(page.getByRole("heading", { level: 1, name: "Player not found" })).toBeVisible();
  });

  test("the feedback page fits a 375 px screen and has no axe violations", async ({ browser, baseURL }) => {
    const { coach, players } = await seedTeam({ players: [{ fullName: "Phoebe Phone" }] });
    const player = players[0]!;
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 740 },
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    await signInQuick(page, coach.email);
    const res = await page.request.post(`/api/team/players/${player.id}/feedback`, {
      data: { category: "Game IQ", body: "Read the safety before the snap; you saw the blitz twice." },
    });
    expect(res.status()).toBe(201);
    await page.goto(`/coach/player/${player.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Phoebe Phone" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Feedback history" }).getByRole("listitem")).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const results = await axeOf(page).analyze();
    expect(results.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await context.close();
  });
});
