import { expect, test } from "./fixtures";
import { performanceScore } from "#domain/scoring";
import { seedTeam, signInQuick } from "./helpers";
import { createSession, eventButton, PHONE, playerButton, syncBadge } from "./logger-helpers";

test.use({ serviceWorkers: "block" });

test("logging on a phone in one browser updates an open leaderboard (from the stream, no refetch) and the search dialog in another, with no reload", async ({
  browser,
}) => {
  const { coach } = await seedTeam({
    teamName: "Live Larks",
    players: [
      { fullName: "Maya Okafor", jerseyNumber: 7, primaryPosition: "cb" },
      { fullName: "Sam Lee", jerseyNumber: 12, primaryPosition: "wr" },
    ],
  });

  // The head coach watches the leaderboard on a laptop.
  const laptop = await browser.newContext({ serviceWorkers: "block" });
  const board = await laptop.newPage();
  await signInQuick(board, coach.email);
  const streamOpen = board.waitForResponse((r) => r.url().endsWith("/api/team/stream") && r.status() === 200);
  await board.goto("/coach/leaderboard");
  // Nothing is logged this season yet: the board says so instead of ranking zeros.
  await expect(board.getByRole("heading", { name: "No plays logged yet" })).toBeVisible();
  const mayaRow = board.getByRole("row").filter({ hasText: "Maya Okafor" });
  // The laptop hears changes only once its event stream is open.
  await streamOpen;
  // From now on the board's numbers come in the stream's message (decision 0016): no GET of the leaderboard.
  const boardReads: string[] = [];
  board.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/team/leaderboard") boardReads.push(r.url());
  });

  // The same coach logs from the sideline on a phone, in a separate browser.
  const phone = await browser.newContext({ ...PHONE, serviceWorkers: "block" });
  const logger = await phone.newPage();
  await signInQuick(logger, coach.email);
  const sessionId = await createSession(logger);
  await logger.goto(`/coach/log?session=${sessionId}`);
  await playerButton(logger, "Maya Okafor").click();
  await eventButton(logger, "Interception").click();
  await expect(syncBadge(logger)).toHaveText(/All sent/);

  const score = performanceScore({ Interception: 1 }, "cb");
  await expect(mayaRow).toContainText(score.toFixed(1));
  expect(boardReads).toEqual([]);

  // Attendance marked on the phone changes the percent in the laptop's open search dialog.
  await board.getByRole("button", { name: "Search players" }).click();
  const dialog = board.getByRole("dialog");
  const mayaInDialog = dialog.getByRole("button", { name: /Maya Okafor/ });
  // No attendance taken for her yet: a dash, never "0%".
  await expect(mayaInDialog).toContainText("—");
  await expect(mayaInDialog).not.toContainText("%");
  await logger.getByRole("tab", { name: /Attendance/ }).click();
  await logger.getByRole("group", { name: "Maya Okafor" }).getByRole("button", { name: "Present" }).click();
  await expect(syncBadge(logger)).toHaveText(/All sent/);
  await expect(mayaInDialog).toContainText("100%");

  // (That other teams' streams hear nothing is proved in src/server/routes/stream.test.ts.)
  await Promise.all([laptop.close(), phone.close()]);
});
