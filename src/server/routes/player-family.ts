import { createRoute, z } from "@hono/zod-openapi";
import {
  guardianInviteSchema,
  newGuardianInviteSchema,
  NO_MAIL_FOR_INVITES,
  playerFamilySchema,
  setBirthDateSchema,
  TOO_MANY_MAILED_INVITES,
  type PlayerFamily,
} from "#domain/api/family.js";
import type { Kysely } from "kysely";
import { playerFamily, removeGuardianLink, setBirthDate } from "../db/guardians.js";
import type { DB } from "../db/schema.js";
import type { Config } from "../config.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { inviteGuardian } from "../mail/guardian-invites.js";
import { coachOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import { idParams } from "../http/path-params.js";

/*
 * The coach's side of a player's family (docs/product.md §13): the player's birth date, guardians and consent, a
 * new guardian link (mailed to the guardian when the coach gives an address and mail is set up), and taking a
 * guardian off. Any coach of the team; another team's player answers 404 like an
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
  summary: "A new single-use link inviting one guardian of the player (shown once), mailed when an address is given",
  description:
    "Without a body, the link is only made. With `email`, it is also mailed there (400 when the server sends no " +
    "mail), and a link mailed to that address for this player before stops working; 409 when the player already " +
    "has 6 mailed links open.",
  request: {
    params: playerParams,
    body: {
      required: false,
      content: { "application/json": { schema: newGuardianInviteSchema.openapi("NewGuardianInvite") } },
    },
  },
  responses: {
    201: {
      description: "The link's token",
      content: { "application/json": { schema: guardianInviteSchema.openapi("GuardianInvite") } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 415),
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

/** The family as the coach reads it: with whether a link can be mailed. */
async function readFamily(
  services: { database: { db: Kysely<DB> }; config: Pick<Config, "mail"> },
  teamId: string,
  playerId: string,
): Promise<PlayerFamily> {
  const family = await playerFamily(services.database.db, teamId, playerId);
  if (!family) throw notFound(PLAYER);
  return { ...family, mailEnabled: services.config.mail !== null };
}

export function playerFamilyRoutes() {
  return createRouter()
    .openapi(readRoute, async (c) => {
      return c.json(await readFamily(c.get("services"), c.var.viewer.teamId, c.req.valid("param").id), 200);
    })
    .openapi(inviteRoute, async (c) => {
      const { email } = c.req.valid("json") ?? {};
      const invite = await inviteGuardian(c.get("services"), c.var.viewer, c.req.valid("param").id, email ?? null);
      if (invite === "no_mail")
        throw new ApiError(400, "mail_not_set_up", NO_MAIL_FOR_INVITES, { email: NO_MAIL_FOR_INVITES });
      if (invite === "too_many") throw new ApiError(409, "too_many_invites", TOO_MANY_MAILED_INVITES);
      if (!invite) throw notFound(PLAYER);
      if (invite.emailedTo !== null) c.get("services").mailOutbox.wake();
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
      const family = await readFamily(c.get("services"), teamId, id);
      c.get("services").hub.publish(teamId, changeNow("roster"));
      return c.json(family, 200);
    });
}
