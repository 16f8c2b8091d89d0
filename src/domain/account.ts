import { z } from "./zod.js";

/** The signed-in user as the app sees them: their profile (the spec's users document) and their team. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(["player", "coach"]),
  fullName: z.string(),
  coachRole: z.enum(["head", "assistant"]).nullable(),
  team: z
    .object({
      id: z.string(),
      name: z.string(),
      code: z.string(),
      /** Only a head coach sees the code that makes assistant coaches. */
      coachInviteCode: z.string().nullable(),
    })
    .nullable(),
  jerseyNumber: z.number().int().nullable(),
  primaryPosition: z.string().nullable(),
  positions: z.array(z.string()),
  photoUrl: z.string().nullable(),
  /** A player who joined with the team code and whose coach has not confirmed them yet (docs/product.md §11). */
  waitingForCoach: z.boolean().optional(),
  /**
   * With no team: the team the account was last removed from and when (docs/product.md §6, rejoining), so the
   * page can say whose roster they are no longer on. Null otherwise.
   */
  formerTeam: z.object({ name: z.string(), leftAt: z.string() }).nullable().optional(),
  /** The account is listed in OPERATOR_EMAILS: it may open /operator. Its role is unchanged. */
  operator: z.boolean().optional(),
});

export type Me = z.infer<typeof meSchema>;
