/**
 * The team's schedule and who is coming (docs/product.md §12): request and response schemas shared by the server
 * routes (validation and the API document) and the web forms. The rules themselves are in ../schedule.ts.
 */
import { z } from "../zod.js";
import {
  AVAILABILITY_ANSWERS,
  HOME_AWAY,
  SCHEDULE_KINDS,
  SCHEDULE_LIMITS as L,
  SCHEDULE_STATUSES,
  daysBetween,
  isCalendarDay,
  isTimeZone,
  isWallTime,
} from "../schedule.js";
import { countSchema, isoDaySchema, isoTimeSchema } from "./common.js";

const daySchema = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .refine(isCalendarDay, { error: `${label} must be a real day, written YYYY-MM-DD.` })
    .describe("Calendar day, YYYY-MM-DD");

const wallTimeSchema = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .refine(isWallTime, { error: `${label} must be a time written HH:MM (24-hour).` })
    .describe("Wall-clock time in the team's zone, HH:MM");

/** Optional text: trimmed, empty reads as null (cleared). */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value === null || value === "" ? null : value));

const mapUrlSchema = z
  .string()
  .trim()
  .max(L.mapUrlMax, { error: `Map link must be at most ${L.mapUrlMax} characters.` })
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), {
    error: "Map link must be a web address starting with https:// or http://.",
  })
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value === null || value === "" ? null : value));

const timeZoneSchema = z
  .string({ error: "Time zone is required." })
  .refine(isTimeZone, { error: "Choose a time zone from the list (for example Europe/Berlin)." })
  .describe("IANA time zone name");

const scheduleKindSchema = z.enum(SCHEDULE_KINDS, { error: "Choose game or practice." });
const availabilityAnswerSchema = z.enum(AVAILABILITY_ANSWERS, { error: "Choose Going, Maybe or Can't go." });
const homeAwaySchema = z.enum(HOME_AWAY, { error: "Choose home or away." });

const durationSchema = z
  .number({ error: "Duration must be a number of minutes." })
  .int({ error: "Duration must be a whole number of minutes." })
  .min(L.durationMin, { error: `Duration must be at least ${L.durationMin} minutes.` })
  .max(L.durationMax, { error: `Duration must be at most ${L.durationMax} minutes.` });

/** The fields an event is made of, as a coach writes them. */
const eventFields = {
  date: daySchema("Date"),
  startTime: wallTimeSchema("Start time"),
  /** When players should be there, before the start; null: no arrive-by time. */
  arriveBy: wallTimeSchema("Arrive-by time").nullable().optional(),
  durationMinutes: durationSchema.optional(),
  placeName: optionalText("Place", L.placeNameMax),
  address: optionalText("Address", L.addressMax),
  field: optionalText("Field", L.fieldMax),
  mapUrl: mapUrlSchema,
  /** Games only. */
  opponent: optionalText("Opponent", L.opponentMax),
  homeAway: homeAwaySchema.nullable().optional(),
  notes: optionalText("Notes", L.notesMax),
};

const repeatSchema = z
  .object({
    /** ISO weekdays, 0 Monday … 6 Sunday. */
    weekdays: z
      .array(z.number().int().min(0).max(6), { error: "Choose the days it repeats on." })
      .min(1, { error: "Choose at least one day it repeats on." })
      .max(7),
    /** The last day it may fall on (included). */
    until: daySchema("Repeat until"),
  })
  .describe("Repeat weekly on these days from the event's date until this day");

function arriveBeforeStart(value: { arriveBy?: string | null; startTime?: string }): boolean {
  return !value.arriveBy || !value.startTime || value.arriveBy <= value.startTime;
}

/** POST /api/team/schedule: one event, or a weekly series of them (practices, usually). */
export const createScheduleEventBodySchema = z
  .object({ kind: scheduleKindSchema, ...eventFields, repeat: repeatSchema.optional() })
  .refine(arriveBeforeStart, { error: "Arrive-by time must be at or before the start time.", path: ["arriveBy"] })
  .refine((value) => !value.repeat || daysBetween(value.date, value.repeat.until) >= 0, {
    error: "Repeat until must be on or after the first day.",
    path: ["repeat", "until"],
  })
  .refine((value) => !value.repeat || daysBetween(value.date, value.repeat.until) < L.seriesMaxDays, {
    error: `A repeating event can reach at most ${L.seriesMaxDays} days ahead.`,
    path: ["repeat", "until"],
  });
export type CreateScheduleEventBody = z.input<typeof createScheduleEventBodySchema>;

/**
 * PATCH /api/team/schedule/{id}: change an event, cancel it (`status: "cancelled"`) or restore it. `scope:
 * "following"` applies the change (all but the date) to this event and the later ones of its series; the default
 * changes this one only, which leaves the series' other events as they are.
 */
export const updateScheduleEventBodySchema = z
  .object({
    ...eventFields,
    date: eventFields.date.optional(),
    startTime: eventFields.startTime.optional(),
    status: z.enum(SCHEDULE_STATUSES, { error: "Status must be scheduled or cancelled." }).optional(),
    scope: z.enum(["this", "following"], { error: "Scope must be this or following." }).optional(),
  })
  .refine((value) => Object.entries(value).some(([key, field]) => key !== "scope" && field !== undefined), {
    error: "Send at least one field to change.",
  });
export type UpdateScheduleEventBody = z.input<typeof updateScheduleEventBodySchema>;

