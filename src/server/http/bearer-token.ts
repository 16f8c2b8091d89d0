import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { findApiToken, touchApiToken } from "../db/api-tokens.js";
import type { AppContext, AppEnv } from "./context.js";
import { ApiError, errorResponses } from "./errors.js";
import { operationOf } from "./operation.js";
import { API_TOKEN_LIMIT, countApiTokenRequest } from "./rate-limit.js";

/*
 * The Bearer path (docs/product.md §11 "API tokens", docs/architecture.md "Server"): a request carrying
 * `Authorization: Bearer flt_…` is its token's coach, on the token's team, for the operations listed below and no
 * other. It runs once per API request, before any route: the route's role middleware then finds the caller
 * already looked up (c.var.viewerLookup) and checks roles exactly as for a signed-in coach. A cookie sent with a
 * token is ignored: the token decides.
 *
 * Deny by default: an operation accepts tokens only when it is in TOKEN_OPERATIONS, so a new endpoint is closed to
 * tokens until someone decides otherwise. Left out on purpose: everything about the account (sign-in and out,
 * profile, password, email, export, deletion, notices, joining), token management itself, the live stream (it is
 * tied to a sign-in session: sign-out and removal end it through the session), and whatever grants, moves or
 * revokes someone's access to the team (codes, invite links and the roster that shows them, confirmations, reset
 * links, removing a player, the coaching staff, the team's name).
 *
 * The Origin check (app.ts) applies to token requests as to any other write: a server-side client sends no Origin
 * and passes; the API sends no CORS headers, so a page on another site cannot send a token anyway.
 */

/** The operations a token may call, "METHOD /path" as the OpenAPI document writes it. Reads unless marked. */
export const TOKEN_OPERATIONS: ReadonlySet<string> = new Set([
  // The team's players and their records.
  "GET /api/team/players",
  "GET /api/team/players/{id}",
  "GET /api/team/players/{id}/events",
  "GET /api/team/players/{id}/stat-lines",
  "GET /api/team/players/{id}/training-logs",
  "GET /api/team/players/{id}/feedback",
  "POST /api/team/players/{id}/feedback",
  "GET /api/team/leaderboard",
  "GET /api/team/stats",
  "GET /api/team/dashboard",
  // Practices and games: the schedule, attendance, the snaps and scores.
  "GET /api/team/sessions",
  "POST /api/team/sessions",
  "GET /api/team/sessions/{id}",
  "PATCH /api/team/sessions/{id}",
  "DELETE /api/team/sessions/{id}",
  "PUT /api/team/sessions/{id}/attendance",
  "GET /api/team/sessions/{id}/impact",
  "GET /api/team/sessions/{id}/merge",
  "POST /api/team/sessions/{id}/merge",
  "POST /api/team/events",
  "DELETE /api/team/events/{id}",
  "PATCH /api/team/events/{id}/play",
  "POST /api/team/snaps",
  "PUT /api/team/snaps/{id}",
  "DELETE /api/team/snaps/{id}",
  "GET /api/team/sessions/{id}/snaps",
  "GET /api/team/sessions/{id}/box-score.csv",
  "GET /api/team/sessions/{id}/participation",
  "GET /api/team/sessions/{id}/participation.csv",
  "POST /api/team/sessions/{id}/final",
  "DELETE /api/team/sessions/{id}/final",
  "PUT /api/team/sessions/{id}/period",
  "GET /api/team/scoreboard",
  "GET /api/team/games",
  "GET /api/team/rules",
  "PUT /api/team/rules",
  "GET /api/team/seasons",
  "POST /api/team/seasons",
  "PATCH /api/team/seasons/{id}",
  // The schedule planned ahead (reads, and the coach's planning writes). Not the players' answers: whether a
  // player is coming is theirs (or their coach's) to say in the app.
  "GET /api/team/schedule",
  "GET /api/team/schedule/{id}",
  "POST /api/team/schedule",
  "PATCH /api/team/schedule/{id}",
  "GET /api/team/schedule-settings",
  "PATCH /api/team/schedule-settings",
  // The playbook.
  "GET /api/team/plays",
  "POST /api/team/plays",
  "PATCH /api/team/plays/{id}",
  "POST /api/team/plays/{id}/archive",
  "POST /api/team/plays/{id}/unarchive",
  "POST /api/team/plays/{id}/diagram",
  "DELETE /api/team/plays/{id}/diagram",
  "GET /api/team/playbook-analysis",
  "GET /api/team/playbook-analysis/{playId}/events",
  // The team's photos and diagrams.
  "GET /api/files/{id}",
]);

/** Public operations: a token sent to them is not looked at (a generated client may send it everywhere). */
// A calendar feed's address carries its own token; a calendar app's Authorization header (Basic, from an account
// set up for another feed) is not ours to judge.
export const TOKEN_IGNORED: ReadonlySet<string> = new Set([
  "GET /api/health",
  "GET /api/openapi.json",
  "GET /api/calendar/{file}",
]);

export const BEARER_SCHEME = "bearerToken";

