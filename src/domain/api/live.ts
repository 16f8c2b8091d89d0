import { z } from "../zod.js";
import { scoreboardSchema } from "./game.js";
import { teamChangeSchema } from "./logger.js";
import { leaderboardResponseSchema, playerSummarySchema } from "./team.js";

/**
 * A `change` message of GET /api/team/stream as this version reads it (decision 0016): {kind, at} and, when the
 * server sent them, the data the change altered, so a screen holding it needs no refetch.
 * - scoreboard: the changed game's scoreboard (GET /api/team/scoreboard's `scoreboard`; null: the game is gone),
 *   to every member;
 * - leaderboard: GET /api/team/leaderboard with its defaults (season, all, current season), to coaches only;
 * - players: GET /api/team/players's entries (current season), to coaches only.
 * teamChangeSchema (kind and at only) still reads these messages: extra fields are stripped.
 */
export const liveChangeSchema = teamChangeSchema.extend({
  scoreboard: scoreboardSchema.nullable().optional(),
  leaderboard: leaderboardResponseSchema.optional(),
  players: z.array(playerSummarySchema).optional(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;
