import { createRoute, z } from "@hono/zod-openapi";
import { publicLeagueTeamSchema } from "#domain/api/leagues.js";
import { createRouter } from "../http/context.js";
import { errorResponses } from "../http/errors.js";
import { pathParam } from "../http/path-params.js";
import { readPublicLeagueTeam } from "../leagues/public-reads.js";
import { PUBLIC_MAX_AGE_SECONDS } from "../leagues/public-view.js";

/*
 * A league team's public page (docs/product.md §17): without sign-in, the team's division standings and its
 * games with their results, for a parent who follows one team. Read from the team's division alone
 * (leagues/division-standings.ts), so it costs one query of games however large the league. Team-level only, as
 * the league's page (league-public.ts); cached a minute by browsers and proxies.
 */

const read = createRoute({
  method: "get",
  path: "/api/public/leagues/{id}/teams/{teamId}",
  operationId: "getPublicLeagueTeam",
  tags: ["leagues"],
  summary: "A league team's public page: its division's standings and its games with results (no sign-in)",
  request: {
    params: z.object({
      id: pathParam("id", "The league's id"),
      teamId: pathParam("teamId", "The league team's id"),
    }),
  },
  responses: {
    200: {
      description: "The team's page",
      content: { "application/json": { schema: publicLeagueTeamSchema.openapi("PublicLeagueTeam") } },
    },
    ...errorResponses(400, 404),
  },
});

export function leagueTeamPageRoutes() {
  return createRouter().openapi(read, async (c) => {
    const { id, teamId } = c.req.valid("param");
    const { database, hub } = c.get("services");
    const body = await readPublicLeagueTeam(database.db, hub, id, teamId);
    c.header("Cache-Control", `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
    return c.json(body, 200);
  });
}
