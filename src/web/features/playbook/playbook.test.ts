import { describe, expect, it } from "vitest";
import type { PlaybookAnalysisRow } from "#domain/api/plays";
import { DEFAULT_FILTERS, rangeError, readFilters, readTab, writeFilters } from "./analysis-filters";
import {
  analysisCells,
  anyTagged,
  chartRows,
  DEFAULT_ANALYSIS_SORT,
  nextAnalysisSort,
  sortAnalysis,
} from "./analysis-sort";
import { parseTags, tagsText } from "./tags";

function row(name: string, patch: Partial<PlaybookAnalysisRow> = {}): PlaybookAnalysisRow {
  return {
    playId: `id-${name}`,
    name,
    side: "offense",
    formation: "",
    tags: [],
    archived: false,
    timesRun: 0,
    completions: 0,
    attempts: 0,
    completionRate: null,
    yards: 0,
    yardsPerPlay: null,
    touchdowns: 0,
    touchdownRate: null,
    turnovers: 0,
    points: 0,
    ...patch,
  };
}

describe("playbook filters in the address", () => {
  it("defaults to the analysis tab, both sides, every session and no dates", () => {
    expect(readFilters(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
    expect(readTab(new URLSearchParams("tab=nope"))).toBe("analysis");
    expect(readFilters(new URLSearchParams("side=special&kind=scrimmage&from=2026-13-45&to=yesterday"))).toEqual(
      DEFAULT_FILTERS,
    );
  });

  it("reads back what it writes, leaving defaults out", () => {
    const filters = { side: "defense", kind: "game", from: "2026-09-01", to: "2026-10-31" } as const;
    const params = writeFilters("plays", filters);
    expect(readTab(params)).toBe("plays");
    expect(readFilters(params)).toEqual(filters);
    expect(writeFilters("analysis", DEFAULT_FILTERS).toString()).toBe("");
  });

  it("refuses a window that ends before it starts", () => {
    expect(rangeError({ ...DEFAULT_FILTERS, from: "2026-10-02", to: "2026-10-01" })).toMatch(/on or before/);
    expect(rangeError({ ...DEFAULT_FILTERS, from: "2026-10-01", to: "2026-10-01" })).toBeNull();
    expect(rangeError({ ...DEFAULT_FILTERS, from: "2026-10-01" })).toBeNull();
  });
});

describe("analysis table", () => {
  const rows = [
    row("Slant", { timesRun: 4, completionRate: 0.5, points: 12.4 }),
    row("Blitz", { side: "defense", timesRun: 2, points: 4.2 }),
    row("Sweep", { timesRun: 4, points: 20 }),
    row("Unused"),
  ];

  it("sorts most run first by default, ties by name", () => {
    expect(sortAnalysis(rows, DEFAULT_ANALYSIS_SORT).map((r) => r.name)).toEqual(["Slant", "Sweep", "Blitz", "Unused"]);
  });

  it("keeps plays without a value last in both directions", () => {
    const desc = { column: "completionRate", direction: "desc" } as const;
    expect(sortAnalysis(rows, desc).map((r) => r.name)).toEqual(["Slant", "Blitz", "Sweep", "Unused"]);
    expect(sortAnalysis(rows, { ...desc, direction: "asc" }).map((r) => r.name)).toEqual([
      "Slant",
      "Blitz",
      "Sweep",
      "Unused",
    ]);
  });

  it("flips a column, and starts words A to Z and numbers highest first", () => {
    expect(nextAnalysisSort(DEFAULT_ANALYSIS_SORT, "timesRun")).toEqual({ column: "timesRun", direction: "asc" });
    expect(nextAnalysisSort(DEFAULT_ANALYSIS_SORT, "name")).toEqual({ column: "name", direction: "asc" });
    expect(nextAnalysisSort(DEFAULT_ANALYSIS_SORT, "points")).toEqual({ column: "points", direction: "desc" });
  });

  it("shows a dash for a figure with nothing to divide by", () => {
    const cells = analysisCells(row("Unused"));
    expect(cells.completionRate).toBe("—");
    expect(cells.yardsPerPlay).toBe("—");
    expect(cells.points).toBe("0.0");
    expect(
      analysisCells(row("Slant", { completionRate: 2 / 3, yardsPerPlay: 7.25, touchdownRate: 0.25 })),
    ).toMatchObject({
      completionRate: "67%",
      yardsPerPlay: "7.3",
      touchdownRate: "25%",
    });
  });

  it("tells whether anything is tagged, and charts only plays with a value", () => {
    expect(anyTagged([row("A"), row("B")])).toBe(false);
    expect(anyTagged(rows)).toBe(true);
    expect(chartRows(rows, "points").shown.map((r) => [r.row.name, r.value])).toEqual([
      ["Sweep", 20],
      ["Slant", 12.4],
      ["Blitz", 4.2],
    ]);
    expect(chartRows(rows, "completionRate").shown.map((r) => [r.row.name, r.value])).toEqual([["Slant", 50]]);
  });
});

describe("tags", () => {
  it("splits on commas, trims, and drops empties and repeats in any case", () => {
    expect(parseTags(" red zone, Quick ,,quick, ")).toEqual(["red zone", "Quick"]);
    expect(parseTags("")).toEqual([]);
    expect(tagsText(["red zone", "quick"])).toBe("red zone, quick");
  });
});
