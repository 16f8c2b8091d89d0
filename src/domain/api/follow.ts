/**
 * Following a game (docs/product.md §15, issue #30): a game's follow link (GET, PUT and DELETE
 * /api/team/sessions/{id}/follow-link) and what it opens (GET /api/follow/{token}, and its live stream).
 */
import { z } from "../zod.js";
import type { FollowGame } from "../follow.js";
import { isoDaySchema, isoTimeSchema } from "./common.js";

const score = z.object({ us: z.number().int(), them: z.number().int() });

/** GET /api/follow/{token}: the game as its follow page shows it (domain/follow.ts). */
export const followGameSchema = z.object({
  team: z.string(),
  opponent: z.string().nullable(),
  homeAway: z.enum(["home", "away"]).nullable(),
  date: isoDaySchema,
  status: z.enum(["not_started", "live", "final"]),
  /** The official score once final, else the snaps' running total. */
  score,
  result: z.enum(["W", "L", "T"]).nullable(),
  periodLabel: z.string(),
  /** "2nd & midfield" while the league tracks downs and our offense is on the field. */
  down: z.string().nullable(),
  lineScore: z.object({
    periods: z.array(z.object({ label: z.string(), us: z.number().int(), them: z.number().int() })),
    final: score,
  }),
  /** Players by first name and number ("Maya #7"); a key local to this answer, never an account id. */
  players: z.array(z.object({ key: z.string(), name: z.string() })),
  /** In game order. */
  plays: z.array(
    z.object({
      n: z.number().int().min(1),
      period: z.number().int(),
      periodLabel: z.string(),
      text: z.string(),
      points: z.string().nullable(),
      players: z.array(z.string()),
      score,
    }),
  ),
}) satisfies z.ZodType<FollowGame>;

/** A game's follow link as its team sees it; null when the game has none. */
export const followLinkResponseSchema = z.object({
  link: z
    .object({
      /** The page to share: PUBLIC_URL/follow/<token>. */
      url: z.string(),
      createdAt: isoTimeSchema,
    })
    .nullable(),
});
export type FollowLinkResponse = z.infer<typeof followLinkResponseSchema>;
