import { createRoute, z } from "@hono/zod-openapi";
import { publicLeagueTeamSchema, type PublicLeagueTeam } from "#domain/api/leagues.js";
import { leagueTeamOf } from "../db/league-division.js";
import { leagueDivisions, leagueFields, leagueSettings } from "../db/leagues.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { pathParam } from "../http/path-params.js";
import { standingsCacheOf } from "../leagues/standings-cache.js";
import { publicGame } from "../leagues/public-view.js";

/*
 * A league team's public page (docs/product.md §17): without sign-in, the team's division standings and its
 * games with their results, for a parent who follows one team. Read from the team's division alone
 * (leagues/division-standings.ts), so it costs one query of games however large the league. Team-level only, as
 * the league's page (league-public.ts); cached a minute by browsers and proxies.
 */

const PUBLIC_MAX_AGE_SECONDS = 60;

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
    const db = database.db;
    const [league, team] = await Promise.all([leagueSettings(db, id), leagueTeamOf(db, id, teamId)]);
    if (!league) throw notFound("That league");
    if (!team) throw notFound("That team of the league");
    const [divisions, allFields, division] = await Promise.all([
      leagueDivisions(db, id),
      leagueFields(db, id),
      standingsCacheOf(hub).get(db, team.divisionId, {
        tiebreakers: league.tiebreakers,
        pointDifferenceCap: league.pointDifferenceCap,
        coinToss: league.coinToss,
      }),
    ]);
    const games = division.games.filter((g) => g.homeTeamId === team.id || g.awayTeamId === team.id);
    const used = new Set(games.map((g) => g.fieldId));
    const body: PublicLeagueTeam = {
      league: { id: league.id, name: league.name, timeZone: league.timeZone },
      team: { id: team.id, name: team.name },
      division: {
        id: team.divisionId,
        name: divisions.find((d) => d.id === team.divisionId)?.name ?? "",
        standings: division.standings.map((row) => ({ ...row, last5: [...row.last5] })),
      },
      teams: division.teams.map((t) => ({ id: t.id, name: t.name })),
      fields: allFields.filter((f) => used.has(f.id)),
      games: games.map((g) => publicGame(team.divisionId, g)),
    };
    c.header("Cache-Control", `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
    return c.json(body, 200);
  });
}
