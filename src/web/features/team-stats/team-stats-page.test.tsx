// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { teamStatsResponseSchema, type TeamStatsResponse } from "#domain/api/team";
import { emptyStatLine, statFigures, statGroupsFor, teamLine } from "#domain/football-stats";
import type { SnapDetail } from "#domain/snaps";
import { TeamStatsPage } from "~/features/team-stats/team-stats-page";
import { coachUser, noLeaders } from "#tests/web/api-fixtures";
import { fakeApi, renderPage } from "#tests/web/render.tsx";

/*
 * /coach/team-stats: the team's football section (it leads the page) and the yards chart's numbers, which count
 * each completion once (passing + rushing; receiving yards are never stacked on top). The charts themselves and
 * the rest of the page stay in tests/e2e/coach-pages.spec.ts.
 */

/** The football section the server builds from these snaps, by the domain's own teamLine. */
function football(snaps: SnapDetail[]): TeamStatsResponse["football"] {
  const team = teamLine(snaps.map((detail) => ({ detail })));
  return {
    line: { ...team.line },
    figures: statFigures(team.line),
    groups: statGroupsFor(null, team.line),
    snaps: snaps.length,
    touchdowns: team.touchdowns,
    totalYards: team.totalYards,
    turnovers: team.turnovers,
    penalties: team.penaltiesOnUs,
    penaltyYards: team.penaltyYardsOnUs,
  };
}

function stats(footballSection: TeamStatsResponse["football"], trend: TeamStatsResponse["trend"] = []) {
  return teamStatsResponseSchema.parse({
    totals: {
      players: 4,
      sessions: trend.length,
      games: trend.length,
      practices: 0,
      events: 9,
      passingYards: 32,
      receivingYards: 32,
      rushingYards: 10,
      offenseYards: 42,
      touchdowns: 3,
      flagPulls: 1,
      interceptions: 0,
      averageAttendance: null,
    },
    football: footballSection,
    trend,
    byGroup: [],
    attendance: [],
    daily: [],
    topPerformers: noLeaders(),
  });
}

const SNAPS: SnapDetail[] = [
  { kind: "pass", passerId: "q", targetId: "w", result: "complete", yards: 12 },
  { kind: "pass", passerId: "q", targetId: "w", result: "touchdown", yards: 20 },
  { kind: "pass", passerId: "q", targetId: "w", result: "incomplete", yards: null },
  { kind: "pass", passerId: "q", targetId: null, result: "intercepted", yards: null },
  { kind: "run", runnerId: "r", yards: 10, touchdown: true },
  { kind: "flag_pull", defenderId: "c", yards: null },
  { kind: "penalty", on: "us", yards: 5, effect: "none", playerId: "r" },
];

const GAME_ROW = {
  sessionId: "g-1",
  kind: "game" as const,
  date: "2026-10-03",
  opponent: "Eagles",
  events: 9,
  points: 40,
  passingYards: 32,
  receivingYards: 32,
  rushingYards: 10,
  offenseYards: 42,
  touchdowns: 3,
  flagPulls: 1,
  interceptions: 0,
};

function open(body: TeamStatsResponse) {
  const api = fakeApi().on("GET", "/api/team/stats", body);
  return renderPage(<TeamStatsPage />, { path: "/coach/team-stats", user: coachUser(), api });
}

describe("team stats page", () => {
  it("the football section leads: group tables, touchdowns once, total yards = passing + rushing", async () => {
    open(stats(football(SNAPS)));
    const section = await screen.findByRole("region", { name: "Football" });
    const totals = screen.getByRole("region", { name: "Team totals" });
    // No attendance taken yet: the average is a dash, said in words, not 0%.
    const average = within(totals).getByText("Average attendance").parentElement!;
    expect(average).toHaveTextContent("—");
    expect(average).toHaveTextContent("No attendance taken yet");
    expect(section.compareDocumentPosition(totals) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const tables = within(section).getAllByRole("table");
    expect(tables.map((t) => t.querySelector("caption")?.textContent)).toEqual([
      "Passing",
      "Receiving",
      "Rushing",
      "Defense",
    ]);
    // 2 of 4 for 32 yards, 1 TD, 1 INT: a = 1, b = 1.25, c = 2.375 (capped), d = 0 -> 77.1.
    const passing = within(section).getByRole("table", { name: "Passing" });
    expect(within(passing).getByRole("row", { name: /^2\/4 50% 32 8\.0 1 1 77\.1$/ })).toBeInTheDocument();
    const receiving = within(section).getByRole("table", { name: "Receiving" });
    expect(within(receiving).getByRole("row", { name: /^3 2 32 16\.0 1 0$/ })).toBeInTheDocument();

    const card = (label: string) => within(section).getByText(label, { exact: true }).parentElement!;
    // The touchdown pass and the rushing touchdown: 2, not 3 (the catch is the same touchdown).
    expect(card("Total touchdowns")).toHaveTextContent("2");
    // 32 passing + 10 rushing, not 32 + 32 + 10.
    expect(card("Total yards")).toHaveTextContent("42");
    expect(card("Turnovers")).toHaveTextContent("1");
    expect(card("Penalties")).toHaveTextContent("15 yards against us");
    expect(card("Snaps logged")).toHaveTextContent("7");
  });

  it("total yards read as not logged when a completion's yards are missing", async () => {
    open(stats(football([...SNAPS, { kind: "pass", passerId: "q", targetId: "w", result: "complete", yards: null }])));
    const section = await screen.findByRole("region", { name: "Football" });
    const total = within(section).getByText("Total yards", { exact: true }).parentElement!;
    expect(within(total).getByTitle("Yards not logged on every play")).toHaveTextContent("—");
    expect(within(section).getByRole("table", { name: "Passing" })).toHaveTextContent("3/5");
  });

  it("a team with nothing logged says what will appear", async () => {
    open(stats({ ...football([]), line: { ...emptyStatLine() } }));
    const section = await screen.findByRole("region", { name: "Football" });
    expect(within(section).getByRole("heading", { name: "No football stats yet" })).toBeInTheDocument();
    expect(within(section).queryByRole("table")).not.toBeInTheDocument();
    expect(within(section).queryByText("Total yards")).not.toBeInTheDocument();
  });

  it("attendance over time leaves out sessions nobody was marked for, and says how it fills in before any", async () => {
    const unmarked = { sessionId: "g-1", date: "2026-10-03", kind: "game" as const, present: 0, marked: 0, percent: 0 };
    open({ ...stats(football(SNAPS)), attendance: [unmarked] });
    const chart = await screen.findByRole("figure", { name: "Attendance over time" });
    expect(within(chart).getByText(/Attendance appears here once you mark who came/)).toBeInTheDocument();
    expect(within(chart).queryByText("0%")).not.toBeInTheDocument();
  });

  it("the yards chart's numbers are the offense's: passing and rushing, never receiving on top", async () => {
    open(stats(football(SNAPS), [GAME_ROW]));
    const chart = await screen.findByRole("figure", { name: "Yards per session" });
    const numbers = within(chart).getByRole("region", { name: "Yards per session: the numbers" });
    const headers = within(numbers)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Session", "Passing", "Rushing", "Offense"]);
    const row = within(numbers).getByRole("row", { name: /Game vs Eagles/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([expect.stringContaining("Game vs Eagles"), "32", "10", "42"]);
  });
});
