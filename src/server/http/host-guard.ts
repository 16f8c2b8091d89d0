import { isIP } from "node:net";
import { http2Request } from "./h2c.js";
import type { Config } from "../config.js";
import { setAnswerHeader } from "./answer-headers.js";
import type { AppContext } from "./context.js";

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

/** Host names (with port) already judged, so the common request parses no URL; bounded against a flood of names. */
const JUDGED_HOSTS = 64;

/** The outermost guard of every answer, run by the request frame (request-frame.ts) before and after the route. */
export interface HostGuard {
  /**
   * A request addressed to a Host Flagline is not (DNS rebinding: a page on evil.example whose name now points at a
   * LAN instance) gets this 421 before anything runs; GET /api/health is exempt, for load balancers that probe by
   * IP. null: go on.
   */
  refusal(c: AppContext, api: boolean): Response | null;
  /** On every answer, whatever the route: with an https PUBLIC_URL, Strict-Transport-Security. */
  fixedHeaders: ReadonlyArray<readonly [string, string]>;
  /**
   * On the answer: API answers are never stored (Cache-Control: no-store) unless the route chose its own caching
   * (files, the versioned reads); a 413 closes the connection: the unread body is still on the wire, so keep-alive
   * would be a promise broken.
   */
  finish(c: AppContext, api: boolean): void;
}

export function hostGuard(config: Config): HostGuard {
  const https = config.publicUrl.startsWith("https://");
  const judged = new Map<string, boolean>();
  /** The request URL is node-server's normalized href: scheme://host[:port]/path. */
  const allowed = (url: string): boolean => {
    const from = url.indexOf("://") + 3;
    const to = url.indexOf("/", from);
    const authority = url.slice(from, to === -1 ? undefined : to);
    let verdict = judged.get(authority);
    if (verdict === undefined) {
      verdict = hostAllowed(new URL(url).hostname, config);
      if (judged.size >= JUDGED_HOSTS) judged.clear();
      judged.set(authority, verdict);
    }
    return verdict;
  };
  return {
    refusal(c, api) {
      const probe = c.req.path === "/api/health" && (c.req.method === "GET" || c.req.method === "HEAD");
      if (probe || allowed(c.req.url)) return null;
      return api
        ? c.json({ error: { code: "misdirected_request", message: MISDIRECTED, requestId: c.get("requestId") } }, 421)
        : c.text(MISDIRECTED, 421);
    },
    fixedHeaders: https ? [["strict-transport-security", HSTS]] : [],
    finish(c, api) {
      if (api && !c.res.headers.has("cache-control")) setAnswerHeader(c, "cache-control", "no-store");
      // Over HTTP/2 (h2c) the stream is reset instead (http/h2c.ts); a Connection header is not HTTP/2's.
      if (c.res.status === 413 && !http2Request(c.env)) setAnswerHeader(c, "connection", "close");
    },
  };
}
