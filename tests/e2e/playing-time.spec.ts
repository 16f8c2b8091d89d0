import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { PHONE, coachWithPlayers, scoreboard, snapRows, syncBadge, tile } from "./logger-helpers";

/*
 * Playing time (docs/product.md §12 "Playing time", issue #29) on a phone: the league's minimum in the rules, the
 * logger's lineup mode (who is on the field travels with each snap, at no extra tap), the live "needs … more" list,
 * and the game's participation report with its CSV.
 */
test.use({ ...PHONE, serviceWorkers: "block" });

const PLAYERS = [
  { fullName: "Jordan Diaz", jerseyNumber: 7, primaryPosition: "qb" },
  { fullName: "Sam Lee", jerseyNumber: 11, primaryPosition: "wr" },
  { fullName: "Ana Ruiz", jerseyNumber: 14, primaryPosition: "wr" },
  { fullName: "Ben Ito", jerseyNumber: 22, primaryPosition: "rb" },
  { fullName: "Cy Park", jerseyNumber: 24, primaryPosition: "cb" },
  { fullName: "Maya Okafor", jerseyNumber: 3, primaryPosition: "cb" },
];

test("a coach keeps a lineup, sees who needs snaps, and prints the participation report with its CSV", async ({
  page,
}) => {
  await coachWithPlayers(page, PLAYERS);

  // The league's minimum: 2 snaps per half.
  await page.goto("/coach/games/rules");
  await expect(page.getByLabel("Players on the field")).toHaveValue("5");
  await page.getByLabel("Minimum snaps per half").fill("2");
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(page.getByText(/^League rules saved\./)).toBeVisible();

  await page.goto("/coach/log");
  await page.getByRole("button", { name: "Start today's game" }).click();
  const start = page.getByRole("dialog", { name: "New session" });
  await start.getByLabel("Opponent").fill("Eagles");
  await start.getByRole("button", { name: "Start session" }).click();
  await expect(start).toBeHidden();
  await expect(scoreboard(page)).toContainText("Eagles");
  const sessionId = new URL(page.url()).searchParams.get("session")!;

  // Lineup mode: five on the field.
  const lineupToggle = page.getByRole("button", { name: "Lineup", exact: true });
  await expect(lineupToggle).toHaveAttribute("aria-pressed", "false");
  await lineupToggle.click();
  const lineup = page.getByRole("region", { name: "Lineup" });
  await expect(lineup.getByRole("heading", { name: "On the field (0/5)" })).toBeVisible();
  for (const name of ["#7 Jordan Diaz", "#11 Sam Lee", "#14 Ana Ruiz", "#22 Ben Ito", "#24 Cy Park"])
    await lineup.getByRole("list", { name: "Bench" }).getByRole("button", { name }).click();
  await expect(lineup.getByRole("heading", { name: "On the field (5/5)" })).toBeVisible();
  await expect(
    lineup.getByRole("list", { name: "Bench" }).getByRole("button", { name: "#3 Maya Okafor" }),
  ).toBeDisabled();
  await expect(lineup.getByText("Maya Okafor needs 2 more snaps")).toBeVisible();

  // Two snaps, at the taps they always take.
  await tile(page, "Receivers", 11).click();
  await page.getByRole("button", { name: "Incomplete", exact: true }).click();
  await expect(snapRows(page)).toHaveCount(1);
  await tile(page, "Receivers", 14).click();
  await page.getByRole("button", { name: "Incomplete", exact: true }).click();
  await expect(snapRows(page)).toHaveCount(2);

  // Cy sits, Maya goes in; one more snap.
  await lineup.getByRole("list", { name: "On the field" }).getByRole("button", { name: "#24 Cy Park" }).click();
  await lineup.getByRole("list", { name: "Bench" }).getByRole("button", { name: "#3 Maya Okafor" }).click();
  await expect(lineup.getByRole("heading", { name: "On the field (5/5)" })).toBeVisible();
  await tile(page, "Receivers", 11).click();
  await page.getByRole("button", { name: "Incomplete", exact: true }).click();
  await expect(snapRows(page)).toHaveCount(3);
  await expect(lineup.getByText("Maya Okafor needs 1 more snap", { exact: true })).toBeVisible();
  await expect(lineup.getByText(/Cy Park needs/)).toHaveCount(0);
  await expect(syncBadge(page)).toHaveText(/All sent/);

  // The report, from the box score.
  await page.goto(`/coach/games/${sessionId}`);
  await page.getByRole("link", { name: "Participation" }).click();
  await expect(page).toHaveURL(new RegExp(`/coach/games/${sessionId}/participation$`));
  const table = page.getByRole("table", { name: "Snaps played per player" });
  const row = (name: string) => table.getByRole("row", { name: new RegExp(`^${name}`) });
  await expect(row("Jordan Diaz")).toContainText(/#7\s*3\s*0\s*3\s*Met/);
  await expect(row("Cy Park")).toContainText(/#24\s*2\s*0\s*2\s*Met/);
  await expect(row("Maya Okafor")).toContainText(/#3\s*1\s*0\s*1\s*Below minimum/);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^participation-\d{4}-\d{2}-\d{2}-eagles\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv).toContain('"Player","Jersey","1st half","2nd half","Total","Below minimum"');
  expect(csv).toContain('"Jordan Diaz",7,3,0,3,""');
  expect(csv).toContain('"Maya Okafor",3,1,0,1,"Below minimum"');
});
