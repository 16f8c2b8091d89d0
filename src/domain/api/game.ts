/**
 * Request and response shapes of game day (docs/product.md §10): snaps, the game sheet (scoreboard and snaps of a
 * session), final scores, the season's games and record, league rules, and football stat lines. The server
 * validates with these and declares its OpenAPI document from them; the web and its offline outbox use the same.
 */
import { z } from "../zod.js";
import { leagueRulesSchema } from "./league-rules.js";
import { OPPONENT_SCORES, PASS_RESULTS, PENALTY_EFFECTS, snapProblems, type SnapDetail } from "../snaps.js";
import { isoDaySchema, isoTimeSchema, uuidSchema } from "./common.js";
import { MAX_LINEUP, MAX_PERIOD, MAX_SNAPS_PER_REQUEST, MAX_YARDS, MIN_YARDS } from "../limits.js";
import { HOME_AWAY } from "./logger.js";

export { type HomeAway } from "./logger.js";

const player = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .min(1, { error: `${label} is required.` })
    .max(128, { error: `That is not a player id.` });
const optionalPlayer = (label: string) => player(label).nullable();
const yards = z
  .number({ error: "Yards must be a number." })
  .int({ error: "Yards must be a whole number." })
  .min(MIN_YARDS, { error: `Yards must be between ${MIN_YARDS} and ${MAX_YARDS}.` })
  .max(MAX_YARDS, { error: `Yards must be between ${MIN_YARDS} and ${MAX_YARDS}.` });
