/**
 * Response shapes of the coach analytics API (`/api/team/*`). The server declares its OpenAPI responses with
 * these schemas and the web takes its types from them, so both sides read the same contract.
 * Times are ISO-8601 UTC strings; calendar days are "YYYY-MM-DD".
 */
import { z } from "../zod.js";
import { EVENT_TYPES } from "../event-types.js";
import { playerStatLineSchema } from "./game.js";
import { LEADERBOARD_WINDOWS } from "../reads.js";
import {
  countSchema as count,
  isoDaySchema as isoDay,
  isoTimeSchema as isoTime,
  sessionKindSchema,
  sessionRefSchema,
  yardsSchema,
} from "./common.js";

const positionGroupSchema = z.enum(["offense", "defense", "other"]);
export const eventTypeSchema = z.enum(EVENT_TYPES);

/** docs/product.md §3 derived player summary (domain/player-summary.ts `PlayerSummary`). */
export const playerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.string(),
  positionGroup: positionGroupSchema,
  jerseyNumber: z.union([z.number(), z.string()]),
  performanceScore: z.number(),
  eventCount: count,
  attendancePercentage: count,
  /** Sessions the player has a mark for; 0: no attendance taken yet (shown as "—", not 0%). */
  attendanceMarked: count,
  teamRanking: z.number().int().min(1).max(10),
  lastActive: isoTime.nullable(),
  stats: z.object({
    totalEvents: count,
    passingYards: z.number(),
    receivingYards: z.number(),
    rushingYards: z.number(),
    /** Passing + receiving + rushing touchdowns (the spec's sum of the three counters). */
    touchdowns: count,
    /** Touchdown passes thrown. */
    touchdownPasses: count,
    /** Interceptions returned for a touchdown (pick-sixes). */
    returnTouchdowns: count,
    /** Touchdowns the player scored, each once: caught, run in or returned. The screens' "Touchdowns". */
    touchdownsScored: count,
    flagPulls: count,
    interceptions: count,
  }),
  photoUrl: z.string().nullable(),
});
export type PlayerSummaryDto = z.infer<typeof playerSummarySchema>;

/** GET /api/team/players */
export type TeamPlayersResponse = { players: PlayerSummaryDto[] };

const leaderSchema = z.object({ playerId: z.string(), name: z.string(), value: z.number() });
const leadersSchema = z.object({
  passingYards: z.array(leaderSchema),
  receivingYards: z.array(leaderSchema),
  rushingYards: z.array(leaderSchema),
  /** Touchdowns scored: caught, run in or returned (a touchdown pass counts for its catcher). */
  touchdownsScored: z.array(leaderSchema),
  /** Touchdown passes thrown. */
  touchdownPasses: z.array(leaderSchema),
  flagPulls: z.array(leaderSchema),
  interceptions: z.array(leaderSchema),
});
export type Leader = z.infer<typeof leaderSchema>;
export type Leaders = z.infer<typeof leadersSchema>;

const attendanceRowSchema = z.object({
  sessionId: z.string(),
  ...sessionRefSchema.shape,
  present: z.boolean(),
});

export const scorePointSchema = z.object({
  date: isoDay,
  /** That day's performance points (docs/product.md §9, 0.1 per event included), one decimal. */
  points: z.number(),
  /** Running total; the last one equals the player's performanceScore. */
  score: z.number(),
});

export const trainingLogSchema = z.object({
  id: z.string(),
  date: isoDay,
  activityType: z.string(),
  durationMinutes: z.number().int(),
  intensity: z.number().int(),
  notes: z.string(),
});

export const feedbackItemSchema = z.object({
  id: z.string(),
  category: z.string(),
  body: z.string(),
  createdAt: isoTime,
  coachName: z.string(),
});

/** GET /api/team/players/{id} */
export const playerDetailResponseSchema = z.object({
  player: playerSummarySchema.extend({
    primaryPosition: z.string().nullable(),
    positions: z.array(z.string()),
    joinedAt: isoTime.nullable(),
  }),
  /** Newest first. */
  attendance: z.array(attendanceRowSchema),
  /** One entry per day with events (in the viewer's zone), ascending. */
  scoreHistory: z.array(scorePointSchema),
  /** The latest 20. */
  trainingLogs: z.array(trainingLogSchema),
  /** Newest first. */
  feedback: z.array(feedbackItemSchema),
});
export type PlayerDetailResponse = z.infer<typeof playerDetailResponseSchema>;

export const playerEventSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  yards: yardsSchema,
  occurredAt: isoTime,
  sessionId: z.string().nullable(),
  /** The event's session (the web words it with `sessionLabel`); null without a session. */
  session: sessionRefSchema.nullable(),
  playId: z.string().nullable(),
  /** What the event is worth to this player (weight at their position plus 0.1), one decimal. */
  points: z.number(),
});

export type PlayerEvent = z.infer<typeof playerEventSchema>;

/** GET /api/team/players/{id}/events: newest first; pass nextCursor back as `cursor` for the next page. */
export const playerEventsResponseSchema = z.object({
  events: z.array(playerEventSchema),
  nextCursor: z.string().nullable(),
});
export type PlayerEventsResponse = z.infer<typeof playerEventsResponseSchema>;

