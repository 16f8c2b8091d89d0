/**
 * Request and response shapes of the sideline event logger API (team sessions, attendance, events, live updates).
 * The server validates with these schemas and declares its OpenAPI document from them; the web takes its types
 * (and its form and outbox checks) from the same schemas, so both sides read one contract.
 * Times are ISO-8601 UTC strings with milliseconds; calendar days are "YYYY-MM-DD".
 */
import { hasSomeField, NOTHING_TO_CHANGE, z } from "../zod.js";
import { EVENT_TYPES, takesYards } from "../event-types.js";
import { MAX_LOCATION, MAX_OPPONENT, MAX_YARDS, MIN_YARDS } from "../limits.js";
import {
  countSchema as count,
  isoDaySchema,
  isoTimeSchema as isoTime,
  sessionKindSchema,
  uuidSchema as uuid,
  yardsSchema,
} from "./common.js";

export { type SessionKind } from "./common.js";

/** At most this many events in one POST /api/team/events. */
export const MAX_EVENTS_PER_REQUEST = 500;
/** How far ahead of the server's clock an event time may be (a phone clock running a little fast). */
const MAX_FUTURE_SKEW_MS = 5 * 60 * 1000;
/** Events before this are a typo or a phone with a reset clock. */
const EARLIEST_EVENT_TIME = "2000-01-01T00:00:00.000Z";

