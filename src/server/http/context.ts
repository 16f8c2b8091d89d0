import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Services, Viewer } from "../services.js";
import { ApiError, validationError } from "./errors.js";

export type AppEnv = {
  Variables: {
    services: Services;
    /**
     * getViewer's once-per-request lookup. undefined: not looked up yet; null: signed out. Handlers read the
     * checked caller as `c.var.viewer`, which their route's role middleware (http/viewer.ts) puts there.
     */
    viewerLookup: Viewer | null | undefined;
    /** The player a guardian's request acts for (http/acting-for-child.ts); undefined: none. */
    actingChild: string | undefined;
    clientIp: string;
    requestId: string;
  };
};

/**
 * A handler's context: AppEnv plus whatever its route's middleware adds (a role middleware adds the checked
 * viewer). Hono's Context is invariant in its env, so helpers that serve several routes are generic in E.
 */
export type AppContext<E extends AppEnv = AppEnv> = Context<E>;

const NUL_NOT_ALLOWED = "Text may not contain the NUL character (U+0000).";

/**
 * Where in a validated input a string holds U+0000 ("_" for the input itself), or null. PostgreSQL text cannot
 * hold that character: a query carrying it fails, so it is refused here, the same on every engine.
 */
function nulCharacterAt(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "_" : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulCharacterAt(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** A router whose zod validation failures answer with the docs/architecture.md error shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const where = result.target === "json" ? "request" : result.target;
        throw validationError(result.error, where);
      }
      const at = nulCharacterAt(result.data);
      if (at !== null) throw new ApiError(400, "invalid_input", NUL_NOT_ALLOWED, { [at]: NUL_NOT_ALLOWED });
    },
  });
}
