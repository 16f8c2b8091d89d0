import type { PlaySide } from "#domain/api/plays";

/** The window the playbook analysis reads (its query keys and parameters); the playbook page reads it from its address. */
export type SideFilter = PlaySide | "all";
export type KindFilter = "all" | "practice" | "game";

export interface AnalysisFilters {
  side: SideFilter;
  kind: KindFilter;
  /** YYYY-MM-DD, inclusive, or "" for no bound. */
  from: string;
  to: string;
}
