/**
 * A team's league rules (docs/product.md §10): how a game is split, what scores are worth, and whether downs are
 * tracked. Defaults are NFL FLAG 5-on-5: two halves, a touchdown 6, a try for 1 from the 5-yard line or for 2 from
 * the 10, a safety 2, four downs to cross midfield and four more to score, no-run zones 5 yards before midfield
 * and before the end zone. Stored per team as JSON; a team that never set them has the defaults.
 */
import { z } from "./zod.js";

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
});

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(min, { error: `${label} must be from ${min} to ${max}.` })
    .max(max, { error: `${label} must be from ${min} to ${max}.` });

/** PUT /api/team/rules: the whole rule set (the settings form always sends every field). */
export const leagueRulesSchema = z.object({
  periodKind: z.enum(["half", "quarter"], { error: "Choose halves or quarters." }),
  touchdownPoints: whole("Touchdown points", 1, 9),
  tryOneYards: whole("Try for 1 distance", 1, 20),
  tryTwoYards: whole("Try for 2 distance", 1, 30),
  safetyPoints: whole("Safety points", 1, 9),
  trackDowns: z.boolean({ error: "Track downs must be true or false." }),
  downsToMidfield: whole("Downs to cross midfield", 1, 6),
  downsToScore: whole("Downs to score", 1, 6),
  noRunZones: z
    .array(
      z
        .string({ error: "A no-run zone must be text." })
        .trim()
        .min(1, { error: "A no-run zone cannot be blank." })
        .max(60, { error: "A no-run zone label must be at most 60 characters." }),
    )
    .max(4, { error: "At most 4 no-run zones." }),
}) satisfies z.ZodType<LeagueRules>;

/** Stored rules read back: anything missing or broken falls back to the default, field by field. */
export function readLeagueRules(stored: unknown): LeagueRules {
  const base: LeagueRules = { ...DEFAULT_LEAGUE_RULES, noRunZones: [...DEFAULT_LEAGUE_RULES.noRunZones] };
  if (typeof stored !== "object" || stored === null) return base;
  const shape = leagueRulesSchema.shape;
  const out: Record<string, unknown> = { ...base };
  for (const key of Object.keys(shape) as (keyof LeagueRules)[]) {
    const parsed = shape[key].safeParse((stored as Record<string, unknown>)[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as unknown as LeagueRules;
}

export function periodCount(rules: Pick<LeagueRules, "periodKind">): number {
  return rules.periodKind === "half" ? 2 : 4;
}

/** "1st half", "2nd quarter", "OT" for a period past the last. */
export function periodLabel(period: number, rules: Pick<LeagueRules, "periodKind">): string {
  if (period > periodCount(rules)) return period === periodCount(rules) + 1 ? "OT" : `OT${period - periodCount(rules)}`;
  const ordinal = ["1st", "2nd", "3rd", "4th"][period - 1] ?? `${period}th`;
  return `${ordinal} ${rules.periodKind}`;
}
