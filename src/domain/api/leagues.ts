/**
 * Leagues (docs/product.md §17, issue #31): request and response schemas of the league routes, shared by the server
 * (validation and the API document) and the web. The rules are in ../leagues/.
 */
import { z } from "../zod.js";
import { LEAGUE_ADMIN_ROLES, LEAGUE_GAME_STATUSES, LEAGUE_LIMITS as L, minutesOfWallTime } from "../leagues/league.js";
import { TIEBREAKERS } from "../leagues/standings.js";
import { isCalendarDay, isTimeZone, isWallTime } from "../schedule.js";
import { countSchema, isoDaySchema } from "./common.js";
import { bracketSchema } from "./league-playoffs.js";

const nameSchema = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

export const daySchema = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .refine(isCalendarDay, { error: `${label} must be a real day, written YYYY-MM-DD.` })
    .describe("Calendar day, YYYY-MM-DD");

const timeZoneSchema = z
  .string({ error: "Time zone is required." })
  .refine(isTimeZone, { error: "Choose a time zone from the list (for example America/Chicago)." })
  .describe("IANA time zone name");

export const wallTimeSchema = z
  .string({ error: "Start time is required." })
  .refine(isWallTime, { error: "Start time must be a time written HH:MM (24-hour)." })
  .describe("Wall-clock time in the league's zone, HH:MM");

const optionalDay = (label: string) => daySchema(label).nullable().optional();

const tiebreakerSchema = z.enum(TIEBREAKERS, {
  error: "Choose head-to-head, point difference, points allowed or coin toss.",
});

export const createLeagueSchema = z.object({
  name: nameSchema("League name", L.nameMax),
  timeZone: timeZoneSchema,
});
export type CreateLeagueInput = z.input<typeof createLeagueSchema>;

export const updateLeagueSchema = z
  .object({
    name: nameSchema("League name", L.nameMax).optional(),
    timeZone: timeZoneSchema.optional(),
    minRestMinutes: z
      .number({ error: "Rest between games must be a number of minutes." })
      .int({ error: "Rest between games must be a whole number of minutes." })
      .min(0, { error: "Rest between games cannot be negative." })
      .max(L.minRestMax, { error: `Rest between games must be at most ${L.minRestMax} minutes.` })
      .optional(),
    tiebreakers: z
      .array(tiebreakerSchema)
      .max(4)
      .refine((list) => new Set(list).size === list.length, { error: "Each tiebreaker may be listed once." })
      .optional(),
    pointDifferenceCap: z
      .number({ error: "The cap must be a number of points." })
      .int({ error: "The cap must be a whole number of points." })
      .min(1, { error: "The cap must be at least 1 point." })
      .max(L.pointDifferenceCapMax, { error: `The cap must be at most ${L.pointDifferenceCapMax} points.` })
      .nullable()
      .optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), { error: "Nothing to change." });
export type UpdateLeagueInput = z.input<typeof updateLeagueSchema>;

export const divisionInputSchema = z.object({
  name: nameSchema("Division name", L.divisionNameMax),
  /** Players born before this day are too old for the division. */
  ageCutoff: optionalDay("Age cutoff"),
  /** After this day the roster changes only with the admin's approval. */
  rosterLock: optionalDay("Roster lock"),
});
export type DivisionInput = z.input<typeof divisionInputSchema>;

export const updateDivisionSchema = divisionInputSchema
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), { error: "Nothing to change." });

export const addLeagueTeamSchema = z.object({
  divisionId: z.string({ error: "Choose a division." }).min(1, { error: "Choose a division." }),
  name: nameSchema("Team name", L.teamNameMax),
});
export type AddLeagueTeamInput = z.input<typeof addLeagueTeamSchema>;

export const updateLeagueTeamSchema = z
  .object({
    divisionId: z.string().min(1, { error: "Choose a division." }).optional(),
    name: nameSchema("Team name", L.teamNameMax).optional(),
    blackoutDates: z
      .array(daySchema("A blackout date"))
      .max(L.blackoutDates, { error: `At most ${L.blackoutDates} blackout dates.` })
      .optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), { error: "Nothing to change." });
export type UpdateLeagueTeamInput = z.input<typeof updateLeagueTeamSchema>;

export const joinLeagueSchema = z.object({
  code: z
    .string({ error: "Enter the league's code." })
    .trim()
    .min(1, { error: "Enter the league's code." })
    .max(20, { error: "That is not a league code." }),
  divisionId: z.string({ error: "Choose a division." }).min(1, { error: "Choose a division." }),
});

