/**
 * The session check the SPA fallback page starts before any of the app's code has loaded (decision 0017,
 * src/web/prerender/spa-boot.ts): on a signed-in screen GET /api/me then runs alongside the download of React
 * instead of after it. The app's first session check takes it, once; a later check asks the server again.
 */

/** The global the fallback's inline script writes (spa-boot.ts imports this name). */
export const EARLY_ME_GLOBAL = "__flaglineEarlyMe";

/** An answer older than this is not used: the check is made again. */
const MAX_AGE_MS = 15_000;

interface EarlyFetch {
  at: number;
  response: Promise<Response>;
}

/** The early GET /api/me response, at most once per page load, while it is fresh. */
export function takeEarlyMe(): Promise<Response> | undefined {
  if (typeof window === "undefined") return undefined;
  const slot = window as unknown as Record<string, EarlyFetch | undefined>;
  const early = slot[EARLY_ME_GLOBAL];
  if (!early) return undefined;
  slot[EARLY_ME_GLOBAL] = undefined;
  return Date.now() - early.at <= MAX_AGE_MS ? early.response : undefined;
}
