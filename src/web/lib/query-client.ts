import { QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api";
import { SESSION_QUERY_KEY } from "./query-keys";

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A 403 on a screen's read may mean the account just lost its team (a coach removed it, docs/product.md §6):
    // the session is checked again, so the guard shows the "no longer on the roster" page instead of an error.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error, 403) && query.queryKey[0] !== SESSION_QUERY_KEY[0]) {
          void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        }
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
  return client;
}