export const fieldInputSchema = z.object({
  name: nameSchema("Field name", L.fieldNameMax),
  address: z
    .string()
    .trim()
    .max(L.addressMax, { error: `Address must be at most ${L.addressMax} characters.` })
    .nullable()
    .optional()
    .transform((value) => (value === undefined || value === "" ? null : value)),
  subFields: z
    .array(nameSchema("A sub-field's name", L.subFieldNameMax))
    .max(L.subFieldsPerField, { error: `At most ${L.subFieldsPerField} sub-fields.` })
    .refine((list) => new Set(list).size === list.length, { error: "Each sub-field needs its own name." })
    .default([]),
});
export type FieldInput = z.input<typeof fieldInputSchema>;

export const gameMinutesSchema = z
  .number({ error: "A game's length must be a number of minutes." })
  .int({ error: "A game's length must be a whole number of minutes." })
  .min(L.gameMinutesMin, { error: `A game lasts at least ${L.gameMinutesMin} minutes.` })
  .max(L.gameMinutesMax, { error: `A game lasts at most ${L.gameMinutesMax} minutes.` });

export const leagueCalendarSchema = z.object({
  gameDays: z
    .array(daySchema("A game day"))
    .max(L.gameDays, { error: `At most ${L.gameDays} game days.` })
    .refine((list) => new Set(list).size === list.length, { error: "Each game day may be listed once." }),
  timeSlots: z
    .array(
      z.object({
        startTime: wallTimeSchema,
        durationMinutes: gameMinutesSchema,
      }),
    )
    .max(L.timeSlots, { error: `At most ${L.timeSlots} start times.` })
    .refine((list) => new Set(list.map((s) => s.startTime)).size === list.length, {
      error: "Each start time may be listed once.",
    })
    .refine(
      (list) => {
        const sorted = [...list].sort((a, b) => a.startTime.localeCompare(b.startTime));
        return sorted.every((slot, i) => {
          const next = sorted[i + 1];
          return !next || minutesOfWallTime(slot.startTime) + slot.durationMinutes <= minutesOfWallTime(next.startTime);
        });
      },
      { error: "A game must end before the next start time on the same field." },
    ),
});
export type LeagueCalendarInput = z.input<typeof leagueCalendarSchema>;

export const generateScheduleSchema = z.object({
  /** Each pair of teams meets twice, home and away swapped. */
  doubleRoundRobin: z.boolean({ error: "Choose single or double round robin." }),
});

const leagueTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  divisionId: z.string(),
  /** The team has joined with its Flagline team (a coach runs it here). */
  joined: z.boolean(),
  blackoutDates: z.array(isoDaySchema),
});
export type LeagueTeam = z.infer<typeof leagueTeamSchema>;

const divisionSchema = z.object({
  id: z.string(),
  name: z.string(),
  ageCutoff: isoDaySchema.nullable(),
  rosterLock: isoDaySchema.nullable(),
});
export type LeagueDivision = z.infer<typeof divisionSchema>;

const fieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  subFields: z.array(z.string()),
});
export type LeagueField = z.infer<typeof fieldSchema>;

const timeSlotSchema = z.object({ startTime: z.string(), durationMinutes: z.number().int() });

const leagueDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Given to coaches: their team joins a division with it. */
  joinCode: z.string(),
  timeZone: z.string(),
  minRestMinutes: countSchema,
  tiebreakers: z.array(tiebreakerSchema),
  pointDifferenceCap: z.number().int().nullable(),
  role: z.enum(LEAGUE_ADMIN_ROLES),
  admins: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(LEAGUE_ADMIN_ROLES) })),
  divisions: z.array(divisionSchema),
  teams: z.array(leagueTeamSchema),
  fields: z.array(fieldSchema),
  gameDays: z.array(isoDaySchema),
  timeSlots: z.array(timeSlotSchema),
  games: z.object({ draft: countSchema, published: countSchema, changed: countSchema }),
});
export type LeagueDetail = z.infer<typeof leagueDetailSchema>;
export const leagueResponseSchema = z.object({ league: leagueDetailSchema });

export const myLeaguesResponseSchema = z.object({
  leagues: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The caller runs it, or their team plays in it. */
      role: z.enum([...LEAGUE_ADMIN_ROLES, "member"]),
      teams: countSchema,
    }),
  ),
});
export type MyLeagues = z.infer<typeof myLeaguesResponseSchema>;

export const leagueByCodeResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  divisions: z.array(z.object({ id: z.string(), name: z.string(), ageCutoff: isoDaySchema.nullable() })),
});

