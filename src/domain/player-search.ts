import type { PlayerSummary } from "./player-summary.js";
import type { PositionKey } from "./positions.js";

/** docs/product.md §2 Sort By options, in the order the dialog lists them. */
export const SORT_OPTIONS = [
  { value: "performanceScore", label: "Performance Score" },
  { value: "teamRanking", label: "Team Ranking" },
  { value: "activity", label: "Activity Level" },
  { value: "attendance", label: "Attendance" },
  { value: "name", label: "Name" },
] as const;

export type SortKey = (typeof SORT_OPTIONS)[number]["value"];

export const ORDER_OPTIONS = [
  { value: "desc", label: "Highest First" },
  { value: "asc", label: "Lowest First" },
] as const;

export type SortOrder = (typeof ORDER_OPTIONS)[number]["value"];

/** docs/product.md §9: the default sort is performanceScore descending. */
export const DEFAULT_SORT: SortKey = "performanceScore";
export const DEFAULT_ORDER: SortOrder = "desc";

export type PositionFilter = "all" | PositionKey;

export interface PlayerSearchCriteria {
  query: string;
  position: PositionFilter;
  sortBy: SortKey;
  order: SortOrder;
}

export const DEFAULT_CRITERIA: PlayerSearchCriteria = {
  query: "",
  position: "all",
  sortBy: DEFAULT_SORT,
  order: DEFAULT_ORDER,
};

/** docs/product.md §5: case-insensitive substring match on the name; an empty query matches everyone. */
export function matchesName(player: Pick<PlayerSummary, "name">, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === "") return true;
  return player.name.toLowerCase().includes(q);
}

/** docs/product.md §5: exact match on the position key; "all" matches everyone. */
export function matchesPosition(player: Pick<PlayerSummary, "position">, position: PositionFilter): boolean {
  return position === "all" || player.position === position;
}

type Sortable = Pick<
  PlayerSummary,
  "id" | "name" | "performanceScore" | "teamRanking" | "eventCount" | "attendancePercentage"
>;

function sortValue(player: Sortable, sortBy: Exclude<SortKey, "name">): number {
  switch (sortBy) {
    case "performanceScore":
      return player.performanceScore;
    case "teamRanking":
      return player.teamRanking;
    case "activity":
      return player.eventCount;
    case "attendance":
      return player.attendancePercentage;
  }
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * Compares two players for the chosen sort. "Highest First" reverses the ascending order, so for Name it
 * reads Z to A. Ties fall back to name A to Z, then id, so the order is stable whatever the input order.
 */
export function comparePlayers(a: Sortable, b: Sortable, sortBy: SortKey, order: SortOrder): number {
  const primary = sortBy === "name" ? collator.compare(a.name, b.name) : sortValue(a, sortBy) - sortValue(b, sortBy);
  if (primary !== 0) return order === "desc" ? -primary : primary;
  const byName = collator.compare(a.name, b.name);
  if (byName !== 0) return byName;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function sortPlayers<T extends Sortable>(players: readonly T[], sortBy: SortKey, order: SortOrder): T[] {
  return [...players].sort((a, b) => comparePlayers(a, b, sortBy, order));
}

/** Name and position filters, then the chosen sort. */
export function searchPlayers<T extends Sortable & Pick<PlayerSummary, "position">>(
  players: readonly T[],
  criteria: PlayerSearchCriteria,
): T[] {
  const filtered = players.filter((p) => matchesName(p, criteria.query) && matchesPosition(p, criteria.position));
  return sortPlayers(filtered, criteria.sortBy, criteria.order);
}

/** Whether the search or a filter narrows the list (chooses the empty-state hint). */
export function isCriteriaActive(criteria: PlayerSearchCriteria): boolean {
  return criteria.query.trim() !== "" || criteria.position !== "all";
}
