// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import type { FollowGame } from "#domain/follow";
import { focusControls, h, lineScoreTable, playByPlay, scoreboard, titleOf } from "./render";

const game: FollowGame = {
  team: "Harbor Hawks",
  opponent: "Eagles",
  homeAway: "away",
  date: "2026-10-03",
  status: "live",
  score: { us: 7, them: 6 },
  result: null,
  periodLabel: "2nd half",
  down: "2nd & midfield",
  lineScore: {
    periods: [
      { label: "1st half", us: 7, them: 0 },
      { label: "2nd half", us: 0, them: 6 },
    ],
    final: { us: 7, them: 6 },
  },
  players: [
    { key: "p1", name: "Ada #7" },
    { key: "p2", name: "Ben #11" },
  ],
  plays: [
    {
      n: 1,
      period: 1,
      periodLabel: "1st half",
      text: "Ada #7 → Ben #11, 20 yds, touchdown",
      points: "+6",
      players: ["p1", "p2"],
      score: { us: 6, them: 0 },
    },
    {
      n: 2,
      period: 1,
      periodLabel: "1st half",
      text: "Try for 1 (Ada #7 run): good",
      points: "+1",
      players: ["p1"],
      score: { us: 7, them: 0 },
    },
    {
      n: 3,
      period: 2,
      periodLabel: "2nd half",
      text: "Opponent touchdown",
      points: "Opp +6",
      players: [],
      score: { us: 7, them: 6 },
    },
  ],
};

const texts = (el: HTMLElement, selector: string) => [...el.querySelectorAll(selector)].map((e) => e.textContent);

describe("the follow page's drawing", () => {
  it("shows the sides, the state, the down and the title", () => {
    const board = scoreboard(game);
    expect(board.querySelector("h1")!.textContent).toBe("Harbor Hawks at Eagles");
    expect(board.textContent).toContain("Live · 2nd half");
    expect(texts(board, ".pts")).toEqual(["7", "6"]);
    expect(board.textContent).toContain("2nd & midfield");
    expect(titleOf(game)).toBe("Harbor Hawks 7–6 Eagles · Live");
    const final = scoreboard({ ...game, status: "final", down: null });
    expect(final.textContent).toContain("Final");
    expect(final.textContent).not.toContain("midfield");
  });

  it("lays out the line score with a column per period and the total", () => {
    const table = lineScoreTable(game);
    expect(texts(table, "thead th")).toEqual(["Team", "1st half", "2nd half", "Total"]);
    expect([...table.querySelectorAll("tbody tr")].map((r) => texts(r as HTMLElement, "th, td"))).toEqual([
      ["Harbor Hawks", "7", "0", "7"],
      ["Eagles", "0", "6", "6"],
    ]);
  });

  it("lists the plays newest first by period, marks my player's and can list only theirs", () => {
    const all = playByPlay(game, { player: "", only: false });
    expect(texts(all, "h3")).toEqual(["2nd half", "1st half"]);
    expect(texts(all, "li .text")).toEqual([
      "Opponent touchdown",
      "Try for 1 (Ada #7 run): good",
      "Ada #7 → Ben #11, 20 yds, touchdown",
    ]);
    expect(all.querySelectorAll(".mine")).toHaveLength(0);

    const ben = playByPlay(game, { player: "p2", only: false });
    expect(texts(ben, ".mine .text")).toEqual(["Ada #7 → Ben #11, 20 yds, touchdown (my player)"]);
    const onlyBen = playByPlay(game, { player: "p2", only: true });
    expect(onlyBen.querySelectorAll("li")).toHaveLength(1);
    expect(texts(onlyBen, "h3")).toEqual(["1st half"]);

    expect(playByPlay({ ...game, plays: [] }, { player: "", only: false }).textContent).toContain("No plays yet");
  });

  it("offers the game's players, with the chosen one selected and 'only' off until someone is chosen", () => {
    const none = focusControls(game, { player: "", only: false });
    expect(texts(none, "option")).toEqual(["Nobody", "Ada #7", "Ben #11"]);
    expect((none.querySelector("#focus-only") as HTMLInputElement).disabled).toBe(true);
    const ben = focusControls(game, { player: "p2", only: true });
    expect((ben.querySelector("select") as HTMLSelectElement).value).toBe("p2");
    expect((ben.querySelector("#focus-only") as HTMLInputElement).checked).toBe(true);
  });

  it("puts text in as text, never as markup", () => {
    const el = h("p", {}, "<img src=x onerror=alert(1)>");
    expect(el.querySelector("img")).toBeNull();
    expect(el.textContent).toBe("<img src=x onerror=alert(1)>");
  });
});
