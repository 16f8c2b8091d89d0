// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { coachUser, playerUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, renderPage } from "#tests/web/render.tsx";
import { formatDay } from "~/ui/format";
import { BoxScorePage } from "./box-score-page";
import { gameSheet, HAND_WORKED, QB, WR } from "#tests/web/game-fixtures";

const SHEET_PATH = "/api/team/sessions/game-1/snaps";

function open(sheet: ReturnType<typeof gameSheet>, area: "coach" | "player" = "coach") {
  const api = fakeApi().on("GET", SHEET_PATH, sheet);
  const page = renderPage(<BoxScorePage sessionId="game-1" area={area} />, {
    path: `/${area}/games/:id`,
    url: `/${area}/games/game-1`,
    user: area === "coach" ? coachUser() : playerUser(),
    api,
  });
  return { api, ...page };
}

/** What an element shows on screen: its text without the words kept for screen readers only. */
function shown(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll(".sr-only")) hidden.remove();
  return copy.textContent ?? "";
}

/** The team group's figures: { "C/ATT": "2/3", Yards: "32", … } */
function teamGroup(name: string): Record<string, string> {
  const group = screen.getByRole("region", { name });
  const terms = within(group).getAllByRole("term");
  const values = within(group).getAllByRole("definition");
  return Object.fromEntries(terms.map((t, i) => [t.textContent, values[i] ? shown(values[i]) : ""]));
}

/** A per-player table's body rows as text. */
function tableRows(caption: string): string[][] {
  const table = screen.getByRole("table", { name: caption });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map(shown));
}

