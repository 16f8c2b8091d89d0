import { expect, test } from "./fixtures";
import { createSession, logEvents, markAttendance, signedInCoachWithTeam, today } from "./coach-fixtures";

test.use({ serviceWorkers: "block" });

const PLAYERS = [
  { fullName: "Ada Quarter", jerseyNumber: 1, primaryPosition: "qb" },
  { fullName: "Ben Catcher", jerseyNumber: 2, primaryPosition: "wr" },
];

/*
 * docs/product.md §2 `/coach/games/sessions`: from the games list, the coach fixes a game's opponent, then deletes a
 * practice after reading what the delete removes and keeps; the games list and the stats follow.
 */
test("a coach edits a game's opponent and deletes a practice after reading what it removes", async ({ page }) => {
  const team = await signedInCoachWithTeam(page, PLAYERS, "Harbor Hawks");
  const ada = team.players["Ada Quarter"]!.id;
  const ben = team.players["Ben Catcher"]!.id;
  await createSession(page, "game", today(), "Eagels");
  const practiceId = await createSession(page, "practice", today(-1));
  await logEvents(page, ada, [{ eventType: "Flag Pull", sessionId: practiceId }]);
  await markAttendance(page, practiceId, [
    { playerId: ada, present: true },
    { playerId: ben, present: false },
  ]);

  await page.goto("/coach/games");
  await page.getByRole("link", { name: "Practices & games" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Practices & games" })).toBeVisible();
  await expect(page).toHaveTitle("Practices & Games · Flagline");

  // The game's opponent was mistyped.
  await page.getByRole("button", { name: /^Edit Game vs Eagels/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit session" });
  const opponent = edit.getByLabel(/Opponent/);
  await expect(opponent).toHaveValue("Eagels");
  await opponent.fill("Eagles");
  await edit.getByLabel("Home or away").selectOption({ label: "Home" });
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(/^Saved: Game vs Eagles · /)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Edit Game vs Eagles/ })).toBeVisible();

  // The practice: its one logged play stays with Ada, its two marks go.
  await page.getByRole("button", { name: /^Delete Practice/ }).click();
  const confirm = page.getByRole("alertdialog", { name: /^Delete Practice · / });
  await expect(confirm.getByText("Deletes 2 attendance marks.")).toBeVisible();
  await expect(
    confirm.getByText("Its 1 logged play of 1 player stays in the players' stats, without a session."),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete session" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/^Practice · .* was deleted\.$/)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Delete Practice/ })).toHaveCount(0);

  // The games list has the corrected game; Ada's flag pull still counts, her attendance has no marks left.
  await page.getByRole("link", { name: "Games", exact: true }).first().click();
  await expect(page.getByRole("link", { name: /^vs Eagles/ })).toBeVisible();
  const players = await page.request.get("/api/team/players");
  const body = (await players.json()) as {
    players: { id: string; eventCount: number; attendanceMarked: number }[];
  };
  expect(body.players.find((p) => p.id === ada)).toMatchObject({ eventCount: 1, attendanceMarked: 0 });
});