const teamSessionSummarySchema = z.object({
  id: z.string(),
  ...sessionRefSchema.shape,
  location: z.string().nullable(),
  eventCount: count,
  presentCount: count,
  attendanceCount: count,
});

export type TeamSessionSummary = z.infer<typeof teamSessionSummarySchema>;

/** GET /api/team/sessions: newest first. */
export const teamSessionsResponseSchema = z.object({ sessions: z.array(teamSessionSummarySchema) });
export type TeamSessionsResponse = z.infer<typeof teamSessionsResponseSchema>;

const rankedPlayerSchema = playerSummarySchema.extend({
  /** Competition ranking on performanceScore: 1, 2, 2, 4. */
  place: z.number().int().min(1),
});

/** GET /api/team/leaderboard */
export const leaderboardResponseSchema = z.object({
  window: z.enum(LEADERBOARD_WINDOWS),
  players: z.array(rankedPlayerSchema),
  leaders: leadersSchema,
  /**
   * The one-session board only (null otherwise): how many were marked present for it, and the players marked
   * absent, who are left out of the board (docs/product.md §11 (#s11-seasons)).
   */
  attendance: z
    .object({
      present: count,
      absent: z.array(z.object({ id: z.string(), name: z.string() })),
    })
    .nullable(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

const statFields = {
  passingYards: z.number(),
  /** The passing yards seen from the catch (and catches logged on their own): never added to passing yards. */
  receivingYards: z.number(),
  rushingYards: z.number(),
  /** Passing + rushing yards: what the offense gained, each completion counted once (receiving yards are not added). */
  offenseYards: z.number(),
  touchdowns: count,
  flagPulls: count,
  interceptions: count,
};

/**
 * The team's football line (docs/product.md §10, domain/football-stats.ts `teamLine`): every snap of the team plus
 * the events logged on their own, as a player's line is sent (counts, figures, groups with numbers), and the team
 * figures that must not be summed from it: touchdowns counted once (passing + rushing + defensive; a touchdown
 * pass is one touchdown, not the passer's and the catcher's two), total yards = passing + rushing (null unless the
 * yards of every completion and carry were logged), turnovers, and penalties on us.
 */
const teamFootballSchema = playerStatLineSchema.extend({
  /** Snaps logged for the team (practices and games). */
  snaps: count,
  touchdowns: count,
  totalYards: z.number().nullable(),
  turnovers: count,
  penalties: count,
  penaltyYards: count,
});
export type TeamFootball = z.infer<typeof teamFootballSchema>;

/** GET /api/team/stats */
export const teamStatsResponseSchema = z.object({
  totals: z.object({
    players: count,
    sessions: count,
    games: count,
    practices: count,
    /** Every event logged for the team. */
    events: count,
    ...statFields,
    /** Mean of the players' attendance percentages, rounded; null before any player has a mark. */
    averageAttendance: count.nullable(),
  }),
  /** The team's football line over every snap and every event logged on its own. */
  football: teamFootballSchema,
  /** Per session, ascending by date. */
  trend: z.array(
    z.object({
      sessionId: z.string(),
      ...sessionRefSchema.shape,
      events: count,
      points: z.number(),
      ...statFields,
    }),
  ),
  byGroup: z.array(
    z.object({
      group: positionGroupSchema,
      players: count,
      events: count,
      score: z.number(),
      averageScore: z.number(),
    }),
  ),
  /** Per session, ascending by date; percent is 0 for a session nobody was marked for. */
  attendance: z.array(
    z.object({
      sessionId: z.string(),
      date: isoDay,
      kind: sessionKindSchema,
      present: count,
      marked: count,
      percent: count,
    }),
  ),
  /** Per day with events (in the viewer's zone), ascending; includes events logged outside a session. */
  daily: z.array(z.object({ date: isoDay, events: count, points: z.number() })),
  topPerformers: leadersSchema,
});
export type TeamStatsResponse = z.infer<typeof teamStatsResponseSchema>;

const dashboardEventSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  playerName: z.string(),
  eventType: z.string(),
  yards: yardsSchema,
  occurredAt: isoTime,
  points: z.number(),
});

/** GET /api/team/dashboard */
export const dashboardResponseSchema = z.object({
  team: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  playerCount: count,
  /** As in team stats: null before any player has a mark. */
  averageAttendance: count.nullable(),
  /** Events of the team in the last 7 days. */
  eventsThisWeek: count,
  /** The five best scores. */
  topPerformers: z.array(playerSummarySchema),
  /** The latest 10. */
  latestEvents: z.array(dashboardEventSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** Which of the team's codes `POST /api/team/codes/rotate` replaces: players' team code or the coach invite code. */
const CODE_KINDS = ["team", "coach"] as const;

export const rotateCodeBodySchema = z.object({
  which: z.enum(CODE_KINDS, { error: 'which must be "team" or "coach".' }),
});

/** The team's codes after a rotation (only a head coach may rotate, and sees both). */
export const rotateCodeResponseSchema = z.object({
  team: z.object({ id: z.string(), code: z.string(), coachInviteCode: z.string() }),
});
