import { seriousViolations } from "./axe";
import { expect, test, type Page } from "./fixtures";
import { scaled } from "../support/host-speed";
import { finishAnimations, PASSWORD, seedTeam, signInQuick, uniqueEmail } from "./helpers";

test.use({ serviceWorkers: "block" });

/** Serious and critical WCAG 2.1 A/AA violations (axe) on the page or inside `include`, once transitions end. */
async function axeProblems(page: Page, include?: string): Promise<string[]> {
  await finishAnimations(page);
  return seriousViolations(page, include);
}

/*
 * docs/product.md §11: the coach builds the roster from a CSV file, sends one player their invite link, and the
 * player (in their own browser) claims the place and lands on their dashboard; the coach's roster then shows
 * them claimed. The roster table fits a 1280 px wide screen without scrolling sideways.
 */
test("a coach imports a roster by CSV and a player claims their row through the invite link", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers and four axe runs: on a slow host the journey alone took the default 30 s (CI, 2026-11-29).
  test.setTimeout(scaled(90_000));
  const { coach } = await seedTeam({ teamName: "Harbor Hawks" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuick(page, coach.email);
  await page.goto("/coach/team-roster");

  await page.getByRole("button", { name: "Import" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import players" });
  const csv = "name,jersey,position,other positions\r\nKai Keeper,17,QB,WR\r\nLee Lead,22,Running Back,\r\n";
  await importDialog
    .getByLabel("Choose a CSV file")
    .setInputFiles({ name: "roster.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(importDialog.getByRole("heading", { name: "Preview: 2 players" })).toBeVisible();
  expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
  await importDialog.getByRole("button", { name: "Import 2 players" }).click();
  await expect(page.getByText("2 players imported.", { exact: false })).toBeVisible();

  const table = page.getByRole("region", { name: "Roster table" });
  const kaiRow = table.getByRole("row", { name: /Kai Keeper/ });
  await expect(kaiRow.getByText("Not claimed")).toBeVisible();
  await expect(table.getByRole("row", { name: /Lee Lead/ })).toContainText("#22");
  // The table fits the page at 1280 px: nothing to scroll sideways.
  const overflow = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeProblems(page, "main")).toEqual([]);

  await page.getByRole("button", { name: "Invite Kai Keeper" }).click();
  const invite = page.getByRole("dialog", { name: "Invite Kai Keeper" });
  await expect(invite.getByRole("img", { name: "QR code of Kai Keeper's invite link" })).toBeVisible();
  expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
  const link = await invite.getByLabel("Invite link", { exact: true }).inputValue();
  expect(link).toMatch(/\/claim\/[A-Za-z0-9_-]{32}$/);

  // The player, in a browser of their own.
  const player = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const phone = await player.newPage();
  await phone.goto(link);
  await expect(phone.getByRole("heading", { name: "Claim your place" })).toBeVisible();
  await expect(phone.getByText(/You are joining/)).toContainText("Harbor Hawks as Kai Keeper (#17 · Quarterback)");
  expect(await axeProblems(phone)).toEqual([]);
  await phone.getByLabel("Email").fill(uniqueEmail("kai"));
  await phone.getByLabel("Password").fill(PASSWORD);
  await phone.getByRole("button", { name: "Claim my place" }).click();
  await expect(phone).toHaveURL(/\/player\/dashboard$/);
  await expect(phone.getByRole("heading", { name: "Player Dashboard" })).toBeVisible();
  await expect(phone.getByText("Hi Kai")).toBeVisible();
  await expect(phone.getByText("#17", { exact: true })).toBeVisible();

  // The link is used up.
  await phone.goto(link);
  await expect(phone.getByRole("heading", { name: "This invite link does not work" })).toBeVisible();
  await player.close();

  // The coach's roster shows Kai as claimed: no badge, no invite.
  await invite.getByRole("button", { name: "Close" }).click();
  await page.reload();
  await expect(kaiRow).toBeVisible();
  await expect(kaiRow.getByText("Not claimed")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Invite Kai Keeper" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Invite Lee Lead" })).toBeVisible();
});
