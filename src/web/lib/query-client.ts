import { QueryCache, QueryClient, type Query } from "@tanstack/react-query";
import { isApiError } from "./api";
import { SESSION_QUERY_KEY } from "./query-keys";
import type { Me } from "./session";

let browserClient: QueryClient | undefined;

/**
 * The browser's one query client, shared by the app (root.tsx) and the routes' loaders (lib/first-reads.ts), which
 * fill it before a screen first renders. At build time (the prerender) every call makes a fresh one.
 */
export function appQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  return (browserClient ??= createQueryClient());
}

export function createQueryClient(): QueryClient {
  // When each query's latest request was sent, to tell an answer about the session before the current one.
  const sentAt = new WeakMap<Query<unknown, unknown>, number>();
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isApiError(error, 403) || query.queryKey[0] === SESSION_QUERY_KEY[0]) return;
        const asked = sentAt.get(query) ?? 0;
        const session = client.getQueryState<Me | null>(SESSION_QUERY_KEY);
        if (session?.data?.team && session.dataUpdatedAt > asked) {
          // Sent before the session changed (a rejoin with a code, issue #27.10): the 403 answers who the user was
          // then, not who they are now. Ask once more instead of showing "You do not have access to this"; that
          // request is sent after the change, so a real 403 is not asked again.
          void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
          return;
        }
        // A 403 on a screen's read may mean the account just lost its team (a coach removed it, docs/product.md
        // §6): the session is checked again, so the guard shows the "no longer on the roster" page instead of an
        // error.
        void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change on retry (bad input, no permission, gone); a network blip or 5xx might.
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
    },
  });
  client.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "fetch") sentAt.set(event.query, Date.now());
  });
  return client;
}
