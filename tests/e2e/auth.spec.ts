import { expect, test } from "./fixtures";
import { PASSWORD, seedTeam, signIn, uniqueEmail } from "./helpers";

test.describe("sign-up and sign-in", () => {
  test("a coach signs up, creates a team and is shown both codes; a player joins with the team code", async ({
    page,
    browser,
  }) => {
    await page.goto("/signup");
    await page.getByLabel("I'm a coach").check();
    await page.getByLabel("Full name").fill("Robin Sideline");
    const coachEmail = uniqueEmail("ui-coach");
    await page.getByLabel("Email").fill(coachEmail);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Team name").fill("Bayside Bolts");
    await page.getByRole("button", { name: /create account|sign up/i }).click();

    await expect(page.getByRole("heading", { name: "Your team is ready" })).toBeVisible();
    const teamCode = (await page
      .getByText(/^[A-Z2-9]{6}$/)
      .first()
      .textContent())!.trim();
    await expect(page.getByText(/^[A-Z2-9]{8}$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy team code" })).toBeVisible();
    await page.getByRole("button", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/coach\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Coach Dashboard" })).toBeVisible();
    await expect(page.getByText("Bayside Bolts").first()).toBeVisible();

    const playerContext = await browser.newContext();
    const player = await playerContext.newPage();
    await player.goto("/signup");
    await player.getByLabel("I'm a player").check();
    await player.getByLabel("Full name").fill("Sam Receiver");
    await player.getByLabel("Email").fill(uniqueEmail("ui-player"));
    await player.getByLabel("Password").fill(PASSWORD);
    await player.getByLabel("Team code").fill(teamCode.toLowerCase());
    await player.getByLabel("Jersey number").fill("18");
    await player.getByLabel("Primary position").selectOption("wr");
    await player.getByRole("group", { name: "Other positions" }).getByLabel("Slot Receiver").check();
    await player.getByRole("button", { name: /create account|sign up/i }).click();
    await expect(player).toHaveURL(/\/player\/dashboard$/);
    await expect(player.getByRole("heading", { name: "Player Dashboard" })).toBeVisible();
    await playerContext.close();
  });

  test("an unknown team code and a short password are explained beside their fields", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("I'm a player").check();
    await page.getByLabel("Full name").fill("Lost Player");
    await page.getByLabel("Email").fill(uniqueEmail("lost"));
    await page.getByLabel("Password").fill("short");
    await page.getByLabel("Team code").fill("ZZZZZZ");
    await page.getByLabel("Jersey number").fill("4");
    await page.getByLabel("Primary position").selectOption("cb");
    await page.getByRole("button", { name: /create account|sign up/i }).click();
    await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: /create account|sign up/i }).click();
    await expect(page.getByText("No team has this code. Check it with your coach.")).toBeVisible();
    await expect(page.getByLabel("Team code")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("a failed sign-in shows one generic message, whether or not the email exists", async ({ page }) => {
    const { coach } = await seedTeam();
    await signIn(page, coach.email, "wrong-password-1");
    await expect(page.getByRole("alert")).toHaveText(/Invalid email or password\./);
    await expect(page).toHaveURL(/\/login/);

    await signIn(page, uniqueEmail("nobody"), "wrong-password-1");
    await expect(page.getByRole("alert")).toHaveText(/Invalid email or password\./);
  });

  test("logout signs out on the server, clears the user and goes home", async ({ page }) => {
    const { coach } = await seedTeam();
    await signIn(page, coach.email);
    await expect(page).toHaveURL(/\/coach\/dashboard$/);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
    expect((await page.request.get("/api/me")).status()).toBe(401);
    await page.goto("/coach/dashboard");
    await expect(page).toHaveURL(/\/login\?next=%2Fcoach%2Fdashboard$/);
  });

  test("signing in after being sent to /login returns to the page that was asked for", async ({ page }) => {
    const { coach } = await seedTeam({ players: [{}] });
    await page.goto("/coach/leaderboard");
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.getByLabel("Email").fill(coach.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: /log in/i }).click();
    await expect(page).toHaveURL(/\/coach\/leaderboard$/);
    await expect(page.getByRole("heading", { name: "Leaderboard", level: 1 })).toBeVisible();
  });
});