describe("box score page", () => {
  it("names the game and shows the running score of a game under way", async () => {
    open(gameSheet(HAND_WORKED, { scoreboard: { periodLabel: "2nd half" } }));
    expect(await screen.findByRole("heading", { level: 1, name: "Box score: vs Eagles" })).toBeInTheDocument();
    expect(screen.getByText(`${formatDay("2026-10-03")} · Home`)).toBeInTheDocument();
    const score = screen.getByRole("region", { name: "Score" });
    expect(score).toHaveTextContent("In progress · 2nd half");
    expect(score).toHaveTextContent("7–6");
    expect(within(score).getByText("In progress")).toBeInTheDocument();
    expect(score).not.toHaveTextContent("entered by");
  });

  it("team lines: one touchdown for a TD pass, receiving yards equal to passing, — where yards are missing", async () => {
    open(gameSheet(HAND_WORKED));
    await screen.findByRole("heading", { name: "Team" });
    expect(teamGroup("Passing")).toEqual({ "C/ATT": "2/3", Yards: "32", TD: "1", INT: "0", Rating: "141.7" });
    expect(teamGroup("Receiving")).toEqual({ Catches: "2", Yards: "32" });
    expect(teamGroup("Rushing")).toEqual({ Carries: "2", Yards: "—", Avg: "—", TD: "0" });
    expect(teamGroup("Defense")).toEqual({
      "Flag pulls": "1",
      Sacks: "0",
      Interceptions: "1",
      "Passes defended": "0",
      Stops: "0",
    });
    expect(teamGroup("Penalties")).toEqual({ "On us": "1 for 10 yds", "On them": "1 for 5 yds" });
    expect(teamGroup("Game")).toEqual({ Touchdowns: "1", Turnovers: "0", "Total yards": "—" });
    // Each dash says why, as a tooltip and to screen readers.
    const rushingYards = within(screen.getByRole("region", { name: "Rushing" })).getAllByRole("definition")[1]!;
    expect(within(rushingYards).getByTitle("Yards not logged on every play")).toHaveTextContent("—");
  });

  it("per-player tables by group, each player as #7 Name; a drop is in the receiver's line", async () => {
    open(gameSheet(HAND_WORKED));
    await screen.findByRole("heading", { name: "Players" });
    expect(tableRows("Passing")).toEqual([["#7 Pat Passer", "2/3", "32", "1", "0", "141.7"]]);
    expect(tableRows("Receiving")).toEqual([
      ["#11 Riley Receiver", "2", "2", "32", "1", "0"],
      ["Jo Nojersey", "1", "0", "—", "0", "1"],
    ]);
    expect(screen.getByRole("table", { name: "Receiving" })).toHaveTextContent("No catches yet");
    expect(tableRows("Rushing")).toEqual([["#22 Sam Runner", "2", "—", "—", "0"]]);
    expect(tableRows("Defense")).toEqual([["#3 Dana Defender", "1", "0", "1", "0", "0"]]);
  });

  it("a completion without yards shows — for passing and receiving yards and the rating", async () => {
    open(
      gameSheet([
        { detail: { kind: "pass", passerId: QB.id, targetId: WR.id, result: "complete", yards: 9 } },
        { detail: { kind: "pass", passerId: QB.id, targetId: WR.id, result: "complete", yards: null } },
      ]),
    );
    await screen.findByRole("heading", { name: "Team" });
    expect(teamGroup("Passing")).toMatchObject({ "C/ATT": "2/2", Yards: "—", Rating: "—" });
    expect(teamGroup("Receiving")).toEqual({ Catches: "2", Yards: "—" });
    expect(tableRows("Passing")).toEqual([["#7 Pat Passer", "2/2", "—", "0", "0", "—"]]);
    // No carries and no defense: their tables are left out.
    expect(screen.queryByRole("table", { name: "Rushing" })).not.toBeInTheDocument();
    expect(screen.queryByRole("table", { name: "Defense" })).not.toBeInTheDocument();
  });

  it("the play-by-play is grouped by period, with points, the running score and who logged each snap", async () => {
    open(gameSheet(HAND_WORKED));
    const first = await screen.findByRole("region", { name: "1st half" });
    const items = within(first)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toEqual([
      "#7 → #11, 12 ydsLogged by Casey Coach",
      "#7 → #11, 20 yds, touchdown+6Score 6–0Logged by Casey Coach",
      "Try for 1 (#7 → #11): good+1Score 7–0Logged by Casey Coach",
      "#7 → Jo Nojersey, droppedLogged by Casey Coach",
      "#22 run, 5 ydsLogged by Casey Coach",
      "Opponent touchdownOpp +6Score 7–6Logged by Alex Assistant",
    ]);
    const second = screen.getByRole("region", { name: "2nd half" });
    expect(within(second).getAllByRole("listitem")).toHaveLength(5);
    expect(within(second).getByText("#22 run").parentElement).toHaveTextContent("Logged by Casey Coach · edited");
  });

  it("a final entered by hand says who entered it and what the snaps add up to", async () => {
    open(
      gameSheet(HAND_WORKED, {
        scoreboard: {
          final: { us: 20, them: 14, corrected: true, endedAt: "2026-10-03T16:00:00.000Z", endedBy: "Casey Coach" },
          result: "W",
        },
      }),
    );
    const score = await screen.findByRole("region", { name: "Score" });
    expect(score).toHaveTextContent("Final");
    expect(score).toHaveTextContent("20–14");
    expect(within(score).getByTitle("Won")).toHaveTextContent("W");
    expect(score).toHaveTextContent("Final score entered by Casey Coach; the snaps add up to 7–6.");
  });

  it("names our team beside the score and leads the line score: points per half and the final", async () => {
    open(gameSheet(HAND_WORKED));
    const score = await screen.findByRole("region", { name: "Score" });
    expect(shown(within(score).getByText("7–6").parentElement!)).toBe("Harbor Hawks7–6Eagles");
    const table = within(score).getByRole("table", { name: "Line score" });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => [...row.querySelectorAll("th, td")].map((c) => c.textContent));
    expect(rows).toEqual([
      ["Team", "1st half", "2nd half", "Final"],
      ["Harbor Hawks", "7", "0", "7"],
      ["Eagles", "6", "0", "6"],
    ]);
  });

  it("a league of quarters gets four columns, and an away game reads “at Eagles”", async () => {
    open(
      gameSheet(HAND_WORKED, {
        rules: { periodKind: "quarter" },
        scoreboard: {
          homeAway: "away",
          final: { us: 7, them: 6, corrected: false, endedAt: "2026-10-03T16:00:00.000Z", endedBy: "coach-1" },
          result: "W",
        },
      }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Box score: at Eagles" })).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Line score" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Team", "1st quarter", "2nd quarter", "3rd quarter", "4th quarter", "Final"]);
  });

  it("the opponent's touchdowns, tries and safeties have their own line", async () => {
    open(
      gameSheet([
        ...HAND_WORKED,
        { detail: { kind: "opponent_score", score: "try2" }, points: { us: 0, them: 2 }, period: 2 },
        { detail: { kind: "opponent_score", score: "safety" }, points: { us: 0, them: 2 }, period: 2 },
      ]),
    );
    await screen.findByRole("region", { name: "Score" });
    expect(teamGroup("Opponent: Eagles")).toEqual({
      Touchdowns: "1",
      "Tries for 1": "0",
      "Tries for 2": "1",
      Safeties: "1",
      Points: "10",
    });
  });

  it("Print prints the page; Download CSV links to the CSV endpoint; All games leads back to the area's list", async () => {
    const print = vi.fn();
    vi.stubGlobal("print", print);
    const { user } = open(gameSheet(HAND_WORKED), "player");
    await screen.findByRole("heading", { level: 1, name: "Box score: vs Eagles" });
    await user.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledOnce();
    const csv = screen.getByRole("link", { name: "Download CSV" });
    expect(csv).toHaveAttribute("href", "/api/team/sessions/game-1/box-score.csv");
    expect(csv).toHaveAttribute("download");
    expect(screen.getByRole("link", { name: "All games" })).toHaveAttribute("href", "/player/games");
    // The print rules hide the site's header, navigation and footer, and the page's own buttons.
    expect(document.querySelector("style")?.textContent).toMatch(/@media print[\s\S]*header, footer, nav/);
  });

  it("a game with no snaps says the box score fills in as snaps are logged", async () => {
    open(gameSheet([]));
    expect(await screen.findByRole("heading", { name: "No snaps logged yet" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Score" })).toHaveTextContent("Not started");
    expect(screen.queryByRole("heading", { name: "Play-by-play" })).not.toBeInTheDocument();
  });

  it("an unknown game shows the server's message under the page's heading", async () => {
    const api = fakeApi().on("GET", SHEET_PATH, () => apiError(404, "not_found", "That session was not found."));
    renderPage(<BoxScorePage sessionId="game-1" area="coach" />, {
      path: "/coach/games/:id",
      url: "/coach/games/game-1",
      user: coachUser(),
      api,
    });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Error loading the box score" })).toBeInTheDocument();
    expect(alert).toHaveTextContent("That session was not found.");
    expect(screen.getByRole("heading", { level: 1, name: "Box score" })).toBeInTheDocument();
  });
});
