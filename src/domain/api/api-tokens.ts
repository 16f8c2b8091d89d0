/**
 * Personal API tokens (docs/product.md §11 "API tokens"): GET, POST /api/team/api-tokens and
 * DELETE /api/team/api-tokens/{id}. The head coach makes, lists and revokes them; a token is shown once, in the
 * answer that made it.
 */
import { z } from "../zod.js";
import { MAX_API_TOKEN_NAME } from "../limits.js";
import { isoTimeSchema } from "./common.js";

/** read: GET requests only. write: what the coach who made it may do, bar account and token management. */
const API_TOKEN_SCOPES = ["read", "write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const createApiTokenBodySchema = z
  .object({
    name: z
      .string({ error: "Give the token a name." })
      .trim()
      .min(1, { error: "Give the token a name." })
      .max(MAX_API_TOKEN_NAME, { error: `A token's name must be at most ${MAX_API_TOKEN_NAME} characters.` }),
    scope: z.enum(API_TOKEN_SCOPES, { error: "Choose read-only (read) or read-write (write)." }),
  })
  .strict();
export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;

const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: isoTimeSchema,
  /** Null until the token is first used; kept to the minute. */
  lastUsedAt: isoTimeSchema.nullable(),
  createdBy: z.object({ id: z.string(), fullName: z.string() }),
});
export type ApiTokenDto = z.infer<typeof apiTokenSchema>;

export const apiTokensResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokensResponse = z.infer<typeof apiTokensResponseSchema>;

/** The answer that made a token: the only time its text is ever sent. */
export const createdApiTokenResponseSchema = z.object({
  token: apiTokenSchema,
  secret: z.string().describe("The token to send as `Authorization: Bearer <secret>`. Shown this once only."),
});
export type CreatedApiTokenResponse = z.infer<typeof createdApiTokenResponseSchema>;
