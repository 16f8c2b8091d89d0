import { sql, type Kysely } from "kysely";
import { countOf } from "./rows.js";
import type { DB } from "./schema.js";
import type { BackupCounts } from "./sqlite-backup.js";

/* What backup/ asks of a PostgreSQL database (pg_dump and pg_restore do the copying; backup/pg-tools.ts). */

async function countsOf(db: Kysely<DB>): Promise<BackupCounts> {
  const count = async (table: "teams" | "profiles" | "events" | "files") =>
    countOf(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [teams, profiles, events, files] = await Promise.all([
    count("teams"),
    count("profiles"),
    count("events"),
    count("files"),
  ]);
  return { teams, profiles, events, files };
}

/**
 * Runs `dump` with the id of an exported snapshot (`pg_dump --snapshot`) and the row counts of that same snapshot,
 * so the manifest's counts are exactly what the dump holds, however much is written meanwhile. The snapshot
 * lives as long as this read-only transaction, which stays open until `dump` is done.
 */
export async function inExportedSnapshot<T>(
  db: Kysely<DB>,
  dump: (snapshot: string, counts: BackupCounts) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
      const counts = await countsOf(trx);
      return dump(rows[0]!.id, counts);
    });
}

/** The server's major version (15 for 15.4): pg_dump and pg_restore must be at least as new. */
export async function postgresServerMajor(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ v: string }>`select current_setting('server_version_num') as v`.execute(db);
  return Math.floor(Number(rows[0]!.v) / 10_000);
}

/** Tables outside PostgreSQL's own schemas: 0 for a database nothing has been put in yet. */
export async function postgresUserTables(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from information_schema.tables
    where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_toast%'`.execute(db);
  return countOf(rows[0]!.n);
}
