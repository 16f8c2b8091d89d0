import { createRoute, z } from "@hono/zod-openapi";
import {
  createTrainingLogSchema,
  trainingLogQuerySchema,
  trainingLogResponseSchema,
  trainingLogsResponseSchema,
  updateTrainingLogSchema,
  weeklyTotals,
} from "#domain/api/player.js";
import { isTeamPlayer } from "../db/profiles.js";
import { createTrainingLog, deleteTrainingLog, listTrainingLogs, updateTrainingLog } from "../db/training-logs.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { coachOnly, playerOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";

/*
 * Training logs. A player reads and writes only their own (found by the session's user id: another player's
 * log id answers 404 exactly like one that does not exist). A coach reads the logs of their own team's players.
 */

const LOG_NOT_FOUND = "That training log";
const TrainingLogs = trainingLogsResponseSchema.openapi("TrainingLogs");
const TrainingLogResponse = trainingLogResponseSchema.openapi("TrainingLogResponse");

const idParam = (description: string) =>
  z.object({
    id: z
      .string()
      .min(1)
      .max(200)
      .openapi({ param: { name: "id", in: "path" }, description }),
  });

const listOwn = createRoute({
  method: "get",
  path: "/api/me/training-logs",
  operationId: "listMyTrainingLogs",
  tags: ["player"],
  middleware: [playerOnly] as const,
  summary: "The player's own training logs, filtered by activity and dates, with weekly totals",
  request: { query: trainingLogQuerySchema },
  responses: {
    200: { description: "The logs", content: { "application/json": { schema: TrainingLogs } } },
    ...errorResponses(400, 401, 403),
  },
});

const createOwn = createRoute({
  method: "post",
  path: "/api/me/training-logs",
  operationId: "createTrainingLog",
  tags: ["player"],
  middleware: [playerOnly] as const,
  summary: "Log a training session",
  request: { body: { required: true, content: { "application/json": { schema: createTrainingLogSchema } } } },
  responses: {
    201: { description: "Logged", content: { "application/json": { schema: TrainingLogResponse } } },
    ...errorResponses(400, 401, 403, 415),
  },
});

const updateOwn = createRoute({
  method: "patch",
  path: "/api/me/training-logs/{id}",
  operationId: "updateTrainingLog",
  tags: ["player"],
  middleware: [playerOnly] as const,
  summary: "Change one of the player's own training logs",
  request: {
    params: idParam("The training log's id"),
    body: { required: true, content: { "application/json": { schema: updateTrainingLogSchema } } },
  },
  responses: {
    200: { description: "Saved", content: { "application/json": { schema: TrainingLogResponse } } },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const deleteOwn = createRoute({
  method: "delete",
  path: "/api/me/training-logs/{id}",
  operationId: "deleteTrainingLog",
  tags: ["player"],
  middleware: [playerOnly] as const,
  summary: "Remove one of the player's own training logs",
  request: { params: idParam("The training log's id") },
  responses: { 204: { description: "Removed" }, ...errorResponses(401, 403, 404) },
});

const listPlayers = createRoute({
  method: "get",
  path: "/api/team/players/{id}/training-logs",
  operationId: "listTeamPlayerTrainingLogs",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "A player's training logs (coach of the player's team), filtered by activity and dates, with weekly totals",
  request: { params: idParam("The player's user id"), query: trainingLogQuerySchema },
  responses: {
    200: { description: "The logs", content: { "application/json": { schema: TrainingLogs } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function trainingLogRoutes() {
  return createRouter()
    .openapi(listOwn, async (c) => {
      const viewer = c.var.viewer;
      const { type, from, to } = c.req.valid("query");
      const logs = await listTrainingLogs(c.get("services").database.db, {
        playerId: viewer.userId,
        activityType: type,
        from,
        to,
      });
      return c.json({ logs, weeklyTotals: weeklyTotals(logs) }, 200);
    })
    .openapi(createOwn, async (c) => {
      const viewer = c.var.viewer;
      const input = c.req.valid("json");
      const { database, hub } = c.get("services");
      const log = await createTrainingLog(database.db, { ...input, playerId: viewer.userId, teamId: viewer.teamId });
      hub.publish(viewer.teamId, changeNow("logs"));
      return c.json({ log }, 201);
    })
    .openapi(updateOwn, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const patch = c.req.valid("json");
      const { database, hub } = c.get("services");
      const log = await updateTrainingLog(database.db, { id, playerId: viewer.userId }, patch);
      if (!log) throw notFound(LOG_NOT_FOUND);
      hub.publish(viewer.teamId, changeNow("logs"));
      return c.json({ log }, 200);
    })
    .openapi(deleteOwn, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      if (!(await deleteTrainingLog(database.db, { id, playerId: viewer.userId }))) throw notFound(LOG_NOT_FOUND);
      hub.publish(viewer.teamId, changeNow("logs"));
      return c.body(null, 204);
    })
    .openapi(listPlayers, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { type, from, to } = c.req.valid("query");
      const { db } = c.get("services").database;
      if (!(await isTeamPlayer(db, viewer.teamId, id))) throw notFound("That player");
      const logs = await listTrainingLogs(db, { playerId: id, teamId: viewer.teamId, activityType: type, from, to });
      return c.json({ logs, weeklyTotals: weeklyTotals(logs) }, 200);
    });
}
