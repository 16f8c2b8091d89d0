import { matchedRoutes } from "hono/route";
import type { AppContext } from "./context.js";

/** "METHOD /path" of the endpoint this request is routed to, or null when none is (the 404 answers it). */
export function operationOf(c: AppContext): string | null {
  for (const route of matchedRoutes(c)) {
    if (route.method === "ALL" || route.path.endsWith("*")) continue;
    return `${route.method} ${route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`;
  }
  return null;
}
