import { createRoute, z } from "@hono/zod-openapi";
import { guardianInviteSchema, playerFamilySchema, setBirthDateSchema } from "#domain/api/family.js";
import { createGuardianInvite, playerFamily, removeGuardianLink, setBirthDate } from "../db/guardians.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { coachOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import { idParams } from "../http/path-params.js";

/*
 * The coach's side of a player's family (docs/product.md §13): the player's birth date, guardians and consent, a
 * new guardian link, and taking a guardian off. Any coach of the team; another team's player answers 404 like an
 * unknown id.
 */

const PLAYER = "That player";

const playerParams = idParams("The player's user id");

const guardianParams = playerParams.extend({
  guardianId: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "guardianId", in: "path" }, description: "The guardian's user id" }),
});

const PlayerFamily = playerFamilySchema.openapi("PlayerFamily");

const readRoute = createRoute({
  method: "get",
  path: "/api/team/players/{id}/family",
  operationId: "getPlayerFamily",
  tags: ["family"],
  middleware: [coachOnly] as const,
  summary: "A player's birth date, guardians and consent",
  request: { params: playerParams },
  responses: {
    200: { description: "The player's family", content: { "application/json": { schema: PlayerFamily } } },
    ...errorResponses(401, 403, 404),
  },
});

const inviteRoute = createRoute({
  method: "post",
  path: "/api/team/players/{id}/guardian-invites",
  operationId: "createGuardianInvite",
  tags: ["family"],
  middleware: [coachOnly] as const,
  summary: "A new single-use link inviting one guardian of the player (shown once)",
  request: { params: playerParams },
  responses: {
    201: {
      description: "The link's token",
      content: { "application/json": { schema: guardianInviteSchema.openapi("GuardianInvite") } },
    },
    ...errorResponses(401, 403, 404),
  },
});

const removeRoute = createRoute({
  method: "delete",
  path: "/api/team/players/{id}/guardians/{guardianId}",
  operationId: "removePlayerGuardian",
  tags: ["family"],
  middleware: [coachOnly] as const,
  summary: "Take a guardian off a player: they no longer see or act for the player",
  request: { params: guardianParams },
  responses: { 204: { description: "Removed" }, ...errorResponses(401, 403, 404) },
});

const birthDateRoute = createRoute({
  method: "put",
  path: "/api/team/players/{id}/birth-date",
  operationId: "setPlayerBirthDate",
  tags: ["family"],
  middleware: [coachOnly] as const,
  summary: "Set or clear a player's birth date",
  request: {
    params: playerParams,
    body: { required: true, content: { "application/json": { schema: setBirthDateSchema } } },
  },
  responses: {
    200: { description: "The player's family as now", content: { "application/json": { schema: PlayerFamily } } },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

export function playerFamilyRoutes() {
  return createRouter()
    .openapi(readRoute, async (c) => {
      const family = await playerFamily(c.get("services").database.db, c.var.viewer.teamId, c.req.valid("param").id);
      if (!family) throw notFound(PLAYER);
      return c.json(family, 200);
    })
    .openapi(inviteRoute, async (c) => {
      const invite = await createGuardianInvite(
        c.get("services").database.db,
        c.var.viewer.teamId,
        c.req.valid("param").id,
      );
      if (!invite) throw notFound(PLAYER);
      return c.json(invite, 201);
    })
    .openapi(removeRoute, async (c) => {
      const { id, guardianId } = c.req.valid("param");
      const teamId = c.var.viewer.teamId;
      if (!(await removeGuardianLink(c.get("services").database.db, teamId, id, guardianId))) {
        throw notFound("That guardian");
      }
      c.get("services").hub.publish(teamId, changeNow("roster"));
      return c.body(null, 204);
    })
    .openapi(birthDateRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { db } = c.get("services").database;
      const teamId = c.var.viewer.teamId;
      if (!(await setBirthDate(db, teamId, id, c.req.valid("json").birthDate))) throw notFound(PLAYER);
      const family = await playerFamily(db, teamId, id);
      if (!family) throw notFound(PLAYER);
      c.get("services").hub.publish(teamId, changeNow("roster"));
      return c.json(family, 200);
    });
}
