import { expect, test } from "./fixtures";

// The field errors and the rate-limit answer are component tests (src/web/pages/contact.test.tsx).

test("the contact form sends, and confirms", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Morgan Parent");
  await page.getByLabel("Email").fill("morgan@example.com");
  await page.getByLabel("Message").fill("Does Flagline work for a 5v5 youth league with three teams?");
  const sent = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
  await page.getByRole("button", { name: /send/i }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText("Thanks — we'll get back to you.")).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("");
});
