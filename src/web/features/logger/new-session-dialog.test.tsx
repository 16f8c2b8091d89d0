// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { NewSessionDialog } from "~/features/logger/new-session-dialog";
import { todayIn } from "#domain/schedule";
import { coachUser, scheduleEvent, scheduleResponse } from "#tests/web/api-fixtures";
import { fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

/* Starting today's scheduled game from the logger (docs/product.md §12 "Game day"). */

describe("new session: today's scheduled event", () => {
  it("offers today's game not yet started, and starts it with its opponent, home/away and the event's id", async () => {
    const today = todayIn("UTC");
    const game = scheduleEvent({
      id: "0b7e3c36-8f6f-4d0a-9a43-1f6f3b3f0c11",
      kind: "game",
      date: today,
      startTime: "10:00",
      opponent: "Eagles",
      homeAway: "away",
      placeName: "Riverside Park",
    });
    const started = scheduleEvent({
      id: "event-started",
      kind: "game",
      date: today,
      sessionId: "s-1",
      opponent: "Owls",
    });
    const practice = scheduleEvent({ id: "event-practice", date: today });
    const api = fakeApi().on("GET", "/api/team/schedule", (req: ApiRequest) =>
      json(scheduleResponse(req.searchParams.get("when") === "upcoming" ? [game, started, practice] : [])),
    );
    const onStart = vi.fn(async () => {});
    const { user } = renderPage(
      <NewSessionDialog open onOpenChange={() => {}} today={today} initialKind="game" onStart={onStart} />,
      { path: "/coach/log", user: coachUser(), api },
    );
    const offer = await screen.findByRole("button", { name: "Today's game at Eagles, 10:00 AM — start it" });
    expect(screen.queryByRole("button", { name: /Owls/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /practice/ })).not.toBeInTheDocument();
    await user.click(offer);
    expect(onStart).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: "game",
        date: today,
        opponent: "Eagles",
        homeAway: "away",
        location: "Riverside Park",
        scheduledEventId: game.id,
      }),
    );
    // The unscheduled way stays.
    expect(screen.getByRole("button", { name: "Start session" })).toBeInTheDocument();
  });

  it("offers nothing when nothing of that kind is scheduled today", async () => {
    const api = fakeApi().on("GET", "/api/team/schedule", scheduleResponse([]));
    renderPage(
      <NewSessionDialog open onOpenChange={() => {}} today={todayIn("UTC")} initialKind="practice" onStart={vi.fn()} />,
      { path: "/coach/log", user: coachUser(), api },
    );
    expect(await screen.findByRole("button", { name: "Start session" })).toBeInTheDocument();
    expect(screen.queryByText("On the schedule today")).not.toBeInTheDocument();
  });

  it("checks the form with the server's rules, loaded once it opens: a cleared date is refused, a real one starts", async () => {
    const api = fakeApi().on("GET", "/api/team/schedule", scheduleResponse([]));
    const onStart = vi.fn(async () => {});
    const { user } = renderPage(
      <NewSessionDialog open onOpenChange={() => {}} today={todayIn("UTC")} initialKind="practice" onStart={onStart} />,
      { path: "/coach/log", user: coachUser(), api },
    );
    const start = await screen.findByRole("button", { name: "Start session" });
    await user.clear(screen.getByLabelText("Date"));
    await user.click(start);
    expect(await screen.findByText("Enter the date as YYYY-MM-DD.")).toBeInTheDocument();
    expect(onStart).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("Date"), "2026-03-01");
    await user.click(start);
    await vi.waitFor(() =>
      expect(onStart).toHaveBeenCalledWith(expect.objectContaining({ kind: "practice", date: "2026-03-01" })),
    );
  });
});
