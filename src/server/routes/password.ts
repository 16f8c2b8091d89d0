import { createRoute, z } from "@hono/zod-openapi";
import {
  FORGOT_PASSWORD_SENT,
  forgotPasswordAnswerSchema,
  forgotPasswordSchema,
  mailStatusSchema,
  resetPasswordSchema,
} from "#domain/api/recovery.js";
import { endResetTokens } from "../auth/reset-links.js";
import { resetTokenOwner } from "../auth/tokens.js";
import { callAuth } from "../http/auth-bridge.js";
import { createRouter } from "../http/context.js";
import { ApiError, authRateLimited, errorResponses } from "../http/errors.js";
import { countAccountRequest } from "../http/rate-limit.js";
import { TOO_MANY_ATTEMPTS } from "./auth-session.js";

/*
 * Forgot and reset password (docs/product.md §11), through Better Auth's handler like sign-in (decision 0002):
 * its rate limiter and token store apply. A reset link, emailed or made by a head coach or the operator, opens
 * /reset-password?token=…, whose form posts here.
 */

export const RESET_LINK_INVALID = "This reset link has expired or was already used. Ask for a new one.";

const mailStatus = createRoute({
  method: "get",
  path: "/api/mail",
  operationId: "getMailStatus",
  tags: ["account"],
  summary: "Whether this server sends mail (forgot password by email, email confirmation)",
  responses: {
    200: { description: "Mail status", content: { "application/json": { schema: mailStatusSchema } } },
  },
});

const forgot = createRoute({
  method: "post",
  path: "/api/password/forgot",
  operationId: "requestPasswordReset",
  tags: ["account"],
  summary: "Email a reset link to the account with this email, if there is one; the answer never says which",
  request: { body: { required: true, content: { "application/json": { schema: forgotPasswordSchema } } } },
  responses: {
    200: {
      description: "The same answer whether or not the email has an account",
      content: { "application/json": { schema: forgotPasswordAnswerSchema.openapi("ForgotPasswordAnswer") } },
    },
    ...errorResponses(400, 415, 429),
  },
});

const reset = createRoute({
  method: "post",
  path: "/api/password/reset",
  operationId: "resetPassword",
  tags: ["account"],
  summary: "Set a new password with a reset link's token (once); every session of the account is signed out",
  request: { body: { required: true, content: { "application/json": { schema: resetPasswordSchema } } } },
  responses: {
    200: {
      description: "Password changed",
      content: { "application/json": { schema: z.object({ ok: z.literal(true) }).openapi("PasswordReset") } },
    },
    ...errorResponses(400, 415, 429),
  },
});

function resetRefused(json: unknown): ApiError {
  const { code, message } = (json ?? {}) as { code?: string; message?: string };
  if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
    const text = message ?? "That password is not allowed.";
    return new ApiError(400, "invalid_input", text, { newPassword: text });
  }
  return new ApiError(400, "invalid_token", RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
}

export function passwordRoutes() {
  return createRouter()
    .openapi(mailStatus, (c) => c.json({ mail: c.get("services").mailer !== null }, 200))
    .openapi(forgot, async (c) => {
      const { email } = c.req.valid("json");
      const { mailer, log, database, config } = c.get("services");
      // Without mail there is nothing to send: the page tells people to ask their head coach or the operator.
      if (mailer) {
        await countAccountRequest(database.db, config, c.get("clientIp"), "forgot-password");
        // Better Auth looks the email up, stores a token and hands the mail over after this answer has gone: the
        // answer's timing is the same whether or not the email has an account (decision 0012).
        void callAuth(c, "/request-password-reset", { email }).then(
          ({ response }) => {
            if (!response.ok) log.warn({ status: response.status }, "password reset request failed");
          },
          (err: unknown) => log.warn({ err }, "password reset request failed"),
        );
      }
      return c.json({ message: FORGOT_PASSWORD_SENT }, 200);
    })
    .openapi(reset, async (c) => {
      const { token, newPassword } = c.req.valid("json");
      const { auth, hub } = c.get("services");
      const owner = await resetTokenOwner(auth, token);
      const { response, json } = await callAuth(c, "/reset-password", { token, newPassword });
      if (response.status === 429) throw authRateLimited(response, TOO_MANY_ATTEMPTS);
      if (!response.ok) throw resetRefused(json);
      if (owner) {
        // A completed reset ends every other link of the account (an older mail, a head coach's, the operator's).
        await endResetTokens((await auth.$context).adapter, owner);
        // Better Auth deleted every session of the account: their live-update streams end now, on every server.
        hub.revoke({ userId: owner });
      }
      return c.json({ ok: true as const }, 200);
    });
}
