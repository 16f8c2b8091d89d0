import { createRoute, z } from "@hono/zod-openapi";
import {
  leagueAdminInviteInfoSchema,
  leagueAdminInviteResponseSchema,
  leagueResponseSchema,
} from "#domain/api/leagues.js";
import { leagueAdminInvitePath } from "#domain/leagues/league.js";
import {
  createLeagueAdminInvite,
  findLeagueAdminInvite,
  removeCoAdmin,
  takeLeagueAdminInvite,
} from "../db/league-admins.js";
import { leagueDetail } from "../db/leagues.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { idParams, pathParam, tokenParams } from "../http/path-params.js";
import { signedInOnly } from "../http/viewer.js";
import { callerOf, leagueAdmin } from "./leagues.js";

/*
 * A league's co-admins (docs/product.md §17): any admin makes a single-use link (14 days); whoever opens it signed
 * in and takes it becomes a co-admin. The owner takes co-admins off; a co-admin may step down. The owner stays.
 */

const GONE = "This co-admin link was used already, has expired, or does not exist. Ask for a new one.";

const invite = createRoute({
  method: "post",
  path: "/api/leagues/{id}/admin-invites",
  operationId: "createLeagueAdminInvite",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "A single-use link that makes whoever takes it a co-admin of the league (14 days)",
  request: { params: idParams("The league's id") },
  responses: {
    201: {
      description: "The link, shown once",
      content: { "application/json": { schema: leagueAdminInviteResponseSchema.openapi("LeagueAdminInvite") } },
    },
    ...errorResponses(401, 404),
  },
});

const look = createRoute({
  method: "get",
  path: "/api/league-admin-invites/{token}",
  operationId: "getLeagueAdminInvite",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Which league a co-admin link is for, before taking it",
  request: { params: tokenParams("The link's token") },
  responses: {
    200: {
      description: "The league",
      content: { "application/json": { schema: leagueAdminInviteInfoSchema.openapi("LeagueAdminInviteInfo") } },
    },
    ...errorResponses(401, 404),
  },
});

const take = createRoute({
  method: "post",
  path: "/api/league-admin-invites/{token}",
  operationId: "takeLeagueAdminInvite",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Take a co-admin link: the caller helps run the league",
  request: { params: tokenParams("The link's token") },
  responses: {
    200: { description: "Taken; the league", content: { "application/json": { schema: leagueResponseSchema } } },
    ...errorResponses(401, 404),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/api/leagues/{id}/admins/{userId}",
  operationId: "removeLeagueCoAdmin",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Take a co-admin off the league (its owner), or step down (the co-admin themselves)",
  request: {
    params: z.object({
      id: pathParam("id", "The league's id"),
      userId: pathParam("userId", "The co-admin's user id"),
    }),
  },
  responses: {
    204: { description: "Taken off" },
    ...errorResponses(401, 403, 404),
  },
});

export function leagueAdminRoutes() {
  return createRouter()
    .openapi(invite, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      await leagueAdmin(caller, id);
      const made = await createLeagueAdminInvite(caller.db, id, caller.userId);
      return c.json({ path: leagueAdminInvitePath(made.token), expiresAt: made.expiresAt }, 201);
    })
    .openapi(look, async (c) => {
      const { token } = c.req.valid("param");
      const found = await findLeagueAdminInvite(c.get("services").database.db, token);
      if (!found) throw new ApiError(404, "not_found", GONE);
      return c.json({ leagueName: found.leagueName, invitedBy: found.invitedBy }, 200);
    })
    .openapi(take, async (c) => {
      const { token } = c.req.valid("param");
      const caller = callerOf(c);
      const leagueId = await takeLeagueAdminInvite(caller.db, token, caller.userId);
      if (!leagueId) throw new ApiError(404, "not_found", GONE);
      const league = await leagueDetail(caller.db, leagueId, await leagueAdmin(caller, leagueId));
      return c.json({ league: league! }, 200);
    })
    .openapi(remove, async (c) => {
      const { id, userId } = c.req.valid("param");
      const caller = callerOf(c);
      const role = await leagueAdmin(caller, id);
      if (role !== "owner" && userId !== caller.userId) {
        throw new ApiError(403, "forbidden", "Only the league's owner takes other co-admins off.");
      }
      if (!(await removeCoAdmin(caller.db, id, userId))) throw notFound("That co-admin");
      return c.body(null, 204);
    });
}
