import { describe, expect, it } from "vitest";
import { firstDivergence, resolveResult, type ScoringPlay } from "./results.js";

describe("a league game's result from two scorebooks", () => {
  const b = (home: number, away: number) => ({ home, away });

  it("is scheduled until a team ends its game, and waits for the other coach when only one did", () => {
    expect(resolveResult(null, null, null)).toEqual({ state: "scheduled" });
    expect(resolveResult(b(21, 14), null, null)).toEqual({
      state: "awaiting_confirmation",
      home: 21,
      away: 14,
      loggedBy: "home",
    });
    expect(resolveResult(null, b(7, 6), null)).toMatchObject({ state: "awaiting_confirmation", loggedBy: "away" });
  });

  it("is confirmed by itself when both scorebooks end on the same score", () => {
    expect(resolveResult(b(21, 14), b(21, 14), null)).toEqual({
      state: "confirmed",
      home: 21,
      away: 14,
      forfeit: null,
      source: "scorebooks",
    });
  });

  it("is disputed when they differ, until a coach accepts one of the two versions", () => {
    expect(resolveResult(b(21, 14), b(21, 20), null)).toEqual({
      state: "disputed",
      homeBook: b(21, 14),
      awayBook: b(21, 20),
    });
    const accepted = { kind: "accepted" as const, home: 21, away: 20, forfeit: null };
    expect(resolveResult(b(21, 14), b(21, 20), accepted)).toMatchObject({
      state: "confirmed",
      away: 20,
      source: "accepted",
    });
    // A version neither book shows any more (a book was reopened and changed) no longer counts.
    expect(resolveResult(b(21, 14), b(27, 20), accepted)).toMatchObject({ state: "disputed" });
  });

  it("counts the other coach's confirmation of a lone scorebook only while that book shows the confirmed score", () => {
    const confirmed = { kind: "confirmed" as const, home: 21, away: 14, forfeit: null };
    expect(resolveResult(b(21, 14), null, confirmed)).toMatchObject({ state: "confirmed", source: "confirmed" });
    expect(resolveResult(b(28, 14), null, confirmed)).toMatchObject({ state: "awaiting_confirmation", home: 28 });
    // An acceptance is not a confirmation: with one book it waits.
    expect(resolveResult(b(21, 14), null, { ...confirmed, kind: "accepted" })).toMatchObject({
      state: "awaiting_confirmation",
    });
  });

  it("takes the admin's result over anything the scorebooks say, a forfeit included", () => {
    const forfeit = { kind: "admin" as const, home: 1, away: 0, forfeit: "away" as const };
    for (const [home, away] of [
      [null, null],
      [b(0, 35), b(0, 35)],
      [b(7, 0), b(0, 7)],
    ] as const) {
      expect(resolveResult(home, away, forfeit)).toEqual({
        state: "confirmed",
        home: 1,
        away: 0,
        forfeit: "away",
        source: "admin",
      });
    }
  });
});

describe("where two scorebooks part", () => {
  const p = (period: number, home: number, away: number): ScoringPlay => ({ period, kind: "pass", home, away });

  it("finds the first scoring play that differs in points, side or period", () => {
    const a = [p(1, 6, 0), p(1, 1, 0), p(2, 0, 6)];
    expect(firstDivergence(a, a)).toBeNull();
    expect(firstDivergence(a, [p(1, 6, 0), p(1, 2, 0), p(2, 0, 6)])).toBe(1);
    expect(firstDivergence(a, [p(1, 6, 0), p(1, 0, 1), p(2, 0, 6)])).toBe(1);
    expect(firstDivergence(a, [p(1, 6, 0), p(2, 1, 0), p(2, 0, 6)])).toBe(1);
  });

  it("points at the end of the shorter book when the other has a scoring play more", () => {
    expect(firstDivergence([p(1, 6, 0)], [p(1, 6, 0), p(2, 0, 2)])).toBe(1);
    expect(firstDivergence([], [p(1, 6, 0)])).toBe(0);
  });
});