const optionalYards = yards.nullable();
const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` });

export const snapDetailSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.object({
        kind: z.literal("pass"),
        passerId: player("Passer"),
        targetId: optionalPlayer("Receiver"),
        result: z.enum(PASS_RESULTS, { error: "Choose what happened to the pass." }),
        yards: optionalYards,
      }),
      z.object({
        kind: z.literal("run"),
        runnerId: player("Runner"),
        yards: optionalYards,
        touchdown: flag("Touchdown"),
      }),
      z.object({
        kind: z.literal("try"),
        points: z.union([z.literal(1), z.literal(2)], { error: "A try is for 1 or 2 points." }),
        method: z.enum(["pass", "run"], { error: "Choose pass or run." }),
        good: flag("Good"),
        passerId: optionalPlayer("Passer"),
        scorerId: optionalPlayer("Scorer"),
      }),
      z.object({
        kind: z.literal("penalty"),
        on: z.enum(["us", "them"], { error: "Choose who the penalty is on." }),
        yards: z
          .number({ error: "Penalty yards must be a number." })
          .int({ error: "Penalty yards must be a whole number." })
          .min(0, { error: "Penalty yards must be from 0 to 50." })
          .max(50, { error: "Penalty yards must be from 0 to 50." }),
        effect: z.enum(PENALTY_EFFECTS, { error: "Choose none, loss of down or first down." }),
        playerId: optionalPlayer("Player"),
      }),
      z.object({ kind: z.literal("flag_pull"), defenderId: player("Defender"), yards: optionalYards }),
      z.object({ kind: z.literal("sack"), defenderId: player("Defender") }),
      z.object({
        kind: z.literal("interception"),
        defenderId: player("Defender"),
        returnTouchdown: flag("Return touchdown"),
        yards: optionalYards,
      }),
      z.object({ kind: z.literal("pass_defended"), defenderId: player("Defender") }),
      z.object({ kind: z.literal("stop"), defenderId: player("Defender") }),
      z.object({ kind: z.literal("safety"), defenderId: optionalPlayer("Defender") }),
      z.object({
        kind: z.literal("opponent_score"),
        score: z.enum(OPPONENT_SCORES, { error: "Choose touchdown, try for 1, try for 2 or safety." }),
      }),
    ],
    { error: "Unknown kind of snap." },
  )
  .superRefine((detail, ctx) => {
    for (const [path, message] of snapProblems(detail as SnapDetail))
      ctx.addIssue({ code: "custom", path: [path], message });
  });

/** An event time: ISO-8601 with a zone, normalised to UTC with milliseconds; not after 5 minutes from now. */
const occurredAt = z.iso
  .datetime({ offset: true, error: "Time must be an ISO-8601 date and time with a zone, e.g. 2026-10-03T14:05:00Z." })
  .transform((value) => new Date(value).toISOString())
  .refine((value) => value >= "2000-01-01T00:00:00.000Z", { error: "That time is before 2000." })
  .refine((value) => Date.parse(value) <= Date.now() + 5 * 60_000, { error: "That time is in the future." });

const period = z
  .number({ error: "Period must be a number." })
  .int({ error: "Period must be a whole number." })
  .min(1, { error: `Period must be from 1 to ${MAX_PERIOD}.` })
  .max(MAX_PERIOD, { error: `Period must be from 1 to ${MAX_PERIOD}.` });

/**
 * The players on the field for a snap (docs/product.md §12 "Playing time"): unique player ids, at most 11 (the
 * largest players-on-field a league may set); the server checks they are the team's players.
 */
const lineupSchema = z
  .array(player("Lineup player"), { error: "The lineup must be a list of player ids." })
  .max(MAX_LINEUP, { error: `A lineup has at most ${MAX_LINEUP} players.` })
  .refine((ids) => new Set(ids).size === ids.length, { error: "A player is on the field only once." });

export const newSnapSchema = z.object({
  /** Made by the client (crypto.randomUUID()): sending the same id again is a no-op. */
  id: uuidSchema("Snap id"),
  sessionId: uuidSchema("Session id"),
  playId: uuidSchema("Play id").nullable().optional(),
  period,
  /** The offense crossed midfield on this snap (down tracking only). */
  firstDown: flag("First down").optional(),
  occurredAt,
  detail: snapDetailSchema,
  /** Who was on the field (the logger's lineup mode); left out: the snap counts for nobody's playing time. */
  lineup: lineupSchema.optional(),
});
export type NewSnapInput = z.input<typeof newSnapSchema>;

/** POST /api/team/snaps: all or nothing. */
export const postSnapsSchema = z.object({
  snaps: z
    .array(newSnapSchema)
    .min(1, { error: "Send at least one snap." })
    .max(MAX_SNAPS_PER_REQUEST, { error: `Send at most ${MAX_SNAPS_PER_REQUEST} snaps at a time.` }),
});

/** POST /api/team/snaps: one result per snap sent, in the order sent. */
export const postSnapsResponseSchema = z.object({
  results: z.array(z.object({ id: z.string(), status: z.enum(["created", "duplicate"]) })),
});
export type PostSnapsResponse = z.infer<typeof postSnapsResponseSchema>;

/**
 * PUT /api/team/sessions/{id}/period: the game's period from now on, or from `at` (when the coach tapped, for a
 * change sent later by the offline outbox; never later than the server's now).
 */
export const setPeriodSchema = z.object({ period, at: occurredAt.optional() });

/** PUT /api/team/snaps/{id}: the snap as it should now be (its events and the score are rewritten to match). */
export const editSnapSchema = z.object({
  playId: uuidSchema("Play id").nullable().optional(),
  period,
  firstDown: flag("First down").optional(),
  detail: snapDetailSchema,
  /** Left out: the snap keeps its lineup. */
  lineup: lineupSchema.optional(),
});

const pointsSchema = z.object({ us: z.number().int(), them: z.number().int() });

const snapSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  playId: z.string().nullable(),
  period: z.number().int(),
  firstDown: z.boolean(),
  occurredAt: isoTimeSchema,
  detail: snapDetailSchema,
  points: pointsSchema,
  /** Who logged it (two coaches may log one game). */
  loggedBy: z.object({ id: z.string(), name: z.string() }),
  /** Set when the snap was edited after it was logged. */
  editedAt: isoTimeSchema.nullable(),
  /** The players on the field, when it was logged in lineup mode; null otherwise. */
  lineup: z.array(z.string()).nullable(),
});
export type SnapDto = z.infer<typeof snapSchema>;

/** PUT /api/team/snaps/{id}: the snap as it now is. */
export const snapResponseSchema = z.object({ snap: snapSchema });

const finalSchema = z.object({
  us: z.number().int(),
  them: z.number().int(),
  /** The coach entered a final score that differs from the snaps' total. */
  corrected: z.boolean(),
  endedAt: isoTimeSchema,
  endedBy: z.string(),
});

/** A game as a scoreboard shows it. The score is the snaps' total until the game is final. */
export const scoreboardSchema = z.object({
  sessionId: z.string(),
  kind: z.enum(["practice", "game"]),
  date: isoDaySchema,
  opponent: z.string().nullable(),
  homeAway: z.enum(HOME_AWAY).nullable(),
  /** The snaps' running total. */
  score: pointsSchema,
  /** Set once the coach ends the game; its us/them are the official score. */
  final: finalSchema.nullable(),
  result: z.enum(["W", "L", "T"]).nullable(),
  /** The game's period (decision 0022: the game owns it; 1 until a coach moves it on). */
  period: z.number().int(),
  periodLabel: z.string(),
  /** "2nd & midfield" when the league tracks downs and our offense is on the field. */
  down: z.string().nullable(),
  snapCount: z.number().int().min(0),
});
export type ScoreboardDto = z.infer<typeof scoreboardSchema>;

/** A player as a game sheet names them (players of the team see box scores without the coaches' roster). */
const sheetPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  jerseyNumber: z.number().int().nullable(),
  /** Effective position key (docs/product.md §3), "unknown" when none. */
  position: z.string(),
});
export type SheetPlayer = z.infer<typeof sheetPlayerSchema>;

/** GET /api/team/sessions/{id}/snaps: the game sheet. */
export const gameSheetResponseSchema = z.object({
  scoreboard: scoreboardSchema,
  rules: leagueRulesSchema,
  /** In game order (time, then id). */
  snaps: z.array(snapSchema),
  /** Every player a snap names (current or former members), for labels ("#7") and box score lines. */
  players: z.array(sheetPlayerSchema),
});
export type GameSheetResponse = z.infer<typeof gameSheetResponseSchema>;

/** POST /api/team/sessions/{id}/final: end the game with this score (usually the snaps' total). */
export const finalScoreSchema = z.object({
  us: z
    .number({ error: "Our score must be a number." })
    .int({ error: "Our score must be a whole number." })
    .min(0, { error: "Our score cannot be negative." })
    .max(999, { error: "Our score must be at most 999." }),
  them: z
    .number({ error: "Their score must be a number." })
    .int({ error: "Their score must be a whole number." })
    .min(0, { error: "Their score cannot be negative." })
    .max(999, { error: "Their score must be at most 999." }),
});

/** POST and DELETE /api/team/sessions/{id}/final: the game's scoreboard after the change. */
export const finalScoreResponseSchema = z.object({ scoreboard: scoreboardSchema });

/** GET /api/team/scoreboard: the game being played today (else the latest unfinished one today), or null. */
export const liveScoreboardResponseSchema = z.object({ scoreboard: scoreboardSchema.nullable() });

/** GET /api/team/games: the season's games, newest first, and the record of the finished ones. */
export const gamesResponseSchema = z.object({
  games: z.array(scoreboardSchema),
  record: z.object({ wins: z.number().int(), losses: z.number().int(), ties: z.number().int(), text: z.string() }),
});
export type GamesResponse = z.infer<typeof gamesResponseSchema>;

/** GET/PUT /api/team/rules */
export const rulesResponseSchema = z.object({ rules: leagueRulesSchema });

const statLineSchema = z.record(z.string(), z.number());
const figuresSchema = z.record(z.string(), z.number().nullable());

/** A player's football line: the counts, the figures derived from them, and the groups in the order to show. */
export const playerStatLineSchema = z.object({
  line: statLineSchema,
  figures: figuresSchema,
  groups: z.array(z.enum(["passing", "receiving", "rushing", "defense"])),
});

/** GET /api/team/players/{id}/stat-lines (coaches) and /api/me/stat-lines (the player): season and per game. */
export const statLinesResponseSchema = z.object({
  season: playerStatLineSchema,
  games: z.array(
    z.object({
      sessionId: z.string(),
      date: isoDaySchema,
      opponent: z.string().nullable(),
      result: z.enum(["W", "L", "T"]).nullable(),
      stat: playerStatLineSchema,
    }),
  ),
});
export type StatLinesResponse = z.infer<typeof statLinesResponseSchema>;
