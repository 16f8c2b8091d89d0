import { expect, test, type Browser, type Page } from "./fixtures";
import { seedTeam, signInQuick } from "./helpers";

/*
 * docs/product.md §17, a league from nothing to the teams' schedules: an organiser makes a league and a division,
 * two head coaches join it with its code, the organiser adds a team with no coach here, a field and the game days,
 * generates the round robin and publishes it; each coach finds the games in their own schedule without typing
 * them, and a parent reads the schedule and standings on the public page, which names no child.
 */

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  await signInQuick(page, email);
  return page;
}

async function joinWithCode(page: Page, code: string) {
  await page.goto("/leagues");
  await page.getByLabel("League code").fill(code);
  await page.getByRole("button", { name: "Find the league" }).click();
  await expect(page.getByText("Metro Flag", { exact: true })).toBeVisible();
  await page.getByLabel("Division", { exact: true }).selectOption({ label: "10U" });
  await page.getByRole("button", { name: "Join this division" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your team is in Metro Flag, 10U." })).toBeVisible();
}

test.use({ serviceWorkers: "block" });

test("an organiser schedules a league once and every team has its games; parents read it without signing in", async ({
  page,
  browser,
}) => {
  test.slow();
  const { coach: organiser } = await seedTeam({ teamName: "Organisers United", coachName: "Olive Organiser" });
  const { coach: hawks } = await seedTeam({
    teamName: "Harbor Hawks",
    players: [{ fullName: "Maya Okafor", jerseyNumber: 7, primaryPosition: "qb" }],
  });
  const { coach: owls } = await seedTeam({ teamName: "Night Owls" });

  // The organiser reaches Leagues from the footer and makes the league; the new league's page opens.
  await signInQuick(page, organiser.email);
  await page.goto("/coach/dashboard");
  await page.getByRole("contentinfo").getByRole("link", { name: "Leagues" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leagues" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No leagues yet" })).toBeVisible();
  await page.getByLabel("League name").fill("Metro Flag");
  await page.getByLabel("League's time zone").fill("UTC");
  await page.getByRole("button", { name: "Make the league" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Metro Flag" })).toBeVisible();
  await page.getByLabel("Division name").fill("10U");
  await page.getByRole("button", { name: "Add division" }).click();
  await expect(page.getByRole("button", { name: "Delete division 10U" })).toBeVisible();
  const code = (await page.getByRole("region", { name: "League code" }).locator("strong").textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);

  // Two head coaches join with the code.
  for (const coach of [hawks, owls]) {
    const coachPage = await signedInPage(browser, coach.email);
    await joinWithCode(coachPage, code);
    await coachPage.context().close();
  }

  // The organiser adds a team without a coach here, a field with two sub-fields, and two game days.
  await page.reload();
  const teams = page.getByRole("region", { name: "Teams" });
  await expect(teams.getByRole("listitem").filter({ hasText: "Harbor Hawks" })).toContainText("On Flagline");
  await expect(teams.getByRole("listitem").filter({ hasText: "Night Owls" })).toContainText("On Flagline");
  await page.getByLabel("Team name").fill("Comets");
  await page.getByRole("button", { name: "Add team" }).click();
  await expect(teams.getByRole("listitem").filter({ hasText: "Comets" })).toContainText("No coach here yet");
  await page.getByLabel("Field name").fill("Riverside Park");
  await page.getByLabel("Address").fill("1 River Rd");
  await page.getByLabel(/^Sub-fields/).fill("A, B");
  await page.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByRole("button", { name: "Delete field Riverside Park" })).toBeVisible();
  for (const day of [utcDay(7), utcDay(14)]) {
    await page.getByLabel("Game day", { exact: true }).fill(day);
    await page.getByRole("button", { name: "Add day" }).click();
  }
  await page.getByLabel("Start time", { exact: true }).fill("09:00");
  await page.getByRole("button", { name: "Add time" }).click();
  await page.getByLabel("Start time", { exact: true }).fill("10:30");
  await page.getByRole("button", { name: "Add time" }).click();
  await page.getByRole("button", { name: "Save calendar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Calendar saved." })).toBeVisible();

  // Generate: three teams, three games, a bye each round; then publish to the teams.
  await page.getByRole("button", { name: "Generate schedule" }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 games placed, 3 byes." })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Draft" })).toHaveCount(3);
  await page.getByRole("button", { name: "Publish to the teams" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Published 3 games: 4 team schedule entries written." }),
  ).toBeVisible();
  await expect(page.getByRole("cell", { name: "Published" })).toHaveCount(3);

  // Each coach has the league's games in their own schedule, nothing typed.
  const hawksPage = await signedInPage(browser, hawks.email);
  await hawksPage.goto("/coach/schedule");
  // Home games read "vs", away games "at" (the generator balances them).
  await expect(hawksPage.getByRole("listitem", { name: /^Game (vs|at) Comets$/ })).toBeVisible();
  const owlsGame = hawksPage.getByRole("listitem", { name: /^Game (vs|at) Night Owls$/ });
  await expect(owlsGame).toContainText("Riverside Park");
  await hawksPage.context().close();

  // A parent opens the public page without signing in: standings and schedule by team name, no child named.
  const parent = await browser.newContext({ serviceWorkers: "block" });
  const parentPage = await parent.newPage();
  await parentPage.goto(page.url().replace("/leagues/", "/league/"));
  await expect(parentPage.getByRole("heading", { level: 1, name: "Metro Flag" })).toBeVisible();
  const standings = parentPage.getByRole("table", { name: "10U" });
  await expect(standings.getByRole("rowheader")).toHaveText(["Comets", "Harbor Hawks", "Night Owls"]);
  await expect(parentPage.getByText(/Harbor Hawks v |v Harbor Hawks/)).toHaveCount(2);
  await parentPage.getByLabel("Team").selectOption({ label: "Comets" });
  await expect(parentPage.getByText(/Comets v |v Comets/)).toHaveCount(2);
  await expect(parentPage.getByText(/Harbor Hawks v Night Owls|Night Owls v Harbor Hawks/)).toHaveCount(0);
  await expect(parentPage.getByText("Maya Okafor")).toHaveCount(0);
  await parent.close();
});
