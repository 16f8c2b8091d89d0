// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LeaderboardPage } from "~/features/leaderboard/leaderboard-page";
import { teamSessionsResponseSchema } from "#domain/api/team";
import { coachUser } from "#tests/web/api-fixtures";
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
    const api = fakeApi().on("GET", "/api/team/sessions", sessions);
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
});
