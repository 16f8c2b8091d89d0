import { formatDay } from "~/ui/format";
import type { AnalysisFilters } from "./analysis-filters";

/** "games, Oct 1, 2026 to Oct 31, 2026": the window the figures cover, in words. */
export function describeWindow(filters: AnalysisFilters): string {
  const kind = filters.kind === "game" ? "games" : filters.kind === "practice" ? "practices" : "all sessions";
  const dates =
    filters.from && filters.to
      ? `${formatDay(filters.from)} to ${formatDay(filters.to)}`
      : filters.from
        ? `from ${formatDay(filters.from)}`
        : filters.to
          ? `up to ${formatDay(filters.to)}`
          : "all dates";
  return `${kind}, ${dates}`;
}
