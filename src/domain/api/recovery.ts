/**
 * Password recovery, email change, data export and account deletion (docs/product.md §11): request and response
 * shapes shared by the server's routes and the web's forms.
 */
import { z } from "../zod.js";
import { emailSchema, PASSWORD_MAX, passwordSchema } from "../schemas.js";

/** Reset and confirmation tokens: URL-safe text; anything else is refused before it is looked up. */
const tokenSchema = z
  .string({ error: "The link is incomplete." })
  .min(8, { error: "The link is incomplete." })
  .max(200, { error: "The link is not valid." })
  .regex(/^[A-Za-z0-9_-]+$/, { error: "The link is not valid." });

const currentPasswordSchema = z
  .string({ error: "Enter your password." })
  .min(1, { error: "Enter your password." })
  .max(PASSWORD_MAX);

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** Always the same answer, whether the email has an account or not. */
export const FORGOT_PASSWORD_SENT =
  "If an account uses this email, a link to choose a new password is on its way. It works for one hour.";

export const forgotPasswordAnswerSchema = z.object({ message: z.string() });

export const resetPasswordSchema = z.object({ token: tokenSchema, newPassword: passwordSchema });

/** The reset page's form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: "The two passwords are not the same.",
    path: ["confirmPassword"],
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

export const resetLinkSchema = z.object({
  url: z.string(),
  /** ISO-8601 UTC: when the link stops working (24 hours after it was made). */
  expiresAt: z.string(),
});
export type ResetLink = z.infer<typeof resetLinkSchema>;

export const changeEmailSchema = z.object({ newEmail: emailSchema, password: currentPasswordSchema });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const changeEmailAnswerSchema = z.object({
  /** changed: the account uses the new email now; confirm: a link was sent to the new address. */
  status: z.enum(["changed", "confirm"]),
  email: z.string(),
});
export type ChangeEmailAnswer = z.infer<typeof changeEmailAnswerSchema>;

export const confirmEmailSchema = z.object({ token: tokenSchema });

export const deleteAccountSchema = z.object({ password: currentPasswordSchema });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** What deleting the caller's account takes with it (shown before they confirm). */
export const deletionPlanSchema = z.object({
  role: z.enum(["player", "coach"]).nullable(),
  coachRole: z.enum(["head", "assistant"]).nullable(),
  teamName: z.string().nullable(),
  mustHandOver: z.boolean(),
  deletesTeam: z.boolean(),
  teamMembersLeft: z.number().int(),
  events: z.number().int(),
  attendance: z.number().int(),
  trainingLogs: z.number().int(),
  feedback: z.number().int(),
  /** The API tokens the caller made: they go with the account. */
  apiTokens: z.number().int(),
});
export type DeletionPlan = z.infer<typeof deletionPlanSchema>;

const text = z.string();
const maybeText = z.string().nullable();
const whole = z.number().int();

/**
 * GET /api/me/export: everything Flagline holds about the caller (server db/account-export.ts). Rows keep the
 * database's column names (snake_case); the profile and training logs carry every column, so a new column
 * shows up there by itself. Secrets (password hash, sessions, codes, an API token's text or hash) are never in it.
 */
export const accountExportSchema = z.object({
  exportedAt: text,
  account: z.object({ id: text, name: text, email: text, createdAt: text }),
  profile: z
    .object({
      team_id: maybeText,
      role: z.enum(["player", "coach"]),
      coach_role: z.enum(["head", "assistant"]).nullable(),
      full_name: text,
      jersey_number: whole.nullable(),
      primary_position: maybeText,
      positions: z.array(text),
      photo_file_id: maybeText,
      created_at: text,
      updated_at: text,
    })
    .loose()
    .nullable(),
  team: z.object({ id: text, name: text, created_at: text }).nullable(),
  events: z.array(
    z.object({
      id: text,
      event_type: text,
      yards: whole.nullable(),
      occurred_at: text,
      session_id: maybeText,
      session_kind: z.enum(["practice", "game"]).nullable(),
      session_date: maybeText,
      session_opponent: maybeText,
      play_id: maybeText,
      snap_id: maybeText,
    }),
  ),
  attendance: z.array(
    z.object({
      session_id: text,
      kind: z.enum(["practice", "game"]),
      date: text,
      opponent: maybeText,
      present: z.boolean(),
    }),
  ),
  snaps: z.array(
    z.object({
      id: text,
      role: text,
      session_id: text,
      kind: text,
      /** The snap as logged (domain/snaps.ts SnapDetail). */
      detail: z.record(z.string(), z.unknown()),
      period: whole,
      occurred_at: text,
    }),
  ),
  trainingLogs: z.array(
    z
      .object({
        id: text,
        date: text,
        activity_type: text,
        duration_minutes: whole,
        intensity: whole,
        notes: text,
        created_at: text,
        updated_at: text,
      })
      .loose(),
  ),
  feedbackReceived: z.array(
    z.object({ id: text, category: text, body: text, created_at: text, read_at: maybeText, coach_name: maybeText }),
  ),
  feedbackGiven: z.array(z.object({ id: text, category: text, body: text, created_at: text, player_name: maybeText })),
  files: z.array(
    z.object({
      id: text,
      kind: text,
      mime: text,
      size: whole,
      width: whole.nullable(),
      height: whole.nullable(),
      created_at: text,
    }),
  ),
  /** Which schedule mails they get (docs/product.md §12); all of them unless they changed it. */
  mailPreferences: z.object({ reminders: z.boolean(), changes: z.boolean(), digest: z.boolean() }),
  /** The caller's answers to the team's schedule ("are you coming?"), with the event they answer. */
  scheduleAnswers: z.array(
    z.object({
      event_id: text,
      kind: z.enum(["game", "practice"]),
      local_date: text,
      start_time: text,
      opponent: maybeText,
      answer: z.enum(["going", "maybe", "no"]),
      note: maybeText,
      answered_at: text,
      /** true when a coach answered for them. */
      by_coach: z.boolean(),
    }),
  ),
  /** The API tokens the caller made (a coach; a player has none): metadata only, never the token or its hash. */
  apiTokens: z.array(
    z.object({
      id: text,
      team_id: text,
      name: text,
      scope: z.enum(["read", "write"]),
      created_at: text,
      last_used_at: maybeText,
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** Whether this server sends mail (GET /api/mail): the pages say what to do without it. */
export const mailStatusSchema = z.object({ mail: z.boolean() });
