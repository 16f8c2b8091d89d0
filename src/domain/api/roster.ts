/**
 * The coach's roster (docs/product.md §11): players the coach adds, imports and edits, their invite links, the
 * team-code sign-ups waiting for the coach, and the players' jersey and position requests. The server validates
 * and documents with these schemas; the web takes its types and form rules from them.
 */
import { hasSomeField, NOTHING_TO_CHANGE, z } from "../zod.js";
import { fullNameSchema, jerseyNumberSchema, passwordSchema, positionKeySchema, emailSchema } from "../schemas.js";
import { isoTimeSchema as isoTime } from "./common.js";

/** The most players one import may hold (a roster is a few dozen; this bounds the request). */
export const MAX_IMPORT_ROWS = 200;

const otherPositionsSchema = z
  .array(positionKeySchema, { error: "Positions must be a list of position keys." })
  .max(10, { error: "Choose at most ten positions." });

/** A jersey number, or none yet (null or blank). */
const optionalJerseySchema = z.preprocess(
  (value) => (value === null || value === "" || Number.isNaN(value) ? null : value),
  jerseyNumberSchema.nullable(),
);

/** One player as the coach adds them: no account, no email. */
export const rosterPlayerInputSchema = z.object({
  fullName: fullNameSchema,
  jerseyNumber: optionalJerseySchema.default(null),
  primaryPosition: positionKeySchema,
  positions: otherPositionsSchema.default([]),
});
export type RosterPlayerInput = z.infer<typeof rosterPlayerInputSchema>;

/** POST /api/team/roster/import: all rows are added, or none. */
export const importRosterSchema = z.object({
  players: z
    .array(
      rosterPlayerInputSchema.refine((p) => !p.fullName.includes("\uFFFD"), {
        // Characters a wrong encoding already lost (issue #27.4): never stored as a name.
        error: "This name has characters that could not be read (�). Type it again.",
        path: ["fullName"],
      }),
      { error: "Send the players as a list." },
    )
    .min(1, { error: "There are no players to import." })
    .max(MAX_IMPORT_ROWS, { error: `Import at most ${MAX_IMPORT_ROWS} players at a time.` }),
});

/** PATCH /api/team/roster/{id}: the coach's fields of a player; those left out keep their value. */
export const updateRosterPlayerSchema = z
  .object({
    fullName: fullNameSchema.optional(),
    jerseyNumber: optionalJerseySchema.optional(),
    primaryPosition: positionKeySchema.optional(),
    positions: otherPositionsSchema.optional(),
  })
  .refine(hasSomeField, { error: NOTHING_TO_CHANGE })
  .meta({ minProperties: 1 });

/**
 * POST /api/team/roster/{id}/confirmation: a waiting team-code sign-up is confirmed, declined (removed), or merged
 * `into` a roster place nobody has claimed (the account takes the place, which keeps its history).
 */
export const confirmationBodySchema = z
  .object({
    decision: z.enum(["confirm", "decline", "merge"], { error: "decision must be confirm, decline or merge." }),
    into: z.string().min(1).max(100).optional(),
  })
  .refine((body) => body.decision !== "merge" || body.into !== undefined, {
    error: "Choose the roster place to merge into.",
    path: ["into"],
  });

/** POST /api/team/roster/{id}/request: the player's jersey or position request is approved or declined. */
export const requestDecisionBodySchema = z.object({
  decision: z.enum(["approve", "decline"], { error: "decision must be approve or decline." }),
});

/** What a player asked to change; the coach decides. */
export const rosterRequestSchema = z.object({
  jerseyNumber: z.number().int().nullable(),
  primaryPosition: z.string().nullable(),
  requestedAt: isoTime,
});

/** One player as the coach's roster shows them. */
export const rosterEntrySchema = z.object({
  id: z.string(),
  fullName: z.string(),
  jerseyNumber: z.number().int().nullable(),
  primaryPosition: z.string().nullable(),
  /** The primary position first, no repeats. */
  positions: z.array(z.string()),
  /** False while nobody has claimed the row the coach added. */
  claimed: z.boolean(),
  /** The invite link's token while the row is not claimed; null once it is. */
  inviteToken: z.string().nullable(),
  /** False for a team-code sign-up the coach has not confirmed yet. */
  confirmed: z.boolean(),
  request: rosterRequestSchema.nullable(),
  photoUrl: z.string().nullable(),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/** POST /api/team/roster/import */
export const rosterResponseSchema = z.object({ players: z.array(rosterEntrySchema) });
export type RosterResponse = z.infer<typeof rosterResponseSchema>;

/** Where a player stands for what other families see of them (docs/product.md §13), for the roster's Consent column. */
const rosterPrivacySchema = z.object({
  playerId: z.string(),
  /** Under 18 by the birth date, or held by a guardian with no birth date entered. */
  minor: z.boolean(),
  consent: z.enum(["given", "withdrawn", "none"]),
  /** The guardian lets other families see the full name and photo. */
  shared: z.boolean(),
});
export type RosterPrivacy = z.infer<typeof rosterPrivacySchema>;

/** GET /api/team/roster: the players and, for each, their consent standing. */
export const rosterListResponseSchema = rosterResponseSchema.extend({ privacy: z.array(rosterPrivacySchema) });
export type RosterListResponse = z.infer<typeof rosterListResponseSchema>;

export const rosterEntryResponseSchema = z.object({ player: rosterEntrySchema });

/** POST /api/team/roster/{id}/invite */
export const inviteResponseSchema = z.object({ inviteToken: z.string() });

/** GET /api/claim/{token}: who the row is, so the person sees they have the right link. */
export const claimInfoSchema = z.object({
  teamName: z.string(),
  fullName: z.string(),
  jerseyNumber: z.number().int().nullable(),
  primaryPosition: z.string().nullable(),
});
export type ClaimInfo = z.infer<typeof claimInfoSchema>;

/** POST /api/claim/{token}: the sign-in the row gets (same rules as sign-up). */
export const claimBodySchema = z.object({ email: emailSchema, password: passwordSchema });
export type ClaimInput = z.infer<typeof claimBodySchema>;

export const CLAIM_NOT_FOUND = "This invite link is not valid any more. Ask your coach for a new one.";

/** The 409 message when a jersey number is someone else's on the team. */
export function jerseyTakenMessage(jerseyNumber: number, holder: string): string {
  return `#${jerseyNumber} is already ${holder}'s number on this team.`;
}
