import type { AnalysisKind } from "#domain/api/plays.js";

/**
 * Which events and snaps the playbook analysis counts (db/playbook-analysis.ts, read from the play tallies by
 * tallies/play-reads.ts): see playbookAnalysisQuerySchema in domain/api/plays.ts.
 */
export interface AnalysisWindow {
  kind: AnalysisKind;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  /** YYYY-MM-DD, inclusive. */
  to?: string;
  /** Minutes east of UTC: the zone that dates an event logged outside a session. */
  tzOffset: number;
  /** The season (absent: the current one); the route resolved it. */
  seasonId?: string;
}
