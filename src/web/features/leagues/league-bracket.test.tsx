// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BracketGameView, BracketView } from "#domain/api/league-playoffs";
import type { LeagueDetail, PublicLeague } from "#domain/api/leagues";
import { BracketPanel } from "./league-bracket";
import { PublicLeaguePage } from "./public-league-page";
import { coachUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage } from "#tests/web/render.tsx";

/*
 * Playoff brackets (docs/product.md §17): the public page lists each round under its name with the seeds, teams,
 * place, time and result in words; the admin makes a division's bracket (size, first day) and deletes it while
 * none of its games is published.
 */

const team = (seed: number, name: string) => ({ seed, teamId: `t${seed}`, team: name });
const HAWKS = team(1, "Harbor Hawks");
const OWLS = team(2, "Night Owls");
const place = (startTime: string) => ({
  fieldId: "f-1",
  field: "Riverside Park",
  subField: "A",
  date: "2027-05-15",
  startTime,
  durationMinutes: 60,
});
const game = (round: number, index: number, rest: Partial<BracketGameView>): BracketGameView => ({
  round,
  index,
  state: "scheduled",
  home: null,
  away: null,
  place: null,
  gameId: null,
  published: true,
  score: null,
  winnerTeamId: null,
  ...rest,
});

const BRACKET: BracketView = {
  divisionId: "d-1",
  startDate: "2027-05-15",
  seeds: [HAWKS, OWLS, team(3, "Cardinals"), team(4, "Dolphins")],
  published: true,
  champion: null,
  rounds: [
    {
      round: 1,
      name: "Semifinals",
      games: [
        game(1, 0, {
          state: "final",
          home: HAWKS,
          away: team(4, "Dolphins"),
          place: place("09:00"),
          score: { home: 21, away: 14, forfeit: null },
          winnerTeamId: "t1",
        }),
        game(1, 1, {
          state: "tied",
          home: OWLS,
          away: team(3, "Cardinals"),
          place: place("10:00"),
          score: { home: 7, away: 7, forfeit: null },
        }),
      ],
    },
    { round: 2, name: "Final", games: [game(2, 0, { state: "waiting", home: HAWKS, place: place("12:00") })] },
  ],
};

describe("league brackets", () => {
  it("the public page lists each round under its name, with the games' results in words", async () => {
    const league: PublicLeague = {
      id: "l-1",
      name: "Metro Flag",
      timeZone: "UTC",
      tiebreakers: [],
      divisions: [{ id: "d-1", name: "10U", standings: [] }],
      teams: [],
      fields: [],
      games: [],
      brackets: [BRACKET],
    };
    const api = fakeApi().on("GET", "/api/public/leagues/l-1", league);
    renderPage(<PublicLeaguePage leagueId="l-1" />, { path: "/league/l-1", api });

    const playoffs = await screen.findByRole("region", { name: "10U playoffs" });
    expect(screen.getByRole("heading", { name: "Playoffs" })).toBeInTheDocument();
    expect(
      within(playoffs)
        .getAllByRole("heading")
        .map((h) => h.textContent),
    ).toEqual(["10U", "Semifinals", "Final"]);
    expect(within(playoffs).getByRole("listitem", { name: "1 Harbor Hawks v 4 Dolphins" })).toHaveTextContent(
      "21–14: Harbor Hawks win.",
    );
    expect(within(playoffs).getByRole("listitem", { name: "2 Night Owls v 3 Cardinals" })).toHaveTextContent(
      "Tied 7–7: the admin enters the result.",
    );
    const final = within(playoffs).getByRole("listitem", { name: "1 Harbor Hawks v To be decided" });
    expect(final).toHaveTextContent("12:00 · Riverside Park, field A");
    expect(final).toHaveTextContent("Waiting for the games before it.");
  });

  it("the admin makes a division's bracket, sees why one is refused, and deletes it", async () => {
    let bracket: BracketView | null = null;
    let refuse = true;
    const path = "/api/leagues/l-1/divisions/d-1/bracket";
    const api = fakeApi()
      .on("GET", path, () => json({ bracket }))
      .on("POST", path, () => {
        if (refuse) {
          refuse = false;
          return apiError(409, "bracket_not_made", "A bracket of 6 teams needs 6 teams in the division; it has 4.");
        }
        bracket = { ...BRACKET, published: false };
        return json({ bracket }, 201);
      })
      .on("DELETE", path, () => {
        bracket = null;
        return json({ bracket });
      });
    const league = {
      id: "l-1",
      divisions: [{ id: "d-1", name: "10U", ageCutoff: null, rosterLock: null }],
      teams: BRACKET.seeds.map((s) => ({
        id: s.teamId,
        name: s.team,
        divisionId: "d-1",
        joined: false,
        blackoutDates: [],
      })),
    } as unknown as LeagueDetail;
    const { user } = renderPage(<BracketPanel league={league} />, { path: "/leagues/l-1", user: coachUser(), api });

    const size = await screen.findByRole("spinbutton", { name: "Teams in the bracket" });
    expect(size).toHaveValue(4);
    await user.clear(size);
    await user.type(size, "6");
    await user.click(screen.getByRole("button", { name: "Make the bracket" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("it has 4");
    await user.clear(size);
    await user.type(size, "4");
    await user.type(screen.getByLabelText("First day (optional)"), "2027-05-15");
    await user.click(screen.getByRole("button", { name: "Make the bracket" }));
    expect(await screen.findByRole("heading", { name: "Semifinals" })).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      { teams: 6 },
      { teams: 4, startDate: "2027-05-15" },
    ]);
    expect(screen.getByText(/best first: Harbor Hawks, Night Owls, Cardinals, Dolphins/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete the bracket" }));
    expect(await screen.findByRole("button", { name: "Make the bracket" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Bracket deleted.");
  });
});
