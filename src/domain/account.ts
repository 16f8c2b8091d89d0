import { z } from "./zod.js";

/** The signed-in user as the app sees them: their profile (the spec's users document) and their team. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** A guardian-only account is on no team: it acts for its children (docs/product.md §13). */
  role: z.enum(["player", "coach", "guardian"]),
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
  /**
   * Set when a guardian acts for this player (the request named the child, docs/product.md §13): who is really
   * signed in. The rest of the answer is the child's.
   */
  actingGuardian: z
    .object({
      id: z.string(),
      fullName: z.string(),
      /** The child has a sign-in of their own: the guardian sees their screens and changes nothing. */
      readOnly: z.boolean(),
    })
    .optional(),
  /** The account is listed in OPERATOR_EMAILS: it may open /operator. Its role is unchanged. */
  operator: z.boolean().optional(),
});

export type Me = z.infer<typeof meSchema>;
