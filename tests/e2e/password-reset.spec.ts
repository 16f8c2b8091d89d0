import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { linkIn, startSmtpPeer } from "#tests/server/support/smtp-peer.js";
import { seedTeam, signInQuick } from "./helpers";

/*
 * Password recovery, end to end (docs/product.md §11): (a) through the emailed link, with a real SMTP peer on
 * the port playwright.config.ts gives the server as SMTP_URL; (b) through the link the head coach makes on the
 * player's page. The generic answers, token reuse and the 409 for a roster row are integration tests
 * (src/server/routes/password.test.ts).
 */

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);

/** axe's serious and critical WCAG 2.1 AA findings on the page as it is now (tests/e2e/a11y.spec.ts covers the rest). */
async function blockingA11y(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function chooseNewPassword(page: Page, password: string) {
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=done$/);
  await expect(page.getByText("Your password is changed. Log in with the new one.")).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test("a player who forgot their password resets it through the emailed link and logs in", async ({ page }) => {
  const peer = await startSmtpPeer(SMTP_PORT);
  try {
    const { players } = await seedTeam({ players: [{ fullName: "Mia Forgetful" }] });
    const player = players[0]!;
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expect(page.getByLabel("Email")).toBeVisible();
    expect(await blockingA11y(page), "/forgot-password").toEqual([]);
    await page.getByLabel("Email").fill(player.email);
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await expect(page.getByText(/If an account uses this email, a link to choose a new password/)).toBeVisible();

    const mail = await peer.waitFor((m) => m.to.includes(player.email));
    expect(mail.subject).toBe("Reset your Flagline password");
    await page.goto(linkIn(mail).href);
    await expect(page.getByLabel("New password again")).toBeVisible();
    expect(await blockingA11y(page), "/reset-password").toEqual([]);
    await chooseNewPassword(page, "emailed-new-password");
    await logIn(page, player.email, "emailed-new-password");
    await expect(page).toHaveURL(/\/player\/dashboard$/);
  } finally {
    await peer.close();
  }
});

test("the head coach makes a reset link on the player's page; the player opens it and logs in", async ({
  page,
  browser,
}) => {
  const { coach, players } = await seedTeam({ players: [{ fullName: "Leo Locked-Out", jerseyNumber: 18 }] });
  const player = players[0]!;
  await signInQuick(page, coach.email);
  await page.goto(`/coach/player-detail/${player.id}`);
  await page.getByRole("button", { name: "Password reset link" }).click();
  const dialog = page.getByRole("dialog", { name: "Password reset link for Leo Locked-Out" });
  await expect(dialog.getByRole("button", { name: "Copy reset link" })).toBeVisible();
  const url = await dialog.getByRole("textbox", { name: "Reset link" }).inputValue();
  expect(url).toMatch(/\/reset-password\?token=/);
  expect(await blockingA11y(page), "the reset link dialog").toEqual([]);

  const phone = await browser.newContext();
  try {
    const playerPage = await phone.newPage();
    await playerPage.goto(url);
    await chooseNewPassword(playerPage, "coach-made-password");
    await logIn(playerPage, player.email, "coach-made-password");
    await expect(playerPage).toHaveURL(/\/player\/dashboard$/);
  } finally {
    await phone.close();
  }
});
