import { expect, test } from "./fixtures";
import { scaled } from "../support/host-speed";
import { PASSWORD, signInQuick, uniqueEmail } from "./helpers";
import {
  PHONE,
  coachWithPlayers,
  expectScore,
  scoreboard,
  snapRows,
  syncBadge,
  teamPlayers,
  tile,
} from "./logger-helpers";

/**
 * Game day on a phone: a coach starts today's game, takes attendance, logs the game as snaps (a completion, a
 * run, a touchdown pass and its try, a flag pull, the opponent's touchdown), loses the signal for part of it (logs,
 * undoes and edits with no connection), gets it back, and another coach of the team sees the same scoreboard.
 * The server's numbers agree: the team's passing yards are its receiving yards.
 */
test.use({ ...PHONE, serviceWorkers: "block" });

const TEAM = [
  { fullName: "Jordan Diaz", jerseyNumber: 7, primaryPosition: "qb" },
  { fullName: "Sam Lee", jerseyNumber: 11, primaryPosition: "wr" },
  { fullName: "Ana Ruiz", jerseyNumber: 14, primaryPosition: "wr" },
  { fullName: "Leo Park", jerseyNumber: 22, primaryPosition: "rb" },
  { fullName: "Maya Okafor", jerseyNumber: 24, primaryPosition: "cb" },
  { fullName: "Kim Cho", jerseyNumber: 31, primaryPosition: "safety" },
];

