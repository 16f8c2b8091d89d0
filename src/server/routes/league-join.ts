import { createRoute, z } from "@hono/zod-openapi";
import { joinLeagueSchema, leagueByCodeResponseSchema, myLeaguesResponseSchema } from "#domain/api/leagues.js";
import { LEAGUE_LIMITS as L } from "#domain/leagues/league.js";
import { addLeagueTeam, countOf, divisionOfLeague, leagueByCode, myLeagues } from "../db/leagues.js";
import { teamNameAndZone } from "../db/reminders.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses } from "../http/errors.js";
import { pathParam } from "../http/path-params.js";
import { startCodeGuess } from "../http/rate-limit.js";
import { headCoachOnly } from "../http/viewer.js";

/*
 * A team joins a league (docs/product.md §17): its head coach enters the code the league's admin gave them, sees the
 * league's divisions, and joins one. The team keeps its roster, stats and seasons: the league only places it. Wrong
 * codes count against the same per-address limit as the team codes (http/rate-limit.ts), so codes cannot be guessed.
 */

const UNKNOWN_CODE = "No league has that code. Check it with the league's organiser.";

const lookup = createRoute({
  method: "get",
  path: "/api/league-codes/{code}",
  operationId: "findLeagueByCode",
  tags: ["leagues"],
  middleware: [headCoachOnly] as const,
  summary: "The league a code belongs to, with its divisions, before joining",
  request: { params: z.object({ code: pathParam("code", "The league's code, as the organiser gave it") }) },
  responses: {
    200: {
      description: "The league",
      content: { "application/json": { schema: leagueByCodeResponseSchema.openapi("LeagueByCode") } },
    },
    ...errorResponses(401, 403, 404, 429),
  },
});

const join = createRoute({
  method: "post",
  path: "/api/team/leagues",
  operationId: "joinLeague",
  tags: ["leagues"],
  middleware: [headCoachOnly] as const,
  summary: "Join a division of a league with the league's code",
  request: {
    body: { required: true, content: { "application/json": { schema: joinLeagueSchema.openapi("JoinLeague") } } },
  },
  responses: {
    201: {
      description: "Joined; the leagues the caller now runs or plays in",
      content: { "application/json": { schema: myLeaguesResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 409, 415, 429),
  },
});

export function leagueJoinRoutes() {
  return createRouter()
    .openapi(lookup, async (c) => {
      const { code } = c.req.valid("param");
      const { database, config } = c.get("services");
      const guess = await startCodeGuess(database.db, config, c.get("clientIp"), true);
      const league = await leagueByCode(database.db, code);
      if (!league) {
        await guess.wrong();
        throw new ApiError(404, "not_found", UNKNOWN_CODE);
      }
      await guess.right();
      return c.json(league, 200);
    })
    .openapi(join, async (c) => {
      const viewer = c.var.viewer;
      const { code, divisionId } = c.req.valid("json");
      const { database, config } = c.get("services");
      const db = database.db;
      const guess = await startCodeGuess(db, config, c.get("clientIp"), true);
      const league = await leagueByCode(db, code);
      if (!league) {
        await guess.wrong();
        throw new ApiError(400, "unknown_league_code", UNKNOWN_CODE, { code: UNKNOWN_CODE });
      }
      await guess.right();
      if (!(await divisionOfLeague(db, league.id, divisionId))) {
        const message = "Choose one of this league's divisions.";
        throw new ApiError(400, "invalid_input", message, { divisionId: message });
      }
      if ((await countOf(db, "league_teams", league.id)) >= L.teams) {
        throw new ApiError(409, "too_many", `This league is full (${L.teams} teams).`);
      }
      const team = await teamNameAndZone(db, viewer.teamId);
      const added = await addLeagueTeam(db, league.id, { divisionId, name: team.name, teamId: viewer.teamId });
      if (added === "already_in") {
        throw new ApiError(409, "already_in_league", "Your team is already in this league.");
      }
      return c.json({ leagues: await myLeagues(db, viewer.userId, viewer.teamId) }, 201);
    });
}
