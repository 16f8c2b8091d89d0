import { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../config.js";
import type { AppEnv } from "./context.js";
import { errorResponses } from "./errors.js";
import { operatorOnly } from "./operator.js";
import {
  coachOnly,
  guardianAccountOnly,
  headCoachOnly,
  playerOnly,
  profileOwnerOnly,
  signedInOnly,
  teamMemberOnly,
} from "./viewer.js";

/*
 * What /api/openapi.json promises beyond each route's own definition, added in one place from what the server
 * really does, so a new route gets it without anyone remembering (docs/architecture.md "API document"):
 * - security: the session cookie (sessionCookie) on every operation behind a role middleware (http/viewer.ts,
 *   http/operator.ts) or a check in its handler (CHECKED_IN_HANDLER); `security: []` on the PUBLIC ones. An
 *   operation that is neither fails createApp, so nobody ships an endpoint whose sign-in the document hides.
 * - the statuses every operation of a kind can answer: 401/403 (404 for the operator area) per role middleware,
 *   403 bad_origin and 413 payload_too_large on every write (app.ts checks both before any route), 400 wherever
 *   there is input to validate, 415 wherever a JSON body is required, and 503 with Retry-After on every one (the
 *   database or the file store out of reach, or a full disk: app.ts onError).
 * - the rules between an operation's query parameters that its handler checks (QUERY_RULES), as a JSON Schema.
 * A route's own `security`, set in its createRoute, wins. The Bearer token scheme (http/bearer-token.ts) is added
 * after this, as an alternative on the operations that accept tokens.
 */

const SESSION_COOKIE_SCHEME = "sessionCookie";

/** Better Auth's session cookie as auth/index.ts names it: __Host-flagline.session_token over https. */
function sessionCookieName(publicUrl: string): string {
  return `${publicUrl.startsWith("https://") ? "__Host-flagline" : "flagline"}.session_token`;
}

interface Guard {
  /** Who may call, for the 401/403 descriptions. */
  who: string;
  /** The statuses the guard answers a caller it refuses. */
  statuses: number[];
}

const GUARDS = new Map<unknown, Guard>([
  [signedInOnly, { who: "a signed-in user", statuses: [401] }],
  [profileOwnerOnly, { who: "a signed-in player or coach (not a guardian-only account)", statuses: [401, 403] }],
  [guardianAccountOnly, { who: "a signed-in guardian-only account", statuses: [401, 403] }],
  [coachOnly, { who: "a coach of a team", statuses: [401, 403] }],
  [headCoachOnly, { who: "the head coach of a team", statuses: [401, 403] }],
  [playerOnly, { who: "a player of a team", statuses: [401, 403] }],
  [teamMemberOnly, { who: "a member of a team, coach or player", statuses: [401, 403] }],
  // The operator area answers everyone else as a path that does not exist (decision 0014).
  [operatorOnly, { who: "an operator (OPERATOR_EMAILS)", statuses: [404] }],
]);

/** Operations that check the caller in their handler, not with a role middleware. */
const CHECKED_IN_HANDLER = new Map<string, Guard>([
  ["GET /api/files/{id}", { who: "a signed-in user who may see the file", statuses: [401, 403] }],
]);

/** Operations anyone may call; the session cookie, when sent, is not needed. */
const PUBLIC = new Set([
  "GET /api/health",
  "GET /api/mail",
  "POST /api/session",
  "POST /api/signup",
  "POST /api/contact",
  "GET /api/claim/{token}",
  "POST /api/claim/{token}",
  // A guardian link (routes/guardian-invites.ts): its token is the authorisation. Taking it (POST) reads the
  // session cookie when one is sent (COOKIE_OPTIONAL): it links that account instead of making one.
  "GET /api/guardian-invites/{token}",
  "POST /api/password/forgot",
  "POST /api/password/reset",
  "POST /api/me/email/confirm",
  // A personal calendar feed: the token in its address is the whole authorisation (routes/calendar.ts).
  "GET /api/calendar/{file}",
  // A reminder's answer link and a mail's unsubscribe link: their signed token is the authorisation
  // (routes/answer-links.ts, routes/mail-preferences.ts).
  "GET /api/answer/{token}",
  "POST /api/answer/{token}",
  "GET /api/unsubscribe/{token}",
  "POST /api/unsubscribe/{token}",
  // A game's follow link (routes/follow.ts): its token opens that game only, read and streamed.
  "GET /api/follow/{token}",
  "GET /api/follow/{token}/stream",
  // A league's public page (routes/league-public.ts): team names, the published schedule and standings only.
  "GET /api/public/leagues/{id}",
  "GET /api/public/leagues/{id}/calendar.ics",
  "GET /api/public/leagues/{id}/teams/{teamId}",
]);

/**
 * Writes app.ts lets past the Origin check: RFC 8058's one-click unsubscribe, which mail providers POST from their
 * own servers (routes/mail-preferences.ts). They document no bad_origin.
 */
export const ORIGIN_CHECK_EXEMPT = new Set(["POST /api/unsubscribe/{token}"]);

/** Operations that read the session cookie when one is sent and answer without one too. */
const COOKIE_OPTIONAL = new Set(["GET /api/session", "DELETE /api/session", "POST /api/guardian-invites/{token}"]);

/**
 * A rule between query parameters a handler checks: with the parameters of `when` at those values, those of
 * `require` must be sent, or the server answers 400 invalid_input naming them.
 */
interface QueryRule {
  operationId: string;
  when: Record<string, string>;
  require: string[];
}

const QUERY_RULES: QueryRule[] = [
  // routes/team.ts: the leaderboard of one session needs to know which.
  { operationId: "getLeaderboard", when: { window: "session" }, require: ["sessionId"] },
];

/**
 * The operation field holding its query as one JSON Schema object, each property a query parameter (the same
 * schema), with QUERY_RULES as if/then. OpenAPI 3.1 parameters are independent of each other; its one standard
 * way to tie them, a single form-exploded object parameter, turns into `query: { query: {…} }` in
 * openapi-typescript's types, which openapi-fetch then sends as `query[window]=…` and the server ignores.
 */
export const QUERY_SCHEMA_FIELD = "x-query-schema";

type Route = Extract<OpenAPIHono<AppEnv>["openAPIRegistry"]["definitions"][number], { type: "route" }>["route"];
interface QueryParameter {
  name: string;
  in: string;
  description?: string;
  schema: Record<string, unknown>;
}

/** The operation's query as one JSON Schema: its query parameters as the generator writes them, plus `rules`. */
function querySchema(route: Route, rules: QueryRule[]): Record<string, unknown> {
  const scratch = new OpenAPIHono();
  scratch.openAPIRegistry.registerPath(route);
  const doc = scratch.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "", version: "" } });
  const item = doc.paths?.[route.path] as Record<string, { parameters?: QueryParameter[] }> | undefined;
  const generated = item?.[route.method]?.parameters ?? [];
  const parameters = generated.filter((p) => p.in === "query");
  const names = parameters.map((p) => p.name);
  const unknown = rules.flatMap((r) => [...Object.keys(r.when), ...r.require]).filter((n) => !names.includes(n));
  if (unknown.length > 0) {
    throw new Error(`QUERY_RULES: ${route.operationId} has no query parameter ${unknown.join(", ")}`);
  }
  const properties = Object.fromEntries(
    parameters.map((p) => [p.name, { ...(p.description ? { description: p.description } : {}), ...p.schema }]),
  );
  // `then` names the schemas of what it requires too: strict validators (Ajv's strictRequired, Redocly's
  // no-required-schema-properties-undefined) refuse a `required` without `properties` beside it.
  const conditions = rules.map((rule) => ({
    if: {
      properties: Object.fromEntries(Object.entries(rule.when).map(([name, value]) => [name, { const: value }])),
      required: Object.keys(rule.when),
    },
    then: {
      properties: Object.fromEntries(rule.require.map((name) => [name, properties[name]])),
      required: rule.require,
    },
  }));
  return {
    description:
      "The query parameters as one object (each property is the parameter of that name); the server answers " +
      "400 invalid_input to a query this schema rules out, and ignores parameters it does not name.",
    type: "object",
    properties,
    additionalProperties: true,
    ...(conditions.length === 1 ? conditions[0] : { allOf: conditions }),
  };
}

