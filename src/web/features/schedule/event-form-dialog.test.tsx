// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SchedulePage } from "~/features/schedule/schedule-page";
import { coachUser, scheduleEvent, scheduleResponse } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

/* Add event (docs/product.md §12): the schema's messages beside the fields, then the server's. */

function api() {
  return fakeApi()
    .on("GET", "/api/team/schedule", scheduleResponse([]))
    .on("GET", "/api/me/calendar", { url: "https://x.example/c.ics", webcalUrl: "webcal://x.example/c.ics" })
    .on("GET", "/api/team/schedule-settings", { timeZone: "UTC", minPlayers: 5 });
}

async function openForm() {
  const fake = api();
  const page = renderPage(<SchedulePage area="coach" />, { path: "/coach/schedule", user: coachUser(), api: fake });
  await screen.findByRole("heading", { name: "No events scheduled yet" });
  await page.user.click(screen.getAllByRole("button", { name: "Add event" })[0]!);
  const dialog = await screen.findByRole("dialog", { name: "Add event" });
  return { ...page, fake, dialog };
}

describe("add event", () => {
  it("shows the schema's messages next to the fields and sends nothing", async () => {
    const { user, fake, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText(/^Arrive by/), "19:00");
    await user.type(within(dialog).getByLabelText("Start time"), "18:00");
    await user.type(within(dialog).getByLabelText(/^Map link/), "maps.example.com");
    await user.click(within(dialog).getByRole("checkbox", { name: "Repeats weekly" }));
    await user.click(within(dialog).getByRole("button", { name: "Add event" }));
    expect(
      await within(dialog).findByText("Map link must be a web address starting with https:// or http://."),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Map link/)).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByText("Repeat until is required.")).toBeInTheDocument();

    // Once each field is right, the rule between two of them.
    await user.clear(within(dialog).getByLabelText(/^Map link/));
    await user.type(within(dialog).getByLabelText(/^Until/), "2030-06-20");
    const date = within(dialog).getByLabelText("Date");
    await user.clear(date);
    await user.type(date, "2030-06-04");
    await user.click(within(dialog).getByRole("button", { name: "Add event" }));
    expect(await within(dialog).findByText("Arrive-by time must be at or before the start time.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Arrive by/)).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).queryByText("Repeat until is required.")).not.toBeInTheDocument();
    expect(fake.count("POST", "/api/team/schedule")).toBe(0);
  });

  it("adds a weekly practice: the weekdays and until are sent, and the screen says how many were added", async () => {
    const { user, fake, dialog } = await openForm();
    fake.on("POST", "/api/team/schedule", (req: ApiRequest) => {
      const body = req.body as { date: string };
      return json(
        scheduleResponse([
          scheduleEvent({ date: body.date }),
          scheduleEvent({ id: "event-2" }),
          scheduleEvent({ id: "event-3" }),
        ]),
        201,
      );
    });
    const date = within(dialog).getByLabelText("Date");
    await user.clear(date);
    await user.type(date, "2030-06-04");
    await user.type(within(dialog).getByLabelText("Start time"), "18:00");
    await user.type(within(dialog).getByLabelText(/^Place/), "Riverside Park");
    await user.click(within(dialog).getByRole("checkbox", { name: "Repeats weekly" }));
    // The first day's weekday (a Tuesday) is chosen; Thursday is added.
    expect(within(dialog).getByRole("button", { name: "Tue" })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(dialog).getByRole("button", { name: "Thu" }));
    await user.type(within(dialog).getByLabelText(/^Until/), "2030-06-20");
    await user.click(within(dialog).getByRole("button", { name: "Add event" }));
    expect(await screen.findByText("3 events added to the schedule.")).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === "POST")?.body).toMatchObject({
      kind: "practice",
      date: "2030-06-04",
      startTime: "18:00",
      durationMinutes: 60,
      placeName: "Riverside Park",
      repeat: { weekdays: [1, 3], until: "2030-06-20" },
    });
  });

  it("a game has its opponent and home or away; the server's field message shows beside its field", async () => {
    const { user, fake, dialog } = await openForm();
    fake.on("POST", "/api/team/schedule", () =>
      apiError(400, "invalid_input", "Check the highlighted fields.", { opponent: "Opponent is not allowed here." }),
    );
    await user.click(within(dialog).getByRole("radio", { name: "Game" }));
    await user.type(within(dialog).getByLabelText("Start time"), "10:00");
    await user.type(within(dialog).getByLabelText(/^Opponent/), "Eagles");
    await user.click(within(dialog).getByRole("radio", { name: "Away" }));
    await user.click(within(dialog).getByRole("button", { name: "Add event" }));
    expect(await within(dialog).findByText("Opponent is not allowed here.")).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === "POST")?.body).toMatchObject({
      kind: "game",
      opponent: "Eagles",
      homeAway: "away",
    });
  });
});
