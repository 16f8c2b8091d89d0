/*
 * Database failures that are not a bug of the request but a state of the machine (issue #32): the disk is full, or
 * PostgreSQL cannot be reached (restarting, the network between). The app answers them 503 with what the person can
 * do (http/errors.ts), not 500: the write was not stored, nothing else is harmed, and the same request succeeds once
 * there is room or the database is back, without a restart. Each engine's driver says it differently; this module
 * is where those codes are known.
 */

type DatabaseOutage = "disk_full" | "database_unavailable";

/**
 * No room: SQLite's SQLITE_FULL (a write hit ENOSPC, or max_page_count), SQLITE_IOERR_SHMSIZE (the WAL index could
 * not grow), a file system's ENOSPC/EDQUOT; PostgreSQL's 53100 disk_full.
 */
const DISK_FULL_CODES = new Set(["SQLITE_FULL", "SQLITE_IOERR_SHMSIZE", "ENOSPC", "EDQUOT", "53100"]);

/** The socket to PostgreSQL failed or was refused (node's codes), or the server said it is going or not up yet. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery)
  "57P01",
  "57P02",
  "57P03",
  // too_many_connections
  "53300",
]);

/** What node-postgres (pg, pg-pool) throws, without a code, when the connection ends, fails or never comes. */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout expired|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/;

function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown; errno?: unknown }> {
  const seen = new Set<unknown>();
  for (let e = error; e && typeof e === "object" && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    yield e as { code?: unknown; message?: unknown };
    // AggregateError (a connection tried on several addresses)
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) for (const one of inner) yield* chain(one);
  }
}

/** Whether `error` (or what caused it) is the disk being full or the database being out of reach; null if not. */
export function databaseOutage(error: unknown): DatabaseOutage | null {
  let unreachable = false;
  for (const e of chain(error)) {
    const code = typeof e.code === "string" ? e.code : undefined;
    if (code && DISK_FULL_CODES.has(code)) return "disk_full";
    if (code && UNREACHABLE_CODES.has(code)) unreachable = true;
    if (typeof e.message === "string" && UNREACHABLE_MESSAGES.test(e.message)) unreachable = true;
  }
  return unreachable ? "database_unavailable" : null;
}
