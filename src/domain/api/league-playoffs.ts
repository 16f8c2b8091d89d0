/**
 * League playoffs (docs/product.md §17, issue #31, decision 0038): making a division's bracket, and the bracket as
 * its admins and the public page see it. Team-level only. The rules are in ../leagues/bracket.ts and playoffs.ts.
 */
import { z } from "../zod.js";
import { BRACKET_LIMITS as B } from "../leagues/bracket.js";
import { isCalendarDay } from "../schedule.js";
import { isoDaySchema } from "./common.js";

const teamsMessage = `A bracket has ${B.minTeams} to ${B.maxTeams} teams.`;

export const createBracketSchema = z.object({
  /** The best `teams` of the division's standings play; the top seeds get the byes. */
  teams: z
    .number({ error: teamsMessage })
    .int({ error: teamsMessage })
    .min(B.minTeams, { error: teamsMessage })
    .max(B.maxTeams, { error: teamsMessage }),
  /** The first day a bracket game may be played; by default the day after the division's last game, or today. */
  startDate: z
    .string({ error: "Start date must be a day written YYYY-MM-DD." })
    .refine(isCalendarDay, { error: "Start date must be a real day, written YYYY-MM-DD." })
    .optional()
    .describe("Calendar day, YYYY-MM-DD"),
});
export type CreateBracketInput = z.input<typeof createBracketSchema>;

const bracketSideSchema = z.object({ seed: z.number().int(), teamId: z.string(), team: z.string() });

const BRACKET_GAME_STATES = ["bye", "waiting", "scheduled", "pending", "tied", "final", "cancelled"] as const;
export type BracketGameState = (typeof BRACKET_GAME_STATES)[number];

const bracketGameSchema = z.object({
  round: z.number().int(),
  /** Position in its round, from 0: game i of the next round is fed by games 2i and 2i + 1. */
  index: z.number().int(),
  /**
   * bye: a first-round place without an opponent (its team goes through); waiting: its teams are not both known;
   * scheduled: both known, not played; pending: played, its result not confirmed; tied: confirmed as a tie, which
   * moves nobody on (the admin enters the result); final: won; cancelled: its league game was cancelled.
   */
  state: z.enum(BRACKET_GAME_STATES),
  /** The higher seed is home. null: not known yet. */
  home: bracketSideSchema.nullable(),
  away: bracketSideSchema.nullable(),
  /** Where and when (the league game's, once made); null for a bye. */
  place: z
    .object({
      fieldId: z.string().nullable(),
      field: z.string(),
      subField: z.string(),
      date: isoDaySchema,
      startTime: z.string(),
      durationMinutes: z.number().int(),
    })
    .nullable(),
  /** The league game made for it once both teams are known. */
  gameId: z.string().nullable(),
  /** Its league game is in the teams' schedules. */
  published: z.boolean(),
  /** The confirmed score, by this game's home and away. */
  score: z
    .object({ home: z.number().int(), away: z.number().int(), forfeit: z.enum(["home", "away"]).nullable() })
    .nullable(),
  winnerTeamId: z.string().nullable(),
});
export type BracketGameView = z.infer<typeof bracketGameSchema>;

export const bracketSchema = z.object({
  divisionId: z.string(),
  startDate: isoDaySchema,
  /** Seeds in order, best first. */
  seeds: z.array(bracketSideSchema),
  /** Some of its games are in the teams' schedules (the public page shows it from then on). */
  published: z.boolean(),
  rounds: z.array(
    z.object({
      round: z.number().int(),
      /** "Final", "Semifinals", "Quarterfinals", "Round 1". */
      name: z.string(),
      games: z.array(bracketGameSchema),
    }),
  ),
  /** The final's winner, once confirmed. */
  champion: bracketSideSchema.nullable(),
});
export type BracketView = z.infer<typeof bracketSchema>;

export const bracketResponseSchema = z.object({ bracket: bracketSchema.nullable() });
export type BracketResponse = z.infer<typeof bracketResponseSchema>;