const WRITE_METHODS = new Set(["post", "put", "patch", "delete"]);

const STATUS_REASONS: Record<number, string> = {
  400: "invalid_input: a parameter or the body is not valid (fields names each one)",
  413: "payload_too_large: the body is over 256 KB (5 MB for an image upload)",
  415: "unsupported_media_type: the body is not sent as application/json",
  421: "misdirected_request: this server does not answer for the Host the request was sent to",
  503:
    "database_unavailable: the database cannot be reached; disk_full: the server's disk is full; " +
    "storage_unavailable: the file store (images) cannot be reached. Nothing was changed: send the same request " +
    "again after the Retry-After header's seconds",
};

/** The header of every 503 (app.ts onError sets it): when the same request can be sent again. */
const RETRY_AFTER_HEADER = {
  "Retry-After": {
    description: "Seconds until the same request can be sent again",
    schema: { type: "integer", minimum: 1 },
  },
};

function describe(status: number, reasons: string[]): Record<string, unknown> {
  const base = errorResponses(status)[status] as Record<string, unknown>;
  return { ...base, description: reasons.join("; ") };
}

type Responses = Record<string, Record<string, unknown>>;

/** Adds `reasons` to the operation's answer `status`, making the answer when the route declares none. */
function addStatus(responses: Responses, status: number, reasons: string[]): void {
  const own = responses[status];
  const generic = errorResponses(status)[status]?.description;
  if (!own) {
    responses[status] = describe(status, reasons);
    return;
  }
  const ownReason = typeof own.description === "string" && own.description !== generic ? [own.description] : [];
  const merged = [...new Set([...ownReason, ...reasons])];
  responses[status] = { ...own, description: merged.join("; ") };
}

