/**
 * League results (docs/product.md §17, issue #31): a game's result as the two scorebooks and the decisions about
 * them give it, the coaches' and the admin's decisions, and a game's two play-by-plays side by side. The rules are
 * in ../leagues/results.ts.
 */
import { z } from "../zod.js";
import { RESULT_SOURCES, RESULT_STATES } from "../leagues/results.js";
import { isoDaySchema, isoTimeSchema } from "./common.js";

const scorebookSchema = z.object({ home: z.number().int(), away: z.number().int() });
const sideSchema = z.enum(["home", "away"]);

const leagueResultSchema = z.object({
  state: z.enum(RESULT_STATES),
  /** The score that counts (confirmed), or the lone scorebook's (awaiting confirmation); null otherwise. */
  home: z.number().int().nullable(),
  away: z.number().int().nullable(),
  forfeit: sideSchema.nullable(),
  /** What confirmed it: both scorebooks agreeing, a coach accepting or confirming, the admin. */
  source: z.enum(RESULT_SOURCES).nullable(),
  /** The two teams' final scores, each turned to the league game's sides; null: that team has not ended its game. */
  homeBook: scorebookSchema.nullable(),
  awayBook: scorebookSchema.nullable(),
});
export type LeagueResultDto = z.infer<typeof leagueResultSchema>;

const COACH_RESULT_ACTIONS = ["confirm", "accept", "dispute"] as const;
export type CoachResultAction = (typeof COACH_RESULT_ACTIONS)[number];

export const teamLeagueGamesResponseSchema = z.object({
  games: z.array(
    z.object({
      id: z.string(),
      leagueId: z.string(),
      leagueName: z.string(),
      date: isoDaySchema,
      startTime: z.string(),
      opponent: z.string(),
      homeAway: sideSchema,
      result: leagueResultSchema,
      /** What the team's coaches may do about the result now. */
      actions: z.array(z.enum(COACH_RESULT_ACTIONS)),
    }),
  ),
});
export type TeamLeagueGames = z.infer<typeof teamLeagueGamesResponseSchema>;

/** A note kept in a game's audit log: empty reads as none. */
const noteSchema = z
  .string()
  .trim()
  .max(300, { error: "A note must be at most 300 characters." })
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

export const coachResultSchema = z.object({
  action: z.enum(COACH_RESULT_ACTIONS, { error: "Choose confirm, accept or dispute." }),
  note: noteSchema,
});

const scoreSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number of points.` })
    .int({ error: `${label} must be a whole number of points.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(200, { error: `${label} must be at most 200.` });

export const adminResultSchema = z.object({
  homeScore: scoreSchema("The home score"),
  awayScore: scoreSchema("The away score"),
  /** The side that forfeited (it loses, whatever the score). */
  forfeit: sideSchema.nullable().optional(),
  note: noteSchema,
});
export type AdminResultInput = z.input<typeof adminResultSchema>;

const bookSchema = z
  .object({
    home: z.number().int(),
    away: z.number().int(),
    plays: z.array(
      z.object({ period: z.number().int(), kind: z.string(), home: z.number().int(), away: z.number().int() }),
    ),
  })
  .nullable();

export const leagueGameResultResponseSchema = z.object({
  game: z.object({
    id: z.string(),
    date: isoDaySchema,
    startTime: z.string(),
    homeTeam: z.string(),
    awayTeam: z.string(),
  }),
  result: leagueResultSchema,
  /** Each team's scorebook: its final score and its scoring plays in order, turned to the league game's sides. */
  homeBook: bookSchema,
  awayBook: bookSchema,
  /** The index of the first scoring play where the two books part; null when they agree or one is missing. */
  firstDivergence: z.number().int().nullable(),
  /** Every decision, dispute and clearing, oldest first. */
  log: z.array(
    z.object({
      action: z.string(),
      home: z.number().int().nullable(),
      away: z.number().int().nullable(),
      forfeit: sideSchema.nullable(),
      note: z.string().nullable(),
      by: z.string(),
      at: isoTimeSchema,
    }),
  ),
  /** The caller runs the league: they may enter or override the result. */
  canDecide: z.boolean(),
});
export type LeagueGameResultDetail = z.infer<typeof leagueGameResultResponseSchema>;
