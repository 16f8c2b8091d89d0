// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerLinkSchema, type AnswerLink } from "#domain/api/reminders";
import { playerUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";
import { AnswerPage } from "./answer-page";

/* A reminder's answer link (docs/product.md §12): the event, one-tap answers, and the ended, cancelled and bad states. */

const PATH = "/answer/:token";
const URL = "/answer/tok.mac";
const API = "/api/answer/tok.mac";

function link(over: Partial<AnswerLink> = {}, event: Partial<AnswerLink["event"]> = {}): AnswerLink {
  return answerLinkSchema.parse({
    teamName: "Harbor Hawks",
    timeZone: "UTC",
    fullName: "Maya Okafor",
    event: {
      kind: "game",
      status: "scheduled",
      date: "2099-06-13",
      startTime: "10:00",
      arriveBy: "09:30",
      startsAt: "2099-06-13T10:00:00.000Z",
      endsAt: "2099-06-13T11:00:00.000Z",
      placeName: "Riverside Park",
      address: "1 River Rd",
      field: "Field 2",
      mapUrl: "https://maps.example.com/?q=riverside",
      opponent: "Eagles",
      homeAway: "away",
      ...event,
    },
    answer: null,
    ...over,
  });
}

describe("answer link page", () => {
  it("shows the event and whose answer it is; a tap on Going saves it with the note and says so", async () => {
    const api = fakeApi()
      .on("GET", API, link())
      .on("POST", API, (req: ApiRequest) =>
        json(link({ answer: { answer: (req.body as { answer: "going" }).answer, note: "Bringing cones" } })),
      );
    const { user } = renderPage(<AnswerPage />, { path: PATH, url: URL, api });
    expect(await screen.findByRole("heading", { level: 1, name: "Are you coming?" })).toBeInTheDocument();
    expect(screen.getByText(/Answering for/)).toHaveTextContent("Answering for Maya Okafor");
    const event = screen.getByRole("region", { name: "The event" });
    expect(event).toHaveTextContent("Game at Eagles");
    expect(event).toHaveTextContent("Riverside Park · Field 2 · 1 River Rd");
    expect(within(event).getByText("Arrive by")).toBeInTheDocument();
    expect(within(event).getByRole("link", { name: /Open map/ })).toHaveAttribute(
      "href",
      "https://maps.example.com/?q=riverside",
    );
    const answers = screen.getByRole("group", { name: "Your answer" });
    for (const name of ["Going", "Maybe", "Can't go"])
      expect(within(answers).getByRole("button", { name })).toHaveAttribute("aria-pressed", "false");
    // Signed out: no way into the team's area.
    expect(screen.queryByRole("link", { name: "Open the team's schedule" })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText("Note (optional)"), "Bringing cones");
    await user.click(within(answers).getByRole("button", { name: "Going" }));
    expect(await screen.findByText("Saved: Going")).toBeInTheDocument();
    expect(within(answers).getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({ answer: "going", note: "Bringing cones" });
  });

  it("shows the answer already given, and a signed-in player a way to the schedule", async () => {
    const api = fakeApi().on("GET", API, link({ answer: { answer: "maybe", note: "Late" } }));
    renderPage(<AnswerPage />, { path: PATH, url: URL, api, user: playerUser() });
    const answers = await screen.findByRole("group", { name: "Your answer" });
    expect(within(answers).getByRole("button", { name: "Maybe" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("Note (optional)")).toHaveValue("Late");
    expect(screen.getByRole("link", { name: "Open the team's schedule" })).toHaveAttribute("href", "/player/schedule");
  });

  it("an ended event's link (410) says the event has ended", async () => {
    const api = fakeApi().on("GET", API, () =>
      apiError(410, "link_expired", "This event is over: its answer link no longer works."),
    );
    renderPage(<AnswerPage />, { path: PATH, url: URL, api });
    expect(await screen.findByRole("heading", { level: 1, name: "This event has ended" })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Your answer" })).not.toBeInTheDocument();
  });

  it("a cancelled event says so, with its details and no buttons", async () => {
    const api = fakeApi().on("GET", API, link({}, { status: "cancelled" }));
    renderPage(<AnswerPage />, { path: PATH, url: URL, api });
    expect(await screen.findByRole("heading", { level: 1, name: "This event was cancelled" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "The event" })).toHaveTextContent("Cancelled");
    expect(screen.queryByRole("button", { name: "Going" })).not.toBeInTheDocument();
  });

  it("an event cancelled while the page was open (409 on answering) turns into the cancelled state", async () => {
    const api = fakeApi()
      .on("GET", API, link())
      .on("POST", API, () => apiError(409, "event_cancelled", "This event is cancelled: there is nothing to answer."));
    const { user } = renderPage(<AnswerPage />, { path: PATH, url: URL, api });
    await user.click(await screen.findByRole("button", { name: "Can't go" }));
    expect(await screen.findByRole("heading", { level: 1, name: "This event was cancelled" })).toBeInTheDocument();
  });

  it("an event that ended while the page was open (410 on answering) says it has ended", async () => {
    const api = fakeApi()
      .on("GET", API, link())
      .on("POST", API, () => apiError(410, "link_expired", "This event is over: its answer link no longer works."));
    const { user } = renderPage(<AnswerPage />, { path: PATH, url: URL, api });
    await user.click(await screen.findByRole("button", { name: "Maybe" }));
    expect(await screen.findByRole("heading", { level: 1, name: "This event has ended" })).toBeInTheDocument();
  });

  it("a link that is not valid (404) says so", async () => {
    const api = fakeApi().on("GET", API, () => apiError(404, "not_found", "That link was not found."));
    renderPage(<AnswerPage />, { path: PATH, url: URL, api });
    expect(await screen.findByRole("heading", { level: 1, name: "This link is not valid" })).toBeInTheDocument();
    expect(screen.queryByText("Harbor Hawks")).not.toBeInTheDocument();
  });

  it("a failure to save leaves the answer as it was and says so", async () => {
    const api = fakeApi()
      .on("GET", API, link())
      .on("POST", API, () => apiError(500, "internal", "Something went wrong."));
    const { user } = renderPage(<AnswerPage />, { path: PATH, url: URL, api });
    await user.click(await screen.findByRole("button", { name: "Going" }));
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByText(/^Saved:/)).not.toBeInTheDocument();
  });

  it("an event that cannot be loaded for now says so, and Retry loads it", async () => {
    let calls = 0;
    const api = fakeApi().on("GET", API, () =>
      ++calls === 1 ? apiError(503, "unavailable", "The server is busy.") : json(link()),
    );
    const { user } = renderPage(<AnswerPage />, { path: PATH, url: URL, api });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The event could not be loaded");
    expect(alert).toHaveTextContent("The server is busy.");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("button", { name: "Going" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
