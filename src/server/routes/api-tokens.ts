import { createRoute } from "@hono/zod-openapi";
import {
  apiTokensResponseSchema,
  createApiTokenBodySchema,
  createdApiTokenResponseSchema,
} from "#domain/api/api-tokens.js";
import { MAX_API_TOKENS_PER_TEAM } from "#domain/limits.js";
import { createApiToken, listApiTokens, revokeApiToken } from "../db/api-tokens.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { headCoachOnly } from "../http/viewer.js";
import { idParams } from "../http/path-params.js";

/*
 * Personal API tokens (docs/product.md §11 "API tokens"): the head coach makes, lists and revokes the team's tokens.
 * Only with the session cookie: a token never manages tokens (http/bearer-token.ts leaves these paths out). An
 * assistant coach is refused like a player; a token id of another team answers 404 like one that does not exist.
 */

const tokenParams = idParams("The token's id (not its text)");

const list = createRoute({
  method: "get",
  path: "/api/team/api-tokens",
  operationId: "listApiTokens",
  tags: ["team"],
  middleware: [headCoachOnly] as const,
  summary: "Head coach only: the team's API tokens, newest first (never their text)",
  responses: {
    200: {
      description: "The tokens",
      content: { "application/json": { schema: apiTokensResponseSchema.openapi("ApiTokens") } },
    },
    ...errorResponses(401, 403),
  },
});

const create = createRoute({
  method: "post",
  path: "/api/team/api-tokens",
  operationId: "createApiToken",
  tags: ["team"],
  middleware: [headCoachOnly] as const,
  summary: "Head coach only: make a named read-only or read-write API token; its text is in this answer only",
  request: { body: { required: true, content: { "application/json": { schema: createApiTokenBodySchema } } } },
  responses: {
    201: {
      description: "The token, and its text (shown this once)",
      content: { "application/json": { schema: createdApiTokenResponseSchema.openapi("CreatedApiToken") } },
    },
    409: {
      ...errorResponses(409)[409],
      description: "too_many_tokens: the team already holds the most API tokens it may (25); revoke one first",
    },
    ...errorResponses(400, 401, 403, 415),
  },
});

const revoke = createRoute({
  method: "delete",
  path: "/api/team/api-tokens/{id}",
  operationId: "revokeApiToken",
  tags: ["team"],
  middleware: [headCoachOnly] as const,
  summary: "Head coach only: revoke an API token; it answers 401 from now on",
  request: { params: tokenParams },
  responses: {
    204: { description: "Revoked" },
    ...errorResponses(401, 403, 404),
  },
});

export function apiTokenRoutes() {
  return createRouter()
    .openapi(list, async (c) => {
      const viewer = c.var.viewer;
      return c.json({ tokens: await listApiTokens(c.get("services").database.db, viewer.teamId) }, 200);
    })
    .openapi(create, async (c) => {
      const viewer = c.var.viewer;
      const body = c.req.valid("json");
      const made = await createApiToken(c.get("services").database.db, viewer.teamId, viewer, body);
      if (!made) {
        throw new ApiError(
          409,
          "too_many_tokens",
          `A team can hold at most ${MAX_API_TOKENS_PER_TEAM} API tokens. Revoke one you no longer use first.`,
        );
      }
      return c.json(made, 201);
    })
    .openapi(revoke, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      if (!(await revokeApiToken(c.get("services").database.db, viewer.teamId, id))) throw notFound("That API token");
      return c.body(null, 204);
    });
}
