/**
 * A team's league rules (docs/product.md §10): how a game is split, what scores are worth, and whether downs are
 * tracked. Defaults are NFL FLAG 5-on-5: two halves, a touchdown 6, a try for 1 from the 5-yard line or for 2 from
 * the 10, a safety 2, four downs to cross midfield and four more to score, no-run zones 5 yards before midfield
 * and before the end zone. Stored per team as JSON; a team that never set them has the defaults.
 *
 * Free of zod, so a screen that shows a period (the logger) does not load it: the schema of PUT /api/team/rules and
 * the reading of stored rules are in api/league-rules.ts.
 */
export interface LeagueRules {
  /** "half": two periods; "quarter": four. */
  periodKind: "half" | "quarter";
  touchdownPoints: number;
  /** Where the try for 1 and the try for 2 are snapped from, in yards from the goal line (shown as labels). */
  tryOneYards: number;
  tryTwoYards: number;
  safetyPoints: number;
  /** Whether the logger counts downs; off by default (many leagues have no chains and no one to count). */
  trackDowns: boolean;
  downsToMidfield: number;
  downsToScore: number;
  /** Labels for the no-run zones, shown on the logger's run button when downs are tracked. */
  noRunZones: string[];
  /** How many players a side has on the field (the logger's lineup, docs/product.md §12 "Playing time"). */
  playersOnField: number;
  /** The fewest snaps each player must play in each period; null: no minimum. */
  minSnapsPerPeriod: number | null;
}

export const DEFAULT_LEAGUE_RULES: Readonly<LeagueRules> = Object.freeze({
  periodKind: "half",
  touchdownPoints: 6,
  tryOneYards: 5,
  tryTwoYards: 10,
  safetyPoints: 2,
  trackDowns: false,
  downsToMidfield: 4,
  downsToScore: 4,
  noRunZones: ["5 yards before midfield", "5 yards before the end zone"],
  playersOnField: 5,
  minSnapsPerPeriod: null,
});

export function periodCount(rules: Pick<LeagueRules, "periodKind">): number {
  return rules.periodKind === "half" ? 2 : 4;
}

/** "1st half", "2nd quarter", "OT" for a period past the last. */
export function periodLabel(period: number, rules: Pick<LeagueRules, "periodKind">): string {
  if (period > periodCount(rules)) return period === periodCount(rules) + 1 ? "OT" : `OT${period - periodCount(rules)}`;
  const ordinal = ["1st", "2nd", "3rd", "4th"][period - 1] ?? `${period}th`;
  return `${ordinal} ${rules.periodKind}`;
}
