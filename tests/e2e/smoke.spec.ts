import { expect, test } from "./fixtures";

test("the app starts and the home page renders", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.ok()).toBe(true);
  expect(await health.json()).toMatchObject({ status: "ok", database: "sqlite" });

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Features" }).first()).toBeVisible();
});
