import { axeOf } from "./axe";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "./fixtures";
import type { SnapDetail } from "#domain/snaps";
import { seedTeam, signInQuick } from "./helpers";
import { today } from "./logger-helpers";

/*
 * docs/product.md §15 (issue #30): a coach makes a game's follow link on its box score; a grandparent opens it on a
 * phone with no account, sees the score, the line score and every play with first names and numbers, follows one
 * player, watches the next touchdown arrive on its own, and is told when the coach turns the link off.
 */

test.use({ serviceWorkers: "block" });

let at = Date.now() - 60 * 60_000;
/** Logs snaps as the signed-in coach, a minute apart. */
async function logSnaps(page: Page, sessionId: string, details: SnapDetail[]) {
  const snaps = details.map((detail) => ({
    id: randomUUID(),
    sessionId,
    period: 1,
    occurredAt: new Date((at += 60_000)).toISOString(),
    detail,
  }));
  const logged = await page.request.post("/api/team/snaps", { data: { snaps } });
  expect(logged.status(), await logged.text()).toBe(200);
}

test("a visitor follows a game live from its link, one player highlighted, until the coach turns it off", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const { coach, players } = await seedTeam({
    teamName: "Harbor Hawks",
    players: [
      { fullName: "Ada Passer", jerseyNumber: 7, primaryPosition: "qb" },
      { fullName: "Ben Catcher", jerseyNumber: 11, primaryPosition: "wr" },
      { fullName: "Cy Cover", jerseyNumber: 3, primaryPosition: "cb" },
    ],
  });
  const [qb, wr, cb] = players.map((p) => p.id) as [string, string, string];
  await signInQuick(page, coach.email);
  const created = await page.request.post("/api/team/sessions", {
    data: { kind: "game", date: today(), opponent: "Eagles" },
  });
  const sessionId = ((await created.json()) as { session: { id: string } }).session.id;
  await logSnaps(page, sessionId, [
    { kind: "pass", passerId: qb, targetId: wr, result: "touchdown", yards: 20 },
    { kind: "try", points: 1, method: "pass", good: true, passerId: qb, scorerId: wr },
    { kind: "opponent_score", score: "touchdown" },
    { kind: "flag_pull", defenderId: cb, yards: null },
  ]);

  // The coach makes the link on the box score.
  await page.goto(`/coach/games/${sessionId}`);
  const panel = page.getByRole("region", { name: "Follow live" });
  await panel.getByRole("button", { name: "Make a follow link" }).click();
  await expect(panel.getByText("The follow link is ready")).toBeVisible();
  const url = await panel.getByRole("textbox", { name: "Follow link" }).inputValue();
  expect(url).toMatch(/\/follow\/[\w-]+\.[\w-]{43}$/);

  // A visitor on a phone: no account, no cookie.
  const phone = await browser.newContext({ baseURL, serviceWorkers: "block", viewport: { width: 390, height: 844 } });
  const visitor = await phone.newPage();
  try {
    await visitor.goto(new URL(url).pathname);
    await expect(visitor.getByRole("heading", { level: 1, name: "Harbor Hawks vs Eagles" })).toBeVisible();
    await expect(visitor.getByText("Live · 1st half")).toBeVisible();
    const plays = visitor.getByRole("listitem");
    await expect(plays).toHaveCount(4);
    // Newest first, first names and numbers only.
    await expect(plays.first()).toContainText("Flag pull Cy #3");
    await expect(plays.last()).toContainText("Ada #7 → Ben #11, 20 yds, touchdown+66–0");
    await expect(visitor.locator("body")).not.toContainText("Catcher");
    const lineScore = visitor.getByRole("table", { name: "Line score" });
    await expect(lineScore.getByRole("row", { name: /^Harbor Hawks/ })).toContainText("7");
    await expect(lineScore.getByRole("row", { name: /^Eagles/ })).toContainText("6");
    expect(await visitor.title()).toBe("Harbor Hawks 7–6 Eagles · Live");
    const axe = await axeOf(visitor).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // "My player": Ben's plays are marked; then only his are listed. The choice stays after a reload.
    await visitor.getByLabel("My player").selectOption({ label: "Ben #11" });
    await expect(visitor.getByRole("listitem").filter({ hasText: "(my player)" })).toHaveCount(2);
    await visitor.getByRole("checkbox", { name: "Only their plays" }).check();
    await expect(plays).toHaveCount(2);
    await visitor.reload();
    await expect(visitor.getByLabel("My player")).toHaveValue(/p\d/);
    await expect(plays).toHaveCount(2);

    // The next touchdown arrives by itself.
    await logSnaps(page, sessionId, [{ kind: "pass", passerId: qb, targetId: wr, result: "touchdown", yards: 35 }]);
    await expect(plays).toHaveCount(3);
    await expect(plays.first()).toContainText("Ada #7 → Ben #11, 35 yds, touchdown (my player)+613–6");
    await expect(visitor.getByRole("paragraph").filter({ hasText: /^Harbor Hawks13/ })).toBeVisible();

    // The coach turns the link off: the open page says so at once.
    await panel.getByRole("button", { name: "Turn off link" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Turn off link" }).click();
    await expect(panel.getByText("The follow link is off")).toBeVisible();
    await expect(visitor.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
  } finally {
    await phone.close();
  }

  // A player of the team sees no link to share now, and the box score follows them by default.
  const ben = players[1]!;
  await page.context().clearCookies();
  await signInQuick(page, ben.email);
  await page.goto(`/player/games/${sessionId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Box score: vs Eagles" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Follow live" })).toHaveCount(0);
  await expect(page.getByLabel("My player")).toHaveValue(ben.id);
  await expect(page.getByRole("listitem").filter({ hasText: "(my player)" })).toHaveCount(3);
});
