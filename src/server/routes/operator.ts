import { createRoute, z } from "@hono/zod-openapi";
import {
  contactMessageSchema,
  operatorMessagesResponseSchema,
  operatorTeamsResponseSchema,
  operatorUsageResponseSchema,
} from "#domain/api/operator.js";
import { listContactMessages, listOperatorTeams, markContactMessageHandled, operatorUsage } from "../db/operator.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { operatorOnly } from "../http/operator.js";

/*
 * The operator page's API (docs/product.md §2 "Operator", decision 0014): for the accounts in OPERATOR_EMAILS
 * only. Everyone else gets the 404 of a path that does not exist (http/operator.ts).
 */

const messages = createRoute({
  method: "get",
  path: "/api/operator/messages",
  operationId: "listOperatorMessages",
  tags: ["operator"],
  middleware: [operatorOnly] as const,
  summary: "Operators only: the contact form's messages, newest first",
  responses: {
    200: {
      description: "The messages",
      content: { "application/json": { schema: operatorMessagesResponseSchema.openapi("OperatorMessages") } },
    },
    ...errorResponses(404),
  },
});

const handled = createRoute({
  method: "post",
  path: "/api/operator/messages/{id}/handled",
  operationId: "markOperatorMessageHandled",
  tags: ["operator"],
  middleware: [operatorOnly] as const,
  summary: "Operators only: mark a contact message as handled",
  request: {
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(200)
        .openapi({ param: { name: "id", in: "path" }, description: "The message's id" }),
    }),
  },
  responses: {
    200: {
      description: "The message as it now is",
      content: {
        "application/json": {
          schema: z.object({ message: contactMessageSchema }).openapi("OperatorMessage"),
        },
      },
    },
    ...errorResponses(404),
  },
});

const teams = createRoute({
  method: "get",
  path: "/api/operator/teams",
  operationId: "listOperatorTeams",
  tags: ["operator"],
  middleware: [operatorOnly] as const,
  summary: "Operators only: every team with its coaches, players, sessions, events and last activity",
  responses: {
    200: {
      description: "The teams",
      content: { "application/json": { schema: operatorTeamsResponseSchema.openapi("OperatorTeams") } },
    },
    ...errorResponses(404),
  },
});

const usage = createRoute({
  method: "get",
  path: "/api/operator/usage",
  operationId: "getOperatorUsage",
  tags: ["operator"],
  middleware: [operatorOnly] as const,
  summary: "Operators only: accounts, teams, events and snaps of the last 7 and 30 days, database size",
  responses: {
    200: {
      description: "The totals",
      content: { "application/json": { schema: operatorUsageResponseSchema.openapi("OperatorUsage") } },
    },
    ...errorResponses(404),
  },
});

export function operatorRoutes() {
  return createRouter()
    .openapi(messages, async (c) => c.json(await listContactMessages(c.get("services").database.db), 200))
    .openapi(handled, async (c) => {
      const { id } = c.req.valid("param");
      const message = await markContactMessageHandled(c.get("services").database.db, id, c.var.viewer.userId);
      if (!message) throw notFound("That message");
      return c.json({ message }, 200);
    })
    .openapi(teams, async (c) => c.json({ teams: await listOperatorTeams(c.get("services").database.db) }, 200))
    .openapi(usage, async (c) => c.json(await operatorUsage(c.get("services").database.db), 200));
}
