import { comparePlayers, type SortKey } from "#domain/player-search";
import { positionName } from "#domain/positions";
import type { PlayerSummaryDto } from "#domain/api/team";
import type { RosterColumnKey } from "./roster-csv";

type SortDirection = "asc" | "desc";

export interface RosterSort {
  column: RosterColumnKey;
  direction: SortDirection;
}

/** docs/product.md §9: the default order is performance score, highest first. */
export const DEFAULT_ROSTER_SORT: RosterSort = { column: "score", direction: "desc" };

/** The direction a column sorts in when first chosen: words A to Z, numbers and recency highest first. */
const FIRST_DIRECTION: Readonly<Record<RosterColumnKey, SortDirection>> = {
  name: "asc",
  jersey: "asc",
  position: "asc",
  attendance: "desc",
  score: "desc",
  ranking: "desc",
  lastActive: "desc",
};

/** Columns whose order is the domain's own player comparison (docs/product.md §2 sort options). */
const DOMAIN_SORT: Partial<Record<RosterColumnKey, SortKey>> = {
  name: "name",
  attendance: "attendance",
  score: "performanceScore",
  ranking: "teamRanking",
};

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

function jerseyValue(jersey: number | string): number | null {
  const n = typeof jersey === "number" ? jersey : Number.parseInt(String(jersey).replace(/^#/, ""), 10);
  return Number.isFinite(n) ? n : null;
}

function timeValue(iso: string | null): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

/** Compares two possibly missing numbers; a missing value always sorts last, whichever the direction. */
function compareMissingLast(a: number | null, b: number | null, direction: SortDirection): number | null {
  if (a === null && b === null) return null;
  if (a === null) return 1;
  if (b === null) return -1;
  const diff = direction === "asc" ? a - b : b - a;
  return diff === 0 ? null : diff;
}

function byName(a: PlayerSummaryDto, b: PlayerSummaryDto): number {
  return comparePlayers(a, b, "name", "asc");
}

function compareRoster(a: PlayerSummaryDto, b: PlayerSummaryDto, sort: RosterSort): number {
  const domainKey = DOMAIN_SORT[sort.column];
  if (domainKey) return comparePlayers(a, b, domainKey, sort.direction);
  let primary: number | null;
  switch (sort.column) {
    case "jersey":
      primary = compareMissingLast(jerseyValue(a.jerseyNumber), jerseyValue(b.jerseyNumber), sort.direction);
      break;
    case "lastActive":
      primary = compareMissingLast(timeValue(a.lastActive), timeValue(b.lastActive), sort.direction);
      break;
    default: {
      const diff = collator.compare(positionName(a.position), positionName(b.position));
      primary = diff === 0 ? null : sort.direction === "asc" ? diff : -diff;
    }
  }
  return primary ?? byName(a, b);
}

export function sortRoster(players: readonly PlayerSummaryDto[], sort: RosterSort): PlayerSummaryDto[] {
  return [...players].sort((a, b) => compareRoster(a, b, sort));
}

/** Clicking a header: the same column flips its direction, another column starts in its first direction. */
export function nextSort(current: RosterSort, column: RosterColumnKey): RosterSort {
  if (current.column === column) return { column, direction: current.direction === "asc" ? "desc" : "asc" };
  return { column, direction: FIRST_DIRECTION[column] };
}
