/**
 * Schema pieces the API contract files (logger, team, player, plays) share: how a time, a calendar day, a count
 * and a session reference are written. Times are ISO-8601 UTC strings; calendar days are "YYYY-MM-DD".
 */
import { z } from "../zod.js";

const SESSION_KINDS = ["practice", "game"] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];
export const sessionKindSchema = z.enum(SESSION_KINDS, { error: "Choose practice or game." });

/** An ISO-8601 UTC time as the API sends it. */
export const isoTimeSchema = z.string().describe("ISO-8601 UTC time");
/** A calendar day as the API sends it. */
export const isoDaySchema = z.string().describe("Calendar day, YYYY-MM-DD");
/** A count: a whole number, never negative. */
export const countSchema = z.number().int().min(0);
/** Yards as stored: a whole number, null for an event that takes none. */
export const yardsSchema = z.number().int().nullable();

/** A client-made UUID; `label` names it in the error ("Event id must be a UUID."). */
export const uuidSchema = (label: string) => z.uuid({ error: `${label} must be a UUID.` });

/**
 * The session an event belongs to, as data: the web writes it in its own words and day format
 * (`sessionLabel` in team.ts). null for an event logged outside a session.
 */
export const sessionRefSchema = z.object({
  kind: sessionKindSchema,
  date: isoDaySchema,
  opponent: z.string().nullable(),
});
export type SessionRef = z.infer<typeof sessionRefSchema>;

/**
 * An integer query parameter (query values arrive as text), `fallback` when absent. The API document shows it as
 * the bounded integer it is (the metadata is zod's own, which the OpenAPI generator reads).
 */
export function intQuery(label: string, min: number, max: number, fallback: number) {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return z
    .string()
    .regex(/^[+-]?\d{1,6}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }))
    .optional()
    .transform((value) => value ?? fallback)
    .meta({ type: "integer", minimum: min, maximum: max, default: fallback });
}

/** The viewer's zone in minutes east of UTC (e.g. 120 for UTC+2), for answers that bucket times by day. */
export const tzOffsetQuery = intQuery("tzOffset", -840, 840, 0).meta({
  description: "The viewer's zone, in minutes east of UTC (e.g. 120 for UTC+2); days are bucketed in it",
});