const READ_METHODS = new Set(["GET", "HEAD"]);

const MALFORMED = "Send the API token as `Authorization: Bearer <token>`.";
const NOT_VALID =
  "This API token is not valid: it was revoked, or the coach who made it is no longer a coach of the team.";
const NOT_HERE =
  "API tokens cannot be used for this: sign-in, your account, API tokens and team access need you signed in.";
const READ_ONLY = "This API token is read-only: it can only read (GET). Make a read-write token to change data.";

function invalidToken(c: AppContext, message: string): never {
  // RFC 6750: a 401 to a Bearer request says which scheme and what went wrong.
  c.header("WWW-Authenticate", 'Bearer error="invalid_token"');
  throw new ApiError(401, "invalid_token", message);
}

/** The Bearer path, for every /api/* request: mounted in app.ts after the Origin check and body limits. */
export function bearerTokenGate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization");
    if (header === undefined) return next();
    const operation = operationOf(c);
    if (operation === null || TOKEN_IGNORED.has(operation)) return next();
    // Refused before the token is even looked at: nothing here can be done with one, valid or not.
    if (!TOKEN_OPERATIONS.has(operation)) throw new ApiError(403, "token_not_allowed", NOT_HERE);
    const secret = /^Bearer +(\S+) *$/i.exec(header)?.[1];
    if (!secret) invalidToken(c, MALFORMED);
    const db = c.get("services").database.db;
    const token = await findApiToken(db, secret);
    if (!token) invalidToken(c, NOT_VALID);
    if (token.scope === "read" && !READ_METHODS.has(c.req.method)) {
      throw new ApiError(403, "token_read_only", READ_ONLY);
    }
    await countApiTokenRequest(db, token.id);
    await touchApiToken(db, token);
    c.set("viewerLookup", {
      userId: token.userId,
      email: token.email,
      role: "coach",
      coachRole: token.coachRole,
      teamId: token.teamId,
      fullName: token.fullName,
      sessionId: `api-token:${token.id}`,
    });
    return next();
  };
}

type Responses = Record<string, Record<string, unknown>>;

/** Adds a reason to the operation's answer `status` (its description lists every reason), making the answer if new. */
function addReason(responses: Responses, status: number, reason: string): void {
  const own = responses[status];
  if (!own) {
    responses[status] = { ...errorResponses(status)[status], description: reason };
    return;
  }
  const description = typeof own.description === "string" && own.description ? own.description : "";
  if (!description.includes(reason)) {
    responses[status] = { ...own, description: description ? `${description}; ${reason}` : reason };
  }
}

/**
 * The OpenAPI side: the `bearerToken` security scheme, added as an alternative to the session cookie
 * (http/openapi-document.ts) on each operation in TOKEN_OPERATIONS, with what a token can be answered there; every
 * other operation (bar the public ones that ignore a token) says it refuses one. Call after documentApi, once all
 * routes are mounted.
 */
export function documentBearerTokens(app: OpenAPIHono<AppEnv>): void {
  const registry = app.openAPIRegistry;
  registry.registerComponent("securitySchemes", BEARER_SCHEME, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "flt_ followed by 43 base64url characters",
    description:
      "A personal API token a head coach makes in Team Settings (POST /api/team/api-tokens with the session " +
      "cookie; its text is in that answer only). It acts as that coach on that team, only on the operations that " +
      "list this scheme; a read-only token only on their GETs (a write answers 403 token_read_only); any other " +
      "operation answers a request with an Authorization header 403 token_not_allowed. A revoked token, or one " +
      "whose coach left the team or is no longer a coach, answers 401 invalid_token. At most " +
      `${API_TOKEN_LIMIT} requests a minute per token (429 rate_limited with Retry-After). The Origin rule of writes ` +
      "applies as to any request: send no Origin header, or this server's own.",
  });
  const cookieSchemes = registry.definitions.flatMap((d) =>
    d.type === "component" && d.componentType === "securitySchemes" && (d.component as { in?: string }).in === "cookie"
      ? [{ [d.name]: [] as string[] }]
      : [],
  );
  for (const definition of registry.definitions) {
    if (definition.type !== "route") continue;
    const route = definition.route;
    const operation = `${route.method.toUpperCase()} ${route.path}`;
    if (TOKEN_IGNORED.has(operation)) continue;
    const responses = { ...(route.responses as Responses) };
    if (!TOKEN_OPERATIONS.has(operation)) {
      addReason(responses, 403, "token_not_allowed: an API token was sent, and tokens cannot be used here");
      route.responses = responses;
      continue;
    }
    route.security = [...(route.security ?? cookieSchemes), { [BEARER_SCHEME]: [] }];
    addReason(responses, 401, "invalid_token: the API token is malformed, revoked, or its coach is no longer a coach");
    if (route.method.toLowerCase() !== "get") {
      addReason(responses, 403, "token_read_only: a read-only API token may only read");
    }
    addReason(responses, 429, `rate_limited: over ${API_TOKEN_LIMIT} requests a minute with one API token`);
    route.responses = responses;
  }
}
