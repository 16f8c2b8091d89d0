// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LeagueEligibility, TeamLeagueEligibility } from "#domain/api/league-rosters";
import { EligibilityPanel, TeamEligibilityPanel } from "./league-eligibility";
import { coachUser } from "#tests/web/api-fixtures";
import { fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

/*
 * Eligibility and the roster lock (docs/product.md §17): the admin's list of every team's problems with Approve and
 * Reject for the players added after the lock, and a coach's list of their own players' problems.
 */

const DIVISION = { id: "d-1", name: "10U", ageCutoff: "2016-09-01", rosterLock: "2026-06-01" };

type Lena = "waiting" | "approved" | "rejected";

function leagueEligibility(lena: Lena): LeagueEligibility {
  return {
    divisions: [
      {
        ...DIVISION,
        teams: [
          {
            id: "lt-hawks",
            name: "Harbor Hawks",
            joined: true,
            players: [
              ...(lena === "approved"
                ? []
                : [
                    {
                      playerId: "p-lena",
                      name: "Lena L.",
                      problems: [
                        lena === "waiting"
                          ? { kind: "awaiting_approval" as const, joinedOn: "2026-11-30", note: null }
                          : { kind: "rejected" as const, joinedOn: "2026-11-30", note: "Rosters are closed." },
                      ],
                    },
                  ]),
              {
                playerId: "p-olga",
                name: "Olga O.",
                problems: [{ kind: "too_old" as const, joinedOn: null, note: null }],
              },
            ],
            approved: lena === "approved" ? [{ playerId: "p-lena", name: "Lena L.", joinedOn: "2026-11-30" }] : [],
          },
          { id: "lt-owls", name: "Night Owls", joined: true, players: [], approved: [] },
          { id: "lt-tigers", name: "Paper Tigers", joined: false, players: [], approved: [] },
        ],
      },
    ],
  };
}

describe("league eligibility", () => {
  it("the admin sees each team's problems, approves a player added after the lock, and can take it back", async () => {
    let lenaIs: Lena = "waiting";
    const api = fakeApi()
      .on("GET", "/api/leagues/l-1/eligibility", () => json(leagueEligibility(lenaIs)))
      .on("POST", "/api/leagues/l-1/roster-approvals", (request: ApiRequest) => {
        lenaIs = (request.body as { decision: "approved" | "rejected" }).decision;
        return json(leagueEligibility(lenaIs));
      });
    const { user } = renderPage(<EligibilityPanel leagueId="l-1" />, {
      path: "/leagues/l-1",
      user: coachUser(),
      api,
    });

    const hawks = await screen.findByRole("listitem", { name: "Harbor Hawks" });
    expect(within(hawks).getByRole("listitem", { name: "Olga O. (Harbor Hawks)" })).toHaveTextContent(
      "Born before the 10U cutoff",
    );
    const lena = within(hawks).getByRole("listitem", { name: "Lena L. (Harbor Hawks)" });
    expect(lena).toHaveTextContent("after the roster lock: waiting for the league's approval.");
    // The too-old player has no decision to make; the Night Owls have no problem; the Tigers are not checked.
    expect(screen.getAllByRole("button", { name: /^Approve/ })).toHaveLength(1);
    expect(screen.queryByRole("listitem", { name: "Night Owls" })).not.toBeInTheDocument();
    expect(screen.getByText("Not checked (no roster on Flagline): Paper Tigers.")).toBeInTheDocument();

    await user.type(within(lena).getByRole("textbox", { name: "Note about Lena L. (Harbor Hawks)" }), "Moved up");
    await user.click(within(lena).getByRole("button", { name: "Approve Lena L. (Harbor Hawks)" }));
    expect(api.requests.filter((r: ApiRequest) => r.method === "POST").map((r) => r.body)).toEqual([
      { leagueTeamId: "lt-hawks", playerId: "p-lena", decision: "approved", note: "Moved up" },
    ]);
    // Approved: still listed, eligible, with Reject only, so the league can take the approval back.
    const approved = await within(await screen.findByRole("listitem", { name: "Harbor Hawks" })).findByRole(
      "listitem",
      { name: "Lena L. (Harbor Hawks)" },
    );
    await expect.poll(() => approved.textContent).toContain("approved by the league to play its games");
    expect(screen.queryByRole("button", { name: /^Approve/ })).not.toBeInTheDocument();
    await user.click(within(approved).getByRole("button", { name: "Reject Lena L. (Harbor Hawks)" }));
    await expect.poll(() => api.count("POST", "/api/leagues/l-1/roster-approvals")).toBe(2);
    expect(api.requests.filter((r: ApiRequest) => r.method === "POST").map((r) => r.body)).toEqual([
      { leagueTeamId: "lt-hawks", playerId: "p-lena", decision: "approved", note: "Moved up" },
      { leagueTeamId: "lt-hawks", playerId: "p-lena", decision: "rejected", note: null },
    ]);
    const rejected = within(screen.getByRole("listitem", { name: "Harbor Hawks" })).getByRole("listitem", {
      name: "Lena L. (Harbor Hawks)",
    });
    await expect.poll(() => rejected.textContent).toContain("rejected by the league");
    expect(within(rejected).getByRole("button", { name: "Approve Lena L. (Harbor Hawks)" })).toBeInTheDocument();
    expect(within(rejected).queryByRole("button", { name: /^Reject/ })).not.toBeInTheDocument();
  });

  it("a coach sees their own players' problems by full name, and a rejection with the league's note", async () => {
    const teams: TeamLeagueEligibility["teams"] = [
      {
        id: "lt-hawks",
        leagueId: "l-1",
        leagueName: "Metro Flag",
        name: "Harbor Hawks",
        division: DIVISION,
        players: [
          {
            playerId: "p-nico",
            name: "Nico Nodate",
            birthDate: null,
            problems: [{ kind: "no_birth_date", joinedOn: null, note: null }],
          },
          {
            playerId: "p-rory",
            name: "Rory Ringer",
            birthDate: "2018-08-08",
            problems: [{ kind: "rejected", joinedOn: "2026-11-30", note: "Rosters are closed." }],
          },
        ],
      },
    ];
    const api = fakeApi().on("GET", "/api/team/league-eligibility", { teams });
    renderPage(<TeamEligibilityPanel />, { path: "/leagues", user: coachUser(), api });

    expect(await screen.findByRole("heading", { name: "Metro Flag · 10U" })).toBeInTheDocument();
    expect(screen.getByRole("listitem", { name: "Nico Nodate" })).toHaveTextContent(
      "No birth date recorded: add it under Family on the roster.",
    );
    expect(screen.getByRole("listitem", { name: "Rory Ringer" })).toHaveTextContent(
      'rejected by the league ("Rosters are closed."). Not eligible for league games.',
    );
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open Team Roster" })).toHaveAttribute("href", "/coach/team-roster");
  });

  it("shows a coach nothing while the team plays in no league", async () => {
    const api = fakeApi().on("GET", "/api/team/league-eligibility", { teams: [] });
    renderPage(
      <>
        <p>Leagues</p>
        <TeamEligibilityPanel />
      </>,
      { path: "/leagues", user: coachUser(), api },
    );
    expect(await screen.findByText("Leagues")).toBeInTheDocument();
    await expect.poll(() => api.count("GET", "/api/team/league-eligibility")).toBe(1);
    await expect.poll(() => screen.queryByText("Checking your roster...")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Eligibility for league games" })).not.toBeInTheDocument();
  });
});
