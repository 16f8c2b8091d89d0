import { seasonQuerySchema } from "#domain/api/seasons.js";
import { resolveSeason, type SeasonScope } from "../db/seasons.js";
import type { AppContext, AppEnv } from "./context.js";
import { notFound } from "./errors.js";

/*
 * The `season` query parameter of every stat read (docs/product.md §11 (#s11-seasons), decision 0013): a season id of the
 * caller's team, or absent for the current season. Another team's season answers 404 exactly like an unknown id.
 */

/** The `season` query parameter, documented. */
export const seasonQuery = seasonQuerySchema.openapi({
  description: "A season id of the team (GET /api/team/seasons); absent: the current season",
});

/** The season a read covers, or 404 when the id is not one of the team's seasons. */
export async function seasonOfRequest<E extends AppEnv>(
  c: AppContext<E>,
  teamId: string,
  seasonId: string | undefined,
): Promise<SeasonScope> {
  const season = await resolveSeason(c.get("services").database.db, teamId, seasonId);
  if (!season) throw notFound("That season");
  return season;
}
