/**
 * GET /api/team/sessions/{id}/participation (docs/product.md §12 "Playing time"): each roster player's snaps
 * played in a game, per period and in total, from the snaps' lineups, and who is below the league's minimum.
 */
import { z } from "../zod.js";
import { isoDaySchema } from "./common.js";

export const participationResponseSchema = z.object({
  session: z.object({
    id: z.string(),
    kind: z.enum(["practice", "game"]),
    date: isoDaySchema,
    opponent: z.string().nullable(),
  }),
  rules: z.object({
    playersOnField: z.number().int(),
    /** null: the league sets no minimum. */
    minSnapsPerPeriod: z.number().int().nullable(),
    periodKind: z.enum(["half", "quarter"]),
  }),
  /** How many periods `byPeriod` holds: the rules' periods and any overtime reached. */
  periods: z.number().int().min(1),
  /** Every roster player (zero rows included), then any former member a lineup names; by jersey, then name. */
  players: z.array(
    z.object({
      playerId: z.string(),
      fullName: z.string(),
      jerseyNumber: z.number().int().nullable(),
      /** Snaps played in each period, the 1st first. */
      byPeriod: z.array(z.number().int().min(0)),
      total: z.number().int().min(0),
      /** Below the minimum in a regular period the game has reached. */
      belowMinimum: z.boolean(),
    }),
  ),
});
export type ParticipationResponse = z.infer<typeof participationResponseSchema>;
