/**
 * The league rules on the wire and in storage (docs/product.md §10): the schema of PUT /api/team/rules and the reading
 * of a team's stored rules. The rules themselves and their defaults are in ../league-rules.ts.
 */
import { DEFAULT_LEAGUE_RULES, type LeagueRules } from "../league-rules.js";
import { z } from "../zod.js";

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(min, { error: `${label} must be from ${min} to ${max}.` })
    .max(max, { error: `${label} must be from ${min} to ${max}.` });

/** PUT /api/team/rules: the whole rule set (the settings form always sends every field; the playing-time ones may be left out). */
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
  /** Added with playing time (issue #29): a client that does not send them keeps the defaults. */
  playersOnField: whole("Players on the field", 3, 11).default(DEFAULT_LEAGUE_RULES.playersOnField),
  minSnapsPerPeriod: whole("Minimum snaps per period", 1, 50).nullable().default(null),
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