const MAX_NOTES = 2000;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export const sessionDateSchema = z
  .string({ error: "Date is required." })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the date as YYYY-MM-DD." })
  .refine(
    (value) => {
      const time = Date.parse(`${value}T00:00:00.000Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    },
    { error: "That date does not exist." },
  )
  .refine((value) => value >= "2000-01-01" && value <= "2100-12-31", { error: "Enter a date between 2000 and 2100." });

/** Optional text: blank or null (what an emptied form field sends) is stored as null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .nullable()
    .transform((value) => (value === null || value === "" ? null : value));

const OPPONENT_ONLY_FOR_GAMES = "Only a game has an opponent.";
const HOME_AWAY_ONLY_FOR_GAMES = "Only a game is played at home or away.";

/** Where a game is played, from our side. */
export const HOME_AWAY = ["home", "away"] as const;
export type HomeAway = (typeof HOME_AWAY)[number];
/** Home, away, or null (not said; what clearing the choice sends). */
const homeAwaySchema = z.enum(HOME_AWAY, { error: "Choose home or away." }).nullable();

/**
 * POST /api/team/sessions. `id` may be made by the client (crypto.randomUUID()), so the offline logger can start a
 * game with no connection: sending the same id again answers with the session already made (nothing changes).
 */
export const createSessionSchema = z
  .object({
    id: uuid("Session id").optional(),
    kind: sessionKindSchema,
    date: sessionDateSchema,
    opponent: optionalText("Opponent", MAX_OPPONENT).optional(),
    homeAway: homeAwaySchema.optional(),
    location: optionalText("Location", MAX_LOCATION).optional(),
    notes: optionalText("Notes", MAX_NOTES).optional(),
    /**
     * The scheduled game or practice this session is (GET /api/team/schedule): an event of the team, of the same
     * kind, not cancelled and not linked yet. The event is linked to the new session, and lends it its opponent
     * and home/away when the body gives none.
     */
    scheduledEventId: uuid("Scheduled event id").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "practice" && value.opponent) {
      ctx.addIssue({ code: "custom", path: ["opponent"], message: OPPONENT_ONLY_FOR_GAMES });
    }
    if (value.kind === "practice" && value.homeAway) {
      ctx.addIssue({ code: "custom", path: ["homeAway"], message: HOME_AWAY_ONLY_FOR_GAMES });
    }
  });

/**
 * PATCH /api/team/sessions/{id}: only the fields sent change; null (or blank) clears a text field.
 * A session that becomes a practice loses its opponent, home/away and final score; sending an opponent or
 * home/away for a practice is refused.
 */
export const updateSessionSchema = z
  .object({
    kind: sessionKindSchema.optional(),
    date: sessionDateSchema.optional(),
    opponent: optionalText("Opponent", MAX_OPPONENT).optional(),
    homeAway: homeAwaySchema.optional(),
    location: optionalText("Location", MAX_LOCATION).optional(),
    notes: optionalText("Notes", MAX_NOTES).optional(),
  })
  .refine(hasSomeField, { error: NOTHING_TO_CHANGE })
  .meta({ minProperties: 1 })
  .superRefine((value, ctx) => {
    if (value.kind === "practice" && value.opponent) {
      ctx.addIssue({ code: "custom", path: ["opponent"], message: OPPONENT_ONLY_FOR_GAMES });
    }
    if (value.kind === "practice" && value.homeAway) {
      ctx.addIssue({ code: "custom", path: ["homeAway"], message: HOME_AWAY_ONLY_FOR_GAMES });
    }
  });

const teamSessionSchema = z.object({
  id: z.string(),
  kind: sessionKindSchema,
  date: isoDaySchema,
  opponent: z.string().nullable(),
  /**
   * Always sent by the server (null for a practice or when not said). Optional in the type only so that session
   * objects written before game day (web fixtures) stay valid.
   */
  homeAway: z.enum(HOME_AWAY).nullable().optional(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: isoTime,
});
export type TeamSessionDto = z.infer<typeof teamSessionSchema>;

/** POST and PATCH /api/team/sessions(/{id}) */
export const sessionResponseSchema = z.object({ session: teamSessionSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** One current player's mark for a session: true present, false absent, null not marked. */
const attendanceEntrySchema = z.object({
  playerId: z.string(),
  present: z.boolean().nullable(),
});
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;

/** Every current player of the team, by name. */
export const attendanceResponseSchema = z.object({ attendance: z.array(attendanceEntrySchema) });

const playerIdSchema = z
  .string({ error: "Player is required." })
  .min(1, { error: "Player is required." })
  .max(128, { error: "That is not a player id." });

/** PUT /api/team/sessions/{id}/attendance: null clears a mark. Players not listed keep theirs. */
export const attendanceInputSchema = z.object({
  marks: z
    .array(
      z.object({
        playerId: playerIdSchema,
        present: z.boolean({ error: "Present must be true, false or null." }).nullable(),
      }),
    )
    .max(500, { error: "At most 500 marks at a time." })
    .superRefine((marks, ctx) => {
      const seen = new Set<string>();
      marks.forEach((m, i) => {
        if (seen.has(m.playerId))
          ctx.addIssue({ code: "custom", path: [i, "playerId"], message: "This player is marked twice." });
        seen.add(m.playerId);
      });
    }),
});

const sessionEventSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  playerName: z.string(),
  eventType: z.string(),
  yards: yardsSchema,
  playId: z.string().nullable(),
  occurredAt: isoTime,
  /** What the event is worth to this player (docs/product.md §9 weight at their position plus 0.1), one decimal. */
  points: z.number(),
});
export type SessionEvent = z.infer<typeof sessionEventSchema>;

/** How many of a session's events GET /api/team/sessions/{id} lists (the newest). */
export const SESSION_EVENTS_SHOWN = 500;

/** GET /api/team/sessions/{id} */
export const sessionDetailResponseSchema = z.object({
  session: teamSessionSchema,
  attendance: z.array(attendanceEntrySchema),
  /** Newest first, at most SESSION_EVENTS_SHOWN. */
  events: z.array(sessionEventSchema),
  /** Every event of the session (may exceed events.length). */
  eventCount: count,
});
export type SessionDetailResponse = z.infer<typeof sessionDetailResponseSchema>;

/**
 * An event time: any ISO-8601 time with an offset, normalised to UTC with milliseconds. Checked against the
 * clock of whoever parses it: at most MAX_FUTURE_SKEW_MS ahead, and not before 2000.
 */
const occurredAtSchema = z.iso
  .datetime({ offset: true, error: "Time must be an ISO-8601 date and time with a zone, e.g. 2026-10-03T14:05:00Z." })
  .transform((value) => new Date(value).toISOString())
  .refine((value) => value >= EARLIEST_EVENT_TIME, { error: "That time is before 2000." })
  .refine((value) => Date.parse(value) <= Date.now() + MAX_FUTURE_SKEW_MS, { error: "That time is in the future." });

const newEventSchema = z
  .object({
    /** Made by the client (crypto.randomUUID()): sending the same id again is a no-op. */
    id: uuid("Event id"),
    playerId: playerIdSchema,
    eventType: z.enum(EVENT_TYPES, { error: "Unknown event type." }),
    yards: z
      .number({ error: "Yards must be a number." })
      .int({ error: "Yards must be a whole number." })
      .min(MIN_YARDS, { error: `Yards must be between ${MIN_YARDS} and ${MAX_YARDS}.` })
      .max(MAX_YARDS, { error: `Yards must be between ${MIN_YARDS} and ${MAX_YARDS}.` })
      .nullable()
      .optional(),
    sessionId: uuid("Session id").nullable().optional(),
    playId: uuid("Play id").nullable().optional(),
    occurredAt: occurredAtSchema,
  })
  .superRefine((value, ctx) => {
    if (value.yards !== null && value.yards !== undefined && !takesYards(value.eventType)) {
      ctx.addIssue({ code: "custom", path: ["yards"], message: `${value.eventType} does not take yards.` });
    }
  });
export type NewEventInput = z.input<typeof newEventSchema>;

/** POST /api/team/events */
export const postEventsSchema = z.object({
  events: z
    .array(newEventSchema)
    .min(1, { error: "Send at least one event." })
    .max(MAX_EVENTS_PER_REQUEST, { error: `Send at most ${MAX_EVENTS_PER_REQUEST} events at a time.` }),
});

const eventResultSchema = z.object({
  id: z.string(),
  /** created: stored now; duplicate: this team already had it (a replay), nothing changed. */
  status: z.enum(["created", "duplicate"]),
});

/** POST /api/team/events: one result per event sent, in the order sent. */
export const postEventsResponseSchema = z.object({ results: z.array(eventResultSchema) });
export type PostEventsResponse = z.infer<typeof postEventsResponseSchema>;

/** What changed for a team, as GET /api/team/stream announces it (`event: change`, data this JSON). */
export const CHANGE_KINDS = [
  "events",
  "attendance",
  "sessions",
  "roster",
  "feedback",
  "logs",
  "plays",
  "schedule",
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const teamChangeSchema = z.object({ kind: z.enum(CHANGE_KINDS), at: isoTime });
export type TeamChange = z.infer<typeof teamChangeSchema>;
