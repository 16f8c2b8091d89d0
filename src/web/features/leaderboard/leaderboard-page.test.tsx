// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LeaderboardPage } from "~/features/leaderboard/leaderboard-page";
import { formatDay } from "~/ui/format";
import { teamSessionsResponseSchema } from "#domain/api/team";
import { coachUser, noLeaders, playerSummary, seasonsResponse } from "#tests/web/api-fixtures";
import { fakeApi, renderPage } from "#tests/web/render.tsx";

/*
 * /coach/leaderboard: the game window's empty state. Rankings, windows, groups and the way to a player and back
 * stay in tests/e2e/coach-leaderboard.spec.ts.
 */

describe("leaderboard page", () => {
  it("a game window with no games says so, and asks for no board", async () => {
    // A practice is not a game.
    const sessions = teamSessionsResponseSchema.parse({
      sessions: [
        {
          id: "s-1",
          kind: "practice",
          date: "2026-11-20",
          opponent: null,
          location: null,
          eventCount: 0,
          presentCount: 0,
          attendanceCount: 0,
        },
      ],
    });
    const api = fakeApi().on("GET", "/api/team/seasons", seasonsResponse()).on("GET", "/api/team/sessions", sessions);
    renderPage(<LeaderboardPage />, {
      path: "/coach/leaderboard",
      url: "/coach/leaderboard?window=session",
      user: coachUser(),
      api,
    });
    expect(await screen.findByRole("heading", { name: "No games yet" })).toBeInTheDocument();
    expect(screen.getByLabelText("Game", { exact: true })).toBeDisabled();
    expect(screen.getByLabelText("Time window")).toHaveValue("session");
    expect(api.count("GET", "/api/team/leaderboard")).toBe(0);
  });

  it("a season with nothing logged yet says so instead of a table of zeros (a new season starts there)", async () => {
    const api = fakeApi()
      .on("GET", "/api/team/seasons", seasonsResponse())
      .on("GET", "/api/team/leaderboard", {
        window: "season",
        players: [{ ...playerSummary({ id: "a", name: "Ada Quarter" }), place: 1 }],
        leaders: noLeaders(),
        attendance: null,
      });
    renderPage(<LeaderboardPage />, { path: "/coach/leaderboard", user: coachUser(), api });
    expect(await screen.findByRole("heading", { name: "No plays logged yet" })).toBeInTheDocument();
    expect(await screen.findByText(/Nothing has been logged in Spring 2027 yet/)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("the last 30 days say the day they are counted from (whole UTC days, as the server counts them)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-11T09:30:00.000Z") });
    try {
      const api = fakeApi()
        .on("GET", "/api/team/seasons", seasonsResponse())
        .on("GET", "/api/team/leaderboard", {
          window: "last30",
          players: [{ ...playerSummary({ id: "a", name: "Ada Quarter", eventCount: 3 }), place: 1 }],
          leaders: noLeaders(),
          attendance: null,
        });
      renderPage(<LeaderboardPage />, {
        path: "/coach/leaderboard",
        url: "/coach/leaderboard?window=last30",
        user: coachUser(),
        api,
      });
      expect(
        await screen.findByText(`Scores over the last 30 days, from ${formatDay("2026-10-12")}.`),
      ).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("one game's board says who was present and who was absent (and left out)", async () => {
    const game = {
      id: "g-1",
      kind: "game",
      date: "2026-11-20",
      opponent: "Hawks",
      location: null,
      eventCount: 3,
      presentCount: 1,
      attendanceCount: 2,
    };
    const api = fakeApi()
      .on("GET", "/api/team/seasons", seasonsResponse())
      .on("GET", "/api/team/sessions", { sessions: [game] })
      .on("GET", "/api/team/leaderboard", {
        window: "session",
        players: [{ ...playerSummary({ id: "a", name: "Ada Quarter", eventCount: 3 }), place: 1 }],
        leaders: noLeaders(),
        attendance: { present: 1, absent: [{ id: "b", name: "Ben Away" }] },
      });
    renderPage(<LeaderboardPage />, {
      path: "/coach/leaderboard",
      url: "/coach/leaderboard?window=session",
      user: coachUser(),
      api,
    });
    expect(await screen.findByText(/1 present · Absent \(not ranked\): Ben Away/)).toBeInTheDocument();
    expect(api.requests.find((r) => r.pathname === "/api/team/sessions")?.searchParams.get("season")).toBe("season-2");
  });
});
