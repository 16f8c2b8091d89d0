// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NextEventCard } from "~/ui/next-event-card";
import { coachUser, playerUser, scheduleEvent, scheduleResponse } from "#tests/web/api-fixtures";
import { apiError, deferred, fakeApi, json, renderPage } from "#tests/web/render.tsx";

/* The dashboards' next event (docs/product.md §12). */

const game = scheduleEvent({
  id: "event-9",
  kind: "game",
  opponent: "Eagles",
  homeAway: "home",
  availability: { going: 3, maybe: 2, no: 0, unanswered: 6 },
});

describe("next event card", () => {
  it("says it is loading without holding anything else back, then shows the event", async () => {
    const answer = deferred<Response>();
    const api = fakeApi().on("GET", "/api/team/schedule", () => answer.promise);
    renderPage(<NextEventCard area="player" />, { path: "/player/dashboard", user: playerUser(), api });
    expect(await screen.findByText("Loading the next event...")).toBeInTheDocument();
    answer.resolve(json(scheduleResponse([game])));
    expect(await screen.findByRole("link", { name: "Game vs Eagles" })).toHaveAttribute(
      "href",
      "/player/schedule/event-9",
    );
    expect(api.requests.some((r) => r.url === "/api/team/schedule?when=upcoming&limit=1")).toBe(true);
  });

  it("a player answers from the dashboard", async () => {
    let event = game;
    const api = fakeApi()
      .on("GET", "/api/team/schedule", () => json(scheduleResponse([event])))
      .on("PUT", "/api/team/schedule/event-9/answers/player-1", () => {
        event = { ...game, myAnswer: { answer: "going", note: null } };
        return json({ timeZone: "UTC", minPlayers: 5, event, answers: null });
      });
    const { user } = renderPage(<NextEventCard area="player" />, {
      path: "/player/dashboard",
      user: playerUser(),
      api,
    });
    const group = await screen.findByRole("group", { name: "Your answer" });
    await user.click(within(group).getByRole("button", { name: "Going" }));
    expect(within(group).getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
    expect(api.requests.find((r) => r.method === "PUT")?.body).toEqual({ answer: "going" });
    // Read again once saved: still pressed.
    await waitFor(() => expect(api.count("GET", "/api/team/schedule")).toBe(2));
    expect(within(group).getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
  });

  it("a coach sees the counts and the warning when fewer than the minimum are going", async () => {
    const api = fakeApi().on("GET", "/api/team/schedule", scheduleResponse([game], { minPlayers: 5 }));
    renderPage(<NextEventCard area="coach" />, { path: "/coach/dashboard", user: coachUser(), api });
    expect(await screen.findByText("3 going · 2 maybe · 0 can't go · 6 no answer")).toBeInTheDocument();
    expect(screen.getByText("Only 3 going — you need at least 5.")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Your answer" })).not.toBeInTheDocument();
  });

  it("empty: a coach is offered to add one; an error offers Retry", async () => {
    const api = fakeApi().on("GET", "/api/team/schedule", scheduleResponse([]));
    const { unmount } = renderPage(<NextEventCard area="coach" />, {
      path: "/coach/dashboard",
      user: coachUser(),
      api,
    });
    expect(await screen.findByRole("link", { name: "Add an event" })).toHaveAttribute("href", "/coach/schedule");
    unmount();
    renderPage(<NextEventCard area="player" />, {
      path: "/player/dashboard",
      user: playerUser(),
      api: fakeApi().on("GET", "/api/team/schedule", () => apiError(500, "server_error", "Down.")),
    });
    expect(await screen.findByText(/The schedule could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});
