import { expect, test, type Page } from "./fixtures";
import { createSession, logEvents, signedInCoachWithTeam, today } from "./coach-fixtures";

test.use({ serviceWorkers: "block" });

const PLAYERS = [
  { fullName: "Ada Quarter", jerseyNumber: 1, primaryPosition: "qb" },
  { fullName: "Ben Catcher", jerseyNumber: 2, primaryPosition: "wr" },
];

const rankings = (page: Page) => page.getByRole("region", { name: "Rankings table" });

/** [name, score] per row of the board, top to bottom. */
async function board(page: Page): Promise<[string, string][]> {
  return rankings(page)
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = Array.from(tr.querySelectorAll("th, td")).map((c) => (c as HTMLElement).innerText.trim());
        return [cells[1]!, cells[2]!] as [string, string];
      }),
    );
}

/*
 * docs/product.md §11 (#s11-seasons): the head coach starts a new season from Team settings; the leaderboard starts from zero,
 * and picking last season shows its numbers exactly as they were.
 * Ada (qb): a Flag Pull today, 2.1. Ben (wr): a 12-yard Catch in the game, 1.6.
 */
test("a new season starts the leaderboard from zero while last season stays readable", async ({ page }) => {
  const team = await signedInCoachWithTeam(page, PLAYERS, "Harbor Hawks");
  const gameId = await createSession(page, "game", today(), "Eagles");
  await logEvents(page, team.players["Ada Quarter"]!.id, [{ eventType: "Flag Pull" }]);
  await logEvents(page, team.players["Ben Catcher"]!.id, [{ eventType: "Catch", yards: 12, sessionId: gameId }]);
  const lastSeason = `${today().slice(0, 4)} season`;

  await page.goto("/coach/leaderboard");
  await expect
    .poll(() => board(page))
    .toEqual([
      ["Ada Quarter", "2.1"],
      ["Ben Catcher", "1.6"],
    ]);
  await expect(page.getByLabel("Season")).toHaveValue(/.+/);
  await expect(page.getByText(/Past season/)).toHaveCount(0);

  await page.goto("/coach/settings");
  const seasons = page.getByRole("region", { name: "Seasons" });
  await expect(seasons.getByText(lastSeason).first()).toBeVisible();
  await seasons.getByLabel("New season's name").fill("Spring league");
  await seasons.getByRole("button", { name: "Start new season…" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Start Spring league?" });
  await expect(dialog).toContainText(`${lastSeason} ends on`);
  await expect(dialog).toContainText("The roster stays as it is.");
  await dialog.getByRole("button", { name: "Start Spring league" }).click();
  await expect(seasons.getByRole("status")).toHaveText("Spring league has started. Its numbers start at zero.");
  await expect(seasons.getByRole("listitem").filter({ hasText: "Spring league" })).toContainText("Current");

  await page.goto("/coach/leaderboard");
  await expect(page.getByRole("heading", { name: "No plays logged yet" })).toBeVisible();
  await expect(page.getByText("Nothing has been logged in Spring league yet.", { exact: false })).toBeVisible();
  await expect(rankings(page)).toHaveCount(0);

  await page.getByLabel("Season").selectOption({ label: lastSeason });
  await expect(page.getByText(`Past season: ${lastSeason}`)).toBeVisible();
  await expect(page).toHaveURL(/[?&]season=/);
  await expect
    .poll(() => board(page))
    .toEqual([
      ["Ada Quarter", "2.1"],
      ["Ben Catcher", "1.6"],
    ]);
  const receiving = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Receiving yards" }) });
  await expect(receiving).toContainText("Ben Catcher");
});
