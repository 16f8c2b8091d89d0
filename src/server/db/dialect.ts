import { PostgresAdapter, sql, type Kysely, type RawBuilder } from "kysely";

/*
 * What differs between the two engines, and the few helpers every db/ module shares because of it: which engine a
 * Kysely talks to, transactions that nest, the stored timestamp shape, a local calendar day in SQL, the health
 * ping, and a unique-index violation of either driver.
 */

/** The two databases Flagline runs on: an embedded SQLite file, or PostgreSQL for more than one app server. */
export type Engine = "sqlite" | "postgres";

/** Which engine a Kysely instance (or a transaction of one) talks to. */
export function engineOf<T>(db: Kysely<T>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** Runs fn in a transaction, or inside the caller's transaction when db already is one. */
export async function inTransaction<DBT, T>(db: Kysely<DBT>, fn: (trx: Kysely<DBT>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute(fn);
}

/** ISO-8601 UTC with milliseconds: every timestamp we store has this shape, so text order is time order. */
export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * The calendar day ("YYYY-MM-DD") of an ISO-8601 UTC text column in a zone `offsetMinutes` east of UTC.
 * Our timestamps all have toISOString()'s shape, which both engines parse.
 */
export function localDay<T>(db: Kysely<T>, column: string, offsetMinutes: number): RawBuilder<string> {
  const offset = Math.trunc(offsetMinutes);
  if (engineOf(db) === "postgres") {
    return sql<string>`to_char((${sql.ref(column)}::timestamptz at time zone 'UTC') + make_interval(mins => ${offset}), 'YYYY-MM-DD')`;
  }
  return sql<string>`date(${sql.ref(column)}, ${`${offset >= 0 ? "+" : ""}${offset} minutes`})`;
}

/** One round trip to the database (the health check). */
export async function pingDatabase<T>(db: Kysely<T>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Whether an error is a unique-index violation (either engine). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/**
 * Lets the event loop serve what waits (requests, streams) before a long job goes on. Better-sqlite3 answers a
 * query within the same turn of the event loop, so a background job of many statements (the reminder tick over
 * 1,000 events, the weekly digest) would otherwise hold every request of the process until it ends: a 6 s stall
 * of the saturday scenario's writes in issue #29's reminder burst. Jobs call it between their units of work.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
