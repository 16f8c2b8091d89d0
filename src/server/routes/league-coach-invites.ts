import { createRoute } from "@hono/zod-openapi";
import {
  leagueAdminInviteResponseSchema,
  leagueCoachInviteInfoSchema,
  myLeaguesResponseSchema,
} from "#domain/api/leagues.js";
import { leagueCoachInvitePath } from "#domain/leagues/league.js";
import {
  createLeagueCoachInvite,
  findLeagueCoachInvite,
  leagueTeamOnFlagline,
  takeLeagueCoachInvite,
} from "../db/league-coach-invites.js";
import { myLeagues } from "../db/leagues.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses } from "../http/errors.js";
import { idParams, tokenParams } from "../http/path-params.js";
import { headCoachOnly, signedInOnly } from "../http/viewer.js";
import { publishLeagueSchedule } from "../leagues/publish.js";
import { callerOf, leagueOfAdmin } from "./leagues.js";

/*
 * A coach for a team the league added by name (docs/product.md §17): a league admin makes a single-use link for that
 * place (14 days); the head coach of a Flagline team who takes it puts their team there, keeping the league's name
 * for it, its division and its games, which go into the team's schedule at once. The team keeps its roster, stats
 * and seasons.
 */

const GONE = "This coach link was used already, has expired, or does not exist. Ask the league for a new one.";

const invite = createRoute({
  method: "post",
  path: "/api/league-teams/{id}/coach-invites",
  operationId: "createLeagueCoachInvite",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "A single-use link for the coach of a team the league added by name (14 days)",
  request: { params: idParams("The league team's id") },
  responses: {
    201: {
      description: "The link, shown once",
      content: { "application/json": { schema: leagueAdminInviteResponseSchema } },
    },
    ...errorResponses(401, 404, 409),
  },
});

const look = createRoute({
  method: "get",
  path: "/api/league-coach-invites/{token}",
  operationId: "getLeagueCoachInvite",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Which league team a coach link is for, before taking it",
  request: { params: tokenParams("The link's token") },
  responses: {
    200: {
      description: "The place",
      content: { "application/json": { schema: leagueCoachInviteInfoSchema.openapi("LeagueCoachInviteInfo") } },
    },
    ...errorResponses(401, 404),
  },
});

const take = createRoute({
  method: "post",
  path: "/api/league-coach-invites/{token}",
  operationId: "takeLeagueCoachInvite",
  tags: ["leagues"],
  middleware: [headCoachOnly] as const,
  summary: "Take a coach link: the caller's team takes that place in the league",
  request: { params: tokenParams("The link's token") },
  responses: {
    200: {
      description: "Taken; the leagues the caller now runs or plays in",
      content: { "application/json": { schema: myLeaguesResponseSchema } },
    },
    ...errorResponses(401, 403, 404, 409),
  },
});

export function leagueCoachInviteRoutes() {
  return createRouter()
    .openapi(invite, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      await leagueOfAdmin(caller, "league_teams", id, "That team");
      if (await leagueTeamOnFlagline(caller.db, id))
        throw new ApiError(409, "has_coach", "This team is on Flagline already: it has its coach.");
      const made = await createLeagueCoachInvite(caller.db, id, caller.userId);
      return c.json({ path: leagueCoachInvitePath(made.token), expiresAt: made.expiresAt }, 201);
    })
    .openapi(look, async (c) => {
      const { token } = c.req.valid("param");
      const found = await findLeagueCoachInvite(c.get("services").database.db, token);
      if (!found) throw new ApiError(404, "not_found", GONE);
      const { leagueName, teamName, divisionName, invitedBy, taken } = found;
      return c.json({ leagueName, teamName, divisionName, invitedBy, taken }, 200);
    })
    .openapi(take, async (c) => {
      const { token } = c.req.valid("param");
      const viewer = c.var.viewer;
      const services = c.get("services");
      const outcome = await takeLeagueCoachInvite(services.database.db, token, viewer.teamId);
      if (outcome === "gone") throw new ApiError(404, "not_found", GONE);
      if (outcome === "taken") {
        throw new ApiError(409, "has_coach", "Another team has taken this place in the league already.");
      }
      if (outcome === "already_in") {
        throw new ApiError(409, "already_in_league", "Your team is already in this league.");
      }
      await publishLeagueSchedule(services, outcome.leagueId, viewer.userId, { leagueTeamId: outcome.leagueTeamId });
      return c.json({ leagues: await myLeagues(services.database.db, viewer.userId, viewer.teamId) }, 200);
    });
}
