import { createRoute, z } from "@hono/zod-openapi";
import { meSchema } from "#domain/account.js";
import {
  acceptGuardianInviteSchema,
  CONSENT_OUTDATED,
  GUARDIAN_INVITE_NOT_FOUND,
  guardianInviteInfoSchema,
} from "#domain/api/family.js";
import { CONSENT_VERSION, consentText } from "#domain/family.js";
import { fullNameSchema } from "#domain/schemas.js";
import { deleteUser, loadMe } from "../db/accounts.js";
import { acceptGuardianInvite, addGuardianAccount } from "../db/guardians.js";
import { findGuardianInvite } from "../db/guardian-invites.js";
import { callAuth, forwardCookies } from "../http/auth-bridge.js";
import { createRouter, type AppContext } from "../http/context.js";
import { ApiError, authRateLimited, errorResponses } from "../http/errors.js";
import { countSignupAttempt } from "../http/rate-limit.js";
import { getViewer } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import { TOO_MANY_ATTEMPTS, userIdOf } from "./auth-session.js";
import { EMAIL_TAKEN } from "./signup.js";
import { tokenParams } from "../http/path-params.js";

/*
 * Public: a coach's guardian invite link (docs/product.md §13). It shows the team, the child's first name and
 * initial, and the consent text; taking it records the guardian's consent in the ledger and links the account to
 * the child. Signed in, the account itself becomes the child's guardian (one sign-in for a whole household);
 * signed out, a guardian account is made from the name, email and password sent. The token is the whole secret
 * (192 random bits, stored as its SHA-256); an unknown, used or expired one answers 404 the same way. Taking one
 * counts against the address's sign-up limit.
 */

const linkParams = tokenParams("The guardian link's token");

const infoRoute = createRoute({
  method: "get",
  path: "/api/guardian-invites/{token}",
  operationId: "getGuardianInvite",
  tags: ["family"],
  summary: "Who a guardian link is for, and the consent text to agree to",
  request: { params: linkParams },
  responses: {
    200: {
      description: "The link",
      content: { "application/json": { schema: guardianInviteInfoSchema.openapi("GuardianInviteInfo") } },
    },
    ...errorResponses(404),
  },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/api/guardian-invites/{token}",
  operationId: "acceptGuardianInvite",
  tags: ["family"],
  summary: "Agree to the consent text and become the child's guardian (signed in, or with a new guardian account)",
  request: {
    params: linkParams,
    body: { required: true, content: { "application/json": { schema: acceptGuardianInviteSchema } } },
  },
  responses: {
    201: {
      description: "Linked; the new account is signed in",
      content: {
        "application/json": {
          schema: z.object({ user: meSchema, childId: z.string() }).openapi("AcceptGuardianInviteResponse"),
        },
      },
    },
    ...errorResponses(400, 404, 409, 415, 429),
  },
});

const gone = () => new ApiError(404, "invite_not_found", GUARDIAN_INVITE_NOT_FOUND);

/** A signed-out guardian's new account: name, email and password are then required. */
const newGuardianSchema = z.object({
  fullName: fullNameSchema,
  email: z.string(),
  password: z.string(),
});

function requireNewAccountFields(input: z.infer<typeof acceptGuardianInviteSchema>) {
  const fields: Record<string, string> = {};
  if (input.fullName === undefined) fields.fullName = "Full name is required.";
  if (input.email === undefined) fields.email = "Email is required.";
  if (input.password === undefined) fields.password = "Password is required.";
  if (Object.keys(fields).length > 0) {
    throw new ApiError(400, "validation_failed", "Enter your name, email and a password to make your account.", fields);
  }
  return newGuardianSchema.parse(input);
}

/** Makes the guardian account through Better Auth (its password rules, its hashing), signed in. */
async function signUpGuardian(c: AppContext, account: z.infer<typeof newGuardianSchema>) {
  const { response, json } = await callAuth(c, "/sign-up/email", {
    name: account.fullName,
    email: account.email,
    password: account.password,
  });
  if (response.status === 429) throw authRateLimited(response, TOO_MANY_ATTEMPTS);
  const userId = response.ok ? userIdOf(json) : null;
  if (!userId) {
    const code = (json as { code?: string } | null)?.code ?? "";
    if (code.startsWith("USER_ALREADY_EXISTS"))
      throw new ApiError(409, "email_taken", EMAIL_TAKEN, { email: EMAIL_TAKEN });
    const message = (json as { message?: string } | null)?.message ?? "The account could not be created.";
    throw new ApiError(400, "signup_rejected", message);
  }
  await addGuardianAccount(c.get("services").database.db, userId, account.fullName);
  return { userId, response };
}

export function guardianInviteRoutes() {
  return createRouter()
    .openapi(infoRoute, async (c) => {
      const invite = await findGuardianInvite(c.get("services").database.db, c.req.valid("param").token);
      if (!invite) throw gone();
      return c.json(
        {
          teamName: invite.teamName,
          childName: invite.childName,
          consentVersion: CONSENT_VERSION,
          consentText: [...consentText(CONSENT_VERSION)],
          expiresAt: invite.expiresAt,
        },
        200,
      );
    })
    .openapi(acceptRoute, async (c) => {
      const { token } = c.req.valid("param");
      const input = c.req.valid("json");
      const { database, config, hub } = c.get("services");
      const { db } = database;
      if (input.consentVersion !== CONSENT_VERSION) throw new ApiError(409, "consent_outdated", CONSENT_OUTDATED);
      const viewer = await getViewer(c);
      if (!viewer) await countSignupAttempt(db, config, c.get("clientIp"), TOO_MANY_ATTEMPTS);
      if (!(await findGuardianInvite(db, token))) throw gone();

      const made = viewer ? null : await signUpGuardian(c, requireNewAccountFields(input));
      const guardian = viewer
        ? { id: viewer.userId, name: viewer.fullName }
        : { id: made!.userId, name: input.fullName ?? "" };
      const meta = { version: CONSENT_VERSION, ip: c.get("clientIp"), userAgent: c.req.header("user-agent") ?? null };
      const taken = await acceptGuardianInvite(db, token, guardian, meta);
      if (taken === "gone" || taken === "self") {
        // The link went (used, expired) between the check and the write: no account is left behind.
        if (made) await deleteUser(db, made.userId);
        if (taken === "self") throw new ApiError(409, "own_place", "This link is for your own place on the team.");
        throw gone();
      }
      if (made) forwardCookies(c, made.response);
      hub.publish(taken.teamId, changeNow("roster"));
      const user = await loadMe(db, guardian.id);
      if (!user) throw gone();
      return c.json({ user, childId: taken.playerId }, 201);
    });
}