/** The handlers Hono runs per "METHOD /path" (OpenAPI path syntax): a route's middleware are among them. */
function handlersByOperation(app: OpenAPIHono<AppEnv>): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const route of app.routes) {
    const key = `${route.method} ${route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`;
    const list = out.get(key) ?? [];
    list.push(route.handler);
    out.set(key, list);
  }
  return out;
}

/**
 * Adds security, the statuses every operation of a kind answers, and the session cookie scheme to the app's
 * OpenAPI registry. Call once every route is mounted, before the document is served.
 */
export function documentApi(app: OpenAPIHono<AppEnv>, config: Pick<Config, "publicUrl">): void {
  const registry = app.openAPIRegistry;
  const cookie = sessionCookieName(config.publicUrl);
  registry.registerComponent("securitySchemes", SESSION_COOKIE_SCHEME, {
    type: "apiKey",
    in: "cookie",
    name: cookie,
    description:
      `The sign-in session: POST /api/session with {"email", "password"} answers 200 and sets the cookie ${cookie} ` +
      "(HttpOnly, SameSite=Lax, Path=/; named __Host-flagline.session_token and Secure when the server is served " +
      "over https). Send it back on every request; it lasts 30 days and is renewed once a day while used. " +
      "DELETE /api/session signs out and revokes it on the server.",
  });
  const handlers = handlersByOperation(app);
  const unsure: string[] = [];
  const ruled = new Set<string>();
  for (const definition of registry.definitions) {
    if (definition.type !== "route") continue;
    const route = definition.route;
    const method = route.method.toLowerCase();
    const operation = `${method.toUpperCase()} ${route.path}`;
    const responses = { ...(route.responses as Responses) };

    const guard =
      (handlers.get(operation) ?? []).map((h) => GUARDS.get(h)).find((g) => g !== undefined) ??
      CHECKED_IN_HANDLER.get(operation);
    if (route.security === undefined) {
      if (guard) route.security = [{ [SESSION_COOKIE_SCHEME]: [] }];
      else if (COOKIE_OPTIONAL.has(operation)) route.security = [{ [SESSION_COOKIE_SCHEME]: [] }, {}];
      else if (PUBLIC.has(operation)) route.security = [];
      else unsure.push(operation);
    }
    if (guard?.statuses.includes(401)) addStatus(responses, 401, ["unauthenticated: not signed in"]);
    if (guard?.statuses.includes(403)) addStatus(responses, 403, [`forbidden: only ${guard.who} may call this`]);
    if (guard?.statuses.includes(404)) addStatus(responses, 404, [`not_found: only ${guard.who} may call this`]);

    const request = route.request ?? {};
    const hasInput = Boolean(request.params || request.query || request.body);
    if (hasInput) addStatus(responses, 400, [STATUS_REASONS[400]!]);
    const rules = QUERY_RULES.filter((rule) => rule.operationId === route.operationId);
    if (rules.length > 0) {
      Object.assign(route, { [QUERY_SCHEMA_FIELD]: querySchema(route, rules) });
      ruled.add(route.operationId!);
    }
    const jsonBody = request.body?.required === true && "application/json" in (request.body.content ?? {});
    if (jsonBody) addStatus(responses, 415, [STATUS_REASONS[415]!]);
    // The Host check runs before every route but the health probe (load balancers probe by IP).
    if (operation !== "GET /api/health") addStatus(responses, 421, [STATUS_REASONS[421]!]);
    // The database or the file store out of reach, or a full disk, on any operation (app.ts onError). The health
    // probe answers its own 503, its body saying the database is unreachable.
    if (operation !== "GET /api/health") {
      addStatus(responses, 503, [STATUS_REASONS[503]!]);
      responses[503] = { ...responses[503], headers: RETRY_AFTER_HEADER };
    }
    if (WRITE_METHODS.has(method)) {
      if (!ORIGIN_CHECK_EXEMPT.has(operation)) {
        addStatus(responses, 403, ["bad_origin: the request's Origin header names another site"]);
      }
      addStatus(responses, 413, [STATUS_REASONS[413]!]);
    }
    if (operation === "POST /api/session" && responses[200]) {
      responses[200] = {
        ...responses[200],
        headers: {
          "Set-Cookie": {
            description: `The session cookie, ${cookie} (security scheme ${SESSION_COOKIE_SCHEME})`,
            schema: { type: "string" },
          },
        },
      };
    }
    route.responses = responses as typeof route.responses;
  }
  const stray = QUERY_RULES.filter((rule) => !ruled.has(rule.operationId)).map((rule) => rule.operationId);
  if (stray.length > 0) throw new Error(`QUERY_RULES names operations that do not exist: ${stray.join(", ")}`);
  if (unsure.length > 0) {
    throw new Error(
      `No sign-in rule for ${unsure.join(", ")}: give the route a role middleware (http/viewer.ts), or list it in ` +
        "PUBLIC or CHECKED_IN_HANDLER of http/openapi-document.ts.",
    );
  }
}

