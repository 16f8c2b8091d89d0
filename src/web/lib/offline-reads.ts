import type { QueryClient, QueryFunction, QueryFunctionContext } from "@tanstack/react-query";
import { isOfflineCached } from "./query-keys";

/**
 * Whether a service worker controls this page: only then does a read go through it, and so into its offline copies
 * (vite.config.ts's runtime cache). On a first visit none does until the worker the logger registers takes control.
 */
export function workerControlsPage(): boolean {
  return typeof navigator !== "undefined" && Boolean(navigator.serviceWorker?.controller);
}

/**
 * Reads again, through the service worker, what it keeps for offline use and this tab holds (who is signed in, and
 * every cached query that isOfflineCached names), so that the worker stores them under the current cache owner.
 * The answers are not put in the query cache: the screen already shows these reads (the live stream keeps them
 * current), and a query refetched renders its screen again, in one task per answer. On a first visit that was the
 * logger's longest work after its first render on a slow phone (issue #35: the worker takes control once the page
 * is idle, and every team query was refetched then).
 */
export function recacheOfflineReads(client: QueryClient): void {
  void fetch("/api/me", { credentials: "same-origin", headers: { Accept: "application/json" } }).catch(() => undefined);
  const queries = client
    .getQueryCache()
    .findAll({ predicate: (query) => isOfflineCached(query.queryKey) && query.state.data !== undefined });
  for (const query of queries) {
    const read = query.options.queryFn;
    if (typeof read !== "function") continue;
    const context = {
      client,
      queryKey: query.queryKey,
      signal: new AbortController().signal,
      meta: query.meta,
    } as QueryFunctionContext;
    Promise.resolve()
      .then(() => (read as QueryFunction)(context))
      .catch(() => undefined);
  }
}
