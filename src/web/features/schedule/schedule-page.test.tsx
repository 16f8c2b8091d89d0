// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SchedulePage } from "~/features/schedule/schedule-page";
import { coachUser, playerUser, scheduleEvent, scheduleResponse } from "#tests/web/api-fixtures";
import { apiError, deferred, fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

/* The schedule screen (docs/product.md §12). The journeys are tests/e2e/schedule.spec.ts. */

const FEED = {
  url: "https://flagline.example/calendar/abc.ics",
  webcalUrl: "webcal://flagline.example/calendar/abc.ics",
};
const SETTINGS = { timeZone: "UTC", minPlayers: 5 };
const REMINDERS = {
  firstDaysBefore: 2,
  firstTime: null,
  sameDayTime: "08:00",
  coachWarning: true,
  digestWeekday: 6,
  digestTime: "18:00",
};

function scheduleApi(events = [scheduleEvent()]) {
  return fakeApi()
    .on("GET", "/api/team/schedule", (req: ApiRequest) =>
      json(scheduleResponse(req.searchParams.get("when") === "past" ? [] : events)),
    )
    .on("GET", "/api/me/calendar", FEED)
    .on("GET", "/api/team/schedule-settings", SETTINGS)
    .on("GET", "/api/team/reminder-settings", REMINDERS);
}

describe("schedule screen", () => {
  it("says it is loading, then shows an error with Retry when the schedule cannot be read", async () => {
    const answer = deferred<Response>();
    const api = scheduleApi().on("GET", "/api/team/schedule", () => answer.promise);
    renderPage(<SchedulePage area="player" />, { path: "/player/schedule", user: playerUser(), api });
    expect(await screen.findByText("Loading the schedule...")).toBeInTheDocument();
    answer.resolve(apiError(500, "server_error", "The server had a problem. Please try again."));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Error loading the schedule");
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("empty: a coach reads No events scheduled yet with Add event; a player is told the coach has not", async () => {
    const api = scheduleApi([]);
    const { user, unmount } = renderPage(<SchedulePage area="coach" />, {
      path: "/coach/schedule",
      user: coachUser(),
      api,
    });
    expect(await screen.findByRole("heading", { name: "No events scheduled yet" })).toBeInTheDocument();
    const adds = screen.getAllByRole("button", { name: "Add event" });
    expect(adds).toHaveLength(2);
    await user.click(adds[1]!);
    expect(await screen.findByRole("dialog", { name: "Add event" })).toBeInTheDocument();
    unmount();

    renderPage(<SchedulePage area="player" />, { path: "/player/schedule", user: playerUser(), api: scheduleApi([]) });
    expect(await screen.findByRole("heading", { name: "No events scheduled yet" })).toBeInTheDocument();
    expect(screen.getByText("Your coach has not put any games or practices on the schedule yet.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add event" })).not.toBeInTheDocument();
  });

  it("lists each event with its kind, time, place, arrive-by and counts; a cancelled one struck through", async () => {
    const api = scheduleApi([
      scheduleEvent(),
      scheduleEvent({
        id: "event-2",
        kind: "game",
        opponent: "Eagles",
        homeAway: "away",
        date: "2030-06-08",
        startTime: "10:00",
        startsAt: "2030-06-08T10:00:00.000Z",
        endsAt: "2030-06-08T11:00:00.000Z",
        durationMinutes: 60,
        arriveBy: null,
        availability: { going: 8, maybe: 2, no: 1, unanswered: 3 },
      }),
      scheduleEvent({
        id: "event-3",
        status: "cancelled",
        date: "2030-06-11",
        cancelledAt: "2030-06-01T10:00:00.000Z",
      }),
    ]);
    renderPage(<SchedulePage area="coach" />, { path: "/coach/schedule", user: coachUser(), api });
    const rows = await screen.findAllByRole("listitem", { name: /^(Practice|Game)/ });
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("Riverside Park · Field 3 · 12 River Rd");
    expect(rows[0]).toHaveTextContent("Arrive by 5:45 PM");
    expect(rows[0]).toHaveTextContent(/Tue, Jun 4.*6:00 PM – 7:30 PM/);
    expect(rows[0]).toHaveTextContent("3 going · 1 maybe · 1 can't go · 5 no answer");
    expect(within(rows[1]!).getByRole("link", { name: "Game at Eagles" })).toHaveAttribute(
      "href",
      "/coach/schedule/event-2",
    );
    expect(rows[1]).toHaveTextContent("8 going · 2 maybe · 1 can't go · 3 no answer");
    expect(within(rows[2]!).getByText("Cancelled")).toBeInTheDocument();
    expect(within(rows[2]!).getByRole("link", { name: "Practice" })).toHaveClass("line-through");
    // A coach answers from the event's page, not from the list.
    expect(screen.queryByRole("button", { name: "Going" })).not.toBeInTheDocument();
  });

  it("the month grid (wide screens) puts each event on its day and moves between months", async () => {
    const api = scheduleApi([
      scheduleEvent({ kind: "game", opponent: "Eagles", homeAway: "home", date: "2030-06-08", startTime: "10:00" }),
    ]);
    const { user } = renderPage(<SchedulePage area="player" />, { path: "/player/schedule", user: playerUser(), api });
    const grid = await screen.findByRole("table", { name: "Upcoming events in June 2030" });
    const cell = within(grid).getByText("Saturday, June 8").closest("td")!;
    expect(within(cell).getByRole("link", { name: "10:00 AM Game vs Eagles" })).toHaveAttribute(
      "href",
      "/player/schedule/event-1",
    );
    expect(
      within(grid)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    await user.click(screen.getByRole("button", { name: "Next month" }));
    expect(screen.getByRole("table", { name: "Upcoming events in July 2030" })).toBeInTheDocument();
  });

  it("a player answers Going in one tap: pressed at once, counted, and sent", async () => {
    const answer = deferred<Response>();
    const api = scheduleApi([scheduleEvent()]).on(
      "PUT",
      "/api/team/schedule/event-1/answers/player-1",
      () => answer.promise,
    );
    const { user } = renderPage(<SchedulePage area="player" />, { path: "/player/schedule", user: playerUser(), api });
    const group = await screen.findByRole("group", { name: /Your answer for Practice/ });
    const going = within(group).getByRole("button", { name: "Going" });
    expect(going).toHaveAttribute("aria-pressed", "false");
    await user.click(going);
    expect(going).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("4 going · 1 maybe · 1 can't go · 4 no answer")).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "PUT")?.body).toEqual({ answer: "going" });
    answer.resolve(json({ timeZone: "UTC", minPlayers: 5, event: scheduleEvent(), answers: null }));
  });

  it("a refused answer goes back and says why", async () => {
    const api = scheduleApi([scheduleEvent({ myAnswer: { answer: "maybe", note: null } })]).on(
      "PUT",
      "/api/team/schedule/event-1/answers/player-1",
      () => apiError(409, "event_cancelled", "This event was cancelled."),
    );
    const { user } = renderPage(<SchedulePage area="player" />, { path: "/player/schedule", user: playerUser(), api });
    const group = await screen.findByRole("group", { name: /Your answer for Practice/ });
    expect(within(group).getByRole("button", { name: "Maybe" })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(group).getByRole("button", { name: "Can't go" }));
    expect(await screen.findByText("This event was cancelled.")).toBeInTheDocument();
    expect(within(group).getByRole("button", { name: "Maybe" })).toHaveAttribute("aria-pressed", "true");
    expect(within(group).getByRole("button", { name: "Can't go" })).toHaveAttribute("aria-pressed", "false");
  });

  it("a player adds a note to their answer", async () => {
    let event = scheduleEvent({ myAnswer: { answer: "going", note: null } });
    const api = scheduleApi()
      .on("GET", "/api/team/schedule", (req: ApiRequest) =>
        json(scheduleResponse(req.searchParams.get("when") === "past" ? [] : [event])),
      )
      .on("PUT", "/api/team/schedule/event-1/answers/player-1", (req: ApiRequest) => {
        const body = req.body as { answer: "going"; note: string };
        event = { ...event, myAnswer: { answer: body.answer, note: body.note } };
        return json({ timeZone: "UTC", minPlayers: 5, event, answers: null });
      });
    const { user } = renderPage(<SchedulePage area="player" />, { path: "/player/schedule", user: playerUser(), api });
    await user.click(await screen.findByRole("button", { name: "Add a note" }));
    await user.type(screen.getByLabelText("Note"), "Running late");
    await user.click(screen.getByRole("button", { name: "Save note" }));
    await screen.findByText("Note: Running late");
    expect(api.requests.find((r) => r.method === "PUT")?.body).toEqual({ answer: "going", note: "Running late" });
  });

  it("past events open on demand, latest first", async () => {
    const api = scheduleApi([]).on("GET", "/api/team/schedule", (req: ApiRequest) =>
      json(
        scheduleResponse(
          req.searchParams.get("when") === "past"
            ? [
                scheduleEvent({
                  id: "old",
                  date: "2020-05-01",
                  startsAt: "2020-05-01T18:00:00.000Z",
                  endsAt: "2020-05-01T19:30:00.000Z",
                }),
              ]
            : [],
        ),
      ),
    );
    const { user } = renderPage(<SchedulePage area="player" />, { path: "/player/schedule", user: playerUser(), api });
    await user.click(await screen.findByRole("button", { name: "Show past events" }));
    expect(await screen.findByText(/Fri, May 1, 2020/)).toBeInTheDocument();
    expect(api.requests.some((r) => r.url === "/api/team/schedule?when=past&limit=10")).toBe(true);
  });

  it("the calendar panel gives the webcal link, the address to copy, and replaces the link after a confirmation", async () => {
    const api = scheduleApi().on("POST", "/api/me/calendar/replace", {
      url: "https://flagline.example/calendar/new.ics",
      webcalUrl: "webcal://flagline.example/calendar/new.ics",
    });
    const { user } = renderPage(<SchedulePage area="player" />, { path: "/player/schedule", user: playerUser(), api });
    expect(await screen.findByRole("link", { name: "Subscribe in your calendar app" })).toHaveAttribute(
      "href",
      FEED.webcalUrl,
    );
    expect(screen.getByLabelText("Calendar address")).toHaveValue(FEED.url);
    expect(screen.getByText(/only every 12–24 hours/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Replace link" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Replace your calendar link?" });
    expect(dialog).toHaveTextContent("The old link stops working at once");
    await user.click(within(dialog).getByRole("button", { name: "Replace link" }));
    expect(await screen.findByText(/New link made/)).toBeInTheDocument();
    expect(screen.getByLabelText("Calendar address")).toHaveValue("https://flagline.example/calendar/new.ics");
  });

  it("a coach sets the team's zone and minimum; a wrong zone is refused beside its field", async () => {
    const api = scheduleApi().on("PATCH", "/api/team/schedule-settings", (req: ApiRequest) =>
      json({ ...SETTINGS, ...(req.body as object) }),
    );
    const { user } = renderPage(<SchedulePage area="coach" />, { path: "/coach/schedule", user: coachUser(), api });
    const form = await screen.findByRole("form", { name: "Schedule settings" });
    const zone = within(form).getByLabelText("Team's time zone");
    await user.clear(zone);
    await user.type(zone, "Mars/Olympus");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    expect(
      await within(form).findByText("Choose a time zone from the list (for example Europe/Berlin)."),
    ).toBeInTheDocument();
    expect(api.count("PATCH", "/api/team/schedule-settings")).toBe(0);

    await user.clear(zone);
    await user.type(zone, "Europe/Berlin");
    const min = within(form).getByLabelText("Minimum players");
    await user.clear(min);
    await user.type(min, "7");
    await user.click(within(form).getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText("Schedule settings saved.")).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "PATCH")?.body).toEqual({ timeZone: "Europe/Berlin", minPlayers: 7 });
  });

  it("a coach sets the reminders: days before, a set time, the same-day one off, the digest off", async () => {
    const api = scheduleApi().on("PATCH", "/api/team/reminder-settings", (req: ApiRequest) =>
      json({ ...REMINDERS, ...(req.body as object) }),
    );
    const { user } = renderPage(<SchedulePage area="coach" />, { path: "/coach/schedule", user: coachUser(), api });
    const form = await screen.findByRole("form", { name: "Reminder settings" });
    const first = within(form).getByLabelText("First reminder");
    expect(first).toHaveValue("2");
    expect(within(form).getByRole("checkbox", { name: "At the event's start time" })).toBeChecked();
    expect(within(form).queryByLabelText("First reminder time")).not.toBeInTheDocument();
    expect(within(form).getByLabelText("Same-day reminder time")).toHaveValue("08:00");
    expect(within(form).getByRole("checkbox", { name: "Warn the coaches when too few are going" })).toBeChecked();
    expect(within(form).getByLabelText("Weekly digest")).toHaveValue("6");
    expect(within(form).getByLabelText("Digest time")).toHaveValue("18:00");

    await user.selectOptions(first, "3");
    await user.click(within(form).getByRole("checkbox", { name: "At the event's start time" }));
    const firstTime = within(form).getByLabelText("First reminder time");
    await user.clear(firstTime);
    await user.type(firstTime, "19:30");
    await user.click(within(form).getByRole("checkbox", { name: "Reminder on the event's day" }));
    expect(within(form).queryByLabelText("Same-day reminder time")).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText("Weekly digest"), "off");
    expect(within(form).queryByLabelText("Digest time")).not.toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Save reminders" }));
    expect(await within(form).findByText("Reminder settings saved.")).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "PATCH")?.body).toEqual({
      firstDaysBefore: 3,
      firstTime: "19:30",
      sameDayTime: null,
      coachWarning: true,
      digestWeekday: null,
    });
  });

  it("reminder times are checked before sending, and the server's refusal shows beside its field", async () => {
    const message = "Digest time must be a time written HH:MM (24-hour).";
    const api = scheduleApi().on("PATCH", "/api/team/reminder-settings", () =>
      apiError(400, "validation_failed", message, { digestTime: message }),
    );
    const { user } = renderPage(<SchedulePage area="coach" />, { path: "/coach/schedule", user: coachUser(), api });
    const form = await screen.findByRole("form", { name: "Reminder settings" });
    const sameDay = within(form).getByLabelText("Same-day reminder time");
    await user.clear(sameDay);
    await user.click(within(form).getByRole("button", { name: "Save reminders" }));
    expect(sameDay).toHaveAccessibleDescription("Same-day reminder time must be a time written HH:MM (24-hour).");
    expect(api.count("PATCH", "/api/team/reminder-settings")).toBe(0);

    await user.type(sameDay, "07:15");
    await user.click(within(form).getByRole("button", { name: "Save reminders" }));
    const digest = within(form).getByLabelText("Digest time");
    await expect.poll(() => digest.getAttribute("aria-invalid")).toBe("true");
    expect(digest).toHaveAccessibleDescription(message);
    expect(within(form).queryByText("Reminder settings saved.")).not.toBeInTheDocument();
  });
});
