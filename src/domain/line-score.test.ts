import { describe, expect, it } from "vitest";
import { lineScore } from "./line-score";

const snap = (period: number, us: number, them: number) => ({ period, points: { us, them } });

describe("line score", () => {
  it("halves: each side's points per half, a scoreless half shown as 0, and the final", () => {
    const ls = lineScore({
      rules: { periodKind: "half" },
      snaps: [snap(1, 6, 0), snap(1, 1, 0), snap(1, 0, 6), snap(2, 6, 0), snap(2, 2, 0)],
      final: null,
    });
    expect(ls.periods).toEqual([
      { period: 1, label: "1st half", us: 7, them: 6 },
      { period: 2, label: "2nd half", us: 8, them: 0 },
    ]);
    expect(ls.final).toEqual({ us: 15, them: 6 });
    expect(ls.corrected).toBe(false);
  });

  it("quarters: four columns even when the game is still in the 1st", () => {
    const ls = lineScore({ rules: { periodKind: "quarter" }, snaps: [snap(1, 0, 2)], final: null, period: 1 });
    expect(ls.periods.map((p) => [p.label, p.us, p.them])).toEqual([
      ["1st quarter", 0, 2],
      ["2nd quarter", 0, 0],
      ["3rd quarter", 0, 0],
      ["4th quarter", 0, 0],
    ]);
  });

  it("overtime gets its own column, once a snap is logged in it or the game is in it", () => {
    const ls = lineScore({ rules: { periodKind: "half" }, snaps: [snap(1, 6, 6), snap(3, 6, 0)], final: null });
    expect(ls.periods.map((p) => p.label)).toEqual(["1st half", "2nd half", "OT"]);
    expect(ls.periods[2]).toMatchObject({ us: 6, them: 0 });
    const inOt = lineScore({ rules: { periodKind: "half" }, snaps: [], final: null, period: 3 });
    expect(inOt.periods.map((p) => p.label)).toEqual(["1st half", "2nd half", "OT"]);
  });

  it("a corrected final is the final column, flagged when the periods do not add up to it", () => {
    const ls = lineScore({ rules: { periodKind: "half" }, snaps: [snap(1, 6, 0)], final: { us: 12, them: 0 } });
    expect(ls.final).toEqual({ us: 12, them: 0 });
    expect(ls.corrected).toBe(true);
  });
});
