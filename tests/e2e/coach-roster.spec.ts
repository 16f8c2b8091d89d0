import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./fixtures";
import { logEvents, signedInCoachWithTeam } from "./coach-fixtures";

test.use({ serviceWorkers: "block" });

const PLAYERS = [
  // A name a spreadsheet would run as a formula, holding quotes and a comma.
  { fullName: '=Dana "DJ" Lee, Jr', jerseyNumber: 4, primaryPosition: "safety" },
  { fullName: "Eve Adams", jerseyNumber: 18, primaryPosition: "te" },
  { fullName: "@Zed Brown", jerseyNumber: 55, primaryPosition: "center" },
  { fullName: "Mia Ortiz", jerseyNumber: 9, primaryPosition: "qb" },
];

/** A small RFC 4180 reader. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      out.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return out;
}

const table = (page: Page) => page.getByRole("region", { name: "Roster table" }).getByRole("table");

/** The table as on screen: the header, then each row's data cells (the last column holds only the Remove button). */
async function screenTable(page: Page): Promise<string[][]> {
  return table(page).evaluate((t) =>
    Array.from(t.querySelectorAll("tr")).map((tr) =>
      Array.from(tr.querySelectorAll("th, td"))
        .slice(0, 7)
        .map((cell) => (cell as HTMLElement).innerText.replace(/\s+/g, " ").trim()),
    ),
  );
}

async function exportCsv(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^harbor-hawks-roster-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  return parseCsv(text.slice(1));
}

/** A cell as the spreadsheet shows it: the leading quote that defuses a formula is not part of the value. */
const shown = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

async function seed(page: Page) {
  const team = await signedInCoachWithTeam(page, PLAYERS);
  await logEvents(page, team.players["Mia Ortiz"]!.id, [
    { eventType: "Pass TD" },
    { eventType: "Pass Completion", yards: 8 },
  ]);
  await logEvents(page, team.players["Eve Adams"]!.id, [{ eventType: "Catch", yards: 4 }]);
  return team;
}

test.describe("team roster", () => {
  test("shows every player with the team code, sorted by score", async ({ page }) => {
    const team = await seed(page);
    await page.goto("/coach/team-roster");
    await expect(page.getByRole("heading", { level: 1, name: "Team Roster" })).toBeVisible();
    await expect(page.getByText(team.coach.team!.code, { exact: true })).toBeVisible();
    await expect(page.getByText("How players join:")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Players (4)" })).toBeVisible();

    const rows = await screenTable(page);
    expect(rows[0]).toEqual(["Name", "Jersey", "Position", "Attendance", "Score", "Team ranking", "Last active"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(["Mia Ortiz", "Eve Adams", "@Zed Brown", '=Dana "DJ" Lee, Jr']);
    // Mia (qb): Pass TD 8.1 + Pass Completion 1.6 = 9.7, ranking round(0.97) + 1 = 2.
    expect(rows[1]).toEqual(["Mia Ortiz", "#9", "Quarterback", "—", "9.7", "2", expect.stringMatching(/\d{4}/)]);
    expect(rows[4]!.slice(1)).toEqual(["#4", "Safety", "—", "0.0", "1", "—"]);
    await expect(table(page).getByRole("columnheader", { name: "Score" })).toHaveAttribute("aria-sort", "descending");
  });

  test("Export CSV holds exactly the rows and columns on screen, in the on-screen order, with formulas defused", async ({
    page,
  }) => {
    await seed(page);
    await page.goto("/coach/team-roster");
    await expect(page.getByRole("heading", { name: "Players (4)" })).toBeVisible();

    for (const sortBy of [null, "Name", "Jersey", "Last active"]) {
      if (sortBy) await table(page).getByRole("columnheader", { name: sortBy }).getByRole("button").click();
      const screen = await screenTable(page);
      const csv = await exportCsv(page);
      expect(
        csv.map((row) => row.map(shown)),
        `sorted by ${sortBy ?? "score"}`,
      ).toEqual(screen);
    }

    const csv = await exportCsv(page);
    const cells = csv.flat();
    expect(cells).toContain(`'=Dana "DJ" Lee, Jr`);
    expect(cells).toContain("'@Zed Brown");
    expect(cells.filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
  });

  test("removes a player after confirmation; Cancel keeps them", async ({ page }) => {
    const team = await seed(page);
    await page.goto("/coach/team-roster");
    const remove = page.getByRole("button", { name: "Remove Eve Adams" });

    await remove.click();
    const confirm = page.getByRole("alertdialog", { name: "Remove Eve Adams from the team?" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("stay on their account");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(page.getByRole("heading", { name: "Players (4)" })).toBeVisible();

    await remove.click();
    await confirm.getByRole("button", { name: "Remove player" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Eve Adams was removed from the team." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Players (3)" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove Eve Adams" })).toHaveCount(0);

    // Gone from the team's API too; their detail page now says not found.
    const list = (await (await page.request.get("/api/team/players")).json()) as { players: { id: string }[] };
    expect(list.players.map((p) => p.id)).not.toContain(team.players["Eve Adams"]!.id);
    await page.goto(`/coach/player-detail/${team.players["Eve Adams"]!.id}`);
    await expect(page.getByRole("heading", { name: "Player not found" })).toBeVisible();
  });

  test("names link to the player, and Back returns to the roster", async ({ page }) => {
    const team = await seed(page);
    await page.goto("/coach/team-roster");
    await table(page).getByRole("link", { name: "Mia Ortiz" }).click();
    await expect(page).toHaveURL(new RegExp(`/coach/player-detail/${team.players["Mia Ortiz"]!.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Mia Ortiz" })).toBeVisible();
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/coach\/team-roster$/);
  });

  test.describe("in the viewer's time zone", () => {
    test.use({ timezoneId: "Pacific/Auckland", locale: "en-US" });

    test("last active is shown in the viewer's zone", async ({ page }) => {
      const team = await seed(page);
      const at = "2024-03-05T22:30:00.000Z"; // 11:30 AM on 6 March in Auckland (NZDT, UTC+13)
      await logEvents(page, team.players["@Zed Brown"]!.id, [{ eventType: "Defensive Stop", occurredAt: at }]);
      await page.goto("/coach/team-roster");
      const row = table(page).getByRole("row").filter({ hasText: "@Zed Brown" });
      await expect(row).toContainText("Mar 6, 2024, 11:30 AM");
    });
  });

  test("fits a 375 px screen: the table scrolls inside its own region", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 740 },
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    await seed(page);
    await page.goto("/coach/team-roster");
    await expect(page.getByRole("heading", { name: "Players (4)" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
