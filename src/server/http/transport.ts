import { isIP } from "node:net";
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.js";
import { setAnswerHeader } from "./answer-headers.js";
import type { AppEnv } from "./context.js";

/**
 * Strict-Transport-Security with an https PUBLIC_URL: one year, for this host only. No includeSubDomains: the
 * names below PUBLIC_URL's host are not Flagline's to commit to https (they may be other services, or other
 * people's), and the session cookie is __Host- already, so a subdomain cannot plant one. No preload either.
 */
export const HSTS = "max-age=31536000";

/** Which Host names a request may carry (docs/architecture.md "Errors and security"). */
type HostPolicy = Pick<Config, "allowedHosts" | "allowIpHosts">;

/** True when `hostname` (a URL's hostname: lower case, IPv6 in brackets, no port) is one Flagline answers to. */
export function hostAllowed(hostname: string, policy: HostPolicy): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (policy.allowedHosts.includes(name)) return true;
  return policy.allowIpHosts && isIP(name.replace(/^\[(.*)\]$/, "$1")) !== 0;
}

const MISDIRECTED = "This server does not answer to that host name.";

/**
 * The outermost guard of every answer:
 * - a request addressed to a Host Flagline is not (DNS rebinding: a page on evil.example whose name now points at a
 *   LAN instance) gets 421 before anything runs; GET /api/health is exempt, for load balancers that probe by IP;
 * - with an https PUBLIC_URL, every answer carries Strict-Transport-Security;
 * - API answers are never stored (Cache-Control: no-store) unless the route chose its own caching (files);
 * - a 413 closes the connection: the unread body is still on the wire, so keep-alive would be a promise broken.
 */
export function transportGuard(config: Config): MiddlewareHandler<AppEnv> {
  const https = config.publicUrl.startsWith("https://");
  return async (c, next) => {
    const path = c.req.path;
    const api = path === "/api" || path.startsWith("/api/");
    const probe = path === "/api/health" && (c.req.method === "GET" || c.req.method === "HEAD");
    if (probe || hostAllowed(new URL(c.req.url).hostname, config)) {
      await next();
    } else {
      c.res = api
        ? c.json({ error: { code: "misdirected_request", message: MISDIRECTED } }, 421)
        : c.text(MISDIRECTED, 421);
    }
    if (https) setAnswerHeader(c, "strict-transport-security", HSTS);
    if (api && !c.res.headers.has("cache-control")) setAnswerHeader(c, "cache-control", "no-store");
    if (c.res.status === 413) setAnswerHeader(c, "connection", "close");
  };
}
