import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import { setAnswerHeader } from "./answer-headers.js";
import { forwardedClientAddress } from "./client-ip.js";
import { compressJson } from "./compress-json.js";
import type { Services } from "../services.js";
import type { AppContext, AppEnv } from "./context.js";
import { hostGuard } from "./host-guard.js";
import type { AppMetrics } from "./metrics.js";

/** An API answer's Content-Security-Policy, unless the route set its own (the live stream writes it itself). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** On every answer, whatever the route set (a page's own Content-Security-Policy is kept, see below). */
const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["x-frame-options", "DENY"],
  ["cross-origin-opener-policy", "same-origin"],
  ["permissions-policy", "camera=(), microphone=(), geolocation=()"],
];

/** The socket's address, or with TRUST_PROXY=N the address the outermost of N trusted proxies saw. */
function clientIp(c: AppContext, trustProxyHops: number): string {
  const forwarded = forwardedClientAddress(c.req.header("x-forwarded-for"), trustProxyHops);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The outermost middleware, one async step for what every request pays (docs/decisions/0018): the request's
 * context (services, request id, client address), the Host check (host-guard.ts), then after the route: gzip for
 * API JSON (compress-json.ts), Strict-Transport-Security, Cache-Control and Connection (host-guard.ts), the
 * security headers and X-Request-Id, the request's count and time for GET /metrics (metrics.ts), and the request
 * log line of every API request. A route's error is already its error answer here (Hono's onError), so errors get
 * all of this too.
 *
 * The fixed headers are set before the route, so Hono builds them into every answer it makes (c.json, c.body,
 * onError's): no header is set after the answer exists, which is what made Hono copy the whole answer per header.
 * An answer made without Hono (new Response: the static site) lacks them and gets them afterwards, in place
 * (answer-headers.ts). No route sets these headers itself; if one did, the frame's value would win, as before.
 */
export function requestFrame(services: Services, metrics?: AppMetrics): MiddlewareHandler<AppEnv> {
  const { config, log } = services;
  const guard = hostGuard(config);
  const compress = compressJson();
  const fixed: ReadonlyArray<readonly [string, string]> = [...SECURITY_HEADERS, ...guard.fixedHeaders];

  return async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    c.set("services", services);
    c.set("viewerLookup", undefined);
    c.set("requestId", requestId);
    c.set("clientIp", clientIp(c, config.trustProxy));
    const path = c.req.path;
    const api = path === "/api" || path.startsWith("/api/");
    c.header("x-request-id", requestId);
    for (const [name, value] of fixed) c.header(name, value);

    const refusal = guard.refusal(c, api);
    if (refusal) {
      c.res = refusal;
    } else {
      await next();
      // The API's JSON answers of 1 kB and more go gzipped to a client that accepts it (not the live stream), and so
      // do the public league pages (routes/league-pages.ts).
      if (api || path.startsWith("/league/")) await compress(c);
    }
    if (c.res.headers.get("x-request-id") !== requestId) {
      setAnswerHeader(c, "x-request-id", requestId);
      for (const [name, value] of fixed) setAnswerHeader(c, name, value);
    }
    guard.finish(c, api);
    if (!c.res.headers.has("content-security-policy")) setAnswerHeader(c, "content-security-policy", API_CSP);
    const ms = performance.now() - started;
    metrics?.observeRequest(c, ms / 1000);
    if (path.startsWith("/api/")) {
      log.info(
        {
          reqId: requestId,
          method: c.req.method,
          path,
          status: c.res.status,
          ms: +ms.toFixed(1),
        },
        "request",
      );
    }
  };
}
