import { expect, test, type Page } from "./fixtures";
import { APP_READY_EVENT } from "~/prerender/defer-hydration.ts";
import { seedTeam, signInQuick } from "./helpers";

/**
 * Decision 0006: a prerendered public page runs no app JavaScript until the visitor interacts (or is signed in);
 * then the app starts in place, and what the visitor did meanwhile is not lost.
 */

/** Counts the app's module requests (/assets/*.js) the page makes from now on. */
function countScripts(page: Page): () => number {
  let n = 0;
  page.on("request", (r) => {
    if (/\/assets\/[^/]+\.js$/.test(new URL(r.url()).pathname)) n += 1;
  });
  return () => n;
}

/**
 * Holds the app's entry module back until the returned function is called, so what a test does first surely
 * happens before the app runs (a condition, not a guess at how long that takes).
 */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * React has started on the page: hydrateRoot marks the document as it attaches its event listeners, which is before
 * hydration itself is done (the app tells that with APP_READY_EVENT, src/web/app/root.tsx).
 */
const hydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document).some((k) => k.startsWith("_reactListening")));

test("a visitor reads the home page with no app JS loaded, and the visitor menu shows", async ({ page }) => {
  const scripts = countScripts(page);
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Features" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Sign Up" })).toBeVisible();
  await expect(page.getByTestId("nav-placeholder")).toBeHidden();
  await page.waitForLoadState("networkidle");
  expect(scripts()).toBe(0);
  expect(await hydrated(page)).toBe(false);
  // The boot script's session check answers a visitor with 200: nothing failed, nothing logged.
  expect(consoleErrors).toEqual([]);

  // The first key press starts the app; then links navigate inside it. Once the app's own session check has
  // answered (the placeholder goes), nothing of the app's start is still under way when the link is clicked.
  await page.keyboard.press("Shift");
  await expect.poll(() => hydrated(page)).toBe(true);
  await expect(page.getByTestId("nav-placeholder")).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Pricing" })).toBeVisible();
  expect(scripts()).toBeGreaterThan(5);
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  await nav.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

/**
 * Holds the app's session check (GET /api/me) until the returned function is called, and records the app's
 * ready signal: the page is then the app's, its menu still the one it hydrated.
 */
async function holdSessionCheck(page: Page): Promise<() => void> {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/api/me", async (route) => {
    await answered;
    await route.continue();
  });
  await page.addInitScript((name) => {
    window.addEventListener(name, () => ((window as unknown as { __appReady: boolean }).__appReady = true));
  }, APP_READY_EVENT);
  return answer;
}

const appReady = (page: Page) =>
  page.evaluate(() => (window as unknown as { __appReady?: boolean }).__appReady === true);

test("a link pressed while the app checks the session is followed when the press ends after the answer", async ({
  page,
}) => {
  const answer = await holdSessionCheck(page);
  await page.goto("/");
  await page.keyboard.press("Shift");
  await expect.poll(() => appReady(page)).toBe(true);
  const pricing = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" });
  await pricing.hover();
  await page.mouse.down();
  answer();
  await expect(page.getByTestId("nav-placeholder")).toHaveCount(0);
  await page.mouse.up();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("keyboard focus on a menu link stays there when the session check answers", async ({ page }) => {
  const answer = await holdSessionCheck(page);
  await page.goto("/");
  const pricing = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" });
  await expect(pricing).toBeVisible();
  // Focus moving into the page starts the app.
  await pricing.focus();
  await expect.poll(() => appReady(page)).toBe(true);
  answer();
  await expect(page.getByTestId("nav-placeholder")).toHaveCount(0);
  await expect(pricing).toBeFocused();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the first tap on Menu opens it once the app has started", async ({ page }) => {
    const startApp = await holdApp(page);
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await hydrated(page)).toBe(false);
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    startApp();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" })).toBeVisible();
  });
});

test("a sign-in typed and sent before the app runs is kept, held and sent once it does", async ({ page }) => {
  const { coach } = await seedTeam({ teamName: "Early Birds", coachName: "Erin Early" });
  const startApp = await holdApp(page);
  await page.goto("/login");
  await page.waitForLoadState("domcontentloaded");
  // Typing starts the app; the entry module is held back, so all of this happens before React runs. The form's
  // own set-up (empty fields) must not wipe what was typed, and Enter must not send the form as a plain GET.
  await page.getByLabel("Email").fill(coach.email);
  await page.getByLabel("Password").fill(coach.password);
  expect(await hydrated(page)).toBe(false);
  await page.getByLabel("Password").press("Enter");
  startApp();
  await expect(page).toHaveURL(/\/coach\/dashboard$/);
  expect(page.url()).not.toContain("password");
});

test("a role chosen on the sign-up page before the app runs stays chosen", async ({ page }) => {
  const startApp = await holdApp(page);
  await page.goto("/signup");
  await page.waitForLoadState("domcontentloaded");
  const coachRole = page.getByRole("radio", { name: /coach/i });
  await coachRole.check();
  expect(await hydrated(page)).toBe(false);
  startApp();
  await expect.poll(() => hydrated(page)).toBe(true);
  await expect(coachRole).toBeChecked();
  await expect(page.getByLabel(/team name/i)).toBeVisible();
});

test("a signed-in coach on a public page gets the coach menu without touching anything", async ({ page }) => {
  const { coach } = await seedTeam({ teamName: "Night Owls", coachName: "Nia Night" });
  await signInQuick(page, coach.email, coach.password);
  await page.goto("/pricing");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Coach Dashboard" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Sign Up" })).toHaveCount(0);
  expect(await hydrated(page)).toBe(true);
});
