/**
 * League eligibility and the roster lock (docs/product.md §17, issue #31): the problems the league's admins see per
 * team, the problems a team's coaches see of their own roster, and the admins' decision about a player who joined
 * after the lock. The rules are in ../leagues/eligibility.ts.
 */
import { z } from "../zod.js";
import { ELIGIBILITY_PROBLEMS, ROSTER_DECISIONS } from "../leagues/eligibility.js";
import { isoDaySchema } from "./common.js";

const problemSchema = z.object({
  kind: z.enum(ELIGIBILITY_PROBLEMS),
  /** The day the player joined the roster, in the league's zone: for the roster lock's problems; else null. */
  joinedOn: isoDaySchema.nullable(),
  /** The league's note with a rejection. */
  note: z.string().nullable(),
});

const divisionRulesSchema = z.object({
  id: z.string(),
  name: z.string(),
  ageCutoff: isoDaySchema.nullable(),
  rosterLock: isoDaySchema.nullable(),
});

/**
 * What the league's admins see: every division's teams, and per team the players with a problem, each by first name
 * and last initial. No birth date: the problem says what the league needs to know.
 */
export const leagueEligibilityResponseSchema = z.object({
  divisions: z.array(
    divisionRulesSchema.extend({
      teams: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          /** The team plays on Flagline (its roster is checked); false: added by name, nothing to check. */
          joined: z.boolean(),
          players: z.array(z.object({ playerId: z.string(), name: z.string(), problems: z.array(problemSchema) })),
          /** Players who joined after the lock and whom the league approved: eligible; an admin may still reject. */
          approved: z.array(z.object({ playerId: z.string(), name: z.string(), joinedOn: isoDaySchema })),
        }),
      ),
    }),
  ),
});
export type LeagueEligibility = z.infer<typeof leagueEligibilityResponseSchema>;
export type EligibilityProblemDto = z.infer<typeof problemSchema>;

/** What a team's coaches see: their own players' problems in each league division the team plays in. */
export const teamLeagueEligibilityResponseSchema = z.object({
  teams: z.array(
    z.object({
      /** The league team (the team's place in one league). */
      id: z.string(),
      leagueId: z.string(),
      leagueName: z.string(),
      /** The team's name as the league shows it. */
      name: z.string(),
      division: divisionRulesSchema,
      players: z.array(
        z.object({
          playerId: z.string(),
          name: z.string(),
          birthDate: isoDaySchema.nullable(),
          problems: z.array(problemSchema),
        }),
      ),
    }),
  ),
});
export type TeamLeagueEligibility = z.infer<typeof teamLeagueEligibilityResponseSchema>;

export const rosterApprovalSchema = z.object({
  leagueTeamId: z.string({ error: "Choose the team." }).min(1, { error: "Choose the team." }).max(200),
  playerId: z.string({ error: "Choose the player." }).min(1, { error: "Choose the player." }).max(200),
  decision: z.enum(ROSTER_DECISIONS, { error: "Choose approved or rejected." }),
  note: z
    .string()
    .trim()
    .max(300, { error: "A note must be at most 300 characters." })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type RosterApprovalInput = z.input<typeof rosterApprovalSchema>;
