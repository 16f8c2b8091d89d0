import { describe, expect, it } from "vitest";
import { fillWeeks, intensityWord, MAX_FILLED_WEEKS } from "./weeks";

describe("fillWeeks", () => {
  it("is empty without weeks", () => {
    expect(fillWeeks([])).toEqual([]);
  });

  it("fills the weeks without training between the first and the last with zeros", () => {
    expect(
      fillWeeks([
        { weekStart: "2026-09-28", minutes: 60, sessions: 2 },
        { weekStart: "2026-10-19", minutes: 30, sessions: 1 },
      ]),
    ).toEqual([
      { weekStart: "2026-09-28", minutes: 60, sessions: 2 },
      { weekStart: "2026-10-05", minutes: 0, sessions: 0 },
      { weekStart: "2026-10-12", minutes: 0, sessions: 0 },
      { weekStart: "2026-10-19", minutes: 30, sessions: 1 },
    ]);
  });

  it("crosses a year end", () => {
    const filled = fillWeeks([
      { weekStart: "2026-12-28", minutes: 10, sessions: 1 },
      { weekStart: "2027-01-11", minutes: 20, sessions: 1 },
    ]);
    expect(filled.map((w) => w.weekStart)).toEqual(["2026-12-28", "2027-01-04", "2027-01-11"]);
  });

  it("leaves a very long span as it came", () => {
    const weeks = [
      { weekStart: "2020-01-06", minutes: 10, sessions: 1 },
      { weekStart: "2026-01-05", minutes: 20, sessions: 1 },
    ];
    expect(fillWeeks(weeks)).toEqual(weeks);
    expect(MAX_FILLED_WEEKS).toBeGreaterThan(52);
  });
});

describe("intensityWord", () => {
  it("names the four bands", () => {
    expect([1, 3, 4, 6, 7, 8, 9, 10].map(intensityWord)).toEqual([
      "easy",
      "easy",
      "moderate",
      "moderate",
      "hard",
      "hard",
      "all-out",
      "all-out",
    ]);
  });
});
