// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { playerStatLineSchema } from "#domain/api/game";
import { emptyStatLine, statFigures, statGroupsFor, type StatLine } from "#domain/football-stats";
import { FootballLines, GameLinesTable, YARDS_NOT_LOGGED, type StatLineView } from "~/ui/stat-lines";
import "#tests/web/render.tsx";

/** A line as the API sends it, built by the domain's own functions and checked against the response schema. */
function view(position: string | null, counts: Partial<StatLine>): StatLineView {
  const line = { ...emptyStatLine(), ...counts };
  return playerStatLineSchema.parse({ line, figures: statFigures(line), groups: statGroupsFor(position, line) });
}

/** Quinn: 3 of 5 for 40 yards (every completion's yards logged), 1 TD, 1 INT; one 5-yard carry. */
const QB = view("qb", {
  passAttempts: 5,
  completions: 3,
  passYards: 40,
  passYardsKnown: 3,
  passTouchdowns: 1,
  interceptionsThrown: 1,
  carries: 1,
  rushingYards: 5,
  rushingYardsKnown: 1,
});
/** Cole: a corner who also caught one pass whose yards were not logged. */
const CB = view("cb", { flagPulls: 4, sacks: 1, interceptions: 2, passesDefended: 3, targets: 2, catches: 1 });

const captions = () => screen.getAllByRole("table").map((t) => t.querySelector("caption")?.textContent);
/** The cell under a column (by its spoken name) of the group's table. */
function cell(group: string, column: string) {
  const table = screen.getByRole("table", { name: group });
  const headers = within(table).getAllByRole("columnheader");
  const index = headers.findIndex((h) => h.textContent?.includes(column));
  expect(index, `${group} has a ${column} column`).toBeGreaterThanOrEqual(0);
  return within(table).getAllByRole("cell")[index]!;
}

