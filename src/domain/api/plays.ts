/**
 * Request and response shapes of the playbook API (plays, re-tagging events, playbook analysis). The server
 * validates with these schemas and declares its OpenAPI document from them; the web takes its types and form
 * rules from the same schemas. Times are ISO-8601 UTC strings; calendar days "YYYY-MM-DD".
 */
import { hasSomeField, NOTHING_TO_CHANGE, z } from "../zod.js";
import { PLAY_SIDES } from "../playbook.js";
import {
  countSchema as count,
  intQuery,
  isoTimeSchema as isoTime,
  sessionRefSchema,
  tzOffsetQuery,
  uuidSchema,
  yardsSchema,
} from "./common.js";
import { sessionDateSchema } from "./logger.js";
import { seasonQuerySchema } from "./seasons.js";

export { PLAY_SIDES, type PlaySide } from "../playbook.js";

export const MAX_PLAY_NAME = 80;
export const MAX_FORMATION = 80;
const MAX_TAGS = 12;
const MAX_TAG = 24;
export const MAX_PLAY_NOTES = 2000;

export const PLAY_NAME_TAKEN = "A play with this name already exists.";
export const PLAY_ARCHIVED = "This play is archived. Unarchive it to tag events with it.";

/**
 * The key two names (or tags) are compared by: the same letters in any case are the same name. NFC first so a
 * name typed with a combining accent equals the one typed with the precomposed letter.
 */
export function nameKey(value: string): string {
  return value.trim().normalize("NFC").toLowerCase();
}

export const playSideSchema = z.enum(PLAY_SIDES, { error: "Choose offense or defense." });

export const playNameSchema = z
  .string({ error: "Name is required." })
  .trim()
  .min(1, { error: "Name is required." })
  .max(MAX_PLAY_NAME, { error: `Name must be at most ${MAX_PLAY_NAME} characters.` });

export const formationSchema = z
  .string({ error: "Formation must be text." })
  .trim()
  .max(MAX_FORMATION, { error: `Formation must be at most ${MAX_FORMATION} characters.` });

export const playNotesSchema = z
  .string({ error: "Notes must be text." })
  .trim()
  .max(MAX_PLAY_NOTES, { error: `Notes must be at most ${MAX_PLAY_NOTES} characters.` });

const TAG_LENGTH = `Each tag must be 1 to ${MAX_TAG} characters.`;

