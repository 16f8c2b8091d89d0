/**
 * Editing a team's sessions from the web (docs/product.md §2 `/coach/games/sessions`, §3 sessions): what deleting a
 * session removes, and merging one session into another of the same kind (a preview, then the merge).
 */
import { z } from "../zod.js";
import { countSchema as count, sessionRefSchema, uuidSchema } from "./common.js";

/** GET /api/team/sessions/{id}/impact: what DELETE /api/team/sessions/{id} would remove and what it keeps. */
export const sessionImpactResponseSchema = z.object({
  impact: z.object({
    /** Attendance marks deleted with the session (one per marked player). */
    marks: count,
    /** Snaps (downs) deleted with the session: a game's play-by-play and running score. */
    snaps: count,
    /** Logged plays (events) of the session; they are kept, without a session, in the players' stats. */
    events: count,
    /** The players those events belong to. */
    eventPlayers: count,
  }),
});
export type SessionImpactResponse = z.infer<typeof sessionImpactResponseSchema>;
export type SessionImpact = SessionImpactResponse["impact"];

/**
 * POST /api/team/sessions/{id}/merge (body) and its preview GET …/merge?intoId= (query): the session {id} merges
 * into `intoId` and is deleted.
 */
export const mergeSessionSchema = z.object({ intoId: uuidSchema("The session to merge into") });

const mergeSideSchema = z.object({ id: z.string(), ...sessionRefSchema.shape });

/** A player marked in both sessions: the merged mark is present when either says present (docs/product.md §3). */
const markConflictSchema = z.object({
  playerId: z.string(),
  name: z.string(),
  source: z.boolean(),
  target: z.boolean(),
  merged: z.boolean(),
});
export type MarkConflict = z.infer<typeof markConflictSchema>;

const mergePlanSchema = z.object({
  source: mergeSideSchema,
  target: mergeSideSchema,
  /** Logged plays and snaps that move to the target. */
  events: count,
  snaps: count,
  /** Marks that move as they are (the player has none in the target). */
  marks: count,
  conflicts: z.array(markConflictSchema),
  /** The target's final score is recomputed from its snaps (it was ended and not corrected by hand). */
  finalRecomputed: z.boolean(),
});
export type MergePlan = z.infer<typeof mergePlanSchema>;

/** GET /api/team/sessions/{id}/merge and POST (what was done). */
export const mergeResponseSchema = z.object({ merge: mergePlanSchema });
export type MergeResponse = z.infer<typeof mergeResponseSchema>;
