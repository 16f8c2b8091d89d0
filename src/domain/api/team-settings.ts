/**
 * Team settings, leaving and rejoining a team (docs/product.md §2 "Team settings", §6): request and response
 * schemas shared by the server routes and the web forms.
 */
import { z } from "../zod.js";
import type { rotateCodeResponseSchema } from "./team.js";

const TEAM_NAME_MAX = 80;

/** PATCH /api/team: the head coach renames the team. */
export const teamNameBodySchema = z.object({
  name: z
    .string({ error: "Team name is required." })
    .trim()
    .min(1, { error: "Team name is required." })
    .max(TEAM_NAME_MAX, { error: `Team name must be at most ${TEAM_NAME_MAX} characters.` }),
});
export type TeamNameBody = z.infer<typeof teamNameBodySchema>;

export const teamNameResponseSchema = z.object({ team: z.object({ id: z.string(), name: z.string() }) });

/** One coach of the team, as the settings page lists them. */
const teamCoachSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  coachRole: z.enum(["head", "assistant"]),
  /** When they joined the team (ISO-8601 UTC). */
  joinedAt: z.string().nullable(),
});
export type TeamCoach = z.infer<typeof teamCoachSchema>;

/** GET /api/team/coaches: the head coach first, then the assistants by when they joined. */
export const teamCoachesResponseSchema = z.object({ coaches: z.array(teamCoachSchema) });
export type TeamCoachesResponse = z.infer<typeof teamCoachesResponseSchema>;

/** POST /api/me/join: a removed player's team code, or a removed coach's coach invite code. */
export const joinBodySchema = z.object({
  code: z
    .string({ error: "Enter the code." })
    .trim()
    .toUpperCase()
    .min(1, { error: "Enter the code." })
    .max(32, { error: "That code is too long." }),
});
export type JoinBody = z.infer<typeof joinBodySchema>;

/** The team's codes after POST /api/team/codes/rotate (api/team.ts's rotateCodeResponseSchema). */
export type RotatedCodes = z.infer<typeof rotateCodeResponseSchema>["team"];
