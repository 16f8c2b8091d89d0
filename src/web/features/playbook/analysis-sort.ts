import type { PlaybookAnalysisRow } from "#domain/api/plays";
import { formatCount, formatScore, NONE } from "~/ui/format";
import type { SortDirection } from "~/ui/sort-header";

/** The analysis table's columns, in order; each is defined in domain/playbook.ts. */
export const ANALYSIS_COLUMNS = [
  { key: "name", label: "Play", numeric: false },
  { key: "side", label: "Side", numeric: false },
  { key: "timesRun", label: "Times run", numeric: true },
  { key: "completionRate", label: "Completion %", numeric: true },
  { key: "yards", label: "Yards", numeric: true },
  { key: "yardsPerPlay", label: "Yards/play", numeric: true },
  { key: "touchdowns", label: "TDs", numeric: true },
  { key: "touchdownRate", label: "TD rate", numeric: true },
  { key: "turnovers", label: "Turnovers", numeric: true },
  { key: "points", label: "Points", numeric: true },
] as const;

export type AnalysisColumnKey = (typeof ANALYSIS_COLUMNS)[number]["key"];

export interface AnalysisSort {
  column: AnalysisColumnKey;
  direction: SortDirection;
}

/** The server's own order: most run first (then by name). */
export const DEFAULT_ANALYSIS_SORT: AnalysisSort = { column: "timesRun", direction: "desc" };

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

function byName(a: PlaybookAnalysisRow, b: PlaybookAnalysisRow): number {
  return collator.compare(a.name, b.name) || a.playId.localeCompare(b.playId);
}

/** Compares two values of one column; a missing value (—) sorts last whichever the direction. */
function compareAnalysisRows(a: PlaybookAnalysisRow, b: PlaybookAnalysisRow, sort: AnalysisSort): number {
  const sign = sort.direction === "asc" ? 1 : -1;
  let primary = 0;
  if (sort.column === "name") primary = collator.compare(a.name, b.name) * sign;
  else if (sort.column === "side") primary = a.side.localeCompare(b.side) * sign;
  else {
    const x = a[sort.column];
    const y = b[sort.column];
    if (x === null && y === null) primary = 0;
    else if (x === null) return 1;
    else if (y === null) return -1;
    else primary = (x - y) * sign;
  }
  return primary || byName(a, b);
}

export function sortAnalysis(rows: readonly PlaybookAnalysisRow[], sort: AnalysisSort): PlaybookAnalysisRow[] {
  return [...rows].sort((a, b) => compareAnalysisRows(a, b, sort));
}

/** A header click: the same column flips; another starts A to Z for words, highest first for numbers. */
export function nextAnalysisSort(current: AnalysisSort, column: AnalysisColumnKey): AnalysisSort {
  if (current.column === column) return { column, direction: current.direction === "asc" ? "desc" : "asc" };
  return { column, direction: column === "name" || column === "side" ? "asc" : "desc" };
}

/** A share 0..1 as a whole percent ("67%"), or a dash when there is nothing to divide by. */
function formatRate(rate: number | null): string {
  return rate === null ? NONE : `${Math.round(rate * 100)}%`;
}

/** Yards per play with one decimal ("7.5"), or a dash when never run. */
export function formatYardsPerPlay(value: number | null): string {
  return value === null ? NONE : (Math.round(value * 10) / 10).toFixed(1);
}

export const SIDE_LABEL = { offense: "Offense", defense: "Defense" } as const;

/** The texts of one row, in column order (the table shows them; tests read them). */
export function analysisCells(row: PlaybookAnalysisRow): Record<AnalysisColumnKey, string> {
  return {
    name: row.name,
    side: SIDE_LABEL[row.side],
    timesRun: formatCount(row.timesRun),
    completionRate: formatRate(row.completionRate),
    yards: formatCount(row.yards),
    yardsPerPlay: formatYardsPerPlay(row.yardsPerPlay),
    touchdowns: formatCount(row.touchdowns),
    touchdownRate: formatRate(row.touchdownRate),
    turnovers: formatCount(row.turnovers),
    points: formatScore(row.points),
  };
}

/** Whether any event in the window carries a play (every tagged event earns points, so points > 0 tells). */
export function anyTagged(rows: readonly PlaybookAnalysisRow[]): boolean {
  return rows.some((r) => r.timesRun > 0 || r.points > 0);
}

export const CHART_METRICS = [
  { value: "points", label: "Points" },
  { value: "yardsPerPlay", label: "Yards per play" },
  { value: "completionRate", label: "Completion %" },
] as const;

export type ChartMetric = (typeof CHART_METRICS)[number]["value"];

/** The value a play is drawn with: completion as a percent; null when the play has none (left off the chart). */
function chartValue(row: PlaybookAnalysisRow, metric: ChartMetric): number | null {
  if (metric === "points") return row.timesRun > 0 || row.points > 0 ? row.points : null;
  if (metric === "yardsPerPlay") return row.yardsPerPlay === null ? null : Math.round(row.yardsPerPlay * 10) / 10;
  return row.completionRate === null ? null : Math.round(row.completionRate * 1000) / 10;
}

export const CHART_LIMIT = 12;

/** The plays the chart compares: those with a value, best first, at most CHART_LIMIT. */
export function chartRows(rows: readonly PlaybookAnalysisRow[], metric: ChartMetric) {
  const withValue = rows.flatMap((row) => {
    const value = chartValue(row, metric);
    return value === null ? [] : [{ row, value }];
  });
  withValue.sort((a, b) => b.value - a.value || byName(a.row, b.row));
  return { shown: withValue.slice(0, CHART_LIMIT), total: withValue.length };
}
