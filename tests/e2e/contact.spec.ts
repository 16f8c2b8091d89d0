import { expect, test } from "@playwright/test";

test("the contact form validates, sends, and confirms", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: /send/i }).click();
  await expect(page.getByText("Name is required.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Name").fill("Morgan Parent");
  await page.getByLabel("Email").fill("morgan@example.com");
  await page.getByLabel("Message").fill("Does Flagline work for a 5v5 youth league with three teams?");
  const sent = page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST");
  await page.getByRole("button", { name: /send/i }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText("Thanks — we'll get back to you.")).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("");
});

test("when the server says too many messages, the form says so", async ({ page }) => {
  await page.route("**/api/contact", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "rate_limited", message: "Too many messages — please try again later." } }),
    }),
  );
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Morgan Parent");
  await page.getByLabel("Email").fill("morgan@example.com");
  await page.getByLabel("Message").fill("Second message in a row, to check the limit.");
  await page.getByRole("button", { name: /send/i }).click();
  await expect(page.getByText("Too many messages — please try again later.")).toBeVisible();
});