/** Tags, trimmed; the same tag in another case is dropped (the first spelling stays). At most MAX_TAGS after that. */
export const playTagsSchema = z
  .array(
    z.string({ error: "Tags must be text." }).trim().min(1, { error: TAG_LENGTH }).max(MAX_TAG, { error: TAG_LENGTH }),
    {
      error: "Tags must be a list of text.",
    },
  )
  // Bounds the work before deduplication; the real limit is checked after it.
  .max(MAX_TAGS * 4, { error: `At most ${MAX_TAGS} tags.` })
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((tag) => {
      const key = nameKey(tag);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .refine((tags) => tags.length <= MAX_TAGS, { error: `At most ${MAX_TAGS} tags.` });

/** POST /api/team/plays */
export const createPlaySchema = z.object({
  name: playNameSchema,
  side: playSideSchema,
  formation: formationSchema.optional().default(""),
  tags: playTagsSchema.optional().default([]),
  notes: playNotesSchema.optional().default(""),
});
export type CreatePlayInput = z.input<typeof createPlaySchema>;

/** PATCH /api/team/plays/{id}: only the fields sent change. */
export const updatePlaySchema = z
  .object({
    name: playNameSchema.optional(),
    side: playSideSchema.optional(),
    formation: formationSchema.optional(),
    tags: playTagsSchema.optional(),
    notes: playNotesSchema.optional(),
  })
  .refine(hasSomeField, { error: NOTHING_TO_CHANGE })
  .meta({ minProperties: 1 });
export type UpdatePlayInput = z.input<typeof updatePlaySchema>;

const playSchema = z.object({
  id: z.string(),
  name: z.string(),
  side: playSideSchema,
  formation: z.string(),
  tags: z.array(z.string()),
  notes: z.string(),
  diagramUrl: z.string().nullable(),
  archived: z.boolean(),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** occurredAt of the latest event tagged with the play; null when none is. */
  lastUsedAt: isoTime.nullable(),
});
export type PlayDto = z.infer<typeof playSchema>;

/** "true"/"false" (also 1/0) as a query string sends them. */
const booleanQuerySchema = z
  .enum(["true", "false", "1", "0"], { error: "Use true or false." })
  .transform((value) => value === "true" || value === "1");

/** GET /api/team/plays */
export const listPlaysQuerySchema = z.object({
  includeArchived: booleanQuerySchema.optional().transform((value) => value ?? false),
});

/** GET /api/team/plays: most recently used first (never used last), then by name. */
export const playsResponseSchema = z.object({ plays: z.array(playSchema) });
export type PlaysResponse = z.infer<typeof playsResponseSchema>;

/** POST, PATCH /api/team/plays(/{id}), archive and unarchive. */
export const playResponseSchema = z.object({ play: playSchema });
export type PlayResponse = z.infer<typeof playResponseSchema>;

/** POST /api/team/plays/{id}/diagram */
export const diagramResponseSchema = z.object({ diagramUrl: z.string() });
export type DiagramResponse = z.infer<typeof diagramResponseSchema>;

/** PATCH /api/team/events/{id}/play: null takes the tag off. */
export const retagEventSchema = z.object({
  playId: uuidSchema("Play id").nullable(),
});

export const retagEventResponseSchema = z.object({
  event: z.object({ id: z.string(), playId: z.string().nullable() }),
});
export type RetagEventResponse = z.infer<typeof retagEventResponseSchema>;

const ANALYSIS_KINDS = ["practice", "game", "all"] as const;
export type AnalysisKind = (typeof ANALYSIS_KINDS)[number];

/**
 * The window both analysis endpoints read. A snap's or an event's date is its session's date; an event logged
 * outside a session is dated by the day it happened in the viewer's zone (tzOffset, minutes east of UTC). kind
 * practice or game keeps only snaps and events of such sessions; all keeps every one, with or without a session.
 */
const analysisWindowFields = {
  kind: z
    .enum(ANALYSIS_KINDS, { error: "kind must be practice, game or all." })
    .optional()
    .transform((value) => value ?? "all"),
  from: sessionDateSchema.optional(),
  to: sessionDateSchema.optional(),
  tzOffset: tzOffsetQuery,
  /** A season id of the team; absent: the current season (docs/product.md §11 (#s11-seasons)). */
  season: seasonQuerySchema,
};

const FROM_AFTER_TO = "The start date must be on or before the end date.";

/** GET /api/team/playbook-analysis */
export const playbookAnalysisQuerySchema = z
  .object({
    side: z.enum(PLAY_SIDES, { error: "side must be offense or defense." }).optional(),
    ...analysisWindowFields,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: FROM_AFTER_TO, path: ["from"] });

const PLAY_EVENTS_DEFAULT_LIMIT = 25;
const PLAY_EVENTS_MAX_LIMIT = 100;

/** GET /api/team/playbook-analysis/{playId}/events: the same window, and a page of the play's events. */
export const playEventsQuerySchema = z
  .object({
    ...analysisWindowFields,
    cursor: z.string().max(500).optional(),
    limit: intQuery("limit", 1, PLAY_EVENTS_MAX_LIMIT, PLAY_EVENTS_DEFAULT_LIMIT),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: FROM_AFTER_TO, path: ["from"] });

/** One play's figures (domain/playbook.ts defines each). */
const playbookAnalysisRowSchema = z.object({
  playId: z.string(),
  name: z.string(),
  side: playSideSchema,
  formation: z.string(),
  tags: z.array(z.string()),
  archived: z.boolean(),
  timesRun: count,
  completions: count,
  attempts: count,
  completionRate: z.number().min(0).max(1).nullable(),
  yards: z.number().int(),
  yardsPerPlay: z.number().nullable(),
  touchdowns: count,
  touchdownRate: z.number().min(0).nullable(),
  turnovers: count,
  points: z.number(),
});
export type PlaybookAnalysisRow = z.infer<typeof playbookAnalysisRowSchema>;

/**
 * GET /api/team/playbook-analysis: every current play of the side (archived ones only when they have tagged
 * events in the window), most run first, then by name.
 */
export const playbookAnalysisResponseSchema = z.object({
  plays: z.array(playbookAnalysisRowSchema),
  /**
   * Runs in the window that carry no play, of the side (both sides' without a side): snaps that would be a run
   * (domain/playbook.ts isRunOfSide) plus snap-level events logged on their own.
   */
  untaggedEvents: count,
});
export type PlaybookAnalysisResponse = z.infer<typeof playbookAnalysisResponseSchema>;

const playAnalysisEventSchema = z.object({
  id: z.string(),
  occurredAt: isoTime,
  eventType: z.string(),
  yards: yardsSchema,
  playerId: z.string(),
  playerName: z.string(),
  /** The event's session (the web words it with `sessionLabel`); null for an event logged outside a session. */
  session: sessionRefSchema.nullable(),
  /** docs/product.md §9 points of the event at its player's position, one decimal. */
  points: z.number(),
  /**
   * The snap that wrote the event, or null for an event logged on its own. A snap's play is changed on the snap
   * (PUT /api/team/snaps/{id}), which moves its run, figures and events together.
   */
  snapId: z.string().nullable(),
});
export type PlayAnalysisEvent = z.infer<typeof playAnalysisEventSchema>;

/**
 * One player's credit on the play in the window: from the play's snaps (a pass credits its passer and its
 * receiver, a run its runner, a defensive snap its defender) and from the play's events they logged on their own.
 * The play's yards are the players' passing + rushing yards; receiving yards are the same yards as the passes
 * caught, seen from the catch, so they are never added to them.
 */
const playAnalysisPlayerSchema = z.object({
  playerId: z.string(),
  name: z.string(),
  /** Effective position key (docs/product.md §3). */
  position: z.string(),
  /** The player's tagged events in the window (logged on their own or written by a snap). */
  events: count,
  /** Passes thrown. */
  attempts: count,
  /** Passes completed (a touchdown pass is one). */
  completions: count,
  passingYards: z.number().int(),
  /** Passes caught (a touchdown catch is one). */
  catches: count,
  /** The yards of the passes the player caught: the passer's passing yards again, not more of the play's. */
  receivingYards: z.number().int(),
  /** Runs (a rushing touchdown is one). */
  carries: count,
  rushingYards: z.number().int(),
  /** Flag pulls, sacks, interceptions, passes defended and stops. */
  defensivePlays: count,
  /** docs/product.md §9 points of the player's tagged events, one decimal. */
  points: z.number(),
});
export type PlayAnalysisPlayer = z.infer<typeof playAnalysisPlayerSchema>;

/** GET /api/team/playbook-analysis/{playId}/events */
export const playAnalysisEventsResponseSchema = z.object({
  /** The play's row for the same window, as the analysis lists it. */
  play: playbookAnalysisRowSchema,
  /** Newest first; pass nextCursor back as `cursor` for the next page. */
  events: z.array(playAnalysisEventSchema),
  /** Every player credited on the play in the window (not just this page's), most points first. */
  players: z.array(playAnalysisPlayerSchema),
  nextCursor: z.string().nullable(),
});
export type PlayAnalysisEventsResponse = z.infer<typeof playAnalysisEventsResponseSchema>;
