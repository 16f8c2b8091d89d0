// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BracketView } from "#domain/api/league-playoffs";
import type { LeagueDetail } from "#domain/api/leagues";
import { BracketPanel } from "./league-bracket";
import { BRACKET } from "#tests/support/bracket-fixture";
import { coachUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage } from "#tests/web/render.tsx";

/*
 * Playoff brackets (docs/product.md §17): the admin makes a division's bracket (size, first day) and deletes it while
 * none of its games is published.
 */

describe("league brackets", () => {
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
