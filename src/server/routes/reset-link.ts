import { createRoute, z } from "@hono/zod-openapi";
import { resetLinkSchema } from "#domain/api/recovery.js";
import { makeResetToken } from "../auth/tokens.js";
import { teamPlayerAccount } from "../db/account-email.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { countAccountRequest } from "../http/rate-limit.js";
import { headCoachOnly } from "../http/viewer.js";
import { MADE_RESET_LINK_SECONDS, resetPasswordUrl } from "../mail/messages.js";

/*
 * A head coach's reset link for a player of the team (docs/product.md §11): works with or without mail, once,
 * for 24 hours, on the same /reset-password page as an emailed link. The coach hands it over (copy, message).
 */

export const NOT_CLAIMED =
  "This player has no account yet, so there is no password to reset. Send them their invite link instead.";

const resetLink = createRoute({
  method: "post",
  path: "/api/team/players/{id}/reset-link",
  operationId: "makePlayerResetLink",
  tags: ["team"],
  middleware: [headCoachOnly] as const,
  summary: "Make a one-time password reset link (24 hours) for a player of the team (head coach only)",
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    201: {
      description: "The link",
      content: { "application/json": { schema: resetLinkSchema.openapi("ResetLink") } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

export function resetLinkRoutes() {
  return createRouter().openapi(resetLink, async (c) => {
    const viewer = c.var.viewer;
    const { id } = c.req.valid("param");
    const { database, auth, config } = c.get("services");
    await countAccountRequest(database.db, config, c.get("clientIp"), "reset-link");
    const player = await teamPlayerAccount(database.db, viewer.teamId, id);
    if (!player) throw notFound("Player");
    if (!player.claimed) throw new ApiError(409, "not_claimed", NOT_CLAIMED);
    const token = await makeResetToken(auth, player.userId, MADE_RESET_LINK_SECONDS);
    const expiresAt = new Date(Date.now() + MADE_RESET_LINK_SECONDS * 1000).toISOString();
    c.get("services").log.info({ playerId: player.userId, by: viewer.userId }, "reset link made by head coach");
    return c.json({ url: resetPasswordUrl(config.publicUrl, token), expiresAt }, 201);
  });
}
