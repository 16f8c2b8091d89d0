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
  /** Each read's AbortController (null where the browser has none), by address, while nobody has taken it. */
  aborts?: Record<string, AbortController | null | undefined>;
}

/** The session check's address: the read every signed-in address starts, its screen's or not. */
const ME_PATH = "/api/me";

const fresh = (early: EarlyFetches) => Date.now() - early.at <= MAX_AGE_MS;

function earlyFetches(): EarlyFetches | undefined {
  if (typeof window === "undefined") return undefined;
  return (window as unknown as Record<string, EarlyFetches | undefined>)[EARLY_GLOBAL];
}

/** Whether this page's start script began reads for its screen that nobody has taken yet, while they are fresh. */
export function hasEarlyReads(): boolean {
  const early = earlyFetches();
  if (!early || !fresh(early)) return false;
  return Object.entries(early.responses).some(([path, response]) => path !== ME_PATH && response !== undefined);
}

/** The early response for `path` (a GET of exactly that address), at most once per page load, while it is fresh. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const early = earlyFetches();
  const response = early?.responses[path];
  if (!early || !response) return undefined;
  early.responses[path] = undefined;
  if (early.aborts) early.aborts[path] = undefined;
  if (fresh(early)) return response;
  drop(response, null);
  return undefined;
}

/** Ends one read nobody will use: aborted while under way, its body cancelled once answered. */
function drop(response: Promise<Response>, abort: AbortController | null | undefined): void {
  abort?.abort();
  response.then((r) => r.body?.cancel()).catch(() => {});
}

/**
 * Ends every early read nobody has taken (issue #26.16): once the session check says signed out, the screen's reads
 * will never be asked for, and a response left unread kept its request open (the page never reached network idle).
 */
export function dropEarly(): void {
  const early = earlyFetches();
  if (!early) return;
  for (const [path, response] of Object.entries(early.responses)) {
    if (!response) continue;
    early.responses[path] = undefined;
    drop(response, early.aborts?.[path]);
    if (early.aborts) early.aborts[path] = undefined;
  }
}

/** The early GET /api/me response, for the first session check. */
export function takeEarlyMe(): Promise<Response> | undefined {
  return takeEarly(ME_PATH);
}