/** The answers to one event, counted. `unanswered`: players on the roster with no answer. */
const availabilityCountsSchema = z.object({
  going: countSchema,
  maybe: countSchema,
  no: countSchema,
  unanswered: countSchema,
});
export type AvailabilityCounts = z.infer<typeof availabilityCountsSchema>;

const myAnswerSchema = z
  .object({ answer: availabilityAnswerSchema, note: z.string().nullable() })
  .nullable()
  .describe("The signed-in player's own answer; null when they have not answered (always null for a coach)");

export const scheduleEventSchema = z.object({
  id: z.string(),
  kind: scheduleKindSchema,
  status: z.enum(SCHEDULE_STATUSES),
  /** The local day and times, in the team's zone. */
  date: isoDaySchema,
  startTime: z.string().describe("HH:MM in the team's zone"),
  arriveBy: z.string().nullable().describe("HH:MM in the team's zone"),
  durationMinutes: countSchema,
  /** The same start and end as instants. */
  startsAt: isoTimeSchema,
  endsAt: isoTimeSchema,
  placeName: z.string().nullable(),
  address: z.string().nullable(),
  field: z.string().nullable(),
  mapUrl: z.string().nullable(),
  opponent: z.string().nullable(),
  homeAway: homeAwaySchema.nullable(),
  notes: z.string().nullable(),
  /** The series a repeating event was made in; null for a one-off. */
  seriesId: z.string().nullable(),
  /** The practice or game logged for it, once the coach started it; a past game's box score is at its id. */
  sessionId: z.string().nullable(),
  /** Raised on every change (the calendar feed's SEQUENCE). */
  sequence: countSchema,
  updatedAt: isoTimeSchema,
  cancelledAt: isoTimeSchema.nullable(),
  availability: availabilityCountsSchema,
  myAnswer: myAnswerSchema,
});
export type ScheduleEvent = z.infer<typeof scheduleEventSchema>;

/** GET /api/team/schedule: which events. */
export const scheduleQuerySchema = z.object({
  when: z
    .enum(["upcoming", "past", "all"], { error: "when must be upcoming, past or all." })
    .optional()
    .default("all")
    .describe("upcoming: not yet ended, soonest first; past: ended, latest first; all: by start"),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: "limit must be a whole number from 1 to 500." })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: "limit must be a whole number from 1 to 500." })
        .max(500, { error: "limit must be a whole number from 1 to 500." }),
    )
    .optional()
    .meta({ type: "integer", minimum: 1, maximum: 500, default: 500 }),
});

/** GET /api/team/schedule and the answer of POST (the events made). */
export const scheduleResponseSchema = z.object({
  /** The team's zone, in which every date and time above is written. */
  timeZone: z.string(),
  /** Fewer players going than this, and the coach is warned. */
  minPlayers: countSchema,
  events: z.array(scheduleEventSchema),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

/** One player's answer as a coach sees it. */
const playerAnswerSchema = z.object({
  playerId: z.string(),
  fullName: z.string(),
  jerseyNumber: z.number().int().nullable(),
  answer: availabilityAnswerSchema.nullable(),
  note: z.string().nullable(),
  answeredAt: isoTimeSchema.nullable(),
  /** true when a coach answered for the player. */
  byCoach: z.boolean(),
});
export type PlayerAnswer = z.infer<typeof playerAnswerSchema>;

/**
 * GET /api/team/schedule/{id}: the event and, for a coach, every player's answer (unanswered ones included). A
 * player sees the counts and their own answer only: who else is coming is not theirs to see.
 */
export const scheduleEventResponseSchema = z.object({
  timeZone: z.string(),
  minPlayers: countSchema,
  event: scheduleEventSchema,
  answers: z.array(playerAnswerSchema).nullable().describe("Coaches only; null for a player"),
});
export type ScheduleEventResponse = z.infer<typeof scheduleEventResponseSchema>;

/** PUT /api/team/schedule/{id}/answers/{playerId}: a player answers for themselves, a coach for any player. */
export const availabilityBodySchema = z.object({
  answer: availabilityAnswerSchema,
  note: optionalText("Note", L.availabilityNoteMax),
});
export type AvailabilityBody = z.input<typeof availabilityBodySchema>;

/** PATCH /api/team/schedule-settings: the team's zone and its minimum players. */
export const scheduleSettingsBodySchema = z
  .object({
    timeZone: timeZoneSchema.optional(),
    minPlayers: z
      .number({ error: "Minimum players must be a number." })
      .int({ error: "Minimum players must be a whole number." })
      .min(L.minPlayersFloor, { error: `Minimum players must be at least ${L.minPlayersFloor}.` })
      .max(L.minPlayersMax, { error: `Minimum players must be at most ${L.minPlayersMax}.` })
      .nullable()
      .optional(),
  })
  .refine((value) => value.timeZone !== undefined || value.minPlayers !== undefined, {
    error: "Send at least one field to change.",
  });
export type ScheduleSettingsBody = z.input<typeof scheduleSettingsBodySchema>;

export const scheduleSettingsResponseSchema = z.object({ timeZone: z.string(), minPlayers: countSchema });
export type ScheduleSettings = z.infer<typeof scheduleSettingsResponseSchema>;

/** GET /api/me/calendar and POST /api/me/calendar/replace: the caller's personal calendar subscription. */
export const calendarFeedResponseSchema = z.object({
  /** https:// address of the feed, for calendar apps that take a URL. */
  url: z.string(),
  /** The same feed as webcal://, which phones open in their calendar app. */
  webcalUrl: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedResponseSchema>;
