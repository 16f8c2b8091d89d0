import { expect, test, type Browser, type Page } from "./fixtures";
import { seedTeam, signInQuick } from "./helpers";
import { PHONE, expectScore, scoreboard, syncBadge, tile } from "./logger-helpers";

/*
 * docs/product.md §17, a league from nothing to the teams' schedules: an organiser makes a league of three divisions,
 * two head coaches join it with its code, the organiser adds a team with no coach here, a field and the game days,
 * generates the round robin and publishes it; each coach finds the games in their own schedule without typing
 * them, and a parent reads the schedule and standings on the public page, which names no child. The organiser moves
 * a game by hand, and invites the coach of the team added by name.
 */

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function signedInPage(browser: Browser, email: string, device: object = {}): Promise<Page> {
  const context = await browser.newContext({ ...device, serviceWorkers: "block" });
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
  // Many screens and two or three browsers: a budget for a busy 2-core CI machine, not a speed target.
  test.setTimeout(240_000);
  const { coach: organiser } = await seedTeam({ teamName: "Organisers United", coachName: "Olive Organiser" });
  const { coach: hawks } = await seedTeam({
    teamName: "Harbor Hawks",
    players: [{ fullName: "Maya Okafor", jerseyNumber: 7, primaryPosition: "qb" }],
  });
  const { coach: owls } = await seedTeam({ teamName: "Night Owls" });
  const { coach: comets } = await seedTeam({ teamName: "Comets Flag Club" });

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
  for (const division of ["8U", "10U", "12U"]) {
    await page.getByLabel("Division name").fill(division);
    await page.getByRole("button", { name: "Add division" }).click();
    await expect(page.getByRole("button", { name: `Delete division ${division}` })).toBeVisible();
  }
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
  // The schedule's form works without a script: pick, then show.
  await parentPage.getByLabel("Team").selectOption({ label: "Comets" });
  await parentPage.getByRole("button", { name: "Show games" }).click();
  await expect(parentPage.getByText(/Comets v |v Comets/)).toHaveCount(2);
  await expect(parentPage.getByText(/Harbor Hawks v Night Owls|Night Owls v Harbor Hawks/)).toHaveCount(0);
  await expect(parentPage.getByText("Maya Okafor")).toHaveCount(0);
  await parent.close();

  // The organiser moves the Hawks v Owls game by hand. Onto another game's place first: the conflict shows before
  // saving and it cannot be saved; then to a free place, which both teams' schedules follow at once.
  const listed = (await (await page.request.get(`${page.url().replace("/leagues/", "/api/leagues/")}/games`)).json())
    .games as Array<{ homeTeamId: string; awayTeamId: string; date: string; startTime: string; subField: string }>;
  const teamIds = new Map(
    (
      (await (await page.request.get(page.url().replace("/leagues/", "/api/leagues/"))).json()).league.teams as Array<{
        id: string;
        name: string;
      }>
    ).map((t) => [t.name, t.id]),
  );
  const cometsId = teamIds.get("Comets")!;
  const other = listed.find((g) => g.homeTeamId === cometsId || g.awayTeamId === cometsId)!;
  await page.getByRole("button", { name: /^Change (Harbor Hawks v Night Owls|Night Owls v Harbor Hawks)$/ }).click();
  const dialog = page.getByRole("dialog", { name: /^Change / });
  await dialog.getByLabel("Sub-field").selectOption(other.subField);
  await dialog.getByLabel("Day").fill(other.date);
  await dialog.getByLabel("Start").fill(other.startTime);
  await expect(dialog.getByRole("alert")).toContainText(
    `Riverside Park, field ${other.subField} is booked for 2 games at ${other.startTime} on ${other.date}.`,
  );
  await expect(dialog.getByRole("button", { name: "Save change" })).toBeDisabled();
  await dialog.getByLabel("Day").fill(utcDay(21));
  await dialog.getByLabel("Start").fill("09:00");
  await expect(dialog.getByRole("status")).toHaveText("No conflicts: this change can be saved.");
  await dialog.getByRole("button", { name: "Save change" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Game moved: 2 team schedule entries written, and the teams told." }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // Comets' coach joins Flagline later: the organiser's coach link brings their team into the Comets' place, with
  // its games.
  await teams.getByRole("button", { name: "Invite its coach of Comets" }).click();
  const coachLink = (await teams.getByText(/\/league-coach\//).textContent())!.trim();
  const cometsPage = await signedInPage(browser, comets.email);
  await cometsPage.goto(coachLink);
  await expect(cometsPage.getByText("to bring your team into Metro Flag as Comets, in the 10U division")).toBeVisible();
  await cometsPage.getByRole("button", { name: "Bring Comets Flag Club in as Comets" }).click();
  await expect(cometsPage).toHaveURL(/\/leagues$/);
  await cometsPage.goto("/coach/schedule");
  await expect(cometsPage.getByRole("listitem", { name: /^Game (vs|at) Harbor Hawks$/ })).toBeVisible();
  await expect(cometsPage.getByRole("listitem", { name: /^Game (vs|at) Night Owls$/ })).toBeVisible();
  await cometsPage.context().close();

  // The organiser asks the Owls' coach to help run the league with a co-admin link.
  await page.getByRole("button", { name: "Invite a co-admin" }).click();
  const link = (await page.getByText(/\/league-admin\//).textContent())!.trim();
  const owlsPage = await signedInPage(browser, owls.email);
  await owlsPage.goto(link);
  await owlsPage.getByRole("button", { name: "Help run Metro Flag" }).click();
  await expect(owlsPage.getByRole("heading", { level: 1, name: "Metro Flag" })).toBeVisible();
  await expect(owlsPage.getByText("You help run this league")).toBeVisible();
  await owlsPage.context().close();
  await page.reload();
  await expect(page.getByRole("region", { name: "Admins" })).toContainText("Co-admin");
});

/** A coach on a phone starts today's league game from the logger, logs it and ends it. */
async function logLeagueGame(page: Page, opponent: string, plays: (page: Page) => Promise<void>) {
  await page.goto("/coach/log");
  await page.getByRole("button", { name: "Start today's game" }).click();
  const start = page.getByRole("dialog", { name: "New session" });
  await start.getByRole("button", { name: new RegExp(`^Today's game (vs|at) ${opponent}, .* — start it$`) }).click();
  await expect(start).toBeHidden();
  await expect(scoreboard(page)).toContainText(opponent);
  await expect(page.getByRole("button", { name: /^Passer: #7 Jordan Diaz/ })).toBeVisible();
  await plays(page);
  await expect(syncBadge(page)).toHaveText(/All sent/);
  await scoreboard(page).getByRole("button", { name: "End game" }).click();
  await page.getByRole("dialog", { name: "End game" }).getByRole("button", { name: "Save final score" }).click();
  await expect(scoreboard(page)).toContainText("Final");
  await expect(syncBadge(page)).toHaveText(/All sent/);
}

const PASSER_AND_RECEIVER = [
  { fullName: "Jordan Diaz", jerseyNumber: 7, primaryPosition: "qb" },
  { fullName: "Sam Lee", jerseyNumber: 11, primaryPosition: "wr" },
];

test("both teams log the league game; their scorebooks differ, a coach accepts the other's, the standings follow", async ({
  page,
  browser,
}) => {
  // Many screens and two or three browsers: a budget for a busy 2-core CI machine, not a speed target.
  test.setTimeout(240_000);
  const { coach: organiser } = await seedTeam({ teamName: "Organisers United" });
  const { coach: hawks } = await seedTeam({ teamName: "Harbor Hawks", players: PASSER_AND_RECEIVER });
  const { coach: owls } = await seedTeam({ teamName: "Night Owls", players: PASSER_AND_RECEIVER });

  // Set up through the API (the first journey above does it on screen): a league with the two teams and one game
  // today, published.
  await signInQuick(page, organiser.email);
  const made = await (
    await page.request.post("/api/leagues", { data: { name: "Metro Flag", timeZone: "UTC" } })
  ).json();
  const id = made.league.id as string;
  const division = await (await page.request.post(`/api/leagues/${id}/divisions`, { data: { name: "10U" } })).json();
  const divisionId = division.league.divisions[0].id as string;
  const hawksPage = await signedInPage(browser, hawks.email, PHONE);
  const owlsPage = await signedInPage(browser, owls.email, PHONE);
  for (const coachPage of [hawksPage, owlsPage]) {
    const joined = await coachPage.request.post("/api/team/leagues", {
      data: { code: made.league.joinCode, divisionId },
    });
    expect(joined.status()).toBe(201);
  }
  await page.request.post(`/api/leagues/${id}/fields`, { data: { name: "Riverside Park" } });
  await page.request.put(`/api/leagues/${id}/calendar`, {
    data: { gameDays: [utcDay(0)], timeSlots: [{ startTime: "00:30", durationMinutes: 60 }] },
  });
  expect((await page.request.post(`/api/leagues/${id}/schedule`, { data: { doubleRoundRobin: false } })).status()).toBe(
    201,
  );
  expect((await page.request.post(`/api/leagues/${id}/schedule/publish`)).status()).toBe(200);

  // The Hawks' book: their touchdown (the try no good), then the Owls' touchdown: 6-6.
  await logLeagueGame(hawksPage, "Night Owls", async (p) => {
    await tile(p, "Receivers", 11).click();
    await p.getByRole("button", { name: "Touchdown", exact: true }).click();
    await p.getByRole("button", { name: "20 yds", exact: true }).click();
    await p.getByRole("button", { name: "Try for 2: no good" }).click();
    await p.getByRole("button", { name: "Opp TD" }).click();
    await expectScore(p, 6, 6);
  });
  // The Owls' book has their touchdown first, and a try the Hawks did not log: 8-6 to the Owls.
  await logLeagueGame(owlsPage, "Harbor Hawks", async (p) => {
    await tile(p, "Receivers", 11).click();
    await p.getByRole("button", { name: "Touchdown", exact: true }).click();
    await p.getByRole("button", { name: "20 yds", exact: true }).click();
    await p.getByRole("button", { name: "Try for 2: good" }).click();
    await p.getByRole("button", { name: "Opp TD" }).click();
    await expectScore(p, 8, 6);
  });

  // The Hawks' coach sees the dispute, compares the two books side by side, and accepts the Owls' version.
  await hawksPage.goto("/leagues");
  const game = hawksPage.getByRole("listitem", { name: /^League game (vs|at) Night Owls$/ });
  await expect(game).toContainText("Disputed");
  await game.getByRole("link", { name: "Compare scorebooks" }).click();
  await expect(hawksPage.getByRole("heading", { level: 1, name: /Harbor Hawks|Night Owls/ })).toBeVisible();
  await expect(hawksPage.getByText("The books part at scoring play 1.")).toBeVisible();
  await expect(hawksPage.getByRole("region", { name: "Harbor Hawks's book" })).toContainText("Final");
  await expect(hawksPage.getByRole("heading", { name: "Decide the result" })).toHaveCount(0);
  await hawksPage.goBack();
  await game.getByRole("button", { name: "Accept their score" }).click();
  await expect(game).toContainText("confirmed");
  await expect(game.getByRole("button", { name: "Accept their score" })).toHaveCount(0);

  // The organiser sees the decision in the game's history; the public standings count the confirmed result.
  await page.goto(`/leagues/${id}`);
  await page.getByRole("link", { name: /result of/ }).click();
  await expect(page.getByRole("region", { name: "History" })).toContainText("accepted");
  const parent = await browser.newContext({ serviceWorkers: "block" });
  const parentPage = await parent.newPage();
  await parentPage.goto(`/league/${id}`);
  const standings = parentPage.getByRole("table", { name: "10U" });
  await expect(standings.getByRole("row", { name: /Night Owls/ })).toContainText("W1");
  await expect(standings.getByRole("rowheader")).toHaveText(["Night Owls", "Harbor Hawks"]);
  await expect(parentPage.getByText(/8–6|6–8/)).toBeVisible();
  // The winners' own page: their record, their game from their side, the division's standings with them marked.
  await standings.getByRole("link", { name: "Night Owls" }).click();
  await expect(parentPage.getByRole("heading", { level: 1, name: "Night Owls" })).toBeVisible();
  await expect(parentPage.getByText("1–0–0 · 1st of 2 in 10U")).toBeVisible();
  await expect(parentPage.getByText("W 8–6")).toBeVisible();
  const ownStandings = parentPage.getByRole("table", { name: "10U standings" });
  await expect(ownStandings.getByRole("row", { name: /Night Owls/ })).toHaveAttribute("aria-current", "true");
  await expect(parentPage.getByText("Jordan Diaz")).toHaveCount(0);
  await parent.close();
  await hawksPage.context().close();
  await owlsPage.context().close();
});

test("the season ends: the organiser makes the playoffs from the standings, and a parent follows the bracket", async ({
  page,
  browser,
}) => {
  // Many screens and two or three browsers: a budget for a busy 2-core CI machine, not a speed target.
  test.setTimeout(240_000);
  const { coach: organiser } = await seedTeam({ teamName: "Organisers United" });
  const { coach: hawks } = await seedTeam({ teamName: "Harbor Hawks" });

  // Set up through the API: four teams in 10U (the Hawks on Flagline, three added by name), a season played and
  // its results entered by the organiser.
  await signInQuick(page, organiser.email);
  const made = await (
    await page.request.post("/api/leagues", { data: { name: "Metro Flag", timeZone: "UTC" } })
  ).json();
  const id = made.league.id as string;
  const division = await (await page.request.post(`/api/leagues/${id}/divisions`, { data: { name: "10U" } })).json();
  const divisionId = division.league.divisions[0].id as string;
  const hawksPage = await signedInPage(browser, hawks.email);
  expect(
    (await hawksPage.request.post("/api/team/leagues", { data: { code: made.league.joinCode, divisionId } })).status(),
  ).toBe(201);
  for (const name of ["Comets", "Falcons", "Rockets"]) {
    expect((await page.request.post(`/api/leagues/${id}/teams`, { data: { divisionId, name } })).status()).toBe(201);
  }
  await page.request.post(`/api/leagues/${id}/fields`, { data: { name: "Riverside Park", subFields: ["A", "B"] } });
  await page.request.put(`/api/leagues/${id}/calendar`, {
    data: {
      gameDays: [7, 14, 21, 28, 35, 42, 49, 56, 63].map(utcDay),
      timeSlots: [{ startTime: "09:00", durationMinutes: 60 }],
    },
  });
  expect((await page.request.post(`/api/leagues/${id}/schedule`, { data: { doubleRoundRobin: false } })).status()).toBe(
    201,
  );
  expect((await page.request.post(`/api/leagues/${id}/schedule/publish`)).status()).toBe(200);
  const league = (await (await page.request.get(`/api/leagues/${id}`)).json()).league;
  const name = new Map<string, string>(league.teams.map((t: { id: string; name: string }) => [t.id, t.name]));
  // The strength of each team: the stronger side wins every game, so the standings are Hawks, Comets, Falcons, Rockets.
  const strength: Record<string, number> = { "Harbor Hawks": 4, Comets: 3, Falcons: 2, Rockets: 1 };
  const season = (await (await page.request.get(`/api/leagues/${id}/games`)).json()).games as Array<{
    id: string;
    homeTeamId: string;
    awayTeamId: string;
  }>;
  expect(season).toHaveLength(6);
  for (const g of season) {
    const homeWins = strength[name.get(g.homeTeamId)!]! > strength[name.get(g.awayTeamId)!]!;
    const result = await page.request.put(`/api/league-games/${g.id}/result`, {
      data: { homeScore: homeWins ? 14 : 6, awayScore: homeWins ? 6 : 14 },
    });
    expect(result.status()).toBe(200);
  }

  // On screen: the organiser makes a four-team bracket; 1 v 4 and 2 v 3 are the semifinals, then publishes them.
  await page.goto(`/leagues/${id}`);
  const playoffs = page.getByRole("region", { name: "Playoffs" });
  await playoffs.getByLabel("Teams in the bracket").fill("4");
  await playoffs.getByRole("button", { name: "Make the bracket" }).click();
  await expect(playoffs.getByRole("heading", { name: "Semifinals" })).toBeVisible();
  await expect(playoffs.getByRole("listitem", { name: "1 Harbor Hawks v 4 Rockets" })).toBeVisible();
  await expect(playoffs.getByRole("listitem", { name: "2 Comets v 3 Falcons" })).toBeVisible();
  await page.getByRole("button", { name: "Publish to the teams" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Published 2 games/ })).toBeVisible();

  // The Hawks' coach has the semifinal in their schedule: a second game against the Rockets.
  await hawksPage.goto("/coach/schedule");
  await expect(hawksPage.getByRole("listitem", { name: /^Game (vs|at) Rockets$/ })).toHaveCount(2);

  // The semifinal results are entered; the winners meet in the final, which a parent sees on the public page.
  const semis = ((await (await page.request.get(`/api/leagues/${id}/games`)).json()).games as typeof season).filter(
    (g) => !season.some((s) => s.id === g.id),
  );
  expect(semis).toHaveLength(2);
  for (const g of semis) {
    expect(
      (await page.request.put(`/api/league-games/${g.id}/result`, { data: { homeScore: 20, awayScore: 7 } })).status(),
    ).toBe(200);
  }
  const parent = await browser.newContext({ serviceWorkers: "block" });
  const parentPage = await parent.newPage();
  await parentPage.goto(`/league/${id}`);
  const bracket = parentPage.getByRole("region", { name: "10U playoffs" });
  await expect(bracket.getByRole("heading", { name: "Semifinals" })).toBeVisible();
  await expect(bracket.getByRole("listitem", { name: "1 Harbor Hawks v 4 Rockets" })).toContainText(
    "20–7: Harbor Hawks win.",
  );
  await expect(bracket.getByRole("heading", { name: "Final", exact: true })).toBeVisible();
  await expect(bracket.getByRole("listitem", { name: "1 Harbor Hawks v 2 Comets" })).toBeVisible();
  const standings = parentPage.getByRole("table", { name: "10U" });
  await expect(standings.getByRole("rowheader")).toHaveText(["Harbor Hawks", "Comets", "Falcons", "Rockets"]);
  await parent.close();
  await hawksPage.context().close();
});