/** The document's head: what a client must know before the first call. */
export function apiDocumentHead(version: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Flagline API",
      version,
      description:
        "Every endpoint checks the caller's session, role and team on the server; the team is always the " +
        "caller's own, never one named in the request.\n\n" +
        'Signing in: POST /api/session with a JSON body {"email", "password"}. The 200 answer sets the ' +
        "session cookie (security scheme sessionCookie); send it on every later request. An operation's security " +
        "says whether it needs the cookie: `[]` is public.\n\n" +
        "Writes (POST, PUT, PATCH, DELETE): a request with an Origin header must come from this server's own " +
        "origin (PUBLIC_URL's, or the Host the request was sent to); any other answers 403 bad_origin. A client " +
        "that is not a browser sends no Origin and passes. Bodies are JSON (application/json) up to 256 KB, image " +
        "uploads up to 5 MB; larger ones answer 413 payload_too_large.\n\n" +
        'Errors answer {"error": {"code", "message", "fields"?, "requestId"}}; requestId is the request\'s ' +
        "X-Request-Id, which names it in the server's log. Each operation lists its statuses with their codes. " +
        "Any request can also answer 500 internal. A 429 and a 503 carry Retry-After (seconds).",
    },
    servers: [{ url: "/", description: "The Flagline server this document was fetched from" }],
  };
}
