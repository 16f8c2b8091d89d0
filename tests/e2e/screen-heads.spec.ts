import { expect, test, type Page } from "./fixtures";
import { signedInCoachWithTeam } from "./coach-fixtures";

test.use({ serviceWorkers: "block" });

/*
 * Issue #35: the SPA fallback page paints the screen's own head (its title, and the lead where it is fixed text) before
 * any of the app's code has run, where the screen itself then draws it (src/web/app/shell/screen-heads.tsx). Seen
 * here with the app's scripts blocked (what a slow phone shows first), then with the app: the same words, in the same
 * place and size.
 */
const HEADS = [
  { path: "/coach/log", title: "Event Logger", lead: null },
  {
    path: "/coach/leaderboard",
    title: "Leaderboard",
    lead: "Players ranked by performance score, updated live as plays are logged.",
  },
] as const;

async function box(page: Page, text: string, heading: boolean) {
  const target = heading
    ? page.getByRole("heading", { level: 1, name: text })
    : page.getByText(text, { exact: true }).first();
  await expect(target).toBeVisible();
  const b = await target.boundingBox();
  if (!b) throw new Error(`${text} has no box`);
  return { x: Math.round(b.x), y: Math.round(b.y), height: Math.round(b.height) };
}

test.describe("a signed-in screen's first paint", () => {
  test("shows the screen's head before the app runs, where the screen then draws it", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await signedInCoachWithTeam(page, [{ fullName: "Ada Quarter", jerseyNumber: 1, primaryPosition: "qb" }]);
    // What the app writes on signing in (lib/role-hint.ts); the start script shows a head only with it.
    await context.addCookies([{ name: "flagline-role", value: "coach", url: baseURL! }]);

    for (const head of HEADS) {
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.goto(head.path);
      const frame = await box(page, head.title, false);
      const frameLead = head.lead ? await box(page, head.lead, false) : null;
      // The frame's spinner is there too: this is the page before the app, not the screen.
      await expect(page.getByRole("status")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(0);
      // Its ring ticks, eight steps a turn: a smooth turn is a frame to draw every 16 ms while the app starts.
      await expect(page.getByRole("status").locator("span[aria-hidden]")).toHaveCSS(
        "animation-timing-function",
        "steps(8)",
      );

      await page.unrouteAll({ behavior: "wait" });
      await page.goto(head.path);
      expect(await box(page, head.title, true), head.path).toEqual(frame);
      if (head.lead) expect(await box(page, head.lead, false), head.path).toEqual(frameLead);
      // The frame and its copy of the head are gone once the screen is there.
      await expect(page.locator("[data-screen-head]")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    }
  });

  test("shows no screen's head to a browser that is not signed in to that area", async ({ page, context, baseURL }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/coach/log");
    await expect(page.getByRole("status")).toBeVisible();
    await expect(page.getByText("Event Logger", { exact: true })).toBeHidden();

    await context.addCookies([{ name: "flagline-role", value: "player", url: baseURL! }]);
    await page.goto("/coach/leaderboard");
    await expect(page.getByRole("status")).toBeVisible();
    await expect(page.getByText("Leaderboard", { exact: true })).toBeHidden();
  });
});
