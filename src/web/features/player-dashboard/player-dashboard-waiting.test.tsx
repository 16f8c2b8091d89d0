// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { statLinesResponseSchema } from "#domain/api/game";
import { playerDashboardResponseSchema } from "#domain/api/player";
import { emptyStatLine, statFigures, statGroupsFor } from "#domain/football-stats";
import { PlayerDashboardPage } from "~/features/player-dashboard/player-dashboard-page";
import { emptyDashboard, playerSummary, playerUser, noticesResponse } from "#tests/web/api-fixtures";
import { fakeApi, renderPage } from "#tests/web/render.tsx";

/*
 * A player who signed up with the team code before the coach confirms them (docs/product.md §11): the dashboard
 * says they wait for the coach, shows the position they chose, and no team ranking.
 */

const NOAH = playerUser({
  id: "p-noah",
  fullName: "Noah Berg",
  jerseyNumber: 64,
  primaryPosition: "center",
  waitingForCoach: true,
});
const NO_LINES = statLinesResponseSchema.parse({
  season: {
    line: emptyStatLine(),
    figures: statFigures(emptyStatLine()),
    groups: statGroupsFor("center", emptyStatLine()),
  },
  games: [],
});

/** GET /api/me/dashboard as the server answers a waiting player: their own summary, no ranking. */
const WAITING = playerDashboardResponseSchema.parse({
  ...emptyDashboard(playerSummary({ id: NOAH.id, name: NOAH.fullName, position: "center", jerseyNumber: 64 })),
  waitingForCoach: true,
  summary: {
    ...playerSummary({ id: NOAH.id, name: NOAH.fullName, position: "center", jerseyNumber: 64 }),
    teamRanking: null,
  },
});

const stat = (label: string) => screen.getByText(label, { exact: true }).parentElement!;

describe("player dashboard while waiting for the coach", () => {
  it("says they wait for the coach, shows their chosen position, and no ranking", async () => {
    const api = fakeApi()
      .on("GET", "/api/me/notices", noticesResponse())
      .on("GET", "/api/me/dashboard", WAITING)
      .on("GET", "/api/me/stat-lines", NO_LINES)
      .on("GET", "/api/team/scoreboard", { scoreboard: null });
    renderPage(<PlayerDashboardPage />, { path: "/player/dashboard", user: NOAH, api });
    expect(await screen.findByText("Your coach hasn't confirmed you yet.")).toBeInTheDocument();
    await screen.findByText("Performance score");
    expect(stat("Team ranking")).toHaveTextContent("—");
    expect(stat("Team ranking")).toHaveTextContent("You get a ranking once your coach confirms you.");
    expect(stat("Team ranking")).not.toHaveTextContent("/ 10");
    expect(screen.getAllByText("Center").length).toBeGreaterThan(0);
    expect(screen.queryByText("Unknown")).toBeNull();
  });
});
