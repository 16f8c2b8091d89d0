/**
 * Reminders, mail preferences, the answer link and unsubscribing (docs/product.md §12, issue #29): request and
 * response schemas shared by the server routes and the web. The rules are in ../reminders.ts.
 */
import { z } from "../zod.js";
import { MAIL_KINDS, REMINDER_LIMITS } from "../reminders.js";
import { AVAILABILITY_ANSWERS, HOME_AWAY, SCHEDULE_KINDS, SCHEDULE_LIMITS, isWallTime } from "../schedule.js";
import { isoDaySchema, isoTimeSchema } from "./common.js";

const wallTime = (label: string) =>
  z
    .string({ error: `${label} must be a time written HH:MM (24-hour).` })
    .refine(isWallTime, { error: `${label} must be a time written HH:MM (24-hour).` })
    .describe("Wall-clock time in the team's zone, HH:MM");

/** GET /api/team/reminder-settings and the answer of PATCH. */
export const reminderSettingsSchema = z.object({
  firstDaysBefore: z.number().int().nullable().describe("Days before the event of the first reminder; null: none"),
  firstTime: z.string().nullable().describe("HH:MM of the first reminder; null: the event's own start time"),
  sameDayTime: z.string().nullable().describe("HH:MM of the reminder on the event's day; null: none"),
  coachWarning: z.boolean().describe("Warn the coaches when fewer than the minimum players are going"),
  digestWeekday: z
    .number()
    .int()
    .nullable()
    .describe("The weekly digest's weekday, 0 Monday … 6 Sunday, in the team's zone; null: no digest"),
  digestTime: z.string().describe("HH:MM of the weekly digest in the team's zone"),
});

export type ReminderSettingsResponse = z.infer<typeof reminderSettingsSchema>;

const daysMessage = `Days before must be a whole number from ${REMINDER_LIMITS.daysBeforeMin} to ${REMINDER_LIMITS.daysBeforeMax}.`;

/** PATCH /api/team/reminder-settings (coaches). */
export const reminderSettingsBodySchema = z
  .object({
    firstDaysBefore: z
      .number({ error: daysMessage })
      .int({ error: daysMessage })
      .min(REMINDER_LIMITS.daysBeforeMin, { error: daysMessage })
      .max(REMINDER_LIMITS.daysBeforeMax, { error: daysMessage })
      .nullable()
      .optional(),
    firstTime: wallTime("First reminder time").nullable().optional(),
    sameDayTime: wallTime("Same-day reminder time").nullable().optional(),
    coachWarning: z.boolean({ error: "Coach warning must be true or false." }).optional(),
    digestWeekday: z
      .number({ error: "Digest day must be a weekday from 0 (Monday) to 6 (Sunday)." })
      .int({ error: "Digest day must be a weekday from 0 (Monday) to 6 (Sunday)." })
      .min(0, { error: "Digest day must be a weekday from 0 (Monday) to 6 (Sunday)." })
      .max(6, { error: "Digest day must be a weekday from 0 (Monday) to 6 (Sunday)." })
      .nullable()
      .optional(),
    digestTime: wallTime("Digest time").optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), { error: "Send at least one field to change." })
  .meta({ minProperties: 1 });
export type ReminderSettingsBody = z.input<typeof reminderSettingsBodySchema>;

/** GET /api/me/mail-preferences and the answer of PATCH: which mails the caller gets. */
export const mailPreferencesSchema = z.object({
  reminders: z.boolean(),
  changes: z.boolean(),
  digest: z.boolean(),
  announcements: z.boolean(),
  /** Whether this server sends mail at all (without it the same notices appear in the app). */
  mailEnabled: z.boolean(),
});
export type MailPreferencesResponse = z.infer<typeof mailPreferencesSchema>;

const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` }).optional();

/** PATCH /api/me/mail-preferences. */
export const mailPreferencesBodySchema = z
  .object({
    reminders: flag("Reminders"),
    changes: flag("Changes"),
    digest: flag("Digest"),
    announcements: flag("Announcements"),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), { error: "Send at least one field to change." })
  .meta({ minProperties: 1 });
export type MailPreferencesBody = z.input<typeof mailPreferencesBodySchema>;

/** The token of an answer link or an unsubscribe link, in the path. */
export const linkTokenParamSchema = z.object({
  token: z.string().min(1).max(600).describe("The signed token from the mail's link"),
});

/**
 * GET /api/answer/{token}: the event a reminder asked about and the person's own answer; nothing about anyone
 * else on the team.
 */
export const answerLinkSchema = z.object({
  teamName: z.string(),
  timeZone: z.string(),
  fullName: z.string().describe("Whose answer this link gives"),
  event: z.object({
    kind: z.enum(SCHEDULE_KINDS),
    status: z.enum(["scheduled", "cancelled"]),
    date: isoDaySchema,
    startTime: z.string(),
    arriveBy: z.string().nullable(),
    startsAt: isoTimeSchema,
    endsAt: isoTimeSchema,
    placeName: z.string().nullable(),
    address: z.string().nullable(),
    field: z.string().nullable(),
    mapUrl: z.string().nullable(),
    opponent: z.string().nullable(),
    homeAway: z.enum(HOME_AWAY).nullable(),
  }),
  answer: z.object({ answer: z.enum(AVAILABILITY_ANSWERS), note: z.string().nullable() }).nullable(),
});
export type AnswerLink = z.infer<typeof answerLinkSchema>;

/** POST /api/answer/{token}. */
export const answerLinkBodySchema = z.object({
  answer: z.enum(AVAILABILITY_ANSWERS, { error: "Choose Going, Maybe or Can't go." }),
  note: z
    .string()
    .trim()
    .max(SCHEDULE_LIMITS.availabilityNoteMax, {
      error: `Note must be at most ${SCHEDULE_LIMITS.availabilityNoteMax} characters.`,
    })
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === "" ? null : v)),
});
export type AnswerLinkBody = z.input<typeof answerLinkBodySchema>;

/** GET and POST /api/unsubscribe/{token}: which mail the link is about and whether the person still gets it. */
export const unsubscribeSchema = z.object({
  kind: z.enum(MAIL_KINDS),
  subscribed: z.boolean().describe("false once the link's POST turned it off"),
});
export type UnsubscribeState = z.infer<typeof unsubscribeSchema>;
