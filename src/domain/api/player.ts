/**
 * Request and response shapes of the player area: own profile and photo, password change, training logs, coach
 * feedback and the player dashboard. The server validates with these schemas and declares its OpenAPI document
 * from them; the web takes its types (and its form checks) from the same schemas.
 * Times are ISO-8601 UTC strings with milliseconds; calendar days are "YYYY-MM-DD".
 */
import { hasSomeField, NOTHING_TO_CHANGE, z } from "../zod.js";
import { fullNameSchema, jerseyNumberSchema, PASSWORD_MAX, PASSWORD_MIN, positionKeySchema } from "../schemas.js";
import { countSchema as count, isoDaySchema as isoDay } from "./common.js";
import { rosterRequestSchema } from "./roster.js";
import { sessionDateSchema } from "./logger.js";
import {
  feedbackItemSchema,
  playerEventSchema,
  playerSummarySchema,
  scorePointSchema,
  trainingLogSchema,
} from "./team.js";

// ---------------------------------------------------------------------------------------------------------------
// Uploads

/** The largest image a player or coach may upload. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What a browser may send; anything else is refused whatever its name or declared type. */
export const UPLOAD_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const UPLOAD_TOO_LARGE = "The file is larger than 5 MB.";
export const UPLOAD_WRONG_TYPE = "Only JPEG, PNG or WebP images can be uploaded.";
export const UPLOAD_UNREADABLE = "This image could not be read. It may be damaged; try another one.";
export const UPLOAD_MISSING = "Choose an image to upload.";
/** The multipart/form-data field an upload travels in. */
export const UPLOAD_FIELD = "file";

// ---------------------------------------------------------------------------------------------------------------
// Profile

const profileSchema = z.object({
  role: z.enum(["player", "coach"]),
  fullName: z.string(),
  email: z.string(),
  jerseyNumber: z.number().int().nullable(),
  primaryPosition: z.string().nullable(),
  /** The primary position first, no repeats. */
  positions: z.array(z.string()),
  photoUrl: z.string().nullable(),
  /** A player's jersey number or primary position change waiting for the coach (docs/product.md §11). */
  request: rosterRequestSchema.nullable().optional(),
});
export type ProfileDto = z.infer<typeof profileSchema>;

/** GET and PATCH /api/profile */
export const profileResponseSchema = z.object({ profile: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const ONLY_PLAYERS_JERSEY = "Only players have a jersey number.";
export const ONLY_PLAYERS_POSITIONS = "Only players have positions.";

/**
 * PATCH /api/profile: any of the fields; those left out keep their value. Jersey number and positions are for
 * players only (a coach sending them gets a 400 by field).
 */
export const updateProfileSchema = z
  .object({
    fullName: fullNameSchema.optional(),
    jerseyNumber: jerseyNumberSchema.optional(),
    primaryPosition: positionKeySchema.optional(),
    positions: z
      .array(positionKeySchema, { error: "Positions must be a list of position keys." })
      .max(10, { error: "Choose at most ten positions." })
      .optional(),
  })
  .refine(hasSomeField, { error: NOTHING_TO_CHANGE })
  .meta({ minProperties: 1 });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/**
 * The positions a player ends up with: the primary one first, then the others in the order given, without
 * repeats.
 */
export function orderPositions(primary: string | null, positions: readonly string[]): string[] {
  const out: string[] = primary ? [primary] : [];
  for (const p of positions) if (!out.includes(p)) out.push(p);
  return out;
}

/** POST /api/profile/photo */
export const photoResponseSchema = z.object({ photoUrl: z.string() });
export type PhotoResponse = z.infer<typeof photoResponseSchema>;

export const WRONG_CURRENT_PASSWORD = "Your current password is not right.";
export const SAME_PASSWORD = "Choose a new password that differs from your current one.";

/** POST /api/profile/password */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Enter your current password." })
      .min(1, { error: "Enter your current password." })
      .max(PASSWORD_MAX, { error: WRONG_CURRENT_PASSWORD }),
    newPassword: z
      .string({ error: "Enter a new password." })
      .min(PASSWORD_MIN, { error: `New password must be at least ${PASSWORD_MIN} characters.` })
      .max(PASSWORD_MAX, { error: `New password must be at most ${PASSWORD_MAX} characters.` }),
  })
  .superRefine((value, ctx) => {
    if (value.currentPassword === value.newPassword) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: SAME_PASSWORD });
    }
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Training logs

