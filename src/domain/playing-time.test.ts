import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LEAGUE_RULES } from "./league-rules.js";
import {
  belowMinimum,
  needsSnapsText,
  periodsOfGame,
  playersNeedingSnaps,
  snapsNeeded,
  snapsPlayed,
  toggleLineup,
} from "./playing-time.js";

const half = { ...DEFAULT_LEAGUE_RULES, minSnapsPerPeriod: 2 };

describe("snapsPlayed", () => {
  it("counts each lineup's players per period and in total; a snap without a lineup counts for nobody", () => {
    const played = snapsPlayed(
      [
        { period: 1, lineup: ["a", "b"] },
        { period: 1, lineup: ["a"] },
        { period: 1, lineup: null },
        { period: 1 },
        { period: 2, lineup: ["b", "c"] },
      ],
      ["a", "b", "c", "d"],
      2,
    );
    expect(played.get("a")).toEqual({ byPeriod: [2, 0], total: 2 });
    expect(played.get("b")).toEqual({ byPeriod: [1, 1], total: 2 });
    expect(played.get("c")).toEqual({ byPeriod: [0, 1], total: 1 });
    expect(played.get("d")).toEqual({ byPeriod: [0, 0], total: 0 });
  });

  it("grows to an overtime a snap reached, and names a player not in the list (a former member)", () => {
    const played = snapsPlayed([{ period: 3, lineup: ["x"] }], ["a"], 2);
    expect(played.get("x")).toEqual({ byPeriod: [0, 0, 1], total: 1 });
    expect(played.get("a")).toEqual({ byPeriod: [0, 0], total: 0 });
  });

  it("total is the sum of the periods, and the snaps' lineup sizes sum to everyone's totals", () => {
    const ids = ["a", "b", "c", "d", "e", "f"];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            period: fc.integer({ min: 1, max: 4 }),
            lineup: fc.option(fc.uniqueArray(fc.constantFrom(...ids), { maxLength: 5 })),
          }),
        ),
        (snaps) => {
          const played = snapsPlayed(snaps, ids, 4);
          let sum = 0;
          for (const p of played.values()) {
            expect(p.byPeriod.reduce((x, y) => x + y, 0)).toBe(p.total);
            sum += p.total;
          }
          expect(sum).toBe(snaps.reduce((n, s) => n + (s.lineup?.length ?? 0), 0));
        },
      ),
    );
  });
});

describe("the minimum", () => {
  it("says how many more a player needs in a period, none without a minimum", () => {
    const played = { byPeriod: [1, 0], total: 1 };
    expect(snapsNeeded(played, 1, 3)).toBe(2);
    expect(snapsNeeded(played, 1, 1)).toBe(0);
    expect(snapsNeeded(undefined, 2, 3)).toBe(3);
    expect(snapsNeeded(played, 1, null)).toBe(0);
  });

  it("lists the players below it in the current period, most needed first", () => {
    const snaps = [
      { period: 1, lineup: ["a", "b"] },
      { period: 1, lineup: ["a"] },
      { period: 2, lineup: ["c"] },
    ];
    expect(playersNeedingSnaps(snaps, ["a", "b", "c"], 1, 2)).toEqual([
      { playerId: "c", needed: 2 },
      { playerId: "b", needed: 1 },
    ]);
    expect(playersNeedingSnaps(snaps, ["a", "b", "c"], 2, 1)).toEqual([
      { playerId: "a", needed: 1 },
      { playerId: "b", needed: 1 },
    ]);
    expect(playersNeedingSnaps(snaps, ["a"], 1, null)).toEqual([]);
  });

  it("marks a player below it in a regular period the game reached, not in one still to come", () => {
    expect(belowMinimum({ byPeriod: [2, 0], total: 2 }, half, 1)).toBe(false);
    expect(belowMinimum({ byPeriod: [2, 0], total: 2 }, half, 2)).toBe(true);
    expect(belowMinimum({ byPeriod: [2, 2, 0], total: 4 }, half, 3)).toBe(false);
    expect(belowMinimum({ byPeriod: [0, 0], total: 0 }, DEFAULT_LEAGUE_RULES, 2)).toBe(false);
  });

  it("words it", () => {
    expect(needsSnapsText("Maya Okafor", 3)).toBe("Maya Okafor needs 3 more snaps");
    expect(needsSnapsText("Maya Okafor", 1)).toBe("Maya Okafor needs 1 more snap");
  });
});

describe("periodsOfGame and toggleLineup", () => {
  it("shows the rules' periods and any overtime reached", () => {
    expect(periodsOfGame([], DEFAULT_LEAGUE_RULES)).toBe(2);
    expect(periodsOfGame([{ period: 3 }], DEFAULT_LEAGUE_RULES)).toBe(3);
    expect(periodsOfGame([], { periodKind: "quarter" }, 5)).toBe(5);
  });

  it("moves a player in or out, never past the size", () => {
    expect(toggleLineup(["a"], "b", 2)).toEqual(["a", "b"]);
    expect(toggleLineup(["a", "b"], "a", 2)).toEqual(["b"]);
    expect(toggleLineup(["a", "b"], "c", 2)).toEqual(["a", "b"]);
  });
});
