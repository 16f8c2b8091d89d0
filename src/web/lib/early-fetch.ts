/**
 * The reads the SPA fallback page starts before any of the app's code has loaded (decision 0017,
 * src/web/prerender/spa-boot.ts): on a signed-in screen GET /api/me, and the screen's first reads, then run alongside
 * the download of React instead of after it. The app's first request for the same address takes the response, once
 * (apiFetch does, lib/api.ts); a later request asks the server again.
 */

/** The global the fallback's inline script writes (spa-boot.ts imports this name). */
export const EARLY_GLOBAL = "__flaglineEarly";

/** An answer older than this is not used: the read is made again. */
const MAX_AGE_MS = 15_000;

interface EarlyFetches {
  at: number;
  /** By address, e.g. "/api/me" or "/api/me/dashboard?tzOffset=60". */
  responses: Record<string, Promise<Response> | undefined>;
}

/** The early response for `path` (a GET of exactly that address), at most once per page load, while it is fresh. */
export function takeEarly(path: string): Promise<Response> | undefined {
  if (typeof window === "undefined") return undefined;
  const early = (window as unknown as Record<string, EarlyFetches | undefined>)[EARLY_GLOBAL];
  const response = early?.responses[path];
  if (!early || !response) return undefined;
  early.responses[path] = undefined;
  return Date.now() - early.at <= MAX_AGE_MS ? response : undefined;
}

/** The early GET /api/me response, for the first session check. */
export function takeEarlyMe(): Promise<Response> | undefined {
  return takeEarly("/api/me");
}