describe("FootballLines", () => {
  it("a quarterback's passing comes first, with the passer rating", () => {
    render(<FootballLines stat={QB} />);
    expect(captions()).toEqual(["Passing", "Rushing"]);
    const passing = screen.getByRole("table", { name: "Passing" });
    expect(
      within(passing)
        .getAllByRole("columnheader")
        .map((h) => h.querySelector("abbr")?.textContent ?? h.textContent),
    ).toEqual(["C/ATT", "Comp %", "Yds", "Y/A", "TD", "INT", "Rating"]);
    expect(cell("Passing", "C/ATT")).toHaveTextContent("3/5");
    expect(cell("Passing", "Comp %")).toHaveTextContent("60%");
    expect(cell("Passing", "Yds")).toHaveTextContent("40");
    expect(cell("Passing", "Y/A")).toHaveTextContent("8.0");
    // (1.5 + 1.25 + 2.375 + 0) / 6 * 100 = 85.4
    expect(cell("Passing", "Rating")).toHaveTextContent("85.4");
    expect(cell("Rushing", "Avg")).toHaveTextContent("5.0");
  });

  it("abbreviations carry their words: a tooltip, and the column's name for screen readers", () => {
    render(<FootballLines stat={QB} />);
    const passing = screen.getByRole("table", { name: "Passing" });
    expect(within(passing).getByRole("columnheader", { name: "Completions / attempts" })).toBeInTheDocument();
    expect(within(passing).getByRole("columnheader", { name: "Passer rating (NFL formula)" })).toBeInTheDocument();
    expect(screen.getAllByText("C/ATT")[0]!.closest("abbr")).toHaveAttribute("title", "Completions / attempts");
    expect(screen.getAllByText("Y/A")[0]!.closest("abbr")).toHaveAttribute("title", "Yards per attempt");
  });

  it("a corner's defense comes first; yards missing on a catch read as a dash that says why", () => {
    render(<FootballLines stat={CB} />);
    expect(captions()).toEqual(["Defense", "Receiving"]);
    expect(
      within(screen.getByRole("table", { name: "Defense" }))
        .getAllByRole("columnheader")
        .map((h) => h.querySelector("abbr")?.textContent ?? h.textContent),
    ).toEqual(["Flag pulls", "Sacks", "INT", "PD", "Stops", "TD", "Safeties"]);
    expect(cell("Defense", "Flag pulls")).toHaveTextContent("4");
    expect(cell("Defense", "PD")).toHaveTextContent("3");
    const yards = cell("Receiving", "Yds");
    expect(yards).toHaveTextContent("—");
    expect(yards).not.toHaveTextContent("0");
    expect(within(yards).getByTitle(YARDS_NOT_LOGGED)).toBeInTheDocument();
    // Read out as the reason, not as a dash.
    expect(within(yards).getByText(YARDS_NOT_LOGGED)).toHaveClass("sr-only");
    expect(within(yards).getByText("—")).toHaveAttribute("aria-hidden", "true");
    expect(within(cell("Receiving", "Y/R")).getByTitle(YARDS_NOT_LOGGED)).toBeInTheDocument();
  });

  it("a defender's pick-six and safety show in the defense line", () => {
    render(
      <FootballLines stat={view("lb", { interceptions: 1, defensiveTouchdowns: 1, safeties: 1, flagPulls: 1 })} />,
    );
    expect(captions()).toEqual(["Defense"]);
    expect(screen.getByRole("columnheader", { name: "Return touchdowns (pick-sixes)" })).toBeInTheDocument();
    expect(cell("Defense", "Return touchdowns")).toHaveTextContent("1");
    expect(cell("Defense", "Safeties")).toHaveTextContent("1");
  });

  it("a quarterback whose completions lack yards gets dashes for yards, Y/A and rating, but his counts", () => {
    render(<FootballLines stat={view("qb", { passAttempts: 3, completions: 3, passYards: 20, passYardsKnown: 2 })} />);
    expect(cell("Passing", "C/ATT")).toHaveTextContent("3/3");
    for (const column of ["Yds", "Y/A", "Rating"])
      expect(within(cell("Passing", column)).getByTitle(YARDS_NOT_LOGGED)).toBeInTheDocument();
  });

  it("nothing counted yet shows an empty state, not a table of zeros", () => {
    render(<FootballLines stat={view("qb", {})} />);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No football stats yet" })).toBeInTheDocument();
  });
});

describe("GameLinesTable", () => {
  it("lists each game with its result and lines in words", () => {
    render(
      <GameLinesTable
        label="Games"
        games={[
          { sessionId: "g2", date: "2026-10-10", opponent: "Hawks", result: null, stat: CB },
          { sessionId: "g1", date: "2026-10-03", opponent: "Eagles", result: "W", stat: QB },
        ]}
      />,
    );
    const rows = within(screen.getByRole("region", { name: "Games" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole("rowheader")).toHaveTextContent("Game vs Hawks");
    expect(within(rows[0]!).getByTitle("No final score yet")).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("Defense: 4 flag pulls, 1 sack, 2 INT, 3 PD");
    expect(rows[0]).toHaveTextContent(`Receiving: 1 of 2 caught, —${YARDS_NOT_LOGGED} yds`);
    expect(within(rows[1]!).getByTitle("Won")).toHaveTextContent("W");
    expect(rows[1]).toHaveTextContent("Passing: 3/5, 40 yds, 1 TD, 1 INT, rating 85.4");
  });

  it("a game's defense line in words names a return touchdown and a safety", () => {
    const stat = view("cb", { flagPulls: 2, interceptions: 1, defensiveTouchdowns: 1, safeties: 1 });
    render(
      <GameLinesTable
        label="Games"
        games={[{ sessionId: "g1", date: "2026-10-03", opponent: "Eagles", result: "W", stat }]}
      />,
    );
    expect(screen.getByRole("region", { name: "Games" })).toHaveTextContent(
      "Defense: 2 flag pulls, 0 sacks, 1 INT, 0 PD, 1 return TD, 1 safety",
    );
  });
});
