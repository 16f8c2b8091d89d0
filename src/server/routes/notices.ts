import { createRoute } from "@hono/zod-openapi";
import { markNoticesReadResponseSchema, markNoticesReadSchema, noticesResponseSchema } from "#domain/api/notices.js";
import { listNotices, markNoticesRead } from "../db/notices.js";
import { createRouter } from "../http/context.js";
import { errorResponses } from "../http/errors.js";
import { signedInOnly } from "../http/viewer.js";

/*
 * The caller's own notices (docs/product.md §11): what happened to them on a team. Only ever the caller's: the
 * recipient is the signed-in user, never an id from the request, so another person's notice cannot be read or
 * marked (an id that is not the caller's changes nothing). A removed player still reads theirs, with no team.
 */

const listRoute = createRoute({
  method: "get",
  path: "/api/me/notices",
  operationId: "listMyNotices",
  tags: ["notices"],
  middleware: [signedInOnly] as const,
  summary: "The caller's newest notices and how many are unread",
  responses: {
    200: {
      description: "Newest first",
      content: { "application/json": { schema: noticesResponseSchema.openapi("Notices") } },
    },
    ...errorResponses(401),
  },
});

const readRoute = createRoute({
  method: "post",
  path: "/api/me/notices/read",
  operationId: "markMyNoticesRead",
  tags: ["notices"],
  middleware: [signedInOnly] as const,
  summary: "Mark the caller's notices read: the ids given, or all",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: markNoticesReadSchema.openapi("MarkNoticesRead") } },
    },
  },
  responses: {
    200: {
      description: "How many were unread and are read now",
      content: { "application/json": { schema: markNoticesReadResponseSchema.openapi("NoticesMarked") } },
    },
    ...errorResponses(400, 401, 415),
  },
});

export function noticeRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const result = await listNotices(c.get("services").database.db, c.var.viewer.userId);
      return c.json(result, 200);
    })
    .openapi(readRoute, async (c) => {
      const body = c.req.valid("json");
      const ids = "all" in body ? "all" : body.ids;
      const marked = await markNoticesRead(c.get("services").database.db, c.var.viewer.userId, ids);
      return c.json({ marked }, 200);
    });
}
