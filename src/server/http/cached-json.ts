import type { TypedResponse } from "hono";
import { readCacheOf } from "../realtime/read-cache.js";
import type { AppContext, AppEnv } from "./context.js";

/**
 * Revalidate every time (no-cache), never in a shared cache (private): the browser keeps the answer and sends
 * If-None-Match, and an unchanged answer costs a 304 without a body.
 */
const CACHE_CONTROL = "private, no-cache";

/** What a cached route's handler returns, typed as its 200 JSON (a 304 carries no body to type). */
export type CachedJson<T> = TypedResponse<T, 200, "json">;

/** Whether an If-None-Match header names this tag (a list, weak tags and * included). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * A team read served from the team's versioned read cache (realtime/read-cache.ts): `key` names the endpoint and
 * every parameter the answer depends on (season, day, window...); the team is the caller's, from the session.
 * 304 when the caller already holds this answer. Call only after the caller's role and team were checked.
 */
export async function cachedJson<T, E extends AppEnv>(
  c: AppContext<E>,
  teamId: string,
  key: string,
  compute: () => Promise<T>,
): Promise<CachedJson<T>> {
  return answerJson(c, await readCacheOf(c.get("services").hub).get(teamId, key, compute));
}

/** A read cache's answer as a response: 304 when the caller already holds it, else its body. */
export function answerJson<T, E extends AppEnv>(
  c: AppContext<E>,
  answer: { body: string; etag: string },
): CachedJson<T> {
  const headers = { etag: answer.etag, "cache-control": CACHE_CONTROL };
  const response = matches(c.req.header("if-none-match"), answer.etag)
    ? c.body(null, 304, headers)
    : c.body(answer.body, 200, { ...headers, "content-type": "application/json" });
  // The body is the JSON of a T (compute's); the route's 200 type describes it.
  return response as unknown as CachedJson<T>;
}
