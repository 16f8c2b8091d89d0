import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { seedTeam, signInQuick } from "./helpers";

test.use({ serviceWorkers: "block" });

/*
 * API tokens (docs/product.md §11 "API tokens"): the head coach makes a read-only token on Team Settings, copies it
 * from the one place it is ever shown, and a client with no cookie and no password reads the team with it but
 * cannot write; once revoked (after a confirmation) the token answers 401. The page passes axe with the token shown.
 */
test("make a read-only token, use it without a password, revoke it", async ({ browser, page }) => {
  test.slow();
  const { coach } = await seedTeam({
    teamName: "Harbor Hawks",
    coachName: "Casey Coach",
    players: [{ fullName: "Quinn Passer", jerseyNumber: 7 }],
  });
  await signInQuick(page, coach.email);
  await page.goto("/coach/settings");
  const panel = page.getByRole("region", { name: "API tokens" });
  await expect(panel.getByText("Nothing outside Flagline can read your team's data.")).toBeVisible();
  await panel.getByRole("textbox", { name: "Token name" }).fill("Club web site");
  await panel.getByRole("button", { name: "Make token" }).click();

  const shown = page.getByRole("region", { name: "New API token" });
  await expect(shown.getByText(/shown this once/)).toBeVisible();
  await expect(shown.getByRole("button", { name: "Copy the API token" })).toBeVisible();
  const secret = (await shown.getByTestId("new-api-token").textContent())!.trim();
  expect(secret).toMatch(/^flt_/);
  const row = panel.getByRole("listitem").filter({ hasText: "Club web site" });
  await expect(row.getByText(/Read-only · Created .* by Casey Coach/)).toBeVisible();
  await expect(row.getByText("Never used")).toBeVisible();
  // WCAG 2.1 A and AA (as a11y.spec.ts) with the token on screen: no serious or critical violation.
  expect(await seriousViolations(page)).toEqual([]);

  // Another client: no cookie, no password, only the token.
  const outside = await browser.newContext({ serviceWorkers: "block" });
  const bearer = { authorization: `Bearer ${secret}` };
  const players = await outside.request.get("/api/team/players", { headers: bearer });
  expect(players.status()).toBe(200);
  expect(await players.text()).toContain("Quinn Passer");
  const write = await outside.request.post("/api/team/sessions", {
    headers: bearer,
    data: { kind: "practice", date: "2026-10-04" },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).error.code).toBe("token_read_only");

  // Once it is done, the text is gone for good; the list says it was used.
  await shown.getByRole("button", { name: "Done, I have copied it" }).click();
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.reload();
  await expect(row.getByText(/Last used/)).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole("button", { name: "Revoke Club web site" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Revoke “Club web site”?" });
  await dialog.getByRole("button", { name: "Revoke token" }).click();
  await expect(page.getByText("“Club web site” is revoked.", { exact: false })).toBeVisible();
  await expect(panel.getByText("Nothing outside Flagline can read your team's data.")).toBeVisible();
  const after = await outside.request.get("/api/team/players", { headers: bearer });
  expect(after.status()).toBe(401);
  await outside.close();
});
