import { expect, test, type Browser, type Page } from "./fixtures";
import { seedTeam, signInQuick } from "./helpers";
import { PHONE } from "./logger-helpers";

/*
 * docs/product.md §12, the team's week, on a phone: a coach schedules a weekly practice and a game, a player says
 * they are coming from the schedule and from the dashboard, the coach sees who is coming and answers for another
 * player, cancels a practice (still listed, marked cancelled), starts the scheduled game from the logger with
 * its opponent already set, and takes attendance from the answers. The team's zone is UTC (the default), so "today" is UTC's.
 */

test.use({ ...PHONE, serviceWorkers: "block" });

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: "block" });
  const page = await context.newPage();
  await signInQuick(page, email);
  return page;
}

test("a coach schedules the week, players answer, the coach sees who is coming and starts the game", async ({
  page,
  browser,
}) => {
  test.slow();
  const { coach, players } = await seedTeam({
    teamName: "Harbor Hawks",
    players: [
      { fullName: "Maya Okafor", jerseyNumber: 7, primaryPosition: "cb" },
      { fullName: "Sam Lee", jerseyNumber: 12, primaryPosition: "wr" },
    ],
  });
  const [maya, sam] = players as [(typeof players)[0], (typeof players)[0]];
  await signInQuick(page, coach.email);

  // The coach reaches the schedule from the menu: nothing scheduled yet.
  await page.goto("/coach/dashboard");
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Schedule" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No events scheduled yet" })).toBeVisible();

  // A weekly practice from tomorrow, for two weeks.
  await page.getByRole("button", { name: "Add event" }).first().click();
  let dialog = page.getByRole("dialog", { name: "Add event" });
  await dialog.getByLabel("Date").fill(utcDay(1));
  await dialog.getByLabel("Start time").fill("18:00");
  await dialog.getByLabel(/^Arrive by/).fill("17:45");
  await dialog.getByLabel(/^Place/).fill("Riverside Park");
  await dialog.getByRole("checkbox", { name: "Repeats weekly" }).check();
  await dialog.getByLabel(/^Until/).fill(utcDay(14));
  await dialog.getByRole("button", { name: "Add event" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: /events? added to the schedule/ })).toBeVisible();
  const practices = page.getByRole("listitem", { name: "Practice" });
  await expect(practices).toHaveCount(2);
  await expect(practices.first()).toContainText("Arrive by 5:45 PM");
  await expect(practices.first()).toContainText("Riverside Park");

  // A game today, late in the day, against the Eagles at home.
  await page.getByRole("button", { name: "Add event" }).first().click();
  dialog = page.getByRole("dialog", { name: "Add event" });
  await dialog.getByText("Game", { exact: true }).click();
  await dialog.getByLabel("Date").fill(utcDay(0));
  await dialog.getByLabel("Start time").fill("23:00");
  await dialog.getByLabel(/^Opponent/).fill("Eagles");
  await dialog.getByText("Home", { exact: true }).click();
  await dialog.getByRole("button", { name: "Add event" }).click();
  await expect(dialog).toBeHidden();
  const gameRow = page.getByRole("listitem", { name: "Game vs Eagles" });
  await expect(gameRow).toContainText("0 going · 0 maybe · 0 can't go · 2 no answer");
  // Upcoming, soonest first: today's game before tomorrow's practice.
  await expect(page.getByRole("listitem", { name: /^(Game|Practice)/ }).first()).toHaveAttribute(
    "aria-label",
    "Game vs Eagles",
  );

  // Maya answers Going for the first practice from the schedule, and for the game from her dashboard.
  const mayaPage = await signedInPage(browser, maya.email);
  await mayaPage.goto("/player/schedule");
  const firstPractice = mayaPage.getByRole("listitem", { name: "Practice" }).first();
  await firstPractice.getByRole("button", { name: "Going" }).click();
  await expect(firstPractice.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
  await expect(firstPractice).toContainText("1 going · 0 maybe · 0 can't go · 1 no answer");
  await mayaPage.goto("/player/dashboard");
  const nextUp = mayaPage.getByRole("region", { name: "Next up" });
  await expect(nextUp.getByRole("link", { name: "Game vs Eagles" })).toBeVisible();
  await nextUp.getByRole("button", { name: "Going" }).click();
  await expect(nextUp.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
  // Still her answer once read again from the server.
  await mayaPage.reload();
  await expect(
    mayaPage.getByRole("region", { name: "Next up" }).getByRole("button", { name: "Going" }),
  ).toHaveAttribute("aria-pressed", "true");
  await mayaPage.context().close();

  // The coach sees the counts, Maya's answer, and that too few are going; answers Maybe for Sam.
  await page.goto("/coach/dashboard");
  const coachNext = page.getByRole("region", { name: "Next up" });
  await expect(coachNext).toContainText("1 going · 0 maybe · 0 can't go · 1 no answer");
  await expect(coachNext).toContainText("Only 1 going — you need at least 5.");
  await coachNext.getByRole("link", { name: "Game vs Eagles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Game vs Eagles" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Going (1)" })).toBeVisible();
  await expect(
    page.getByRole("listitem", { name: maya.fullName }).getByRole("button", { name: "Going" }),
  ).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: "No answer yet (1)" })).toBeVisible();
  await page
    .getByRole("group", { name: `Answer for ${sam.fullName}` })
    .getByRole("button", { name: "Maybe" })
    .click();
  await expect(page.getByText("1 going · 1 maybe · 0 can't go · 0 no answer")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Maybe (1)" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("listitem", { name: sam.fullName })).toContainText("(set by a coach)");

  // The coach cancels the second practice: still listed, struck through and marked Cancelled.
  await page.goto("/coach/schedule");
  await page.getByRole("listitem", { name: "Practice" }).nth(1).getByRole("link", { name: "Practice" }).click();
  await page.getByRole("button", { name: "Cancel event" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancel Practice?" });
  await confirm.getByRole("button", { name: "Cancel event" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("This practice is cancelled.")).toBeVisible();
  await page.getByRole("link", { name: "Schedule" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  const listed = page.getByRole("listitem", { name: "Practice" });
  await expect(listed).toHaveCount(2);
  await expect(listed.nth(1)).toContainText("Cancelled");
  await expect(listed.nth(0)).not.toContainText("Cancelled");

  // Game day: the logger offers today's scheduled game, opponent and home already set.
  await page.goto("/coach/log");
  await expect(page.getByRole("heading", { name: "No session today yet" })).toBeVisible();
  await page.getByRole("button", { name: "Start today's game" }).click();
  const newSession = page.getByRole("dialog", { name: "New session" });
  const sent = page.waitForResponse(
    (res) => res.url().endsWith("/api/team/sessions") && res.request().method() === "POST",
  );
  await newSession.getByRole("button", { name: /^Today's game vs Eagles, 11:00 PM — start it$/ }).click();
  const created = await sent;
  expect(created.status(), await created.text()).toBe(201);
  expect(created.request().postDataJSON()).toMatchObject({ kind: "game", opponent: "Eagles", homeAway: "home" });
  await expect(newSession).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Session" })).toHaveText(/Game vs Eagles/);
  // Attendance starts from the answers: Maya said Going and is marked present; Sam said Maybe and is left to the
  // coach, who corrects with one tap.
  await page.getByRole("tab", { name: /Attendance/ }).click();
  const mark = (name: string) => page.getByRole("group", { name: new RegExp(name) });
  const attendance = page.getByRole("region", { name: "Attendance" });
  await expect(attendance.getByRole("listitem").filter({ hasText: maya.fullName })).toContainText("said Going");
  await expect(attendance.getByRole("listitem").filter({ hasText: sam.fullName })).toContainText("said Maybe");
  await page.getByRole("button", { name: "Start from answers" }).click();
  await expect(mark(maya.fullName).getByRole("button", { name: "Present" })).toHaveAttribute("aria-pressed", "true");
  await expect(mark(sam.fullName).getByRole("button", { name: "Present" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("button", { name: "Start from answers" })).toBeDisabled();
  await mark(sam.fullName).getByRole("button", { name: "Present" }).click();
  await expect(page.getByText("2 of 2 present · 2 marked")).toBeVisible();
  // Sent: the scheduled game is linked to what is logged, and its page links the box score.
  await page.goto("/coach/schedule");
  await page.getByRole("link", { name: "Game vs Eagles" }).click();
  await expect(page.getByRole("link", { name: "Box score" })).toBeVisible();
});
