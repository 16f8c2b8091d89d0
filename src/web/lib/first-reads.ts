import type { QueryClient, QueryFunction, QueryKey } from "@tanstack/react-query";
import { hasEarlyReads } from "./early-fetch";
import { appQueryClient } from "./query-client";

/**
 * A screen's first reads put in the query cache before the screen first renders (issue #35), for the screens whose
 * reads the SPA fallback's start script begins with the page (prerender/spa-boot.ts EARLY_READS). A query's answer
 * renders its screen again at once and in one task (TanStack Query goes through useSyncExternalStore): one such
 * render per read was the longest work of a signed-in screen's start on a slow phone. With the answers in the cache
 * first, the screen renders once, with them, in the render React cuts into slices.
 *
 * Only on the page's first load, and only while the started reads are unanswered: a later visit to the screen, in the
 * app, renders at once with what it has. Each read is the screen's own query (same key, same request, which takes the
 * started response: lib/api.ts). Waits at most WAIT_MS: a read that hangs (a phone with a poor connection; the
 * logger's offline copy answers after 4 s) leaves the screen to show its own loading state instead.
 */
export interface FirstRead {
  queryKey: QueryKey;
  queryFn?: unknown;
}

const WAIT_MS = 2_500;

let done = false;

/**
 * `followUp`, when given, names the reads that depend on the first ones' answers (the logger's session, picked from
 * the sessions list): asked once the first reads are in, within the same WAIT_MS, so the screen's first render holds
 * them too instead of rendering again when each answers.
 */
export async function primeFirstReads(
  reads: readonly FirstRead[],
  followUp?: (client: QueryClient) => readonly FirstRead[],
): Promise<null> {
  if (done || typeof window === "undefined") return null;
  done = true;
  if (!hasEarlyReads()) return null;
  const client = appQueryClient();
  const prime = (some: readonly FirstRead[]) =>
    Promise.all(
      some
        .filter((read) => client.getQueryData(read.queryKey) === undefined)
        .map((read) =>
          // prefetchQuery never throws: a failed read is left for the screen, which asks again and shows why.
          client.prefetchQuery({
            queryKey: read.queryKey,
            queryFn: read.queryFn as QueryFunction<unknown, QueryKey>,
            retry: false,
            // Asked even when the browser says it is offline: the started read answers from the service worker's
            // copy.
            networkMode: "always",
          }),
        ),
    );
  const all = prime(reads).then(() => (followUp ? prime(followUp(client)) : undefined));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, WAIT_MS)))]);
  clearTimeout(timer);
  return null;
}

/** For tests: the next call primes again. */
export function resetFirstReads(): void {
  done = false;
}
