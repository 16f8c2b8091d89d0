import { PLAY_SIDES } from "#domain/api/plays";
import type { AnalysisFilters, KindFilter, SideFilter } from "~/lib/analysis-filters";

export type { AnalysisFilters } from "~/lib/analysis-filters";
export type PlaybookTab = "analysis" | "plays";

export const SIDE_OPTIONS: readonly { value: SideFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "offense", label: "Offense" },
  { value: "defense", label: "Defense" },
];

export const KIND_OPTIONS: readonly { value: KindFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "practice", label: "Practices" },
  { value: "game", label: "Games" },
];

export const DEFAULT_FILTERS: AnalysisFilters = { side: "all", kind: "all", from: "", to: "" };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string | null): string {
  return value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : "";
}

/** Reads the tab and filters from the page's address (?tab=plays&side=offense&kind=game&from=…&to=…). */
export function readFilters(params: URLSearchParams): AnalysisFilters {
  const side = params.get("side");
  const kind = params.get("kind");
  return {
    side: PLAY_SIDES.find((s) => s === side) ?? "all",
    kind: kind === "practice" || kind === "game" ? kind : "all",
    from: day(params.get("from")),
    to: day(params.get("to")),
  };
}

export function readTab(params: URLSearchParams): PlaybookTab {
  return params.get("tab") === "plays" ? "plays" : "analysis";
}

/** The address for a tab and filters; defaults are left out so the plain page keeps its plain address. */
export function writeFilters(tab: PlaybookTab, filters: AnalysisFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (tab !== "analysis") params.set("tab", tab);
  if (filters.side !== "all") params.set("side", filters.side);
  if (filters.kind !== "all") params.set("kind", filters.kind);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  return params;
}

/** The server refuses a window that ends before it starts; the page says so instead of asking. */
export function rangeError(filters: AnalysisFilters): string | null {
  return filters.from && filters.to && filters.from > filters.to
    ? "The start date must be on or before the end date."
    : null;
}

export function hasActiveFilters(filters: AnalysisFilters): boolean {
  return filters.side !== "all" || filters.kind !== "all" || filters.from !== "" || filters.to !== "";
}
