import { expect, test } from "./fixtures";
import { seedTeam, signInQuick } from "./helpers";
import { createSession, logEvents, markAttendance, signedInCoachWithTeam, today } from "./coach-fixtures";

test.use({ serviceWorkers: "block" });

test.describe("player detail", () => {
  test("another team's player reads as not found and reveals nothing", async ({ page }) => {
    const other = await seedTeam({
      teamName: "Rival Rams",
      coachName: "Riley Rival",
      players: [{ fullName: "Secret Sam", jerseyNumber: 99, primaryPosition: "qb" }],
    });
    const secret = other.players[0]!;
    const { coach: mine } = await seedTeam({ teamName: "Harbor Hawks" });
    await signInQuick(page, mine.email);

    await page.goto(`/coach/player-detail/${secret.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Player not found" })).toBeVisible();
    await expect(page.getByText("This player is not on your team, or no longer exists.")).toBeVisible();
    await expect(page.getByText("Secret Sam")).toHaveCount(0);
    await expect(page.getByText("#99")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Give feedback" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Event history" })).toHaveCount(0);
    // Opened by URL: Back goes to the leaderboard.
    await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute("href", "/coach/leaderboard");

    // Even with forged router state naming that player, nothing of it shows.
    await page.goto("/coach/leaderboard");
    // The router listens for history changes once the app has started: on a slow host a popstate sent earlier
    // would reach no one.
    await expect(page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
    await page.evaluate(
      ([id]) => {
        window.history.pushState(
          { usr: { player: { id, name: "Secret Sam" }, returnTo: "https://evil.example/" }, key: "x", idx: 1 },
          "",
          `/coach/player-detail/${id}`,
        );
        window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
      },
      [secret.id],
    );
    await expect(page.getByRole("heading", { level: 1, name: "Player not found" })).toBeVisible();
    await expect(page.getByText("Secret Sam")).toHaveCount(0);

    // An id that does not exist at all reads the same.
    await page.goto("/coach/player-detail/no-such-player");
    await expect(page.getByRole("heading", { level: 1, name: "Player not found" })).toBeVisible();
  });

  test("shows the summary, stats, score history, attendance and empty sections that say what will appear", async ({
    page,
  }) => {
    const team = await signedInCoachWithTeam(page, [
      { fullName: "Kai Safety", jerseyNumber: 21, primaryPosition: "safety" },
    ]);
    const kai = team.players["Kai Safety"]!.id;
    const practice = await createSession(page, "practice", today(-1));
    const game = await createSession(page, "game", today(), "Eagles");
    await markAttendance(page, practice, [{ playerId: kai, present: false }]);
    await markAttendance(page, game, [{ playerId: kai, present: true }]);
    // Safety: Interception 8.1, Flag Pull 3.1: 11.2, ranking round(1.12) + 1 = 2.
    await logEvents(page, kai, [
      { eventType: "Interception", sessionId: game },
      { eventType: "Flag Pull", sessionId: game },
    ]);

    await page.goto(`/coach/player-detail/${kai}`);
    await expect(page.getByRole("heading", { level: 1, name: "Kai Safety" })).toBeVisible();
    await expect(page.getByText("#21", { exact: true })).toBeVisible();
    await expect(page.getByText("Safety", { exact: true })).toBeVisible();
    const header = page.locator("main");
    await expect(header.getByText("Performance score", { exact: true }).locator("..")).toContainText("11.2");
    await expect(header.getByText("Team ranking", { exact: true }).locator("..")).toContainText("2");
    await expect(header.getByText("Attendance", { exact: true }).locator("..")).toContainText("50%");

    const stats = page.getByRole("region", { name: "Stats summary" });
    await expect(stats.getByText("Interceptions")).toBeVisible();
    await expect(stats).toContainText("Flag pulls1");

    await expect(page.getByRole("heading", { name: "Score over time" })).toBeVisible();
    await page.getByText("Show the numbers").click();
    await expect(page.getByRole("region", { name: "Score over time: the numbers" }).getByRole("row")).toHaveCount(2);

    const attendance = page.getByRole("region", { name: "Attendance history" });
    await expect(attendance).toContainText("Present at 1 of 2 marked sessions.");
    await expect(attendance).toContainText("Game vs Eagles");
    await expect(attendance).toContainText("Absent");

    await expect(page.getByRole("region", { name: "Training logs" })).toContainText("No training logged yet");
    await expect(page.getByRole("region", { name: "Feedback", exact: true })).toContainText("No feedback yet");
    await expect(page.getByRole("link", { name: "Give feedback" })).toHaveAttribute("href", `/coach/player/${kai}`);

    const history = page.getByRole("region", { name: "Event history" });
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history).toContainText("Game vs Eagles");
    await expect(history).toContainText("+8.1 pts");
  });

  test("event history pages with Load more and filters by type", async ({ page }) => {
    const team = await signedInCoachWithTeam(page, [
      { fullName: "Rae Rusher", jerseyNumber: 91, primaryPosition: "rusher" },
    ]);
    const rae = team.players["Rae Rusher"]!.id;
    const start = Date.now() - 60 * 60_000;
    const events = Array.from({ length: 30 }, (_, i) => ({
      eventType: i % 3 === 0 ? "Sack" : "Defensive Stop",
      occurredAt: new Date(start + i * 60_000).toISOString(),
    }));
    await logEvents(page, rae, events);

    await page.goto(`/coach/player-detail/${rae}`);
    const history = page.getByRole("region", { name: "Event history" });
    await expect(history.getByRole("listitem")).toHaveCount(25);
    await expect(history.getByText("Showing 25 plays.")).toBeVisible();
    await history.getByRole("button", { name: "Load more" }).click();
    await expect(history.getByRole("listitem")).toHaveCount(30);
    await expect(history.getByText("Showing 30 plays, all of them.")).toBeVisible();
    await expect(history.getByRole("button", { name: "Load more" })).toHaveCount(0);

    await history.getByLabel("Event type").selectOption("Sack");
    await expect(history.getByRole("listitem")).toHaveCount(10);
    for (const text of await history.getByRole("listitem").allInnerTexts()) expect(text).toContain("Sack");

    await history.getByLabel("Event type").selectOption("Pass TD");
    await expect(history.getByText("No Pass TD plays")).toBeVisible();

    // Back to every type: the pages already loaded are still there.
    await history.getByLabel("Event type").selectOption({ label: "All event types" });
    await expect(history.getByRole("listitem")).toHaveCount(30);
  });
});
