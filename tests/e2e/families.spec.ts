import { seriousViolations } from "./axe";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./fixtures";
import { scaled } from "../support/host-speed";
import { bornYearsAgo } from "../support/birth-dates";
import { finishAnimations, PASSWORD, seedTeam, signInQuick, uniqueEmail } from "./helpers";

test.use({ serviceWorkers: "block" });

async function axeProblems(page: Page): Promise<string[]> {
  await finishAnimations(page);
  return seriousViolations(page);
}

/** Tomorrow, as the team's zone (UTC, the default) writes it. */
function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

/*
 * docs/product.md §13: a coach invites a guardian from the roster; the guardian, on a phone, agrees to the consent
 * text and makes an account; a second child on another team joins the same sign-in; the guardian opens each child's
 * screens and answers the schedule for them, which their coaches see; then goes back to the family. The same guardian
 * following a game from its link and getting its score on the phone is tests/e2e/notifications.spec.ts.
 */
/** A player the signed-in coach adds to the roster (a place with no sign-in), by the roster's API. */
async function addToRoster(page: Page, fullName: string, jerseyNumber: number): Promise<{ id: string }> {
  const res = await page.request.post("/api/team/roster", { data: { fullName, jerseyNumber, primaryPosition: "wr" } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { player: { id: string } }).player;
}

test("a guardian with two children on two teams signs in once and answers the schedule for both", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(scaled(90_000));
  const hawks = await seedTeam({ teamName: "Harbor Hawks" });
  const bears = await seedTeam({ teamName: "Bay Bears" });

  // The Hawks' coach: Maya's birth date and a guardian link, from the roster.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuick(page, hawks.coach.email);
  // The children are roster places the coaches add: no sign-in of their own.
  const maya = await addToRoster(page, "Maya Rivera", 4);
  const practice = await page.request.post("/api/team/schedule", {
    data: { kind: "practice", date: tomorrow(), startTime: "17:30", placeName: "Harbor Field" },
  });
  expect(practice.status(), await practice.text()).toBe(201);
  const practiceId = ((await practice.json()) as { events: { id: string }[] }).events[0]!.id;
  await page.goto("/coach/team-roster");
  await page.getByRole("button", { name: "Family of Maya Rivera" }).click();
  const dialog = page.getByRole("dialog", { name: "Maya Rivera's family" });
  await expect(dialog.getByText("No guardian yet.")).toBeVisible();
  await dialog.getByLabel("Birth date", { exact: true }).fill(bornYearsAgo(10));
  await dialog.getByRole("button", { name: "Save birth date" }).click();
  await expect(dialog.getByText(/^Age 10 /)).toBeVisible();
  await expect(
    dialog.getByText("No consent yet: only coaches see more than the first name and initial."),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "New guardian link" }).click();
  await expect(dialog.getByRole("img", { name: "QR code of the guardian link for Maya Rivera" })).toBeVisible();
  const link = await dialog.getByLabel("Guardian link", { exact: true }).inputValue();
  expect(link).toMatch(/\/guardian\/[A-Za-z0-9_-]{32}$/);
  expect(await axeProblems(page)).toEqual([]);
  await page.keyboard.press("Escape");

  // The coach tells the team something from the dashboard; the guardians read it on their child's.
  await page.goto("/coach/dashboard");
  await page.getByRole("textbox", { name: "New announcement" }).fill("Team photos on Saturday: wear the home jersey.");
  await page.getByRole("button", { name: "Post to the team" }).click();
  await expect(page.getByText("Posted: the team sees it on their dashboards.")).toBeVisible();

  // The guardian, on a phone of their own.
  const phoneContext = await browser.newContext({
    baseURL,
    serviceWorkers: "block",
    viewport: { width: 390, height: 844 },
  });
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  await expect(phone.getByRole("heading", { name: "Become Maya R.'s guardian" })).toBeVisible();
  await expect(phone.getByText(/The coach of Harbor Hawks invited you to follow and act for Maya R\./)).toBeVisible();
  expect(await axeProblems(phone)).toEqual([]);
  const email = uniqueEmail("rosa");
  await phone.getByLabel("Your full name").fill("Rosa Rivera");
  await phone.getByLabel("Email").fill(email);
  await phone.getByLabel("Password").fill(PASSWORD);
  // Without agreeing, nothing is made.
  await phone.getByRole("button", { name: "Agree and create my account" }).click();
  await expect(phone.getByText("Agree to the consent text to continue.")).toBeVisible();
  await phone.getByLabel(/I am Maya R\.'s parent or legal guardian/).check();
  await phone.getByRole("button", { name: "Agree and create my account" }).click();
  await expect(phone).toHaveURL(/\/family$/);
  const mayaCard = phone.getByRole("article", { name: "Maya Rivera" });
  await expect(mayaCard).toContainText("Harbor Hawks · #4");
  await expect(mayaCard).toContainText("Consent given by Rosa Rivera");
  await expect(mayaCard).toContainText("Maya is under 13: no sign-in of their own.");
  // The coach's announcement is on the family page too, without opening Maya's screens.
  await expect(
    phone
      .getByRole("region", { name: "Harbor Hawks announcements" })
      .getByText("Team photos on Saturday: wear the home jersey."),
  ).toBeVisible();

  // The Bears' coach makes a link for Leo; the guardian, still signed in, takes it: one sign-in, both children.
  const bearsContext = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const bearsPage = await bearsContext.newPage();
  await signInQuick(bearsPage, bears.coach.email);
  const leo = await addToRoster(bearsPage, "Leo Rivera", 9);
  const bearsPractice = await bearsPage.request.post("/api/team/schedule", {
    data: { kind: "practice", date: tomorrow(), startTime: "18:00", placeName: "Bay Park" },
  });
  expect(bearsPractice.status(), await bearsPractice.text()).toBe(201);
  const bearsPracticeId = ((await bearsPractice.json()) as { events: { id: string }[] }).events[0]!.id;
  const made = await bearsPage.request.post(`/api/team/players/${leo.id}/guardian-invites`);
  expect(made.status()).toBe(201);
  const { token } = (await made.json()) as { token: string };
  await phone.goto(`/guardian/${token}`);
  await expect(phone.getByText("You are signed in as Rosa Rivera. Leo R. is added to your family.")).toBeVisible();
  await phone.getByLabel(/I am Leo R\.'s parent or legal guardian/).check();
  await phone.getByRole("button", { name: "Agree and add Leo R." }).click();
  await expect(phone).toHaveURL(/\/family$/);
  await expect(phone.getByRole("article", { name: "Leo Rivera" })).toContainText("Bay Bears · #9");
  await expect(phone.getByRole("article", { name: "Maya Rivera" })).toBeVisible();
  expect(await axeProblems(phone)).toEqual([]);

  // Maya's screens, as her guardian: her dashboard, then her schedule, answered for her.
  await phone.getByRole("button", { name: "Open Maya's dashboard" }).click();
  await expect(phone).toHaveURL(/\/player\/dashboard$/);
  await expect(phone.getByText("You are viewing Maya Rivera's Flagline as their guardian, Rosa Rivera.")).toBeVisible();
  await expect(phone.getByRole("heading", { name: "Player Dashboard" })).toBeVisible();
  await expect(
    phone.getByRole("region", { name: "Announcements" }).getByText("Team photos on Saturday: wear the home jersey."),
  ).toBeVisible();
  await phone.goto("/player/schedule");
  const row = phone.getByRole("listitem", { name: "Practice" }).first();
  await row.getByRole("button", { name: "Going" }).click();
  await expect(row.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
  // Still the child's screens after a reload (the tab remembers whom it acts for).
  await phone.reload();
  await expect(phone.getByText("You are viewing Maya Rivera's Flagline as their guardian, Rosa Rivera.")).toBeVisible();
  await expect(
    phone.getByRole("listitem", { name: "Practice" }).first().getByRole("button", { name: "Going" }),
  ).toHaveAttribute("aria-pressed", "true");

  // The coach sees Maya's answer.
  await expect
    .poll(async () => {
      const answers = await page.request.get(`/api/team/schedule/${practiceId}`);
      expect(answers.status()).toBe(200);
      const { answers: list } = (await answers.json()) as {
        answers: { playerId: string; answer: string | null; byCoach: boolean }[];
      };
      return list.find((a) => a.playerId === maya.id);
    })
    .toMatchObject({ answer: "going", byCoach: false });

  // Back to the family, and on to Leo on the other team: his practice answered for him too.
  await phone.getByRole("button", { name: "Back to Family" }).click();
  await expect(phone).toHaveURL(/\/family$/);
  await phone.getByRole("button", { name: "Open Leo's dashboard" }).click();
  await expect(phone.getByText("You are viewing Leo Rivera's Flagline as their guardian, Rosa Rivera.")).toBeVisible();
  await phone.goto("/player/schedule");
  const leoRow = phone.getByRole("listitem", { name: "Practice" }).first();
  await leoRow.getByRole("button", { name: "Can't go" }).click();
  await expect(leoRow.getByRole("button", { name: "Can't go" })).toHaveAttribute("aria-pressed", "true");
  // The button shows the answer as soon as it is tapped; the coach's read waits for it to reach the server.
  await expect
    .poll(async () => {
      const bearsAnswers = await bearsPage.request.get(`/api/team/schedule/${bearsPracticeId}`);
      const { answers: leoList } = (await bearsAnswers.json()) as {
        answers: { playerId: string; answer: string | null; byCoach: boolean }[];
      };
      return leoList.find((a) => a.playerId === leo.id);
    })
    .toMatchObject({ answer: "no", byCoach: false });
  await bearsContext.close();

  // Back to the family: the guardian's own page again.
  await phone.getByRole("button", { name: "Back to Family" }).click();
  await expect(phone).toHaveURL(/\/family$/);
  await expect(phone.getByRole("heading", { name: "Your family" })).toBeVisible();
  await expect(phone.getByText(/You are viewing/)).toHaveCount(0);

  // Before withdrawing, the guardian keeps a copy of Leo's data.
  const [download] = await Promise.all([
    phone.waitForEvent("download"),
    phone.getByRole("article", { name: "Leo Rivera" }).getByRole("link", { name: "Download Leo's data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^flagline-child-data-\d{4}-\d{2}-\d{2}\.json$/);
  expect(await readFile((await download.path())!, "utf8")).toContain("Leo Rivera");

  // Consent withdrawn for Leo: the guardian reads exactly what goes, and it is gone.
  await phone.getByRole("article", { name: "Leo Rivera" }).getByRole("button", { name: "Withdraw consent" }).click();
  const confirm = phone.getByRole("alertdialog", { name: "Withdraw consent for Leo Rivera?" });
  await expect(confirm.getByRole("listitem")).toHaveText([
    'the name Leo Rivera (past games show "Player #9")',
    "0 training logs",
    "0 pieces of the coach's feedback",
    "1 schedule answer",
  ]);
  expect(await axeProblems(phone)).toEqual([]);
  await confirm.getByRole("button", { name: "Withdraw and delete" }).click();
  await expect(phone.getByText(/^Consent withdrawn\. Deleted: the name Leo Rivera/)).toBeVisible();
  await expect(phone.getByRole("article", { name: "Leo Rivera" })).toHaveCount(0);
  await expect(phone.getByRole("article", { name: "Maya Rivera" })).toBeVisible();
  await phoneContext.close();

  // The coach's dialog now shows the guardian and the consent.
  await page.goto("/coach/team-roster");
  await expect(page.getByRole("row", { name: /Maya Rivera/ })).toContainText("Consent given · short name only");
  await page.getByRole("button", { name: "Family of Maya Rivera" }).click();
  const after = page.getByRole("dialog", { name: "Maya Rivera's family" });
  await expect(after.getByText(/^Consent given by Rosa Rivera on /)).toBeVisible();
  await expect(after.getByText("Rosa Rivera", { exact: true })).toBeVisible();
});
