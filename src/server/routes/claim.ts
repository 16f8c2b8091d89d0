import { createRoute, z } from "@hono/zod-openapi";
import { meSchema } from "#domain/account.js";
import { CLAIM_NOT_FOUND, claimBodySchema, claimInfoSchema } from "#domain/api/roster.js";
import { GUARDIAN_HOLDS_PLACE } from "#domain/api/family.js";
import { loadMe } from "../db/accounts.js";
import { claimRow, findClaim } from "../db/roster-claim.js";
import { isUniqueViolation } from "../db/dialect.js";
import { callAuth, forwardCookies } from "../http/auth-bridge.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses } from "../http/errors.js";
import { countSignupAttempt } from "../http/rate-limit.js";
import { changeNow } from "../realtime/hub.js";
import { TOO_MANY_ATTEMPTS } from "./auth-session.js";
import { EMAIL_TAKEN } from "./signup.js";
import { tokenParams } from "../http/path-params.js";

/*
 * Public: claiming a roster row through its invite link (docs/product.md §11). The token is the whole secret (192
 * random bits); an unknown, used or withdrawn one answers 404 the same way. Claims count against the address's
 * sign-up limit, like sign-ups.
 */

const linkParams = tokenParams("The invite link's token");

const infoRoute = createRoute({
  method: "get",
  path: "/api/claim/{token}",
  operationId: "getClaim",
  tags: ["account"],
  summary: "Who an invite link is for: team, name, jersey",
  request: { params: linkParams },
  responses: {
    200: { description: "The row", content: { "application/json": { schema: claimInfoSchema.openapi("ClaimInfo") } } },
    ...errorResponses(404, 409),
  },
});

const claimRoute = createRoute({
  method: "post",
  path: "/api/claim/{token}",
  operationId: "claimRosterPlayer",
  tags: ["account"],
  summary: "Claim a roster row with an email and password; the person is signed in",
  request: {
    params: linkParams,
    body: { required: true, content: { "application/json": { schema: claimBodySchema } } },
  },
  responses: {
    201: {
      description: "Claimed (signedIn false when the sign-in that follows was refused by its rate limit)",
      content: {
        "application/json": {
          schema: z.object({ user: meSchema, signedIn: z.boolean() }).openapi("ClaimResponse"),
        },
      },
    },
    ...errorResponses(400, 404, 409, 415, 429),
  },
});

const gone = () => new ApiError(404, "invite_not_found", CLAIM_NOT_FOUND);
const guardianHolds = () => new ApiError(409, "guardian_holds_place", GUARDIAN_HOLDS_PLACE);
const taken = () => new ApiError(409, "email_taken", EMAIL_TAKEN, { email: EMAIL_TAKEN });

export function claimRoutes() {
  return createRouter()
    .openapi(infoRoute, async (c) => {
      const { token } = c.req.valid("param");
      const info = await findClaim(c.get("services").database.db, token);
      if (!info) throw gone();
      if (info === "under_13") throw guardianHolds();
      return c.json(info, 200);
    })
    .openapi(claimRoute, async (c) => {
      const { token } = c.req.valid("param");
      const { email, password } = c.req.valid("json");
      const { database, config, auth, hub } = c.get("services");
      const { db } = database;
      await countSignupAttempt(db, config, c.get("clientIp"), TOO_MANY_ATTEMPTS);
      const info = await findClaim(db, token);
      if (!info) throw gone();
      if (info === "under_13") throw guardianHolds();
      const hash = await (await auth.$context).password.hash(password);
      let claimed: Awaited<ReturnType<typeof claimRow>>;
      try {
        claimed = await claimRow(db, token, email, hash);
      } catch (error) {
        // Someone signed up with this email between the check and the write.
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      if (claimed === "gone") throw gone();
      if (claimed === "taken") throw taken();
      const user = await loadMe(db, claimed.userId);
      if (!user) throw gone();
      const { response } = await callAuth(c, "/sign-in/email", { email, password, rememberMe: true });
      if (response.ok) forwardCookies(c, response);
      if (user.team) hub.publish(user.team.id, changeNow("roster"));
      return c.json({ user, signedIn: response.ok }, 201);
    });
}
