// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicLeague, PublicLeagueTeam } from "#domain/api/leagues";
import { PublicLeaguePage } from "./public-league-page";
import { PublicLeagueTeamPage } from "./public-league-team-page";
import { fakeApi, renderPage } from "#tests/web/render.tsx";

/*
 * A league team's public page (docs/product.md §17): a parent, not signed in, sees the team's record, its games with
 * the score from its own side, its division's standings with its row marked, and its calendar feed; the league's
 * public page links each team in the standings to that page.
 */

type Row = PublicLeagueTeam["division"]["standings"][number];
type Game = PublicLeagueTeam["games"][number];

const row = (teamId: string, rank: number, wins: number, losses: number, ties: number): Row => ({
  teamId,
  rank,
  played: wins + losses + ties,
  wins,
  losses,
  ties,
  winPct: wins + losses + ties === 0 ? 0 : (wins + ties / 2) / (wins + losses + ties),
  pointsFor: 0,
  pointsAgainst: 0,
  difference: 0,
  streak: "",
  last5: [],
  decidedBy: null,
});

const game = (id: string, rest: Partial<Game>): Game => ({
  id,
  divisionId: "d-1",
  homeTeamId: "t-hawks",
  awayTeamId: "t-owls",
  fieldId: "f-1",
  subField: "A",
  date: "2027-05-01",
  startTime: "09:00",
  durationMinutes: 60,
  cancelled: false,
  result: { state: "none", home: null, away: null, forfeit: null },
  ...rest,
});

const TEAMS = [
  { id: "t-comets", name: "Comets" },
  { id: "t-owls", name: "Night Owls" },
  { id: "t-hawks", name: "Harbor Hawks" },
];

const OWLS_PAGE: PublicLeagueTeam = {
  league: { id: "l-1", name: "Metro Flag", timeZone: "America/Chicago" },
  team: { id: "t-owls", name: "Night Owls" },
  division: {
    id: "d-1",
    name: "10U",
    standings: [row("t-comets", 1, 2, 0, 0), row("t-owls", 2, 1, 1, 0), row("t-hawks", 3, 0, 2, 0)],
  },
  teams: TEAMS,
  fields: [{ id: "f-1", name: "Riverside Park", address: "1 River Rd", subFields: ["A", "B"] }],
  games: [
    // Away at the Hawks, and won 21–14: the home side's 14–21 read from the Owls' side.
    game("g-1", { result: { state: "confirmed", home: 14, away: 21, forfeit: null } }),
    game("g-2", {
      date: "2027-05-08",
      homeTeamId: "t-owls",
      awayTeamId: "t-comets",
      result: { state: "pending", home: null, away: null, forfeit: null },
    }),
    game("g-3", { date: "2027-05-15", startTime: "10:30", subField: "B", cancelled: true }),
  ],
};

describe("a league team's public page", () => {
  it("shows the team's record, its games from its own side, its division's standings and its calendar", async () => {
    const api = fakeApi().on("GET", "/api/public/leagues/l-1/teams/t-owls", OWLS_PAGE);
    renderPage(<PublicLeagueTeamPage leagueId="l-1" teamId="t-owls" />, { path: "/league/l-1/teams/t-owls", api });

    expect(await screen.findByRole("heading", { level: 1, name: "Night Owls" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Metro Flag" })).toHaveAttribute("href", "/league/l-1");
    expect(screen.getByText("1–1–0 · 2nd of 3 in 10U")).toBeInTheDocument();
    expect(screen.getByText("Times are America/Chicago.")).toBeInTheDocument();

    const games = within(screen.getByRole("region", { name: "Games" })).getAllByRole("listitem");
    expect(games).toHaveLength(3);
    expect(games[0]).toHaveTextContent("at Harbor Hawks");
    expect(games[0]).toHaveTextContent("W 21–14");
    expect(games[0]).toHaveTextContent("Riverside Park, field A");
    expect(games[1]).toHaveTextContent("v Comets");
    expect(games[1]).toHaveTextContent("Result pending");
    expect(games[2]).toHaveTextContent("at Harbor Hawks");
    expect(games[2]).toHaveTextContent("Cancelled");

    const standings = screen.getByRole("table", { name: "10U standings" });
    const current = within(standings)
      .getAllByRole("row")
      .filter((r) => r.getAttribute("aria-current") === "true");
    expect(current).toHaveLength(1);
    expect(within(current[0]!).getByRole("rowheader")).toHaveTextContent("Night Owls");
    expect(within(standings).getByRole("link", { name: "Comets" })).toHaveAttribute(
      "href",
      "/league/l-1/teams/t-comets",
    );

    expect(screen.getByRole("link", { name: "Subscribe to Night Owls's games in your calendar" })).toHaveAttribute(
      "href",
      "/api/public/leagues/l-1/calendar.ics?team=t-owls",
    );
  });

  it("says so before any result counts, and shows a forfeit and a loss from the team's side", async () => {
    const page: PublicLeagueTeam = {
      ...OWLS_PAGE,
      team: { id: "t-hawks", name: "Harbor Hawks" },
      division: { ...OWLS_PAGE.division, standings: TEAMS.map((t, i) => row(t.id, i + 1, 0, 0, 0)) },
      games: [game("g-1", { result: { state: "confirmed", home: 0, away: 1, forfeit: "home" } })],
    };
    const api = fakeApi().on("GET", "/api/public/leagues/l-1/teams/t-hawks", page);
    renderPage(<PublicLeagueTeamPage leagueId="l-1" teamId="t-hawks" />, { path: "/league/l-1/teams/t-hawks", api });

    expect(await screen.findByText("No results yet")).toBeInTheDocument();
    const games = within(screen.getByRole("region", { name: "Games" })).getAllByRole("listitem");
    expect(games[0]).toHaveTextContent("v Night Owls");
    expect(games[0]).toHaveTextContent("L 0–1 (forfeit)");
  });
});

describe("the league's public page", () => {
  it("links each team in the standings to its page, the table and its row headers as before", async () => {
    const league: PublicLeague = {
      id: "l-1",
      name: "Metro Flag",
      timeZone: "UTC",
      tiebreakers: [],
      divisions: [{ id: "d-1", name: "10U", standings: OWLS_PAGE.division.standings }],
      teams: TEAMS.map((t) => ({ ...t, divisionId: "d-1" })),
      fields: [],
      games: [],
      brackets: [],
    };
    const api = fakeApi().on("GET", "/api/public/leagues/l-1", league);
    renderPage(<PublicLeaguePage leagueId="l-1" />, { path: "/league/l-1", api });

    const standings = await screen.findByRole("table", { name: "10U" });
    expect(
      within(standings)
        .getAllByRole("rowheader")
        .map((h) => h.textContent),
    ).toEqual(["Comets", "Night Owls", "Harbor Hawks"]);
    expect(within(standings).getByRole("row", { name: /Night Owls/ })).not.toHaveAttribute("aria-current");
    for (const t of TEAMS) {
      expect(within(standings).getByRole("link", { name: t.name })).toHaveAttribute(
        "href",
        `/league/l-1/teams/${t.id}`,
      );
    }
  });
});
