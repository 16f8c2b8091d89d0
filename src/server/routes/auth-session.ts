import { createRoute, z } from "@hono/zod-openapi";
import { meSchema } from "#domain/account.js";
import { loginSchema } from "#domain/schemas.js";
import { loadMe } from "../db/accounts.js";
import { callAuth, forwardCookies } from "../http/auth-bridge.js";
import { createRouter } from "../http/context.js";
import { ApiError, authRateLimited, errorResponses, unauthenticated } from "../http/errors.js";
import { isOperator, withOperatorFlag } from "../http/operator.js";
import { getViewer, signedInOnly } from "../http/viewer.js";

const MeResponse = z.object({ user: meSchema }).openapi("MeResponse");

/** One message for every failed sign-in, so it never tells whether an email has an account. */
export const INVALID_CREDENTIALS = "Invalid email or password.";
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

const signIn = createRoute({
  method: "post",
  path: "/api/session",
  operationId: "signIn",
  tags: ["account"],
  summary: "Sign in with email and password",
  request: { body: { required: true, content: { "application/json": { schema: loginSchema } } } },
  responses: {
    200: {
      description: "Signed in; the session cookie is set",
      content: { "application/json": { schema: MeResponse } },
    },
    ...errorResponses(400, 401, 415, 429),
  },
});

const signOut = createRoute({
  method: "delete",
  path: "/api/session",
  operationId: "signOut",
  tags: ["account"],
  summary:
    "Sign out: the session is revoked on the server (its live-update streams end), the cookie cleared and the browser told to drop its cached answers",
  responses: { 204: { description: "Signed out" } },
});

const SessionStateResponse = z
  .object({
    signedIn: z.boolean(),
    role: z.enum(["coach", "player", "guardian"]).nullable(),
    /** The account is listed in OPERATOR_EMAILS (its role is unchanged). */
    operator: z.boolean(),
  })
  .openapi("SessionState");

/**
 * Whether anyone is signed in, answered 200 either way: "nobody" is not an error here (a 503 only when the session
 * store, the database, is out of reach: http/errors.ts OUTAGE_ERRORS). The prerendered public
 * pages ask it before the app runs (decision 0006), so a visitor's browser logs no failed request.
 */
const sessionState = createRoute({
  method: "get",
  path: "/api/session",
  operationId: "getSession",
  tags: ["account"],
  summary: "Whether the caller is signed in, and as which role",
  responses: {
    200: { description: "The caller's state", content: { "application/json": { schema: SessionStateResponse } } },
  },
});

const me = createRoute({
  method: "get",
  path: "/api/me",
  operationId: "getMe",
  tags: ["account"],
  middleware: [signedInOnly] as const,
  summary: "The signed-in user's profile and team",
  responses: {
    200: { description: "Signed in", content: { "application/json": { schema: MeResponse } } },
    ...errorResponses(401),
  },
});

function userIdOf(json: unknown): string | null {
  if (json && typeof json === "object" && "user" in json) {
    const user = (json as { user?: { id?: unknown } }).user;
    if (user && typeof user.id === "string") return user.id;
  }
  return null;
}

export { userIdOf };

export function authSessionRoutes() {
  return createRouter()
    .openapi(signIn, async (c) => {
      const { email, password } = c.req.valid("json");
      const { response, json } = await callAuth(c, "/sign-in/email", { email, password, rememberMe: true });
      if (response.status === 429) throw authRateLimited(response, TOO_MANY_ATTEMPTS);
      const userId = response.ok ? userIdOf(json) : null;
      if (!userId) throw new ApiError(401, "invalid_credentials", INVALID_CREDENTIALS);
      const user = await loadMe(c.get("services").database.db, userId);
      if (!user) {
        // An account without a profile cannot use the app (docs/product.md §4): end the session we just made.
        const cookie = response.headers
          .getSetCookie()
          .map((s) => s.split(";")[0])
          .join("; ");
        if (cookie) {
          const { auth } = c.get("services");
          await auth.api.signOut({ headers: new Headers({ cookie }) }).catch(() => undefined);
        }
        throw new ApiError(401, "invalid_credentials", INVALID_CREDENTIALS);
      }
      forwardCookies(c, response);
      return c.json({ user: withOperatorFlag(c.get("services").config, user) }, 200);
    })
    .openapi(signOut, async (c) => {
      if (c.req.header("cookie")) {
        const { auth, hub } = c.get("services");
        const session = await auth.api.getSession({ headers: c.req.raw.headers });
        const { response } = await callAuth(c, "/sign-out");
        forwardCookies(c, response);
        // The session is gone: its open live-update streams end now, on every server.
        if (session && response.ok) hub.revoke({ userId: session.user.id, sessionId: session.session.id });
      }
      // The team reads are private, no-cache with an ETag (decision 0016): the browser keeps their bodies to
      // revalidate. On a shared phone the next person must not find them on disk.
      c.header("Clear-Site-Data", '"cache"');
      return c.body(null, 204);
    })
    .openapi(sessionState, async (c) => {
      const viewer = await getViewer(c);
      c.header("Cache-Control", "no-store");
      const operator = viewer !== null && isOperator(c.get("services").config, viewer.email);
      return c.json({ signedIn: viewer !== null, role: viewer?.role ?? null, operator }, 200);
    })
    .openapi(me, async (c) => {
      const viewer = c.var.viewer;
      const user = await loadMe(c.get("services").database.db, viewer.userId);
      if (!user) throw unauthenticated();
      // A guardian acting for a child is answered the child, and who they really are (docs/product.md §13).
      if (viewer.actingGuardian) return c.json({ user: { ...user, actingGuardian: viewer.actingGuardian } }, 200);
      return c.json({ user: withOperatorFlag(c.get("services").config, user) }, 200);
    });
}
