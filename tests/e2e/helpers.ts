import { expect, type Page } from "@playwright/test";
import { PASSWORD } from "./accounts";

export { PASSWORD, uniqueEmail } from "./accounts";
export { seedTeam, type SeededAccount } from "./seed";

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: /sign in|log in/i }).click();
}

/** Signs the page's browser context in through the API, sharing the cookie with the page. */
export async function signInQuick(page: Page, email: string, password = PASSWORD) {
  const res = await page.request.post("/api/session", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Waits for every animation on the page that ends (entrance transitions, a pressed button's colour change); looping
 * ones are left running. Before an axe scan: colour contrast measured mid-transition fails on a slow host.
 */
export async function finishAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
