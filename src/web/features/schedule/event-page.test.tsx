// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EventPage } from "~/features/schedule/event-page";
import type { PlayerAnswer, ScheduleEvent } from "#domain/api/schedule";
import { coachUser, playerUser, scheduleEvent, scheduleResponse } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

/* An event's page (docs/product.md §12). */

const answer = (over: Partial<PlayerAnswer>): PlayerAnswer => ({
  playerId: "p-1",
  fullName: "Sam Lee",
  jerseyNumber: 4,
  answer: null,
  note: null,
  answeredAt: null,
  byCoach: false,
  ...over,
});

const ANSWERS = [
  answer({
    playerId: "p-1",
    fullName: "Sam Lee",
    answer: "going",
    note: "Bringing cones",
    answeredAt: "2030-06-01T10:00:00.000Z",
  }),
  answer({
    playerId: "p-2",
    fullName: "Alex Kim",
    jerseyNumber: null,
    answer: "no",
    answeredAt: "2030-06-01T10:00:00.000Z",
  }),
  answer({ playerId: "p-3", fullName: "Riley Fox", jerseyNumber: 12 }),
];

function eventApi(event: ScheduleEvent, answers: PlayerAnswer[] | null) {
  return fakeApi().on("GET", "/api/team/schedule/event-1", () =>
    json({ timeZone: "UTC", minPlayers: 5, event, answers }),
  );
}

