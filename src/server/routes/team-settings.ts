import { createRoute, z } from "@hono/zod-openapi";
import { teamCoachesResponseSchema, teamNameBodySchema, teamNameResponseSchema } from "#domain/api/team-settings.js";
import { handOverHeadCoach, listTeamCoaches, removeAssistantCoach, renameTeam } from "../db/team-coaches.js";
import type { CoachChange } from "../db/team-coaches.js";
import { changeNow } from "../realtime/hub.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, forbidden, notFound } from "../http/errors.js";
import { coachOnly, headCoachOnly } from "../http/viewer.js";

/*
 * Team settings (docs/product.md §2 "Team settings", §6): every coach of the team sees the coaches; only the head
 * coach renames the team, removes an assistant coach or hands the head coach role over (an assistant gets 403).
 * The team comes from the session; a coach id of another team answers 404 like one that does not exist.
 */

const NOT_HEAD_ANY_MORE = "You are no longer the head coach of this team.";
const ASSISTANT_NOT_FOUND = "That assistant coach";

const coachParams = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "id", in: "path" }, description: "The assistant coach's user id" }),
});

const rename = createRoute({
  method: "patch",
  path: "/api/team",
  operationId: "renameTeam",
  tags: ["team"],
  middleware: [headCoachOnly] as const,
  summary: "Head coach only: rename the team",
  request: { body: { required: true, content: { "application/json": { schema: teamNameBodySchema } } } },
  responses: {
    200: {
      description: "The team's name now",
      content: { "application/json": { schema: teamNameResponseSchema.openapi("TeamName") } },
    },
    ...errorResponses(400, 401, 403, 415),
  },
});

const coaches = createRoute({
  method: "get",
  path: "/api/team/coaches",
  operationId: "listCoaches",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "The team's coaches: the head coach first, then the assistants in the order they joined",
  responses: {
    200: {
      description: "The coaches",
      content: { "application/json": { schema: teamCoachesResponseSchema.openapi("TeamCoaches") } },
    },
    ...errorResponses(401, 403),
  },
});

const removeCoach = createRoute({
  method: "delete",
  path: "/api/team/coaches/{id}",
  operationId: "removeCoach",
  tags: ["team"],
  middleware: [headCoachOnly] as const,
  summary: "Head coach only: take an assistant coach off the team; their account stays",
  request: { params: coachParams },
  responses: {
    204: { description: "Removed" },
    ...errorResponses(401, 403, 404),
  },
});

const handOver = createRoute({
  method: "post",
  path: "/api/team/coaches/{id}/head",
  operationId: "makeHeadCoach",
  tags: ["team"],
  middleware: [headCoachOnly] as const,
  summary: "Head coach only: hand the head coach role to an assistant coach; the caller becomes an assistant",
  request: { params: coachParams },
  responses: {
    200: {
      description: "The team's coaches after the hand-over",
      content: { "application/json": { schema: teamCoachesResponseSchema.openapi("TeamCoaches") } },
    },
    ...errorResponses(401, 403, 404),
  },
});

/** A write that found the caller no longer head (another tab handed the role over) is refused like an assistant. */
function refuse(change: Exclude<CoachChange, "done">): never {
  if (change === "not_head") throw new ApiError(403, "not_head_coach", NOT_HEAD_ANY_MORE);
  throw notFound(ASSISTANT_NOT_FOUND);
}

export function teamSettingsRoutes() {
  return createRouter()
    .openapi(rename, async (c) => {
      const viewer = c.var.viewer;
      const { name } = c.req.valid("json");
      const team = await renameTeam(c.get("services").database.db, viewer.teamId, viewer.userId, name);
      if (!team) throw forbidden();
      c.get("services").hub.publish(viewer.teamId, changeNow("roster"));
      return c.json({ team }, 200);
    })
    .openapi(coaches, async (c) => {
      const viewer = c.var.viewer;
      return c.json({ coaches: await listTeamCoaches(c.get("services").database.db, viewer.teamId) }, 200);
    })
    .openapi(removeCoach, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      const change = await removeAssistantCoach(database.db, viewer.teamId, viewer.userId, id);
      if (change !== "done") refuse(change);
      // The removed coach's open live-update streams of the team end now, on every server.
      hub.revoke({ userId: id });
      hub.publish(viewer.teamId, changeNow("roster"));
      return c.body(null, 204);
    })
    .openapi(handOver, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      const change = await handOverHeadCoach(database.db, viewer.teamId, viewer.userId, id);
      if (change !== "done") refuse(change);
      // Both coaches' roles changed: their cached viewers are forgotten on every server.
      hub.revoke({ userId: viewer.userId, viewerOnly: true });
      hub.revoke({ userId: id, viewerOnly: true });
      hub.publish(viewer.teamId, changeNow("roster"));
      return c.json({ coaches: await listTeamCoaches(database.db, viewer.teamId) }, 200);
    });
}