export const ACTIVITY_TYPES = [
  "Speed & agility",
  "Route running",
  "Throwing",
  "Catching",
  "Strength",
  "Conditioning",
  "Flag pulling drills",
  "Film study",
  "Other",
] as const;

export const MIN_DURATION_MINUTES = 1;
export const MAX_DURATION_MINUTES = 600;
export const MIN_INTENSITY = 1;
export const MAX_INTENSITY = 10;
export const MAX_LOG_NOTES = 2000;

export const activityTypeSchema = z.enum(ACTIVITY_TYPES, { error: "Choose one of the listed activities." });

/** A day of training: a real date, and not after tomorrow (a player's "today" may be UTC's tomorrow). */
const trainingDateSchema = sessionDateSchema.refine(
  (value) => value <= new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
  { error: "That date is in the future." },
);

const wholeNumber = (label: string, min: number, max: number) => {
  const range = `${label} must be between ${min} and ${max}.`;
  return z
    .number({ error: `${label} must be a number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(min, { error: range })
    .max(max, { error: range });
};

const logFields = {
  date: trainingDateSchema,
  activityType: activityTypeSchema,
  durationMinutes: wholeNumber("Duration", MIN_DURATION_MINUTES, MAX_DURATION_MINUTES),
  intensity: wholeNumber("Intensity", MIN_INTENSITY, MAX_INTENSITY),
  notes: z
    .string({ error: "Notes must be text." })
    .trim()
    .max(MAX_LOG_NOTES, { error: `Notes must be at most ${MAX_LOG_NOTES} characters.` }),
};

/** POST /api/me/training-logs */
export const createTrainingLogSchema = z.object({ ...logFields, notes: logFields.notes.optional().default("") });
export type CreateTrainingLogInput = z.input<typeof createTrainingLogSchema>;

/** PATCH /api/me/training-logs/{id}: the fields to change. */
export const updateTrainingLogSchema = z
  .object({
    date: logFields.date.optional(),
    activityType: logFields.activityType.optional(),
    durationMinutes: logFields.durationMinutes.optional(),
    intensity: logFields.intensity.optional(),
    notes: logFields.notes.optional(),
  })
  .refine(hasSomeField, { error: NOTHING_TO_CHANGE })
  .meta({ minProperties: 1 });
export type UpdateTrainingLogInput = z.input<typeof updateTrainingLogSchema>;

/** GET .../training-logs query: every filter optional; from and to are inclusive days. */
export const trainingLogQuerySchema = z
  .object({
    type: activityTypeSchema.optional(),
    from: sessionDateSchema.optional(),
    to: sessionDateSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.from > value.to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The end date is before the start date." });
    }
  });
export type TrainingLogQuery = z.input<typeof trainingLogQuerySchema>;

export type TrainingLogDto = z.infer<typeof trainingLogSchema>;

const weeklyTotalSchema = z.object({
  /** The Monday the week starts on. */
  weekStart: isoDay,
  minutes: count,
  sessions: count,
});
export type WeeklyTotal = z.infer<typeof weeklyTotalSchema>;

/** GET /api/me/training-logs and GET /api/team/players/{id}/training-logs */
export const trainingLogsResponseSchema = z.object({
  /** Latest date first. */
  logs: z.array(trainingLogSchema),
  /** One entry per week (Monday to Sunday) holding at least one of the logs listed, oldest week first. */
  weeklyTotals: z.array(weeklyTotalSchema),
});
export type TrainingLogsResponse = z.infer<typeof trainingLogsResponseSchema>;

/** POST and PATCH /api/me/training-logs(/{id}) */
export const trainingLogResponseSchema = z.object({ log: trainingLogSchema });
export type TrainingLogResponse = z.infer<typeof trainingLogResponseSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday of the week holding a "YYYY-MM-DD" day. */
export function weekStartOf(day: string): string {
  const time = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(time)) throw new RangeError(`not a day: ${day}`);
  const sinceMonday = (new Date(time).getUTCDay() + 6) % 7;
  return new Date(time - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The day `days` after a "YYYY-MM-DD" day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar day it is at `now` in a zone `offsetMinutes` east of UTC. */
export function localToday(now: Date, offsetMinutes: number): string {
  return new Date(now.getTime() + offsetMinutes * 60 * 1000).toISOString().slice(0, 10);
}

/** Minutes and sessions per Monday-to-Sunday week, oldest week first; weeks without logs are left out. */
export function weeklyTotals(logs: readonly { date: string; durationMinutes: number }[]): WeeklyTotal[] {
  const weeks = new Map<string, WeeklyTotal>();
  for (const log of logs) {
    const weekStart = weekStartOf(log.date);
    let week = weeks.get(weekStart);
    if (!week) weeks.set(weekStart, (week = { weekStart, minutes: 0, sessions: 0 }));
    week.minutes += log.durationMinutes;
    week.sessions += 1;
  }
  return [...weeks.values()].sort((a, b) => (a.weekStart < b.weekStart ? -1 : a.weekStart > b.weekStart ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------------------------
// Feedback

export const FEEDBACK_CATEGORIES = ["Technique", "Effort", "Game IQ", "Leadership", "Conditioning", "Other"] as const;
export const MAX_FEEDBACK_BODY = 2000;

/** POST /api/team/players/{id}/feedback */
export const createFeedbackSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: "Choose one of the listed categories." }),
  body: z
    .string({ error: "Write your feedback." })
    .trim()
    .min(1, { error: "Write your feedback." })
    .max(MAX_FEEDBACK_BODY, { error: `Feedback must be at most ${MAX_FEEDBACK_BODY} characters.` }),
});
export type CreateFeedbackInput = z.input<typeof createFeedbackSchema>;

/** A piece of feedback with the coach who gave it and whether the player has read it. */
const feedbackSchema = feedbackItemSchema.extend({ read: z.boolean() });
export type FeedbackDto = z.infer<typeof feedbackSchema>;

/** POST /api/team/players/{id}/feedback */
export const feedbackResponseSchema = z.object({ feedback: feedbackSchema });
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;

/** GET /api/team/players/{id}/feedback and GET /api/me/feedback: newest first. */
export const feedbackListResponseSchema = z.object({ feedback: z.array(feedbackSchema), unreadCount: count });
export type FeedbackListResponse = z.infer<typeof feedbackListResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Dashboard

/** GET /api/me/dashboard */
export const playerDashboardResponseSchema = z.object({
  /**
   * The same docs/product.md §3 summary the coach sees for this player. While the player waits for the coach to
   * confirm them (docs/product.md §11) it is built from their own profile (their chosen position) and has no team
   * ranking (null): they are on no list to be ranked in yet.
   */
  summary: playerSummarySchema.extend({ teamRanking: playerSummarySchema.shape.teamRanking.nullable() }),
  /** True while the player joined with the team code and the coach has not confirmed them yet. */
  waitingForCoach: z.boolean(),
  /** One entry per day with events (in the viewer's zone), ascending; the last score is the summary's. */
  scoreHistory: z.array(scorePointSchema),
  /** The latest events logged for the player on their team, newest first. */
  recentEvents: z.array(playerEventSchema),
  /** Newest first. */
  latestFeedback: z.array(feedbackSchema),
  unreadFeedback: count,
  /** The current Monday-to-Sunday week, in the viewer's zone. */
  thisWeek: z.object({
    weekStart: isoDay,
    minutes: count,
    sessions: count,
    /** That week's logs, latest first. */
    logs: z.array(trainingLogSchema),
  }),
});
export type PlayerDashboardResponse = z.infer<typeof playerDashboardResponseSchema>;
