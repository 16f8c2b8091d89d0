// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { scoreboardSchema, statLinesResponseSchema, type StatLinesResponse } from "#domain/api/game";
import { emptyStatLine, statFigures, statGroupsFor, type StatLine } from "#domain/football-stats";
import { PlayerDashboardPage } from "~/features/player-dashboard/player-dashboard-page";
import { emptyDashboard, playerSummary, playerUser, noticesResponse } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage } from "#tests/web/render.tsx";

/*
 * /player/dashboard: the empty and error states, the football stat lines and today's scoreboard. The dashboard
 * with real data and its live updates stay in tests/e2e/player-dashboard.spec.ts.
 */

/** A line as the API sends it, from the domain's own functions. */
function line(position: string, counts: Partial<StatLine>) {
  const l = { ...emptyStatLine(), ...counts };
  return { line: l, figures: statFigures(l), groups: statGroupsFor(position, l) };
}

const statLines = (body: StatLinesResponse) => statLinesResponseSchema.parse(body);
const NO_LINES = statLines({ season: line("wr", {}), games: [] });
const NO_GAME = { scoreboard: null };

const NOVA = playerUser({ id: "p-nova", fullName: "Nova New" });
const SUMMARY = playerSummary({ id: NOVA.id, name: NOVA.fullName, attendanceMarked: 0 });

/** A stat card's label and value share a parent. */
const stat = (label: string) => screen.getByText(label, { exact: true }).parentElement!;

describe("player dashboard page", () => {
  it("a player with nothing yet sees empty states that say what will appear", async () => {
    const api = fakeApi()
      .on("GET", "/api/me/notices", noticesResponse())
      .on("GET", "/api/me/dashboard", emptyDashboard(SUMMARY))
      .on("GET", "/api/me/stat-lines", NO_LINES)
      .on("GET", "/api/team/scoreboard", NO_GAME);
    renderPage(<PlayerDashboardPage />, { path: "/player/dashboard", user: NOVA, api });
    expect(
      await screen.findByRole("heading", { name: "Your coach hasn't logged any plays for you yet" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Hi Nova")).toBeInTheDocument();
    // The chart loads after the page (decision 0017).
    expect(await screen.findByText(/Your score's history draws here after your first one\./)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No feedback yet" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No training logged this week" })).toBeInTheDocument();
    expect(stat("Team ranking")).toHaveTextContent("1 / 10");
    // Never marked: a dash, said in words, not 0%.
    expect(stat("Attendance")).toHaveTextContent("—");
    expect(stat("Attendance")).toHaveTextContent("No attendance taken yet: your coach has not marked you");
    expect(stat("Attendance")).not.toHaveTextContent("0%");
    expect(stat("Performance score")).toHaveTextContent("0.0");
    expect(screen.queryByRole("button", { name: "Mark as read" })).not.toBeInTheDocument();
    const football = await screen.findByRole("region", { name: "Your football stats" });
    expect(await within(football).findByRole("heading", { name: "No football stats yet" })).toBeInTheDocument();
    expect(within(football).queryByRole("region", { name: "Your last games" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Live game" })).not.toBeInTheDocument();
  });

  it("shows an error with Retry when the dashboard cannot load", async () => {
    let failing = true;
    const api = fakeApi()
      .on("GET", "/api/me/notices", noticesResponse())
      .on("GET", "/api/me/dashboard", () =>
        failing ? apiError(500, "internal", "The server had a problem.") : json(emptyDashboard(SUMMARY)),
      )
      .on("GET", "/api/me/stat-lines", NO_LINES)
      .on("GET", "/api/team/scoreboard", NO_GAME);
    const { user } = renderPage(<PlayerDashboardPage />, { path: "/player/dashboard", user: NOVA, api });
    const error = await screen.findByRole("alert");
    expect(within(error).getByRole("heading", { name: "Error loading your dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Stats summary" })).not.toBeInTheDocument();
    failing = false;
    await user.click(within(error).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: "Stats summary" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("player dashboard page: football stat lines and today's game", () => {
  const WREN = playerUser({ id: "p-wren", fullName: "Wren Wideout", primaryPosition: "wr", positions: ["wr"] });
  const WREN_SUMMARY = playerSummary({ id: WREN.id, name: WREN.fullName, position: "wr", performanceScore: 23.4 });
  const GAME = line("wr", {
    targets: 4,
    catches: 3,
    receivingYards: 46,
    receivingYardsKnown: 3,
    receivingTouchdowns: 1,
  });
  const games = Array.from({ length: 6 }, (_, i) => ({
    sessionId: `g-${i}`,
    date: `2026-10-${String(24 - i * 3).padStart(2, "0")}`,
    opponent: `Team ${i}`,
    result: i === 0 ? null : ("W" as const),
    stat: GAME,
  }));

  it("the player's own season line leads, then their last five games; the live game sits at the top", async () => {
    const api = fakeApi()
      .on("GET", "/api/me/notices", noticesResponse())
      .on("GET", "/api/me/dashboard", emptyDashboard(WREN_SUMMARY))
      .on(
        "GET",
        "/api/me/stat-lines",
        statLines({
          season: line("wr", {
            targets: 20,
            catches: 15,
            receivingYards: 180,
            receivingYardsKnown: 15,
            receivingTouchdowns: 3,
            drops: 2,
            flagPulls: 1,
          }),
          games,
        }),
      )
      .on("GET", "/api/team/scoreboard", {
        scoreboard: scoreboardSchema.parse({
          sessionId: "g-today",
          kind: "game",
          date: "2026-10-31",
          opponent: "Owls",
          homeAway: "away",
          score: { us: 14, them: 7 },
          final: null,
          result: null,
          period: 2,
          periodLabel: "2nd half",
          down: null,
          snapCount: 20,
        }),
      });
    renderPage(<PlayerDashboardPage />, { path: "/player/dashboard", user: WREN, api });

    const live = await screen.findByRole("region", { name: "Live game" });
    expect(live).toHaveTextContent("Harbor Hawks 14 – 7 Owls");
    const heading = screen.getByRole("heading", { level: 1, name: "Player Dashboard" });
    expect(heading.compareDocumentPosition(live) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const football = await screen.findByRole("region", { name: "Your football stats" });
    // Under the performance score, before the stats summary.
    expect(stat("Performance score")).toHaveTextContent("23.4");
    expect(live.compareDocumentPosition(football) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const summary = screen.getByRole("region", { name: "Stats summary" });
    expect(football.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const season = await within(football).findByRole("region", { name: "Season" });
    expect(
      within(season)
        .getAllByRole("table")
        .map((t) => t.querySelector("caption")?.textContent),
    ).toEqual(["Receiving", "Defense"]);
    const receiving = within(season).getByRole("table", { name: "Receiving" });
    expect(within(receiving).getByRole("row", { name: /^20 15 180 12.0 3 2$/ })).toBeInTheDocument();

    const last = within(football).getByRole("region", { name: "Your last games, newest first" });
    const rows = within(last).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent("Game vs Team 0");
    expect(rows[0]).toHaveTextContent("Receiving: 3 of 4 caught, 46 yds, 1 TD");
    expect(rows[4]).toHaveTextContent("Game vs Team 4");
  });
});
