// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RosterPage } from "~/features/roster/roster-page";
import { coachUser, playerSummary } from "#tests/web/api-fixtures";
import { fakeApi, renderPage } from "#tests/web/render.tsx";

/*
 * /coach/team-roster: the table's sort orders. The roster with real data, the CSV export (which follows the
 * on-screen order), removing a player and the way to a player stay in tests/e2e/coach-roster.spec.ts.
 */

const PLAYERS = [
  // A name a spreadsheet would run as a formula, holding quotes and a comma.
  playerSummary({ id: "p-dana", name: '=Dana "DJ" Lee, Jr', position: "safety", jerseyNumber: 4 }),
  playerSummary({
    id: "p-eve",
    name: "Eve Adams",
    position: "te",
    jerseyNumber: 18,
    performanceScore: 1.6,
    eventCount: 1,
    lastActive: "2026-11-20T18:00:00.000Z",
  }),
  playerSummary({ id: "p-zed", name: "@Zed Brown", position: "center", jerseyNumber: 55 }),
  playerSummary({
    id: "p-mia",
    name: "Mia Ortiz",
    position: "qb",
    jerseyNumber: 9,
    performanceScore: 9.7,
    teamRanking: 2,
    eventCount: 2,
    lastActive: "2026-11-21T18:00:00.000Z",
  }),
];

const table = () => within(screen.getByRole("region", { name: "Roster table" })).getByRole("table");
const header = (name: string) => within(table()).getByRole("columnheader", { name });
/** The data cells of one column, top to bottom (0: name, 1: jersey). */
const column = (index: number) =>
  within(table())
    .getAllByRole("row")
    .slice(1)
    .map((tr) => (tr.querySelectorAll("th, td")[index]!.textContent ?? "").trim());

describe("roster page", () => {
  it("sorts by score by default, and by a column heading both ways", async () => {
    const api = fakeApi().on("GET", "/api/team/players", { players: PLAYERS });
    const { user } = renderPage(<RosterPage />, { path: "/coach/team-roster", user: coachUser(), api });
    expect(await screen.findByRole("heading", { name: "Players (4)" })).toBeInTheDocument();
    expect(header("Score")).toHaveAttribute("aria-sort", "descending");
    expect(column(0).slice(0, 2)).toEqual(["Mia Ortiz", "Eve Adams"]);

    await user.click(within(header("Name")).getByRole("button"));
    expect(header("Name")).toHaveAttribute("aria-sort", "ascending");
    expect(header("Score")).toHaveAttribute("aria-sort", "none");
    const ascending = column(0);
    expect(ascending).toEqual(
      [...ascending].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base", numeric: true })),
    );
    expect(new Set(ascending)).toEqual(new Set(PLAYERS.map((p) => p.name)));
    await user.click(within(header("Name")).getByRole("button"));
    expect(header("Name")).toHaveAttribute("aria-sort", "descending");
    expect(column(0)).toEqual([...ascending].reverse());

    await user.click(within(header("Jersey")).getByRole("button"));
    expect(header("Jersey")).toHaveAttribute("aria-sort", "ascending");
    expect(column(1)).toEqual(["#4", "#9", "#18", "#55"]);
    await user.click(within(header("Jersey")).getByRole("button"));
    expect(column(1)).toEqual(["#55", "#18", "#9", "#4"]);

    // Last active: the most recent first; nobody-yet last, whichever way.
    await user.click(within(header("Last active")).getByRole("button"));
    expect(header("Last active")).toHaveAttribute("aria-sort", "descending");
    expect(column(0).slice(0, 2)).toEqual(["Mia Ortiz", "Eve Adams"]);
    await user.click(within(header("Last active")).getByRole("button"));
    expect(column(0).slice(0, 2)).toEqual(["Eve Adams", "Mia Ortiz"]);
  });

  it("under each minor's name: whether a guardian consented and what families see; nothing for an adult", async () => {
    const privacy = [
      { playerId: "p-dana", minor: true, consent: "none", shared: false },
      { playerId: "p-eve", minor: false, consent: "none", shared: false },
      { playerId: "p-zed", minor: true, consent: "given", shared: true },
      { playerId: "p-mia", minor: true, consent: "given", shared: false },
    ];
    const api = fakeApi()
      .on("GET", "/api/team/players", { players: PLAYERS })
      .on("GET", "/api/team/roster", { players: [], privacy });
    const { user } = renderPage(<RosterPage />, { path: "/coach/team-roster", user: coachUser(), api });
    expect(await screen.findByRole("heading", { name: "Players (4)" })).toBeInTheDocument();
    await user.click(within(header("Name")).getByRole("button"));
    await screen.findByText("Consent missing");
    expect(column(0)).toEqual([
      "@Zed BrownConsent given · full name shared",
      '=Dana "DJ" Lee, JrConsent missing',
      "Eve Adams",
      "Mia OrtizConsent given · short name only",
    ]);
  });
});