const leagueGameSchema = z.object({
  id: z.string(),
  divisionId: z.string(),
  round: z.number().int(),
  homeTeamId: z.string(),
  awayTeamId: z.string(),
  fieldId: z.string(),
  subField: z.string(),
  date: isoDaySchema,
  startTime: z.string(),
  durationMinutes: z.number().int(),
  status: z.enum(LEAGUE_GAME_STATUSES),
  /** Changed after it was published: the teams still show the old version until the schedule is published again. */
  changedSincePublished: z.boolean(),
});
export type LeagueGame = z.infer<typeof leagueGameSchema>;

export const leagueGamesResponseSchema = z.object({
  games: z.array(leagueGameSchema),
  /** What is wrong with the schedule as it stands, in the admin's words. */
  conflicts: z.array(z.string()),
});
export type LeagueGames = z.infer<typeof leagueGamesResponseSchema>;

export const generatedScheduleResponseSchema = z.object({
  placed: countSchema,
  /** Games of the round robin that found no field and time, with why. */
  unplaced: z.array(
    z.object({ homeTeam: z.string(), awayTeam: z.string(), round: z.number().int(), reason: z.string() }),
  ),
  byes: countSchema,
});

export const publishResponseSchema = z.object({
  /** Games put into the teams' schedules, or changed there. */
  published: countSchema,
  /** Team schedules written. */
  teamEvents: countSchema,
});

const standingRowSchema = z.object({
  teamId: z.string(),
  rank: z.number().int(),
  played: countSchema,
  wins: countSchema,
  losses: countSchema,
  ties: countSchema,
  winPct: z.number(),
  pointsFor: countSchema,
  pointsAgainst: countSchema,
  difference: z.number().int(),
  streak: z.string(),
  last5: z.array(z.enum(["W", "L", "T"])),
  decidedBy: tiebreakerSchema.nullable(),
});

/**
 * A league's public page (no sign-in): team-level only. Teams by the name the league shows, never a player, a
 * child's name or a photo. Published games only (drafts are the admins').
 */
export const publicLeagueSchema = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
  tiebreakers: z.array(tiebreakerSchema),
  divisions: z.array(z.object({ id: z.string(), name: z.string(), standings: z.array(standingRowSchema) })),
  teams: z.array(z.object({ id: z.string(), name: z.string(), divisionId: z.string() })),
  fields: z.array(fieldSchema),
  games: z.array(
    z.object({
      id: z.string(),
      divisionId: z.string(),
      homeTeamId: z.string(),
      awayTeamId: z.string(),
      fieldId: z.string(),
      subField: z.string(),
      date: isoDaySchema,
      startTime: z.string(),
      durationMinutes: z.number().int(),
      cancelled: z.boolean(),
      /** none: not played yet; pending: played, its result not confirmed yet; confirmed: the score that counts. */
      result: z.object({
        state: z.enum(["none", "pending", "confirmed"]),
        home: z.number().int().nullable(),
        away: z.number().int().nullable(),
        forfeit: z.enum(["home", "away"]).nullable(),
      }),
    }),
  ),
  /** Each division's playoff bracket, once its games are in the teams' schedules (league-playoffs.ts). */
  brackets: z.array(bracketSchema),
});
export type PublicLeague = z.infer<typeof publicLeagueSchema>;

/**
 * A league team's public page (no sign-in): its division's standings and its own games with their results, read
 * from its division alone. Team-level only, as the league's page.
 */
export const publicLeagueTeamSchema = z.object({
  league: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  team: z.object({ id: z.string(), name: z.string() }),
  division: z.object({ id: z.string(), name: z.string(), standings: z.array(standingRowSchema) }),
  /** The division's teams, by name: the standings' and the opponents' names. */
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The fields its games are on. */
  fields: z.array(fieldSchema),
  /** Its published games, season and playoffs, by day and time. */
  games: publicLeagueSchema.shape.games,
});
export type PublicLeagueTeam = z.infer<typeof publicLeagueTeamSchema>;

export const leagueAdminInviteResponseSchema = z.object({
  /** The link's path on this server (/league-admin/<token>): shown once. */
  path: z.string(),
  expiresAt: z.string(),
});

export const leagueAdminInviteInfoSchema = z.object({
  leagueName: z.string(),
  /** Who made the link, by name; null when that account is gone. */
  invitedBy: z.string().nullable(),
});
export type LeagueAdminInviteInfo = z.infer<typeof leagueAdminInviteInfoSchema>;

/** A league team's coach link, before a head coach takes it: team-level words only. */
export const leagueCoachInviteInfoSchema = z.object({
  leagueName: z.string(),
  teamName: z.string(),
  divisionName: z.string(),
  invitedBy: z.string().nullable(),
  /** The place has a Flagline team already: the link cannot be taken. */
  taken: z.boolean(),
});
export type LeagueCoachInviteInfo = z.infer<typeof leagueCoachInviteInfoSchema>;
