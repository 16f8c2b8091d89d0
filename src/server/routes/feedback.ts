import { createRoute } from "@hono/zod-openapi";
import { createFeedbackSchema, feedbackListResponseSchema, feedbackResponseSchema } from "#domain/api/player.js";
import { countUnreadFeedback, createFeedback, listFeedback, markFeedbackRead } from "../db/feedback.js";
import { isTeamPlayer } from "../db/profiles.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { coachOnly, playerOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import { idParams } from "../http/path-params.js";

/*
 * Coach feedback. A coach writes and reads feedback for players of their own team (any other id is a 404); a
 * player reads the feedback their team's coaches gave them and marks it read. Team from the session only.
 */

const PLAYER_NOT_FOUND = "That player";
const FeedbackList = feedbackListResponseSchema.openapi("FeedbackList");

const playerParams = idParams("The player's user id");

const give = createRoute({
  method: "post",
  path: "/api/team/players/{id}/feedback",
  operationId: "giveFeedback",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "Give a player of the team feedback",
  request: {
    params: playerParams,
    body: { required: true, content: { "application/json": { schema: createFeedbackSchema } } },
  },
  responses: {
    201: {
      description: "Stored",
      content: { "application/json": { schema: feedbackResponseSchema.openapi("FeedbackResponse") } },
    },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const listForCoach = createRoute({
  method: "get",
  path: "/api/team/players/{id}/feedback",
  operationId: "listTeamPlayerFeedback",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "The feedback a player of the team has had, newest first",
  request: { params: playerParams },
  responses: {
    200: { description: "The feedback", content: { "application/json": { schema: FeedbackList } } },
    ...errorResponses(401, 403, 404),
  },
});

const listOwn = createRoute({
  method: "get",
  path: "/api/me/feedback",
  operationId: "listMyFeedback",
  tags: ["player"],
  middleware: [playerOnly] as const,
  summary: "The feedback the player's coaches gave them, newest first, with a read flag",
  responses: {
    200: { description: "The feedback", content: { "application/json": { schema: FeedbackList } } },
    ...errorResponses(401, 403),
  },
});

const markRead = createRoute({
  method: "post",
  path: "/api/me/feedback/read",
  operationId: "markMyFeedbackRead",
  tags: ["player"],
  middleware: [playerOnly] as const,
  summary: "Mark all of the player's feedback read",
  responses: { 204: { description: "Marked" }, ...errorResponses(401, 403) },
});

export function feedbackRoutes() {
  return createRouter()
    .openapi(give, async (c) => {
      const viewer = c.var.viewer;
      const { id: playerId } = c.req.valid("param");
      const { category, body } = c.req.valid("json");
      const { database, hub } = c.get("services");
      const db = database.db;
      if (!(await isTeamPlayer(db, viewer.teamId, playerId))) throw notFound(PLAYER_NOT_FOUND);
      const id = await createFeedback(db, { teamId: viewer.teamId, playerId, coachId: viewer.userId, category, body });
      const [feedback] = await listFeedback(db, { teamId: viewer.teamId, playerId, id });
      if (!feedback) throw new Error("feedback vanished right after it was stored");
      hub.publish(viewer.teamId, changeNow("feedback"));
      return c.json({ feedback }, 201);
    })
    .openapi(listForCoach, async (c) => {
      const viewer = c.var.viewer;
      const { id: playerId } = c.req.valid("param");
      const { db } = c.get("services").database;
      if (!(await isTeamPlayer(db, viewer.teamId, playerId))) throw notFound(PLAYER_NOT_FOUND);
      const key = { teamId: viewer.teamId, playerId };
      const [feedback, unreadCount] = await Promise.all([listFeedback(db, key), countUnreadFeedback(db, key)]);
      return c.json({ feedback, unreadCount }, 200);
    })
    .openapi(listOwn, async (c) => {
      const viewer = c.var.viewer;
      const { db } = c.get("services").database;
      const key = { teamId: viewer.teamId, playerId: viewer.userId };
      const [feedback, unreadCount] = await Promise.all([listFeedback(db, key), countUnreadFeedback(db, key)]);
      return c.json({ feedback, unreadCount }, 200);
    })
    .openapi(markRead, async (c) => {
      const viewer = c.var.viewer;
      const { database, hub } = c.get("services");
      const changed = await markFeedbackRead(database.db, { teamId: viewer.teamId, playerId: viewer.userId });
      if (changed > 0) hub.publish(viewer.teamId, changeNow("feedback"));
      return c.body(null, 204);
    });
}
