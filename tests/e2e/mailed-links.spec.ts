import { seriousViolations } from "./axe";
import { expect, test, type Page } from "./fixtures";
import { linkIn, startSmtpPeer } from "#tests/server/support/smtp-peer.js";
import { scaled } from "../support/host-speed";
import { PASSWORD, seedTeam, signInQuick, uniqueEmail } from "./helpers";

/*
 * Links that reach people by mail, end to end, with a real SMTP peer on the port playwright.config.ts gives the
 * server as SMTP_URL: (a) password recovery through the emailed link (docs/product.md §11); (b) a guardian link the
 * coach mails from the roster (§13). Also (c) the reset link the head coach makes on the player's page. The generic
 * answers, token reuse and the 409 for a roster row are integration tests (src/server/routes/password.test.ts);
 * mailed guardian links' replacement and limits are in src/server/mail/guardian-invites.test.ts.
 */

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);

/** axe's serious and critical WCAG 2.1 AA findings on the page as it is now (tests/e2e/a11y.spec.ts covers the rest). */
async function blockingA11y(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  return seriousViolations(page);
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

test.describe("links mailed through the SMTP peer", () => {
  // The peer listens on the one port the server mails to: these run one after another, in one worker.
  test.describe.configure({ mode: "default" });

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

  test("a coach mails a guardian link from the roster; the guardian opens it from the mail and joins", async ({
    page,
    browser,
  }) => {
    // Two browser contexts, two accessibility scans, a real sign-up and a wait on the outbox's background sender:
    // on a busy two-core host the whole journey has taken more than the default 30 s.
    test.slow();
    const peer = await startSmtpPeer(SMTP_PORT);
    try {
      const { coach } = await seedTeam({ teamName: "Cove Cranes", players: [{ fullName: "Noah Park" }] });
      await signInQuick(page, coach.email);
      await page.goto("/coach/team-roster");
      await page.getByRole("button", { name: "Family of Noah Park" }).click();
      const dialog = page.getByRole("dialog", { name: "Noah Park's family" });
      const address = uniqueEmail("parent");
      // A typo is caught before anything is sent.
      await dialog.getByLabel("Guardian's email").fill("parent at home");
      await dialog.getByRole("button", { name: "Mail a link" }).click();
      await expect(dialog.getByText("Enter a valid email address.")).toBeVisible();
      await dialog.getByLabel("Guardian's email").fill(address);
      await dialog.getByRole("button", { name: "Mail a link" }).click();
      await expect(dialog.getByText(`Link mailed to ${address}.`, { exact: false })).toBeVisible();
      await expect(dialog.getByRole("listitem").filter({ hasText: address })).toBeVisible();
      expect(await blockingA11y(page), "the family dialog with a mailed link").toEqual([]);

      // Mailed by the outbox's sender, which looks for work every 5 seconds, behind any mail other specs queued.
      const mail = await peer.waitFor((m) => m.to.includes(address), scaled(30_000));
      expect(mail.subject).toBe("Cove Cranes: you are invited as Noah P.'s guardian");
      expect(mail.text).not.toContain("Park");

      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const parent = await phone.newPage();
        await parent.goto(linkIn(mail).href);
        await expect(parent.getByRole("heading", { name: "Become Noah P.'s guardian" })).toBeVisible();
        await parent.getByLabel("Your full name").fill("Jin Park");
        await parent.getByLabel("Email").fill(address);
        await parent.getByLabel("Password").fill(PASSWORD);
        await parent.getByLabel(/I am Noah P\.'s parent or legal guardian/).check();
        await parent.getByRole("button", { name: "Agree and create my account" }).click();
        await expect(parent).toHaveURL(/\/family$/);
        await expect(parent.getByRole("article", { name: "Noah Park" })).toContainText("Consent given by Jin Park");
      } finally {
        await phone.close();
      }

      // Back on the coach's roster: Jin is Noah's guardian, and no mailed link waits any more.
      await page.reload();
      await page.getByRole("button", { name: "Family of Noah Park" }).click();
      await expect(dialog.getByRole("button", { name: "Remove Jin Park as a guardian" })).toBeVisible();
      await expect(dialog.getByText(address)).toBeVisible();
      await expect(dialog.getByText("Mailed, not yet taken")).toHaveCount(0);
    } finally {
      await peer.close();
    }
  });
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