describe("event page", () => {
  it("a coach sees the details, the counts, the warning, every player by answer and the unanswered ones", async () => {
    const event = scheduleEvent({
      kind: "game",
      opponent: "Eagles",
      homeAway: "home",
      notes: "White jerseys",
      availability: { going: 1, maybe: 0, no: 1, unanswered: 1 },
    });
    renderPage(<EventPage id="event-1" area="coach" />, {
      path: "/coach/schedule/:id",
      url: "/coach/schedule/event-1",
      user: coachUser(),
      api: eventApi(event, ANSWERS),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Game vs Eagles" })).toBeInTheDocument();
    expect(screen.getByText("White jerseys")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Open map/ })).toHaveAttribute("href", event.mapUrl);
    expect(screen.getByRole("link", { name: "Add to calendar" })).toHaveAttribute(
      "href",
      "/api/team/schedule/event-1/calendar.ics",
    );
    expect(screen.getByText("1 going · 0 maybe · 1 can't go · 1 no answer")).toBeInTheDocument();
    expect(screen.getByText("Only 1 going — you need at least 5.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Going (1)" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No answer yet (1)" })).toBeInTheDocument();
    const sam = screen.getByRole("listitem", { name: "Sam Lee" });
    expect(sam).toHaveTextContent("Sam Lee #4");
    expect(sam).toHaveTextContent("Note: Bringing cones");
    expect(within(sam).getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
  });

  it("a coach answers for a player who has not answered: the row and the counts change at once", async () => {
    let answers = ANSWERS;
    let event = scheduleEvent({ availability: { going: 1, maybe: 0, no: 1, unanswered: 1 } });
    const api = fakeApi()
      .on("GET", "/api/team/schedule/event-1", () => json({ timeZone: "UTC", minPlayers: 5, event, answers }))
      .on("PUT", "/api/team/schedule/event-1/answers/p-3", () => {
        answers = answers.map((a) => (a.playerId === "p-3" ? { ...a, answer: "maybe", byCoach: true } : a));
        event = { ...event, availability: { going: 1, maybe: 1, no: 1, unanswered: 0 } };
        return json({ timeZone: "UTC", minPlayers: 5, event, answers });
      });
    const { user } = renderPage(<EventPage id="event-1" area="coach" />, {
      path: "/coach/schedule/:id",
      url: "/coach/schedule/event-1",
      user: coachUser(),
      api,
    });
    const riley = await screen.findByRole("group", { name: "Answer for Riley Fox" });
    await user.click(within(riley).getByRole("button", { name: "Maybe" }));
    expect(await screen.findByText("1 going · 1 maybe · 1 can't go · 0 no answer")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Maybe (1)" })).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "PUT")?.body).toEqual({ answer: "maybe" });
  });

  it("a coach cancels after a confirmation; the cancelled event is marked and can be restored", async () => {
    let event = scheduleEvent({ seriesId: "series-1" });
    const api = fakeApi()
      .on("GET", "/api/team/schedule/event-1", () => json({ timeZone: "UTC", minPlayers: 5, event, answers: [] }))
      .on("PATCH", "/api/team/schedule/event-1", (req: ApiRequest) => {
        const { status } = req.body as { status: "cancelled" | "scheduled" };
        event = { ...event, status, cancelledAt: status === "cancelled" ? "2030-06-01T10:00:00.000Z" : null };
        return json(scheduleResponse([event]));
      });
    const { user } = renderPage(<EventPage id="event-1" area="coach" />, {
      path: "/coach/schedule/:id",
      url: "/coach/schedule/event-1",
      user: coachUser(),
      api,
    });
    await user.click(await screen.findByRole("button", { name: "Cancel event" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel Practice?" });
    expect(dialog).toHaveTextContent("It stays on the schedule, marked cancelled");
    expect(dialog).toHaveTextContent("Only this one is cancelled");
    await user.click(within(dialog).getByRole("button", { name: "Cancel event" }));
    expect(await screen.findByText("Event cancelled. It stays listed, marked cancelled.")).toBeInTheDocument();
    expect(await screen.findByText("This practice is cancelled.")).toBeInTheDocument();
    expect(screen.getByText("Cancelled")).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "PATCH")?.body).toEqual({ status: "cancelled" });

    await user.click(screen.getByRole("button", { name: "Restore event" }));
    expect(await screen.findByText("Event restored: it is on the schedule again.")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Cancel event" })).toBeInTheDocument();
  });

  it("a coach edits an event of a series for this and the following events", async () => {
    const event = scheduleEvent({ seriesId: "series-1" });
    const api = eventApi(event, []).on("PATCH", "/api/team/schedule/event-1", () =>
      json(scheduleResponse([event, scheduleEvent({ id: "event-2" })])),
    );
    const { user } = renderPage(<EventPage id="event-1" area="coach" />, {
      path: "/coach/schedule/:id",
      url: "/coach/schedule/event-1",
      user: coachUser(),
      api,
    });
    await user.click(await screen.findByRole("button", { name: "Edit event" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    const start = within(dialog).getByLabelText("Start time");
    await user.clear(start);
    await user.type(start, "18:30");
    await user.click(within(dialog).getByRole("radio", { name: "This and following" }));
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("2 events changed.")).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "PATCH")?.body).toEqual({ startTime: "18:30", scope: "following" });
  });

  it("a player sees their own answer buttons, no one else's answers, and a logged game's box score", async () => {
    const event = scheduleEvent({
      kind: "game",
      opponent: "Eagles",
      homeAway: "away",
      sessionId: "session-9",
      myAnswer: { answer: "going", note: null },
    });
    renderPage(<EventPage id="event-1" area="player" />, {
      path: "/player/schedule/:id",
      url: "/player/schedule/event-1",
      user: playerUser(),
      api: eventApi(event, null),
    });
    const mine = await screen.findByRole("group", { name: "Your answer" });
    expect(within(mine).getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("heading", { name: "Who is coming" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel event" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Box score" })).toHaveAttribute("href", "/player/games/session-9");
  });

  it("an unknown event says it is not on the schedule", async () => {
    renderPage(<EventPage id="nope" area="player" />, {
      path: "/player/schedule/:id",
      url: "/player/schedule/nope",
      user: playerUser(),
      api: fakeApi().on("GET", "/api/team/schedule/nope", () => apiError(404, "not_found", "Not found.")),
    });
    expect(await screen.findByRole("heading", { name: "Event not found" })).toBeInTheDocument();
  });
});
