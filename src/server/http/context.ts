import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Auth } from "../auth/index.js";
import type { Config } from "../config.js";
import type { EventWriter } from "../db/event-writer.js";
import type { SnapWriter } from "../db/snaps.js";
import type { Database } from "../db/index.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "../mail/index.js";
import type { TeamHub } from "../realtime/hub.js";
import type { FileStore } from "../storage/file-store.js";
import { ApiError, validationError } from "./errors.js";

export interface Services {
  database: Database;
  auth: Auth;
  config: Config;
  log: Logger;
  /** Live updates: writes publish what changed for a team, GET /api/team/stream relays it. */
  hub: TeamHub;
  /** Uploaded files (photos, diagrams): DATA_DIR/uploads or an S3 bucket. */
  files: FileStore;
  /**
   * The group-commit writer every logged event goes through, one per database (docs/architecture.md budget:
   * >= 2,000 acknowledged events/s from 50 concurrent clients on SQLite).
   */
  eventWriter: EventWriter;
  /** The same for snaps (db/snaps.ts createSnapWriter): one per database. */
  snapWriter: SnapWriter;
  /** Outgoing mail (SMTP_URL); null when none is configured. */
  mailer: Mailer | null;
}

/** Who is calling: the signed-in user's profile, as the server trusts it (never from the request body). */
export interface Viewer {
  userId: string;
  email: string;
  role: "player" | "coach";
  coachRole: "head" | "assistant" | null;
  teamId: string | null;
  fullName: string;
  sessionId: string;
}

export type AppEnv = {
  Variables: {
    services: Services;
    /**
     * getViewer's once-per-request lookup. undefined: not looked up yet; null: signed out. Handlers read the
     * checked caller as `c.var.viewer`, which their route's role middleware (http/viewer.ts) puts there.
     */
    viewerLookup: Viewer | null | undefined;
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
