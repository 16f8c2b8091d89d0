import { expect, test, type Browser, type Page } from "./fixtures";
import { seedTeam, signInQuick } from "./helpers";
import { PHONE } from "./logger-helpers";
import { answerPath, unsubscribePath } from "./mail-links";

/*
 * docs/product.md §12, reminders and emails, on a phone: a coach schedules a game; a player opens her reminder's
 * answer link signed out and taps Going, and the coach sees her going; she stops reminder emails from the
 * unsubscribe link and finds them off under Emails on My Profile; the coach changes a reminder setting and finds it
 * kept after a reload. The links are the server's own (tests/e2e/mail-links.ts).
 */

test.use({ ...PHONE, serviceWorkers: "block" });

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function newPage(browser: Browser, email?: string): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: "block" });
  const page = await context.newPage();
  if (email) await signInQuick(page, email);
  return page;
}

test("a player answers from her reminder's link signed out, stops reminder emails, and the coach sees it", async ({
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
  const maya = players[0]!;
  await signInQuick(page, coach.email);

  // The coach schedules a game in two days.
  await page.goto("/coach/schedule");
  await expect(page.getByRole("heading", { name: "No events scheduled yet" })).toBeVisible();
  await page.getByRole("button", { name: "Add event" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add event" });
  await dialog.getByText("Game", { exact: true }).click();
  await dialog.getByLabel("Date").fill(utcDay(2));
  await dialog.getByLabel("Start time").fill("18:00");
  await dialog.getByLabel(/^Opponent/).fill("Eagles");
  await dialog.getByLabel(/^Place/).fill("Riverside Park");
  await dialog.getByRole("button", { name: "Add event" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("listitem", { name: "Game vs Eagles" }).getByRole("link", { name: "Game vs Eagles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Game vs Eagles" })).toBeVisible();
  const eventId = new URL(page.url()).pathname.split("/").at(-1)!;

  // Maya opens her answer link on her phone, signed out: the game, and no way into the team's area.
  const mayaPage = await newPage(browser);
  await mayaPage.goto(answerPath(eventId, maya.id));
  await expect(mayaPage.getByRole("heading", { level: 1, name: "Are you coming?" })).toBeVisible();
  await expect(mayaPage.getByText("Answering for Maya Okafor")).toBeVisible();
  const event = mayaPage.getByRole("region", { name: "The event" });
  await expect(event).toContainText("Game vs Eagles");
  await expect(event).toContainText("6:00 PM");
  await expect(event).toContainText("Riverside Park");
  await expect(mayaPage.getByRole("main")).not.toContainText("Sam Lee");
  await expect(mayaPage.getByRole("link", { name: "Open the team's schedule" })).toHaveCount(0);
  const answers = mayaPage.getByRole("group", { name: "Your answer" });
  await mayaPage.getByLabel("Note (optional)").fill("Bringing the cones");
  await answers.getByRole("button", { name: "Going" }).tap();
  await expect(mayaPage.getByRole("status").filter({ hasText: "Saved: Going" })).toBeVisible();
  await expect(answers.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
  // Kept: opened again, the link shows her answer.
  await mayaPage.reload();
  await expect(
    mayaPage.getByRole("group", { name: "Your answer" }).getByRole("button", { name: "Going" }),
  ).toHaveAttribute("aria-pressed", "true");

  // The coach sees Maya going, with her note.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Going (1)" })).toBeVisible();
  const mayaRow = page.getByRole("listitem", { name: maya.fullName });
  await expect(mayaRow.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
  await expect(mayaRow).toContainText("Bringing the cones");

  // Maya stops reminder emails from the unsubscribe link: opening it changes nothing, the button does.
  await mayaPage.goto(unsubscribePath(maya.id, "reminders"));
  await expect(mayaPage.getByRole("heading", { level: 1, name: "Reminders to answer" })).toBeVisible();
  await expect(mayaPage.getByText("You get these emails.")).toBeVisible();
  await mayaPage.getByRole("button", { name: "Stop these emails" }).tap();
  await expect(
    mayaPage.getByRole("status").filter({ hasText: "You will no longer get reminder emails." }),
  ).toBeVisible();
  await expect(mayaPage.getByText(/Turn them back on under Emails/)).toBeVisible();
  await mayaPage.context().close();

  // Signed in, her Emails section shows reminders off and the rest on.
  const mayaSignedIn = await newPage(browser, maya.email);
  await mayaSignedIn.goto("/player/profile");
  const emails = mayaSignedIn.getByRole("region", { name: "Emails" });
  await expect(emails.getByRole("switch", { name: "Reminders to answer" })).toHaveAttribute("aria-checked", "false");
  await expect(emails.getByRole("switch", { name: "Weekly digest" })).toHaveAttribute("aria-checked", "true");
  // She turns them back on there.
  await emails.getByRole("switch", { name: "Reminders to answer" }).tap();
  await expect(emails.getByRole("status").filter({ hasText: "Reminders to answer: on." })).toBeVisible();
  await mayaSignedIn.reload();
  await expect(
    mayaSignedIn.getByRole("region", { name: "Emails" }).getByRole("switch", { name: "Reminders to answer" }),
  ).toHaveAttribute("aria-checked", "true");
  await mayaSignedIn.context().close();
});

test("a coach changes the reminders and finds them kept after a reload; a bad link says so", async ({ page }) => {
  const { coach } = await seedTeam({ teamName: "Harbor Hawks" });
  await signInQuick(page, coach.email);
  await page.goto("/coach/schedule");
  let form = page.getByRole("form", { name: "Reminder settings" });
  await expect(form.getByLabel("First reminder", { exact: true })).toHaveValue("2");
  await form.getByLabel("First reminder", { exact: true }).selectOption({ label: "3 days before" });
  await form.getByRole("checkbox", { name: "At the event's start time" }).uncheck();
  await form.getByLabel("First reminder time").fill("19:30");
  await form.getByLabel("Weekly digest").selectOption({ label: "Off" });
  await form.getByRole("button", { name: "Save reminders" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Reminder settings saved." })).toBeVisible();

  await page.reload();
  form = page.getByRole("form", { name: "Reminder settings" });
  await expect(form.getByLabel("First reminder", { exact: true })).toHaveValue("3");
  await expect(form.getByLabel("First reminder time")).toHaveValue("19:30");
  await expect(form.getByLabel("Weekly digest")).toHaveValue("off");
  await expect(form.getByLabel("Digest time")).toHaveCount(0);

  // A link that was not made by this server.
  await page.goto("/answer/not-a-real-token");
  await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
});
