/**
 * Families (docs/product.md §13): guardians, the children they act for, their invite links and the consent ledger.
 * The server validates and documents with these schemas; the web takes its types and form rules from them.
 */
import { z } from "../zod.js";
import { emailSchema, fullNameSchema, passwordSchema } from "../schemas.js";
import { isoTimeSchema as isoTime } from "./common.js";

const BIRTH_DATE_MESSAGE = "Enter the birth date as a date (YYYY-MM-DD).";

/** A birth date: a real calendar day, not in the future, not before 1900. */
const birthDateSchema = z
  .string({ error: BIRTH_DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: BIRTH_DATE_MESSAGE })
  .refine(
    (text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
    },
    { error: "This date does not exist." },
  )
  .refine((text) => text >= "1900-01-01", { error: "Enter a birth date after 1900." })
  .refine((text) => text <= new Date().toISOString().slice(0, 10), { error: "A birth date cannot be in the future." });

/** Where a player's consent stands, from the ledger's latest record. */
const consentSchema = z.object({
  status: z.enum(["given", "withdrawn", "none"]),
  /** The guardian of the latest record, when, and the text version they agreed to (null: no record). */
  byName: z.string().nullable(),
  at: isoTime.nullable(),
  version: z.string().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

/** GET /api/family: the children the signed-in account acts for, on whichever teams. */
export const familyChildSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  jerseyNumber: z.number().int().nullable(),
  birthDate: z.string().nullable(),
  /** Has a sign-in of their own (claimed their place, or signed up). */
  ownSignIn: z.boolean(),
  /** Under 13 by the birth date: no sign-in of their own; the guardian answers for them. */
  underOwnSignInAge: z.boolean(),
  /** Under 18 by the birth date: their personal data is shown only with consent. */
  child: z.boolean(),
  consent: consentSchema,
  /** The guardian lets other families on the team see the full name and photo. */
  shareWithTeam: z.boolean(),
  guardians: z.array(z.object({ id: z.string(), fullName: z.string() })),
});
export type FamilyChild = z.infer<typeof familyChildSchema>;

export const familySchema = z.object({
  fullName: z.string(),
  children: z.array(familyChildSchema),
});
export type Family = z.infer<typeof familySchema>;

/** PATCH /api/family: a guardian-only account's own name (others change theirs on their profile). */
export const renameGuardianSchema = z.object({ fullName: fullNameSchema });
export type RenameGuardianInput = z.infer<typeof renameGuardianSchema>;

/** PATCH /api/family/children/{id}: what a guardian sets for a child. */
export const updateChildSchema = z
  .object({
    birthDate: birthDateSchema.nullable().optional(),
    shareWithTeam: z.boolean({ error: "Choose whether other families see the full name and photo." }).optional(),
  })
  .refine((v) => v.birthDate !== undefined || v.shareWithTeam !== undefined, {
    error: "Send a birth date or whether to share.",
  });
export type UpdateChildInput = z.infer<typeof updateChildSchema>;

/** GET /api/guardian-invites/{token}: what the invite link shows before anyone agrees. */
export const guardianInviteInfoSchema = z.object({
  teamName: z.string(),
  /** First name and last initial: the link may have been forwarded to the wrong person. */
  childName: z.string(),
  consentVersion: z.string(),
  consentText: z.array(z.string()),
  expiresAt: isoTime,
});
export type GuardianInviteInfo = z.infer<typeof guardianInviteInfoSchema>;

export const CONSENT_REQUIRED = "Agree to the consent text to continue.";

/**
 * POST /api/guardian-invites/{token}: agree and take the link. Signed in: the account becomes this child's
 * guardian (the name, email and password are not sent). Signed out: a guardian account is made with them.
 */
export const acceptGuardianInviteSchema = z.object({
  consent: z.literal(true, { error: CONSENT_REQUIRED }),
  consentVersion: z.string({ error: "Send the consent text's version." }).max(40),
  fullName: fullNameSchema.optional(),
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
});

/** A roster invite link of a player under 13 (by the birth date on the roster): the place is a guardian's. */
export const GUARDIAN_HOLDS_PLACE =
  "Players under 13 have no sign-in of their own: a parent or guardian holds the place. Ask the coach for a guardian link.";

export const GUARDIAN_INVITE_NOT_FOUND = "This guardian link is not valid any more. Ask the coach for a new one.";
export const CONSENT_OUTDATED = "The consent text changed while this page was open. Read it again and agree.";

/**
 * POST /api/team/players/{id}/guardian-invites: a new single-use link. With an address (mail set up), the link is
 * also mailed there, and a link mailed there before for this player stops working.
 */
export const newGuardianInviteSchema = z.object({ email: emailSchema.optional() });

/** How many mailed guardian links a player may have open at once. */
export const MAILED_INVITES_PER_PLAYER = 6;

export const NO_MAIL_FOR_INVITES =
  "This server does not send mail. Share the link or its QR code with the guardian instead.";
export const TOO_MANY_MAILED_INVITES = `There are already ${MAILED_INVITES_PER_PLAYER} mailed links waiting for this player's guardians. Wait for one to be taken or to expire, or share a link by hand.`;

export const guardianInviteSchema = z.object({
  token: z.string(),
  expiresAt: isoTime,
  /** The address the link was mailed to; null when it was only made. */
  emailedTo: z.string().nullable(),
});
export type GuardianInvite = z.infer<typeof guardianInviteSchema>;

/** GET /api/team/players/{id}/family: the coach's view of one player's guardians and consent. */
export const playerFamilySchema = z.object({
  birthDate: z.string().nullable(),
  child: z.boolean(),
  underOwnSignInAge: z.boolean(),
  ownSignIn: z.boolean(),
  consent: consentSchema,
  guardians: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string(), since: isoTime })),
  /** Links made and not yet taken. */
  openInvites: z.number().int(),
  /** Of those, the ones mailed, newest first. */
  mailedInvites: z.array(z.object({ email: z.string(), expiresAt: isoTime })),
  /** Whether this server sends mail: a link can be mailed to a guardian. */
  mailEnabled: z.boolean(),
});
export type PlayerFamily = z.infer<typeof playerFamilySchema>;

/** PUT /api/team/players/{id}/birth-date */
export const setBirthDateSchema = z.object({ birthDate: birthDateSchema.nullable() });

/** What withdrawing consent deletes (GET /api/family/children/{id}/withdrawal), and what it deleted (POST). */
export const withdrawalPlanSchema = z.object({
  fullName: z.string(),
  /** The name the team's past games keep for the child afterwards. */
  shownAs: z.string(),
  photo: z.boolean(),
  birthDate: z.boolean(),
  ownSignIn: z.boolean(),
  trainingLogs: z.number().int(),
  feedback: z.number().int(),
  scheduleAnswers: z.number().int(),
});
export type WithdrawalPlan = z.infer<typeof withdrawalPlanSchema>;

/** POST /api/family/children/{id}/withdrawal */
export const withdrawConsentSchema = z.object({
  confirm: z.literal(true, { error: "Confirm that the data is to be deleted." }),
});