test("a game logged as snaps, partly offline, reaches the server once and every screen agrees", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  const { coach } = await coachWithPlayers(page, TEAM);

  // No game yet today: the logger offers to start one.
  await page.goto("/coach/log");
  await page.getByRole("button", { name: "Start today's game" }).click();
  const start = page.getByRole("dialog", { name: "New session" });
  await start.getByLabel("Opponent").fill("Eagles");
  await start.getByRole("button", { name: "Home" }).click();
  await start.getByRole("button", { name: "Start session" }).click();
  await expect(start).toBeHidden();
  await expect(scoreboard(page)).toContainText("Eagles");
  await expectScore(page, 0, 0);
  await expect(scoreboard(page)).toContainText("1st half");
  const sessionId = new URL(page.url()).searchParams.get("session");
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(syncBadge(page)).toHaveText(/All sent/);

  // Attendance: everyone but Kim.
  await page.getByRole("tab", { name: /Attendance/ }).click();
  await page.getByRole("button", { name: "Mark all present" }).click();
  await page.getByRole("group", { name: "Kim Cho" }).getByRole("button", { name: "Absent" }).click();
  await expect(page.getByText("5 of 6 present · 6 marked")).toBeVisible();
  await page.getByRole("tab", { name: /^Log/ }).click();

  // Offense, the QB throwing: a completion in two taps, a run, a touchdown pass and its try.
  await expect(page.getByRole("button", { name: /^Passer: #7 Jordan Diaz/ })).toBeVisible();
  await tile(page, "Receivers", 11).click();
  await page.getByRole("button", { name: "12 yds", exact: true }).click();
  await expect(page.getByRole("button", { name: "Undo: #7 → #11, 12 yds" })).toBeVisible();
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await tile(page, "Runner", 22).click();
  await page.getByRole("button", { name: "5 yds", exact: true }).click();
  await expect(page.getByRole("button", { name: "Undo: #22 run, 5 yds" })).toBeVisible();
  await tile(page, "Receivers", 14).click();
  await page.screenshot({ path: test.info().outputPath("snap-result.png") });
  await page.getByRole("button", { name: "Touchdown", exact: true }).click();
  await page.getByRole("button", { name: "20 yds", exact: true }).click();
  await page.screenshot({ path: test.info().outputPath("snap-try.png") });
  await page.getByRole("button", { name: "Try for 2: good" }).click();
  await expectScore(page, 8, 0);

  // Their ball: the pad turned to defense by itself; Kim is absent, so not in the lineup.
  await expect(page.getByRole("list", { name: "Defenders" })).toBeVisible();
  await expect(tile(page, "Defenders", 31)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("snap-defense.png") });
  await tile(page, "Defenders", 24).click();
  await page.getByRole("button", { name: "Flag pull", exact: true }).click();
  await expect(page.getByRole("button", { name: "Undo: Flag pull #24" })).toBeVisible();
  await page.getByRole("button", { name: "Opp TD" }).click();
  await expectScore(page, 8, 6);
  await expect(syncBadge(page)).toHaveText(/All sent/);

  // The signal drops: logging, undo and edit go on, into the outbox.
  await context.setOffline(true);
  await tile(page, "Receivers", 11).click();
  await page.getByRole("button", { name: "8 yds", exact: true }).click();
  await tile(page, "Receivers", 14).click();
  await page.getByRole("button", { name: "Incomplete" }).click();
  await expect(syncBadge(page)).toHaveText(/^2 snaps waiting to send/);
  await expect(syncBadge(page)).toContainText("offline");
  // Undo names what it takes back; never sent, it is just dropped.
  await page.getByRole("button", { name: "Undo: #7 → #14, incomplete" }).click();
  await expect(syncBadge(page)).toHaveText(/^1 snap waiting to send/);
  await expect(page.getByRole("button", { name: "Undo: #7 → #11, 8 yds" })).toBeEnabled();
  // An edit of a snap the server has: 12 yards were 15.
  await page.getByRole("button", { name: "Edit #7 → #11, 12 yds" }).click();
  const edit = page.getByRole("dialog", { name: "Edit snap" });
  await expect(edit.getByText("Yards: 12 yds")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("snap-edit.png") });
  await edit.getByRole("button", { name: "15 yds", exact: true }).click();
  await edit.getByRole("button", { name: "Save snap" }).click();
  await expect(edit).toBeHidden();
  await expect(syncBadge(page)).toHaveText(/^1 snap, 1 edit waiting to send/);
  const edited = snapRows(page).filter({ hasText: "#7 → #11, 15 yds" });
  await expect(edited).toContainText("edited");
  await expect(edited).toContainText("pending");
  await expectScore(page, 8, 6);

  // The signal is back: the outbox empties, nothing twice.
  await context.setOffline(false);
  await expect(syncBadge(page)).toHaveText(/All sent/, { timeout: scaled(15_000) });
  await expect(snapRows(page)).toHaveCount(7);
  await expect(snapRows(page).filter({ hasText: "pending" })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("snap-list.png"), fullPage: true });

  // Another coach of the team opens the same game on their own phone.
  const other = await browser.newContext({ ...PHONE, serviceWorkers: "block" });
  const assistant = await other.newPage();
  const email = uniqueEmail("assistant");
  const signup = await assistant.request.post("/api/signup", {
    data: {
      role: "coach",
      fullName: "Robin Assistant",
      email,
      password: PASSWORD,
      coachInviteCode: coach.team.coachInviteCode,
    },
  });
  expect(signup.status(), await signup.text()).toBeLessThan(300);
  await signInQuick(assistant, email);
  const streamOpen = assistant.waitForResponse((r) => r.url().endsWith("/api/team/stream") && r.status() === 200);
  await assistant.goto(`/coach/log?session=${sessionId}`);
  await expectScore(assistant, 8, 6);
  await expect(scoreboard(assistant)).toContainText("Eagles");
  await expect(snapRows(assistant)).toHaveCount(7);
  await expect(snapRows(assistant).filter({ hasText: "#7 → #14, 20 yds, touchdown" })).toContainText("Casey Coach");
  await expect(snapRows(assistant).filter({ hasText: "#7 → #11, 15 yds" })).toContainText("edited");
  await streamOpen;

  // Halftime is the game's (decision 0022): the head coach taps Next half and the other phone follows, live; its
  // next snap goes in the 2nd half.
  await expect(scoreboard(assistant)).toContainText("1st half");
  await scoreboard(page).getByRole("button", { name: "Next half" }).click();
  await expect(scoreboard(page)).toContainText("2nd half");
  await expect(scoreboard(assistant)).toContainText("2nd half");
  await tile(assistant, "Receivers", 14).click();
  await assistant.getByRole("button", { name: "Incomplete" }).click();
  await expect(syncBadge(assistant)).toHaveText(/All sent/);
  await expect(snapRows(page)).toHaveCount(8);

  // The head coach ends the game; the other phone follows.
  await scoreboard(page).getByRole("button", { name: "End game" }).click();
  const end = page.getByRole("dialog", { name: "End game" });
  await expect(end.getByRole("group", { name: "Eagles" })).toContainText("6");
  await end.getByRole("button", { name: "Save final score" }).click();
  await expect(scoreboard(page)).toContainText("Final");
  await expect(syncBadge(page)).toHaveText(/All sent/);
  await expect(scoreboard(assistant)).toContainText("Final");
  await expectScore(assistant, 8, 6);
  // A final game takes no snaps: the pad says so, with Reopen.
  await expect(assistant.getByText("This game is final")).toBeVisible();
  await expect(assistant.getByRole("list", { name: "Receivers" })).toHaveCount(0);

  // The server's sheet and the players' numbers.
  const sheet = await (await page.request.get(`/api/team/sessions/${sessionId}/snaps`)).json();
  expect(sheet.scoreboard).toMatchObject({
    score: { us: 8, them: 6 },
    final: { us: 8, them: 6, corrected: false },
    result: "W",
    homeAway: "home",
  });
  expect(sheet.snaps).toHaveLength(8);
  expect(sheet.scoreboard).toMatchObject({ period: 2, periodLabel: "2nd half" });
  const periods = sheet.snaps.map((s: { period: number }) => s.period);
  expect(periods).toEqual([1, 1, 1, 1, 1, 1, 1, 2]);
  expect(sheet.snaps.filter((s: { editedAt: string | null }) => s.editedAt !== null)).toHaveLength(1);
  const players = await teamPlayers(page);
  const total = (key: string) => players.reduce((sum, p) => sum + (p.stats[key] as number), 0);
  expect(total("passingYards")).toBe(15 + 20 + 8);
  expect(total("receivingYards")).toBe(total("passingYards"));
  expect(total("rushingYards")).toBe(5);
  expect(total("flagPulls")).toBe(1);
  const byName = (name: string) => players.find((p) => p.name === name);
  expect(byName("Jordan Diaz").stats.passingYards).toBe(43);
  expect(byName("Sam Lee").stats.receivingYards).toBe(23);
  expect(byName("Ana Ruiz").stats.receivingYards).toBe(20);

  // On the other coach's phone, the box score and the leaderboard tell the same story.
  await assistant.goto(`/coach/games/${sessionId}`);
  await expect(assistant.getByRole("heading", { level: 1, name: "Box score: vs Eagles" })).toBeVisible();
  const boxScore = assistant.getByRole("region", { name: "Score", exact: true });
  await expect(boxScore).toContainText("Final");
  await expect(boxScore).toContainText("8–6");
  await expect(assistant.getByRole("region", { name: "Passing", exact: true })).toContainText("Yards43");
  await expect(assistant.getByRole("region", { name: "Receiving", exact: true })).toContainText("Yards43");
  await expect(assistant.getByRole("region", { name: "Game", exact: true })).toContainText("Touchdowns1");
  await assistant.goto("/coach/leaderboard");
  const leader = (heading: string) =>
    assistant.getByRole("listitem").filter({ has: assistant.getByRole("heading", { name: heading }) });
  await expect(leader("Passing yards")).toContainText("Jordan Diaz");
  await expect(leader("Passing yards")).toContainText("43");
  await expect(leader("Receiving yards")).toContainText("Sam Lee");
  await expect(leader("Receiving yards")).toContainText("23");

  await other.close();
});
