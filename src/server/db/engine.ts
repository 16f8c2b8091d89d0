import { PostgresAdapter, type Kysely } from "kysely";

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
