/**
 * Seasons (docs/product.md §11, decision 0013): a team's seasons, the current one (its newest by start day), and
 * the `season` query parameter every stat read takes (a season id; absent: the current season).
 */
import { z } from "../zod.js";
import { isoDaySchema, isoTimeSchema } from "./common.js";

export const SEASON_NAME_MAX = 60;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day the user typed or picked: "YYYY-MM-DD" and a real date. */
const daySchema = (label: string) =>
  z
    .string({ error: `${label} must be a date.` })
    .regex(DAY, { error: `${label} must be a date (YYYY-MM-DD).` })
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      {
        error: `${label} must be a real date.`,
      },
    );

const seasonNameSchema = z
  .string({ error: "Give the season a name." })
  .trim()
  .min(1, { error: "Give the season a name." })
  .max(SEASON_NAME_MAX, { error: `A season name has at most ${SEASON_NAME_MAX} characters.` });

export const seasonSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsOn: isoDaySchema,
  /** null while the season is open: the current season. */
  endsOn: isoDaySchema.nullable(),
  current: z.boolean(),
  /** Practices and games created in it. */
  sessionCount: z.number().int().min(0),
  createdAt: isoTimeSchema,
});
export type Season = z.infer<typeof seasonSchema>;

/** GET /api/team/seasons: newest first; the first is the current season. */
export const seasonsResponseSchema = z.object({
  seasons: z.array(seasonSchema),
  currentSeasonId: z.string(),
});
export type SeasonsResponse = z.infer<typeof seasonsResponseSchema>;

/** POST /api/team/seasons: start a new season (the current one closes the day before it starts). */
export const startSeasonBodySchema = z.object({
  name: seasonNameSchema,
  /** Default: today (the server's UTC day). */
  startsOn: daySchema("The start date").optional(),
  /**
   * The players who do not return (issue #27.9): they leave the roster as `Remove` takes them off, their history
   * staying in the past seasons. Default: everyone returns.
   */
  leaving: z.array(z.string().min(1).max(100)).max(500).optional(),
});
export type StartSeasonBody = z.infer<typeof startSeasonBodySchema>;

/** PATCH /api/team/seasons/{id}: rename, or move its dates (kept consistent with its neighbours and sessions). */
export const patchSeasonBodySchema = z
  .object({
    name: seasonNameSchema.optional(),
    startsOn: daySchema("The start date").optional(),
    endsOn: daySchema("The end date").optional(),
  })
  .refine((b) => b.name !== undefined || b.startsOn !== undefined || b.endsOn !== undefined, {
    error: "Send a name, a start date or an end date.",
  })
  .meta({ minProperties: 1 });
export type PatchSeasonBody = z.infer<typeof patchSeasonBodySchema>;

/** The `season` query parameter of every stat read: a season id of the team; absent: the current season. */
export const seasonQuerySchema = z
  .string()
  .min(1, { error: "season must be a season id." })
  .max(200, { error: "season must be a season id." })
  .optional();
