// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LeaderboardPage } from "~/features/leaderboard/leaderboard-page";
import { coachUser, noLeaders, playerSummary } from "#tests/web/api-fixtures";
import { fakeApi, renderPage } from "#tests/web/render.tsx";

/*
 * The leaderboard's Rankings table (docs/product.md §2 `/coach/leaderboard`): Score right after the player, so a
 * phone (390 px) shows it without scrolling the table sideways, and attendance as "—" before any is taken.
 */

const SEASON = {
  id: "season-1",
  name: "Fall 2026",
  startsOn: "2026-09-01",
  endsOn: null,
  current: true,
  sessionCount: 0,
  createdAt: "2026-09-01T09:00:00.000Z",
};

describe("rankings table", () => {
  it("Score comes right after the player; a player never marked reads — (No attendance taken yet)", async () => {
    const api = fakeApi()
      .on("GET", "/api/team/seasons", { seasons: [SEASON], currentSeasonId: SEASON.id })
      .on("GET", "/api/team/sessions", { sessions: [] })
      .on("GET", "/api/team/leaderboard", {
        window: "season",
        players: [
          {
            ...playerSummary({ id: "a", name: "Ada Quarter", position: "qb", performanceScore: 18.3, eventCount: 9 }),
            place: 1,
          },
          { ...playerSummary({ id: "b", name: "Ben New", eventCount: 1, attendanceMarked: 0 }), place: 2 },
        ],
        leaders: noLeaders(),
        attendance: null,
      });
    renderPage(<LeaderboardPage />, { path: "/coach/leaderboard", user: coachUser(), api });
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Place", "Player", "Score", "Position", "Rank", "Plays", "Attendance"]);
    const ada = within(table).getByRole("row", { name: /Ada Quarter/ });
    expect(within(ada).getAllByRole("cell")[1]).toHaveTextContent("18.3");
    const ben = within(table).getByRole("row", { name: /Ben New/ });
    expect(within(ben).getAllByRole("cell").at(-1)).toHaveTextContent("—No attendance taken yet");
  });
});
