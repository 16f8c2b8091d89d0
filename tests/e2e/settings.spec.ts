import { expect, test } from "./fixtures";
import { PASSWORD, seedTeam, signInQuick, uniqueEmail } from "./helpers";

test.use({ serviceWorkers: "block" });

/*
 * Team settings (docs/product.md §11 "Team settings, leaving and rejoining"), as two coaches on two phones: the
 * head coach hands the role to the assistant and loses the head coach's controls at once; the new head coach
 * renames the team and removes the old one from the staff, who then sees whose roster they left and rejoins with
 * the coach invite code, and the home page then offers them their dashboard first.
 */
test("hand over, rename, remove and rejoin with the coach invite code", async ({ browser, page }) => {
  // Two phones, four screens and a rejoin in one journey: 30 s ran out on a quiet two-core CI run.
  test.slow();
  const { coach: head } = await seedTeam({ teamName: "Harbor Hawks", coachName: "Casey Coach" });

  const phone = await browser.newContext({ serviceWorkers: "block" });
  const assistant = await phone.newPage();
  const assistantEmail = uniqueEmail("assistant");
  const signup = await assistant.request.post("/api/signup", {
    data: {
      role: "coach",
      fullName: "Ari Assistant",
      email: assistantEmail,
      password: PASSWORD,
      coachInviteCode: head.team.coachInviteCode,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);

  // The head coach finds Team Settings on the dashboard and hands the role over.
  await signInQuick(page, head.email);
  await page.goto("/coach/dashboard");
  await page.getByRole("link", { name: "Team settings", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team Settings" })).toBeVisible();
  await page.getByRole("button", { name: "Make Ari Assistant head coach" }).click();
  const handOver = page.getByRole("alertdialog", { name: "Make Ari Assistant the head coach?" });
  await handOver.getByRole("button", { name: "Make head coach" }).click();
  await expect(page.getByText("Ari Assistant is now the head coach. You are an assistant coach.")).toBeVisible();
  await expect(page.getByText("Only the head coach can change these settings. You can see them here.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Team name" })).toHaveCount(0);
  await expect(page.getByText(head.team.coachInviteCode!)).toHaveCount(0);

  // The new head coach renames the team and takes the old head off the staff.
  await signInQuick(assistant, assistantEmail);
  await assistant.goto("/coach/settings");
  const name = assistant.getByRole("textbox", { name: "Team name" });
  await name.fill("Harbor Herons");
  await assistant.getByRole("button", { name: "Save name" }).click();
  await expect(assistant.getByText("Saved. The team is now called Harbor Herons.")).toBeVisible();
  await assistant.getByRole("button", { name: "Remove Casey Coach" }).click();
  const remove = assistant.getByRole("alertdialog", { name: "Remove Casey Coach from the coaching staff?" });
  await remove.getByRole("button", { name: "Remove coach" }).click();
  await expect(assistant.getByText("Casey Coach was removed from the coaching staff.")).toBeVisible();

  // The old head coach's next page says so, and the coach invite code brings them back as an assistant.
  await page.goto("/coach/leaderboard");
  await expect(
    page.getByRole("heading", { level: 1, name: "You're no longer on Harbor Herons' roster" }),
  ).toBeVisible();
  await page.getByRole("textbox", { name: "Coach invite code" }).fill(head.team.coachInviteCode!.toLowerCase());
  await page.getByRole("button", { name: "Join team" }).click();
  await expect(page).toHaveURL(/\/coach\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Coach Dashboard" })).toBeVisible();
  await expect(page.getByText("Assistant coach", { exact: true }).first()).toBeVisible();

  // Signed in, the home page leads with the dashboard (the role hint, before the app starts), not with sign-up.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Go to your dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign up — it's free" })).toBeHidden();
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL(/\/coach\/dashboard$/);

  await phone.close();
});
