import { randomBytes } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser, type Locator, type Page } from "./fixtures";
import sharp from "sharp";
import { PASSWORD, seedTeam, signIn, signInQuick } from "./helpers";

test.use({ serviceWorkers: "block" });

async function tempFile(name: string, bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "flagline-upload-"));
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

/** A real 96×96 image, drawn with sharp. */
async function imageFile(name: string, format: "png" | "jpeg"): Promise<string> {
  const image = sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 25, g: 122, b: 71 } } });
  return tempFile(name, await (format === "png" ? image.png() : image.jpeg()).toBuffer());
}

async function coachSession(browser: Browser, baseURL: string | undefined, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  await signInQuick(page, email);
  return page;
}

/** The image has arrived and decoded (a broken image has no natural width). */
async function expectLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

const photoInput = (page: Page) => page.getByLabel(/^(Upload a photo|Replace your photo)$/);

test.describe("player profile", () => {
  test("edits name and positions, asks for a number and position, and the coach approves", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Several pages or uploads: on a busy two-core machine that can pass the default 30 s.
    test.slow();
    const { coach, players } = await seedTeam({
      players: [{ fullName: "Pat Player", jerseyNumber: 7, primaryPosition: "wr" }],
    });
    const player = players[0]!;
    await signInQuick(page, player.email);
    await page.goto("/player/profile");

    const details = page.getByRole("region", { name: "Your details" });
    await expect(details.getByLabel("Full name")).toHaveValue("Pat Player");
    await expect(details.getByLabel("Jersey number")).toHaveValue("7");
    await expect(details.getByLabel("Primary position")).toHaveValue("wr");
    // The grouped positions and the field errors are a component test (src/web/features/profile/profile-page.test.tsx).

    await details.getByLabel("Full name").fill("Jordan Rivers");
    await details.getByLabel("Jersey number").fill("23");
    await details.getByLabel("Primary position").selectOption({ label: "Quarterback" });
    await details.getByRole("group", { name: "Other positions" }).getByLabel("Safety").check();
    await details.getByRole("group", { name: "Other positions" }).getByLabel("Running Back").check();
    await details.getByRole("button", { name: "Save changes" }).click();
    await expect(details.getByRole("status")).toContainText("Your profile is saved.");

    // docs/product.md §11: the number and the primary position are the coach's; the player's change waits.
    await page.reload();
    await expect(details.getByLabel("Full name")).toHaveValue("Jordan Rivers");
    await expect(details.getByLabel("Jersey number")).toHaveValue("23");
    await expect(details.getByText("Requested #23 · waiting for your coach")).toBeVisible();
    await expect(details.getByLabel("Primary position")).toHaveValue("qb");
    await expect(details.getByText("Requested Quarterback · waiting for your coach")).toBeVisible();
    await expect(details.getByLabel("Safety")).toBeChecked();
    await expect(details.getByLabel("Running Back")).toBeChecked();

    // The session was refreshed: the dashboard greets the new name, with the number the coach set.
    await page.goto("/player/dashboard");
    await expect(page.getByText("Hi Jordan")).toBeVisible();
    await expect(page.getByText("#7", { exact: true })).toBeVisible();

    const coachPage = await coachSession(browser, baseURL, coach.email);
    await coachPage.goto("/coach/team-roster");
    const row = coachPage.getByRole("row").filter({ hasText: "Jordan Rivers" });
    await expect(row).toContainText("#7");
    const waiting = coachPage.getByRole("region", { name: "Waiting for you" });
    await expect(waiting).toContainText("Jordan Rivers (#7 · Wide Receiver) asks for #23 · Quarterback");
    await waiting.getByRole("button", { name: "Approve Jordan Rivers's request" }).click();
    await expect(row).toContainText("#23");
    await expect(row).toContainText("Quarterback");
    await expect(waiting).toHaveCount(0);
    await coachPage.context().close();

    await page.reload();
    await expect(page.getByText("#23", { exact: true })).toBeVisible();
  });

  test("uploads a photo that shows here, on the roster and in the search, and removes it", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Several pages or uploads: on a busy two-core machine that can pass the default 30 s.
    test.slow();
    const { coach, players } = await seedTeam({ players: [{ fullName: "Ada Photo" }] });
    const player = players[0]!;
    await signInQuick(page, player.email);
    await page.goto("/player/profile");
    await expect(page.getByText("No photo yet")).toBeAttached();
    await expect(photoInput(page)).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");

    await photoInput(page).setInputFiles(await imageFile("me.png", "png"));
    await expect(page.getByRole("status").filter({ hasText: "Your new photo is saved." })).toBeVisible();
    const photo = page.getByRole("img", { name: "Profile photo of Ada Photo" });
    await expect(photo).toHaveAttribute("src", /^\/api\/files\//);
    await expectLoaded(photo);
    const firstUrl = await photo.getAttribute("src");

    // Replacing it with a JPEG gives a new file.
    await photoInput(page).setInputFiles(await imageFile("me.jpg", "jpeg"));
    await expect(photo).not.toHaveAttribute("src", firstUrl!);
    await expectLoaded(photo);
    const photoUrl = await photo.getAttribute("src");

    // The dashboard's header shows it too (the session was refreshed).
    await page.goto("/player/dashboard");
    await expectLoaded(page.locator(`main img[src="${photoUrl}"]`));

    const coachPage = await coachSession(browser, baseURL, coach.email);
    await coachPage.goto("/coach/team-roster");
    await expectLoaded(coachPage.getByRole("row").filter({ hasText: "Ada Photo" }).locator(`img[src="${photoUrl}"]`));
    await coachPage.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search players" }).click();
    const dialog = coachPage.getByRole("dialog", { name: "Player search" });
    await expectLoaded(dialog.getByRole("button").filter({ hasText: "Ada Photo" }).locator(`img[src="${photoUrl}"]`));
    await coachPage.context().close();

    await page.goto("/player/profile");
    await page.getByRole("button", { name: "Remove photo" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove your photo?" });
    await confirm.getByRole("button", { name: "Remove photo" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Your photo was removed." })).toBeVisible();
    await expect(page.getByRole("img", { name: "Profile photo of Ada Photo" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Remove photo" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("No photo yet")).toBeAttached();
  });

  test("refuses a renamed executable and a 6 MB file with a clear message", async ({ page }) => {
    const player = (await seedTeam({ players: [{ fullName: "Max Upload" }] })).players[0]!;
    await signInQuick(page, player.email);
    await page.goto("/player/profile");

    // A Windows executable's first bytes, named like a photo: the server reads the bytes, not the name.
    const exe = Buffer.concat([
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00", "latin1"),
      randomBytes(2048),
    ]);
    const upload = page.waitForResponse(
      (r) => r.url().endsWith("/api/profile/photo") && r.request().method() === "POST",
    );
    await photoInput(page).setInputFiles(await tempFile("photo.jpg", exe));
    expect((await upload).status()).toBe(415);
    await expect(page.getByRole("alert")).toHaveText("Only JPEG, PNG or WebP images can be uploaded.");
    await expect(page.getByText("No photo yet")).toBeAttached();

    // Over 5 MB: refused before it is sent, in the server's own words.
    let sent = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/profile/photo")) sent = true;
    });
    const big = Buffer.concat([
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
      Buffer.alloc(6 * 1024 * 1024),
    ]);
    await photoInput(page).setInputFiles(await tempFile("big.png", big));
    await expect(page.getByRole("alert")).toHaveText("The file is larger than 5 MB.");
    expect(sent).toBe(false);

    // The server refuses it too when a client skips the check: src/server/routes/profile.test.ts (413, its message,
    // nothing stored) and src/server/http/transport.test.ts (the 413 over a real socket). Not here: a client still
    // sending 6 MB when the server answers and closes may see the connection reset before it reads the 413.
  });

  test("changes the password, then signs in with the new one", async ({ page }) => {
    const player = (await seedTeam({ players: [{ fullName: "Kim Secure" }] })).players[0]!;
    await signInQuick(page, player.email);
    await page.goto("/player/profile");
    const form = page.getByRole("region", { name: "Change password" });
    const current = form.getByLabel("Current password");
    const next = form.getByLabel("New password", { exact: true });
    const confirm = form.getByLabel("Confirm new password");

    // Missing, mismatched and wrong passwords are explained beside their fields: a component test
    // (profile-page.test.tsx) and, for the server's answer, src/server/routes/profile.test.ts.
    await next.fill("a-brand-new-secret");
    await confirm.fill("a-brand-new-secret");
    await current.fill(PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByRole("status")).toContainText("Your password is changed.");
    await expect(current).toHaveValue("");
    // Still signed in here.
    await page.goto("/player/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Player Dashboard" })).toBeVisible();

    await page.context().clearCookies();
    await signIn(page, player.email, PASSWORD);
    await expect(page.getByRole("alert")).toBeVisible();
    await signIn(page, player.email, "a-brand-new-secret");
    await expect(page).toHaveURL(/\/player\/dashboard$/);
    await expect(page.getByText("Hi Kim")).toBeVisible();
  });
});
