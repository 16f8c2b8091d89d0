import { axeOf } from "./axe";
import { expect, test } from "./fixtures";
import { eventPoints, performanceScore } from "#domain/scoring";
import {
  PHONE,
  coachWithPlayers,
  createSession,
  eventButton,
  eventRows,
  playerButton,
  playerSummary,
  scoreboard,
  singleEvents,
  syncBadge,
  teamPlayers,
  tile,
} from "./logger-helpers";
import { finishAnimations } from "./helpers";

/**
 * /coach/log on a phone: sessions, two-tap logging on the single-event pad (a practice's default; a game opens
 * on Snaps, see game-day.spec.ts), yards, "More", undo, delete and attendance.
 */
test.use(PHONE);

const MAYA = { fullName: "Maya Okafor", jerseyNumber: 7, primaryPosition: "cb" };
const SAM = { fullName: "Sam Lee", jerseyNumber: 12, primaryPosition: "wr" };
const JO = { fullName: "Jordan Diaz", jerseyNumber: 3, primaryPosition: "qb" };

test("a coach starts a game and logs a Flag Pull in two taps, with its points", async ({ page }) => {
  const { players } = await coachWithPlayers(page, [MAYA, SAM]);
  const maya = players[0]!;
  await page.goto("/coach/log");
  await expect(page.getByRole("heading", { level: 1, name: "Event Logger" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No session today yet" })).toBeVisible();

  await page.getByRole("button", { name: "Start today's game" }).click();
  const dialog = page.getByRole("dialog", { name: "New session" });
  await expect(dialog.getByRole("radio", { name: "Game" })).toBeChecked();
  await dialog.getByLabel("Opponent").fill("Eagles");
  await dialog.getByLabel("Location").fill("Riverside Park");
  await dialog.getByRole("button", { name: "Start session" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Session" })).toHaveText(/Game vs Eagles · Riverside Park/);
  expect(new URL(page.url()).searchParams.get("session")).toMatch(/^[0-9a-f-]{36}$/);
  // A game opens on Snaps with its scoreboard; the single-event pad is one tap away.
  await expect(scoreboard(page)).toContainText("Eagles");
  await singleEvents(page);

  // The grid: jersey order, number, name and position.
  await expect(page.getByRole("list", { name: "Players" }).getByRole("button")).toHaveText([
    /#7\s*CB\s*Maya Okafor/,
    /#12\s*WR\s*Sam Lee/,
  ]);

  const points = eventPoints("Flag Pull", "cb");
  await playerButton(page, "Maya Okafor").click();
  await expect(playerButton(page, "Maya Okafor")).toHaveAttribute("aria-pressed", "true");
  await eventButton(page, "Flag Pull").click();

  await expect(page.getByText(`+${points.toFixed(1)} Maya Okafor · Flag Pull`)).toBeVisible();
  await expect(eventRows(page)).toHaveCount(1);
  await expect(eventRows(page).first()).toContainText("Flag Pull");
  await expect(eventRows(page).first()).toContainText(`+${points.toFixed(1)}`);
  await expect(syncBadge(page)).toHaveText(/All sent/);

  const summary = await playerSummary(page, maya.id);
  expect(summary.eventCount).toBe(1);
  expect(summary.stats.flagPulls).toBe(1);
  expect(summary.performanceScore).toBe(performanceScore({ "Flag Pull": 1 }, "cb"));
});

test("yards go with the next event that takes them, then clear; other types are under More", async ({ page }) => {
  const { players } = await coachWithPlayers(page, [SAM, JO]);
  const [sam, jo] = players as [(typeof players)[0], (typeof players)[0]];
  const sessionId = await createSession(page, { kind: "practice" });
  await page.goto(`/coach/log?session=${sessionId}`);

  await playerButton(page, "Sam Lee").click();
  const yards = page.getByRole("textbox", { name: "Yards" });
  await yards.fill("12");
  await eventButton(page, "Flag Pull").click(); // Does not take yards: they wait for the next one that does.
  await expect(yards).toHaveValue("12");
  await eventButton(page, "Catch").click();
  await expect(page.getByText(`+${eventPoints("Catch", "wr").toFixed(1)} Sam Lee · Catch · 12 yd`)).toBeVisible();
  await expect(yards).toHaveValue("");
  await expect(eventRows(page).filter({ hasText: "Catch" })).toContainText("12 yd");

  // Out of range: refused, nothing logged.
  await yards.fill("400");
  await eventButton(page, "Catch").click();
  await expect(page.getByText("Yards must be a whole number from -99 to 150.").first()).toBeVisible();
  await expect(eventRows(page)).toHaveCount(2);
  await yards.fill("");

  // The other types.
  const more = page.getByRole("button", { name: "More" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await expect(eventButton(page, "Rush Attempt")).toBeHidden();
  await more.click();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  await playerButton(page, "Jordan Diaz").click();
  await yards.fill("-3");
  await eventButton(page, "Rush Attempt").click();
  await expect(
    page.getByText(`+${eventPoints("Rush Attempt", "qb").toFixed(1)} Jordan Diaz · Rush Attempt · -3 yd`),
  ).toBeVisible();
  await eventButton(page, "Penalty").click();
  await expect(eventRows(page)).toHaveCount(4);
  await expect(syncBadge(page)).toHaveText(/All sent/);

  const all = await teamPlayers(page);
  const samNow = all.find((p) => p.id === sam.id);
  const joNow = all.find((p) => p.id === jo.id);
  expect(samNow.stats.receivingYards).toBe(12);
  expect(samNow.performanceScore).toBe(performanceScore({ "Flag Pull": 1, Catch: 1 }, "wr"));
  expect(joNow.stats.rushingYards).toBe(-3);
  expect(joNow.performanceScore).toBe(performanceScore({ "Rush Attempt": 1, Penalty: 1 }, "qb"));
});

test("undo takes back the last event and delete removes any row; the counters follow", async ({ page }) => {
  const { players } = await coachWithPlayers(page, [MAYA]);
  const maya = players[0]!;
  const sessionId = await createSession(page);
  await page.goto(`/coach/log?session=${sessionId}`);

  await playerButton(page, "Maya Okafor").click();
  for (const type of ["Flag Pull", "Interception", "Sack"]) await eventButton(page, type).click();
  await expect(eventRows(page)).toHaveCount(3);
  await expect(eventRows(page).first()).toContainText("Sack");
  await expect(syncBadge(page)).toHaveText(/All sent/);
  expect((await playerSummary(page, maya.id)).eventCount).toBe(3);

  await page.getByRole("button", { name: "Undo Sack by Maya Okafor" }).click();
  await expect(page.getByText("Undone: Sack by Maya Okafor")).toBeVisible();
  await expect(eventRows(page)).toHaveCount(2);
  await expect(eventRows(page).first()).toContainText("Interception");
  await expect(syncBadge(page)).toHaveText(/All sent/);
  await expect.poll(async () => (await playerSummary(page, maya.id)).eventCount).toBe(2);

  await page.getByRole("button", { name: "Delete Flag Pull by Maya Okafor" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this event?" });
  await expect(confirm).toContainText("Flag Pull by Maya Okafor");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(eventRows(page)).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Events this session" })).toContainText("1 event");
  await expect(syncBadge(page)).toHaveText(/All sent/);
  await expect.poll(async () => (await playerSummary(page, maya.id)).eventCount).toBe(1);
  const summary = await playerSummary(page, maya.id);
  expect(summary.stats.flagPulls).toBe(0);
  expect(summary.stats.interceptions).toBe(1);
  expect(summary.performanceScore).toBe(performanceScore({ Interception: 1 }, "cb"));

  // The session's events on the server match the list.
  const detail = await (await page.request.get(`/api/team/sessions/${sessionId}`)).json();
  expect(detail.events.map((e: { eventType: string }) => e.eventType)).toEqual(["Interception"]);
});

test("attendance: present, absent and mark all present change the players' attendance", async ({ page }) => {
  const { players } = await coachWithPlayers(page, [MAYA, SAM, JO]);
  const [maya, sam] = players as [(typeof players)[0], (typeof players)[0]];
  const sessionId = await createSession(page);
  await page.goto(`/coach/log?session=${sessionId}`);

  await page.getByRole("tab", { name: /Attendance/ }).click();
  await expect(page.getByText("0 of 3 present · 0 marked")).toBeVisible();

  const row = (name: string) => page.getByRole("group", { name });
  await row("Maya Okafor").getByRole("button", { name: "Present" }).click();
  await expect(row("Maya Okafor").getByRole("button", { name: "Present" })).toHaveAttribute("aria-pressed", "true");
  await row("Sam Lee").getByRole("button", { name: "Absent" }).click();
  await expect(row("Sam Lee").getByRole("button", { name: "Absent" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("1 of 3 present · 2 marked")).toBeVisible();
  await expect(syncBadge(page)).toHaveText(/All sent/);
  await expect.poll(async () => (await playerSummary(page, maya.id)).attendancePercentage).toBe(100);
  // Each mark is its own outbox item: Maya's being stored says nothing of Sam's, so his is waited for too.
  await expect.poll(async () => (await playerSummary(page, sam.id)).attendancePercentage).toBe(0);

  // A second session: Maya absent there makes her 50%.
  const second = await createSession(page, { kind: "game", opponent: "Eagles" });
  await page.goto(`/coach/log?session=${second}`);
  await page.getByRole("tab", { name: /Attendance/ }).click();
  await row("Maya Okafor").getByRole("button", { name: "Absent" }).click();
  await expect(syncBadge(page)).toHaveText(/All sent/);
  await expect.poll(async () => (await playerSummary(page, maya.id)).attendancePercentage).toBe(50);

  await page.getByRole("button", { name: "Mark all present" }).click();
  for (const name of ["Maya Okafor", "Sam Lee", "Jordan Diaz"]) {
    await expect(row(name).getByRole("button", { name: "Present" })).toHaveAttribute("aria-pressed", "true");
  }
  await expect(page.getByText("3 of 3 present · 3 marked")).toBeVisible();
  await expect(syncBadge(page)).toHaveText(/All sent/);
  await expect.poll(async () => (await playerSummary(page, maya.id)).attendancePercentage).toBe(100);
  await expect.poll(async () => (await playerSummary(page, sam.id)).attendancePercentage).toBe(50);

  // Pressing the pressed button clears the mark.
  await row("Sam Lee").getByRole("button", { name: "Present" }).click();
  await expect(row("Sam Lee").getByRole("button", { name: "Present" })).toHaveAttribute("aria-pressed", "false");
  await expect(row("Sam Lee").getByRole("button", { name: "Absent" })).toHaveAttribute("aria-pressed", "false");
  await expect(syncBadge(page)).toHaveText(/All sent/);
  await expect.poll(async () => (await playerSummary(page, sam.id)).attendancePercentage).toBe(0);
});

test("the logger fits a 375 px phone: no sideways scroll, big targets, events thumb-high", async ({ page }) => {
  await coachWithPlayers(page, [MAYA, SAM, JO]);
  const sessionId = await createSession(page, { kind: "game", opponent: "Eagles", location: "Riverside Park" });
  await page.goto(`/coach/log?session=${sessionId}`);
  // Snaps first: the pad and the scoreboard fit too.
  await expect(tile(page, "Receivers", 12)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const button of await page.getByRole("list", { name: "Receivers" }).getByRole("button").all()) {
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);
    expect(box.width).toBeGreaterThanOrEqual(90);
  }
  // The snap pad sits at the bottom of the screen like the event pad: players and actions under the thumb.
  for (const name of ["Run", "Penalty"]) {
    const box = (await page.getByRole("button", { name, exact: true }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(box.y).toBeGreaterThan(740 / 2);
  }
  await page.screenshot({ path: test.info().outputPath("logger-375-snaps.png") });
  await singleEvents(page);
  await playerButton(page, "Maya Okafor").click();
  await eventButton(page, "Flag Pull").click();
  await expect(syncBadge(page)).toHaveText(/All sent/);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const button of await page.getByRole("list", { name: "Players" }).getByRole("button").all()) {
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(60);
    expect(box.width).toBeGreaterThanOrEqual(90);
  }
  // The event buttons stay at the bottom of the screen, in reach of the thumb, while the page scrolls.
  const flagPull = (await eventButton(page, "Flag Pull").boundingBox())!;
  expect(flagPull.height).toBeGreaterThanOrEqual(48);
  expect(flagPull.y + flagPull.height).toBeLessThanOrEqual(740);
  expect(flagPull.y).toBeGreaterThan(740 / 2);
  await page.screenshot({ path: test.info().outputPath("logger-375.png") });
  await page.getByRole("tab", { name: /Attendance/ }).click();
  await page.screenshot({ path: test.info().outputPath("logger-375-attendance.png"), fullPage: true });
});

test("has no axe violations: the log, the attendance tab and the new session form", async ({ page }) => {
  // Several pages or uploads: on a busy two-core machine that can pass the default 30 s.
  test.slow();
  await coachWithPlayers(page, [MAYA, SAM, JO]);
  const sessionId = await createSession(page, { kind: "game", opponent: "Eagles" });
  await page.goto(`/coach/log?session=${sessionId}`);
  const violations = async (scope?: string) => {
    // A toggle's colours change in a transition: measured halfway, white text on light grey fails contrast.
    await finishAnimations(page);
    const builder = axeOf(page);
    const results = await (scope ? builder.include(scope) : builder).analyze();
    return results.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  };
  // Snaps: the pad, a result step, the play-by-play and the edit dialog.
  await tile(page, "Receivers", 12).click();
  expect(await violations()).toEqual([]);
  await page.getByRole("button", { name: "12 yds", exact: true }).click();
  await expect(syncBadge(page)).toHaveText(/All sent/);
  expect(await violations()).toEqual([]);
  await page.getByRole("button", { name: /^Edit / }).click();
  expect(await violations('[role="dialog"]')).toEqual([]);
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await singleEvents(page);
  await playerButton(page, "Maya Okafor").click();
  await eventButton(page, "Flag Pull").click();
  await page.getByRole("button", { name: "More" }).click();
  await expect(syncBadge(page)).toHaveText(/All sent/);
  expect(await violations()).toEqual([]);
  await page.getByRole("tab", { name: /Attendance/ }).click();
  const absent = page.getByRole("group", { name: "Sam Lee" }).getByRole("button", { name: "Absent" });
  await absent.click();
  await expect(absent).toHaveAttribute("aria-pressed", "true");
  expect(await violations()).toEqual([]);
  await page.getByRole("button", { name: "New session" }).click();
  await page.getByRole("dialog").getByText("Game", { exact: true }).click();
  expect(await violations('[role="dialog"]')).toEqual([]);
});

/**
 * Every step of a snap fits the phone with the page at the top: the pad's controls inside the screen, none under
 * the scoreboard, and the scoreboard in view (issue #26: the pass step's chips sat at y 870–918 on an 844-px screen).
 */
for (const size of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test(`every step of a pass, a run and a try fits ${size.width}×${size.height} with the scoreboard in view`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(size);
    await coachWithPlayers(page, [
      { fullName: "Jordan Diaz", jerseyNumber: 7, primaryPosition: "qb" },
      { fullName: "Sam Lee", jerseyNumber: 11, primaryPosition: "wr" },
      { fullName: "Ana Ruiz", jerseyNumber: 14, primaryPosition: "wr" },
      { fullName: "Leo Park", jerseyNumber: 22, primaryPosition: "rb" },
      { fullName: "Tess Bower", jerseyNumber: 88, primaryPosition: "te" },
      { fullName: "Maya Okafor", jerseyNumber: 24, primaryPosition: "cb" },
      { fullName: "Kim Cho", jerseyNumber: 31, primaryPosition: "safety" },
      { fullName: "Dre Holt", jerseyNumber: 33, primaryPosition: "lb" },
      { fullName: "Rae Stone", jerseyNumber: 55, primaryPosition: "rusher" },
      { fullName: "Noor Ali", jerseyNumber: 3, primaryPosition: "cb" },
    ]);
    const sessionId = await createSession(page, { kind: "game", opponent: "Eagles", location: "Riverside Park" });
    await page.goto(`/coach/log?session=${sessionId}`);
    await expect(tile(page, "Receivers", 11)).toBeVisible();

    /** With the page at the top: the scoreboard shows, uncovered, and all of the step's controls are on screen. */
    const expectFits = async (step: string) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      const board = (await scoreboard(page).boundingBox())!;
      const pad = page.getByRole("region", { name: /^(Offense|Defense)$/ });
      const padBox = (await pad.boundingBox())!;
      expect(board.y, `${step}: scoreboard on screen`).toBeGreaterThanOrEqual(0);
      expect(board.y + board.height, `${step}: scoreboard above the pad`).toBeLessThanOrEqual(padBox.y);
      // Nothing (the header, the pad) is drawn over the scoreboard's score.
      const covered = await scoreboard(page).evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !hit || !el.contains(hit);
      });
      expect(covered, `${step}: scoreboard uncovered`).toBe(false);
      for (const control of await pad.getByRole("button").all()) {
        const box = (await control.boundingBox())!;
        const name = (await control.getAttribute("aria-label")) ?? (await control.innerText());
        expect(box.y, `${step}: "${name}" below the scoreboard`).toBeGreaterThanOrEqual(board.y + board.height);
        expect(box.y + box.height, `${step}: "${name}" on screen`).toBeLessThanOrEqual(size.height);
        expect(box.x + box.width, `${step}: "${name}" on screen`).toBeLessThanOrEqual(size.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    };

    await expectFits("offense");
    // A pass: receiver → result and yards (and the keypad for an unusual gain) → a touchdown → the try.
    await tile(page, "Receivers", 11).click();
    await expect(page.getByRole("group", { name: "Complete, yards gained" })).toBeVisible();
    await expectFits("pass: result and yards");
    await page.getByRole("button", { name: "Other…" }).click();
    await expect(page.getByRole("button", { name: "Switch between gain and loss" })).toBeVisible();
    await expectFits("pass: keypad");
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await page.getByRole("button", { name: "Touchdown", exact: true }).click();
    await page.getByRole("button", { name: "12 yds", exact: true }).click();
    await expect(page.getByRole("list", { name: "Try receiver" })).toBeVisible();
    await expectFits("try");
    await page.getByRole("button", { name: /^Try passer: / }).click();
    await expect(page.getByRole("list", { name: "Try passer" })).toBeVisible();
    await expectFits("try: passer");
    await page.getByRole("button", { name: /^Try passer: / }).click();
    await page.getByRole("button", { name: "Try for 2: good" }).click();
    await expect(page.getByRole("list", { name: "Defenders" })).toBeVisible();
    await expectFits("defense");
    // A run: runner and yards.
    await page.getByRole("button", { name: "Offense", exact: true }).click();
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await tile(page, "Runner", 22).click();
    await expect(page.getByRole("group", { name: "Run, yards gained" })).toBeVisible();
    await expectFits("run");
    await page.getByRole("button", { name: "Touchdown", exact: true }).click();
    await expectFits("run: touchdown");
    await page.getByRole("button", { name: "4 yds", exact: true }).click();
    await expect(page.getByRole("list", { name: /^Try (receiver|runner)$/ })).toBeVisible();
    await expectFits("try after a run");
    await page.screenshot({ path: test.info().outputPath(`logger-${size.width}-try.png`) });
  });
}
