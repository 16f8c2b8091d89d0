import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { TestDatabase } from "../support/test-database.js";
import type { MemoryFileStore } from "#server/storage/memory.js";

/*
 * Stored rows, for the security suites' "a refused write changes nothing" (authz-matrix.test.ts, fuzz.test.ts).
 *
 * A snapshot is every table of the database (found by introspection, so a new table is covered without a change
 * here) but the volatile ones: its row count and a hash of all its rows, in an order that does not depend on the
 * engine. The uploaded objects are listed too, as "(files store)".
 *
 * Reading and hashing every row of every table twice per refused write was most of those suites' time (the matrix
 * holds about 2,000 rows by its end: 25 ms a snapshot, 3,000 snapshots). So each table carries a change counter,
 * bumped by a trigger on every statement that writes to it, made in the test database only: a table whose counter
 * has not moved since its rows were last hashed keeps that hash, and only the tables written to are read again. The
 * comparison is the same as reading everything: a write that leaves a table as it was (an UPDATE to the same values)
 * reads it again and finds the same hash.
 * - SQLite: a counter table, and row triggers after INSERT, UPDATE and DELETE on each table (a rolled-back write
 *   rolls its bumps back too, and changed nothing).
 * - PostgreSQL: a sequence per table and a statement trigger after INSERT, UPDATE, DELETE or TRUNCATE calling
 *   nextval(). A sequence takes no lock and is not rolled back, so concurrent transactions never wait on each other
 *   for it (a counter row would make them deadlock), and a rolled-back write only makes the table be read again.
 * The counters are read before the rows, so a write landing between the two is seen at the next snapshot.
 */

/** Better Auth's tables whose rows legitimately change when someone signs in (or a limiter counts). */
const VOLATILE_TABLES = new Set(["session", "rateLimit", "verification"]);

export type Snapshot = Record<string, { count: number; hash: string }>;

const COUNTERS = "flagline_test_changes";

interface Watch {
  names: string[];
  /** Each table's counter (SQLite: its row in the counters table; PostgreSQL: its sequence). */
  counterOf: Map<string, string>;
  /** A table's hash as of its counter's value then. */
  known: Map<string, { counter: string | undefined; entry: Snapshot[string] }>;
}

const watches = new WeakMap<object, Promise<Watch>>();

function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value === null || typeof value !== "object")
    return JSON.stringify(typeof value === "bigint" ? String(value) : value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value instanceof Uint8Array) return JSON.stringify(Buffer.from(value).toString("base64"));
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
}

/** A snapshot's entry for a list of canonical lines, in any order. */
function entryOf(lines: string[]): Snapshot[string] {
  const hash = createHash("sha256").update(lines.sort().join("\n")).digest("hex").slice(0, 16);
  return { count: lines.length, hash };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function watch(database: TestDatabase): Promise<Watch> {
  const { db, engine } = database;
  const tables = await db.introspection.getTables();
  const names = tables
    .filter(
      (t) =>
        !t.isView &&
        !VOLATILE_TABLES.has(t.name) &&
        t.name !== COUNTERS &&
        !(engine === "postgres" && t.schema && t.schema !== "public"),
    )
    .map((t) => t.name)
    .sort();
  const counterOf = new Map<string, string>();
  if (engine === "postgres") {
    await sql
      .raw(
        `create or replace function ${COUNTERS}_bump() returns trigger language plpgsql as ` +
          `$$ begin perform nextval(tg_argv[0]::regclass); return null; end $$`,
      )
      .execute(db);
    for (const [i, name] of names.entries()) {
      const sequence = `${COUNTERS}_${i}`;
      await sql.raw(`create sequence if not exists ${sequence}`).execute(db);
      await sql
        .raw(
          `create trigger ${sequence} after insert or update or delete or truncate on ${quoted(name)} ` +
            `for each statement execute function ${COUNTERS}_bump('${sequence}')`,
        )
        .execute(db);
      counterOf.set(name, sequence);
    }
  } else {
    await sql.raw(`create table if not exists ${COUNTERS} (name text primary key, n integer not null)`).execute(db);
    for (const [i, name] of names.entries()) {
      const literal = `'${name.replaceAll("'", "''")}'`;
      await sql.raw(`insert into ${COUNTERS} (name, n) values (${literal}, 0) on conflict do nothing`).execute(db);
      for (const op of ["insert", "update", "delete"]) {
        await sql
          .raw(
            `create trigger if not exists ${COUNTERS}_${op}_${i} after ${op} on ${quoted(name)} ` +
              `begin update ${COUNTERS} set n = n + 1 where name = ${literal}; end`,
          )
          .execute(db);
      }
      counterOf.set(name, name);
    }
  }
  return { names, counterOf, known: new Map() };
}

/** Each watched table's counter now, by counter name. */
async function counters(db: Kysely<unknown>, engine: TestDatabase["engine"]): Promise<Map<string, string>> {
  const rows =
    engine === "postgres"
      ? (
          await sql<{ name: string; n: string | null }>`
            select sequencename as name, last_value::text as n from pg_sequences
            where schemaname = 'public' and sequencename like ${`${COUNTERS}_%`}`.execute(db)
        ).rows
      : (await sql<{ name: string; n: number }>`select name, n from ${sql.table(COUNTERS)}`.execute(db)).rows;
  return new Map(rows.map((r) => [r.name, String(r.n)]));
}

export async function snapshot(database: TestDatabase, store?: MemoryFileStore): Promise<Snapshot> {
  let watching = watches.get(database.db);
  if (!watching) watches.set(database.db, (watching = watch(database)));
  const { names, counterOf, known } = await watching;
  const now = await counters(database.db as Kysely<unknown>, database.engine);
  // (A sequence never called reads "null"; a counter not found, never seen, would have the table read every time.)
  const counterNow = (name: string) => now.get(counterOf.get(name)!);
  const stale = names.filter((name) => {
    const counter = counterNow(name);
    return counter === undefined || known.get(name)?.counter !== counter;
  });
  const read = await Promise.all(
    stale.map((name) => sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(database.db)),
  );
  stale.forEach((name, i) => {
    known.set(name, { counter: counterNow(name), entry: entryOf(read[i]!.rows.map(canonical)) });
  });
  const out: Snapshot = {};
  for (const name of names) out[name] = known.get(name)!.entry;
  if (store) out["(files store)"] = entryOf([...store.keys()]);
  return out;
}

/** The tables whose rows differ between two snapshots. */
export function snapshotDiff(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n]?.hash !== after[n]?.hash || before[n]?.count !== after[n]?.count).sort();
}
