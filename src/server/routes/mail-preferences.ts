import { createRoute } from "@hono/zod-openapi";
import {
  linkTokenParamSchema,
  mailPreferencesBodySchema,
  mailPreferencesSchema,
  unsubscribeSchema,
} from "#domain/api/reminders.js";
import { mailPreferences, updateMailPreferences, userExists } from "../db/mail-preferences.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { signedInOnly } from "../http/viewer.js";
import { readUnsubscribeToken } from "../mail/links.js";

/*
 * Which mails a person gets (docs/product.md §12, issue #29): reminders, change announcements and the weekly
 * digest, all on by default; the caller's own, signed in. And the unsubscribe link every such mail carries
 * (mail/links.ts: signed, per person and kind):
 *
 * - POST /api/unsubscribe/{token} is RFC 8058's one-click unsubscribe: a mail provider POSTs
 *   `List-Unsubscribe=One-Click` to the List-Unsubscribe address, from its own servers, with no cookie and any
 *   Origin (or none). It is public, and app.ts lets it past the Origin check (the token is the whole authority:
 *   no cookie is read, so a cross-site POST gains nothing a holder of the link does not already have). Its body is
 *   not read.
 * - GET shows what the link is about and whether it is still on, without changing it: mail scanners and link
 *   previews open every link of a mail, and must not unsubscribe anyone (the reason RFC 8058 is a POST). The web's
 *   /unsubscribe/{token} page shows this and turns it off with the POST.
 *
 * A token that was not made by this server, or of a deleted account, answers 404.
 */

const Preferences = mailPreferencesSchema.openapi("MailPreferences");
const UnsubscribeState = unsubscribeSchema.openapi("Unsubscribe");
const tokenParam = linkTokenParamSchema.extend({
  token: linkTokenParamSchema.shape.token.openapi({ param: { name: "token", in: "path" } }),
});

const getPreferences = createRoute({
  method: "get",
  path: "/api/me/mail-preferences",
  operationId: "getMailPreferences",
  tags: ["account"],
  middleware: [signedInOnly] as const,
  summary: "Which mails the caller gets: reminders, change announcements, the weekly digest",
  responses: {
    200: { description: "The caller's choices", content: { "application/json": { schema: Preferences } } },
    ...errorResponses(401),
  },
});

const patchPreferences = createRoute({
  method: "patch",
  path: "/api/me/mail-preferences",
  operationId: "updateMailPreferences",
  tags: ["account"],
  middleware: [signedInOnly] as const,
  summary: "Choose which mails the caller gets",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: mailPreferencesBodySchema.openapi("MailPreferencesChange") } },
    },
  },
  responses: {
    200: { description: "The caller's choices now", content: { "application/json": { schema: Preferences } } },
    ...errorResponses(400, 401, 415),
  },
});

const showUnsubscribe = createRoute({
  method: "get",
  path: "/api/unsubscribe/{token}",
  operationId: "getUnsubscribeLink",
  tags: ["account"],
  summary: "An unsubscribe link: which mail it stops and whether the person still gets it (changes nothing)",
  request: { params: tokenParam },
  responses: {
    200: { description: "The link's mail", content: { "application/json": { schema: UnsubscribeState } } },
    ...errorResponses(400, 404),
  },
});

const unsubscribe = createRoute({
  method: "post",
  path: "/api/unsubscribe/{token}",
  operationId: "unsubscribe",
  tags: ["account"],
  summary: "One-click unsubscribe (RFC 8058): stop the link's kind of mail; no sign-in, body ignored",
  request: { params: tokenParam },
  responses: {
    200: { description: "Turned off", content: { "application/json": { schema: UnsubscribeState } } },
    ...errorResponses(400, 404),
  },
});

export function mailPreferenceRoutes() {
  return createRouter()
    .openapi(getPreferences, async (c) => {
      const { database, config } = c.get("services");
      const prefs = await mailPreferences(database.db, c.var.viewer.userId);
      return c.json({ ...prefs, mailEnabled: config.mail !== null }, 200);
    })
    .openapi(patchPreferences, async (c) => {
      const { database, config } = c.get("services");
      const prefs = await updateMailPreferences(database.db, c.var.viewer.userId, c.req.valid("json"));
      return c.json({ ...prefs, mailEnabled: config.mail !== null }, 200);
    })
    .openapi(showUnsubscribe, async (c) => {
      const { database, config } = c.get("services");
      const link = readUnsubscribeToken(config.authSecret, c.req.valid("param").token);
      if (!link || !(await userExists(database.db, link.userId))) throw notFound("That link");
      const prefs = await mailPreferences(database.db, link.userId);
      return c.json({ kind: link.kind, subscribed: prefs[link.kind] }, 200);
    })
    .openapi(unsubscribe, async (c) => {
      const { database, config } = c.get("services");
      const link = readUnsubscribeToken(config.authSecret, c.req.valid("param").token);
      if (!link || !(await userExists(database.db, link.userId))) throw notFound("That link");
      await updateMailPreferences(database.db, link.userId, { [link.kind]: false });
      c.get("services").log.info({ mail: link.kind }, "unsubscribed by link");
      return c.json({ kind: link.kind, subscribed: false }, 200);
    });
}
