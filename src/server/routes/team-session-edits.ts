import { createRoute, z } from "@hono/zod-openapi";
import {
  mergeResponseSchema,
  mergeSessionSchema,
  sessionImpactResponseSchema,
  type MergePlan,
} from "#domain/api/sessions.js";
import { retryOnDeadlock } from "../db/retry.js";
import { mergePreview, mergeSessions, type MergeRefusal } from "../db/session-merge.js";
import { getTeamSession, sessionImpact } from "../db/team-sessions.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { coachOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";

/*
 * Editing sessions from the web (docs/product.md §2 `/coach/games/sessions`, §3 sessions), coaches only: what a
 * delete removes (shown before the coach confirms), and merging a session into another of the same kind, previewed
 * then done. The edit and the delete themselves are PATCH and DELETE /api/team/sessions/{id} (team-sessions.ts).
 */

const sessionIdParam = z.object({
  id: z.uuid({ error: "Session id must be a UUID." }).openapi({ param: { name: "id", in: "path" } }),
});

const getImpact = createRoute({
  method: "get",
  path: "/api/team/sessions/{id}/impact",
  operationId: "getTeamSessionImpact",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "What deleting the session removes (marks, snaps) and keeps (its logged plays, without a session)",
  request: { params: sessionIdParam },
  responses: {
    200: { description: "The counts", content: { "application/json": { schema: sessionImpactResponseSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

const previewMerge = createRoute({
  method: "get",
  path: "/api/team/sessions/{id}/merge",
  operationId: "previewTeamSessionMerge",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Preview merging the session into `intoId`: what moves, and the attendance marks in both (present wins)",
  request: { params: sessionIdParam, query: mergeSessionSchema },
  responses: {
    200: { description: "The preview", content: { "application/json": { schema: mergeResponseSchema } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const merge = createRoute({
  method: "post",
  path: "/api/team/sessions/{id}/merge",
  operationId: "mergeTeamSession",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Move the session's events, snaps and marks into `intoId` (same kind) and delete it, in one transaction",
  request: {
    params: sessionIdParam,
    body: { required: true, content: { "application/json": { schema: mergeSessionSchema } } },
  },
  responses: {
    200: { description: "Merged: what moved", content: { "application/json": { schema: mergeResponseSchema } } },
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

export const MERGE_INTO_ITSELF = "A session cannot be merged into itself. Choose another session.";
export const MERGE_DIFFERENT_KIND = "A game merges only into a game, and a practice only into a practice.";
export const MERGE_DIFFERENT_SEASON = "These sessions are in different seasons. Merge only sessions of one season.";

/** The plan, or the error a refusal answers (the same for the preview and the merge). */
function planOrThrow(outcome: MergePlan | MergeRefusal): MergePlan {
  switch (outcome) {
    case "not_found":
      throw notFound("That session");
    case "same_session":
      throw new ApiError(400, "invalid_input", MERGE_INTO_ITSELF, { intoId: MERGE_INTO_ITSELF });
    case "different_kind":
      throw new ApiError(409, "different_kind", MERGE_DIFFERENT_KIND, { intoId: MERGE_DIFFERENT_KIND });
    case "different_season":
      throw new ApiError(409, "different_season", MERGE_DIFFERENT_SEASON, { intoId: MERGE_DIFFERENT_SEASON });
    default:
      return outcome;
  }
}

export function teamSessionEditRoutes() {
  return createRouter()
    .openapi(getImpact, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { db } = c.get("services").database;
      if (!(await getTeamSession(db, { id, teamId: viewer.teamId }))) throw notFound("That session");
      return c.json({ impact: await sessionImpact(db, { id, teamId: viewer.teamId }) }, 200);
    })
    .openapi(previewMerge, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { intoId } = c.req.valid("query");
      const { db } = c.get("services").database;
      const plan = planOrThrow(await mergePreview(db, viewer.teamId, { sourceId: id, targetId: intoId }));
      return c.json({ merge: plan }, 200);
    })
    .openapi(merge, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { intoId } = c.req.valid("json");
      const { database, hub } = c.get("services");
      const outcome = await retryOnDeadlock(() =>
        mergeSessions(database.db, viewer.teamId, { sourceId: id, targetId: intoId }),
      );
      const plan = planOrThrow(outcome);
      hub.publish(viewer.teamId, changeNow("sessions"));
      if (plan.marks || plan.conflicts.length) hub.publish(viewer.teamId, changeNow("attendance"));
      if (plan.events || plan.snaps) hub.publish(viewer.teamId, changeNow("events"));
      return c.json({ merge: plan }, 200);
    });
}
