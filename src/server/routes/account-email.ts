import { createRoute } from "@hono/zod-openapi";
import { changeEmailAnswerSchema, changeEmailSchema, confirmEmailSchema } from "#domain/api/recovery.js";
import { makeChangeEmailToken, passwordMatches, takeChangeEmailToken } from "../auth/tokens.js";
import { setUserEmail, userEmail, userIdByEmail } from "../db/account-email.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses } from "../http/errors.js";
import { countAccountRequest } from "../http/rate-limit.js";
import { signedInOnly } from "../http/viewer.js";
import { CHANGE_EMAIL_LINK_SECONDS, changeEmailMail, emailChangedMail } from "../mail/messages.js";
import { EMAIL_TAKEN_ELSEWHERE, WRONG_PASSWORD } from "./account-texts.js";

/*
 * Changing one's email (docs/product.md §11). The password is asked again. With mail, a link goes to the new
 * address and the change applies when it is opened (the old address keeps working until then); without mail it
 * applies at once; once it has, the old address is told (a stolen session must not take the account over
 * silently). An address another account has is refused (409): the account is the caller's own, and sign-up
 * already tells whether an email is taken (decision 0002).
 */

export const CONFIRM_LINK_INVALID = "This confirmation link has expired or was already used. Change your email again.";
const SAME_EMAIL = "That is already your email.";

const changeEmail = createRoute({
  method: "post",
  path: "/api/me/email",
  operationId: "changeEmail",
  tags: ["account"],
  middleware: [signedInOnly] as const,
  summary: "Change the account's email (password required); confirmed by a link to the new address when mail is on",
  request: { body: { required: true, content: { "application/json": { schema: changeEmailSchema } } } },
  responses: {
    200: {
      description: "Changed, or a confirmation link was sent",
      content: { "application/json": { schema: changeEmailAnswerSchema.openapi("ChangeEmailAnswer") } },
    },
    ...errorResponses(400, 401, 409, 415, 429),
  },
});

const confirmEmail = createRoute({
  method: "post",
  path: "/api/me/email/confirm",
  operationId: "confirmEmail",
  tags: ["account"],
  summary: "Apply an email change with the emailed link's token (once, within 24 hours; no sign-in needed)",
  request: { body: { required: true, content: { "application/json": { schema: confirmEmailSchema } } } },
  responses: {
    200: {
      description: "The account uses the new email",
      content: { "application/json": { schema: changeEmailAnswerSchema } },
    },
    ...errorResponses(400, 409, 415, 429),
  },
});

export function accountEmailRoutes() {
  return createRouter()
    .openapi(changeEmail, async (c) => {
      const viewer = c.var.viewer;
      const { newEmail, password } = c.req.valid("json");
      const { database, auth, config, mailer } = c.get("services");
      await countAccountRequest(database.db, config, c.get("clientIp"), "change-email");
      if (!(await passwordMatches(auth, viewer.userId, password))) {
        throw new ApiError(400, "wrong_password", WRONG_PASSWORD, { password: WRONG_PASSWORD });
      }
      if (newEmail === viewer.email.toLowerCase()) {
        throw new ApiError(400, "same_email", SAME_EMAIL, { newEmail: SAME_EMAIL });
      }
      if ((await userIdByEmail(database.db, newEmail)) !== null) {
        throw new ApiError(409, "email_taken", EMAIL_TAKEN_ELSEWHERE, { newEmail: EMAIL_TAKEN_ELSEWHERE });
      }
      if (mailer) {
        const token = await makeChangeEmailToken(auth, { userId: viewer.userId, newEmail }, CHANGE_EMAIL_LINK_SECONDS);
        mailer.send(changeEmailMail(config.publicUrl, newEmail, token), "confirm email");
        return c.json({ status: "confirm" as const, email: newEmail }, 200);
      }
      if (!(await setUserEmail(database.db, viewer.userId, newEmail))) {
        throw new ApiError(409, "email_taken", EMAIL_TAKEN_ELSEWHERE, { newEmail: EMAIL_TAKEN_ELSEWHERE });
      }
      // The cached viewers hold the old address: forgotten on every server.
      c.get("services").hub.revoke({ userId: viewer.userId, viewerOnly: true });
      return c.json({ status: "changed" as const, email: newEmail }, 200);
    })
    .openapi(confirmEmail, async (c) => {
      const { token } = c.req.valid("json");
      const { database, auth, config, mailer } = c.get("services");
      await countAccountRequest(database.db, config, c.get("clientIp"), "confirm-email");
      const change = await takeChangeEmailToken(auth, token);
      if (!change) throw new ApiError(400, "invalid_token", CONFIRM_LINK_INVALID, { token: CONFIRM_LINK_INVALID });
      const oldEmail = await userEmail(database.db, change.userId);
      if (!(await setUserEmail(database.db, change.userId, change.newEmail))) {
        throw new ApiError(409, "email_taken", EMAIL_TAKEN_ELSEWHERE);
      }
      if (mailer && oldEmail && oldEmail !== change.newEmail) {
        mailer.send(emailChangedMail(config.publicUrl, { oldEmail, newEmail: change.newEmail }), "email changed");
      }
      c.get("services").hub.revoke({ userId: change.userId, viewerOnly: true });
      return c.json({ status: "changed" as const, email: change.newEmail }, 200);
    });
}
