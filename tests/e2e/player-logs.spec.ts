import { expect, test, type Page } from "./fixtures";
import { seedTeam, signInQuick } from "./helpers";

test.use({ serviceWorkers: "block" });

/** A day in the browser's zone, `offsetDays` from today, as YYYY-MM-DD. */
function browserDay(page: Page, offsetDays = 0): Promise<string> {
  return page.evaluate((offset) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, "0")).join("-");
  }, offsetDays);
}

const entries = (page: Page) =>
  page.getByRole("list", { name: "Training entries, latest first" }).getByRole("listitem");

async function signedInPlayer(page: Page) {
  const player = (await seedTeam({ players: [{ fullName: "Tess Trainer" }] })).players[0]!;
  await signInQuick(page, player.email);
  return player;
}

test.describe("training logs", () => {
  test("adds, edits and deletes entries; the weekly chart adds them up", async ({ page }) => {
    await signedInPlayer(page);
    await page.goto("/player/logs");
    await expect(page.getByRole("heading", { name: "No training logged yet" })).toBeVisible();
    await expect(
      page.getByText("Your weekly minutes are drawn here once you add your first training entry."),
    ).toBeVisible();

    const add = page.getByRole("region", { name: "Add a training entry" });
    await expect(add.getByLabel("Date")).toHaveValue(await browserDay(page));
    await expect(add.getByLabel("Intensity")).toHaveValue("5");

    // The form's field errors are a component test (src/web/features/training-logs/training-logs-page.test.tsx).
    await add.getByLabel("Activity").selectOption("Route running");
    await add.getByLabel("Duration (minutes)").fill("45");
    await add.getByLabel("Intensity").fill("7");
    await expect(add.getByText("7 / 10")).toBeVisible();
    await add.getByLabel("Notes (optional)").fill("Slants and outs against air");
    await add.getByRole("button", { name: "Add entry" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added route running, 45 minutes" })).toBeVisible();
    // The form starts over, dated today.
    await expect(add.getByLabel("Activity")).toHaveValue("");
    await expect(add.getByLabel("Duration (minutes)")).toHaveValue("");

    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText("Route running");
    await expect(entries(page).first()).toContainText("45 minutes · Intensity 7/10 (hard)");
    await expect(entries(page).first()).toContainText("Slants and outs against air");

    // An older one, three weeks back: the list stays newest first and the chart spans the weeks between.
    await add.getByLabel("Date").fill(await browserDay(page, -21));
    await add.getByLabel("Activity").selectOption("Strength");
    await add.getByLabel("Duration (minutes)").fill("30");
    await add.getByRole("button", { name: "Add entry" }).click();
    await expect(entries(page)).toHaveCount(2);
    await expect(entries(page).nth(0)).toContainText("Route running");
    await expect(entries(page).nth(1)).toContainText("Strength");
    await expect(page.getByText("2 entries · 75 minutes")).toBeVisible();

    const chart = page.getByRole("figure", { name: "Minutes per week" });
    await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
    await chart.getByText("Show the numbers").click();
    const rows = chart.getByRole("region", { name: "Minutes per week: the numbers" }).getByRole("row");
    // A header, then three or four Monday weeks (the two with training, and the empty ones between read 0).
    expect(await rows.count()).toBeGreaterThanOrEqual(4);
    await expect(rows.nth(1)).toContainText("30");
    await expect(rows.last()).toContainText("45");

    // Edit: the dialog opens filled in.
    await entries(page)
      .first()
      .getByRole("button", { name: /^Edit Route running on / })
      .click();
    const dialog = page.getByRole("dialog", { name: "Edit training entry" });
    await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("45");
    await expect(dialog.getByLabel("Activity")).toHaveValue("Route running");
    await dialog.getByLabel("Duration (minutes)").fill("60");
    await dialog.getByLabel("Activity").selectOption("Catching");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Saved the changes to Catching" })).toBeVisible();
    await expect(entries(page).first()).toContainText("Catching");
    await expect(entries(page).first()).toContainText("60 minutes");
    await expect(page.getByText("2 entries · 90 minutes")).toBeVisible();
    await expect(rows.last()).toContainText("60");

    // Delete, after a confirm; Cancel keeps it.
    await entries(page)
      .nth(1)
      .getByRole("button", { name: /^Delete Strength on / })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this training entry?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(entries(page)).toHaveCount(2);
    await entries(page)
      .nth(1)
      .getByRole("button", { name: /^Delete Strength on / })
      .click();
    await confirm.getByRole("button", { name: "Delete entry" }).click();
    await expect(confirm).toBeHidden();
    await expect(entries(page)).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: "Deleted Strength on" })).toBeVisible();

    await page.reload();
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText("Catching");
  });

  test("filters by activity and dates", async ({ page }) => {
    await signedInPlayer(page);
    await page.goto("/player/logs");
    const day = async (offset: number) => browserDay(page, offset);
    for (const [offset, activityType, minutes] of [
      [-1, "Throwing", 20],
      [-8, "Conditioning", 40],
      [-15, "Throwing", 25],
    ] as const) {
      const res = await page.request.post("/api/me/training-logs", {
        data: { date: await day(offset), activityType, durationMinutes: minutes, intensity: 4 },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.reload();
    await expect(entries(page)).toHaveCount(3);

    const history = page.getByRole("region", { name: "History" });
    await history.getByLabel("Activity").selectOption("Throwing");
    await expect(entries(page)).toHaveCount(2);
    for (const text of await entries(page).allInnerTexts()) expect(text).toContain("Throwing");
    await expect(page.getByText("2 entries · 45 minutes (filtered)")).toBeVisible();

    await history.getByLabel("From").fill(await day(-10));
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText("20 minutes");

    await history.getByLabel("Activity").selectOption({ label: "All activities" });
    await expect(entries(page)).toHaveCount(2);
    await history.getByLabel("To").fill(await day(-5));
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText("Conditioning");

    // An end before the start is pointed out and the list stays as it was.
    await history.getByLabel("To").fill(await day(-12));
    await expect(history.getByText("The end date is before the start date.")).toBeVisible();
    await expect(history.getByLabel("To")).toHaveAttribute("aria-invalid", "true");
    await expect(entries(page)).toHaveCount(1);

    await history.getByLabel("Activity").selectOption("Film study");
    await history.getByRole("button", { name: "Clear filters" }).click();
    await expect(entries(page)).toHaveCount(3);
    await history.getByLabel("Activity").selectOption("Film study");
    await expect(history.getByRole("heading", { name: "No entries match these filters" })).toBeVisible();
    await expect(page.getByText("No entries match the filters, so there is nothing to add up.")).toBeVisible();
  });
});
