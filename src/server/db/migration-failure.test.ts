import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, type Kysely, type Migration } from "kysely";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { insertTestUser, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { loadConfig } from "../config.js";
import { startServer } from "../server.js";
import { migrateToLatest, type DB, type Engine } from "./index.js";
import { allMigrations } from "./migrations/index.js";

/*
 * Issue #32, fault 6: an upgrade whose migration fails midway leaves the database as it was before the upgrade (the
 * whole run is one transaction, on SQLite too), and the error names the migration, so the server refuses to start
 * with it; an older server on a database a newer one upgraded refuses to start, naming the migration it does not
 * know, and touches nothing.
 */

/** Everything an upgrade could change: the schema (tables, columns, indexes) as the engine describes it. */
async function schemaOf(db: Kysely<DB>, engine: Engine): Promise<unknown[]> {
  if (engine === "sqlite") {
    const rows = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`.execute(db);
    return rows.rows;
  }
  const columns = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
    select table_name, column_name, data_type, is_nullable from information_schema.columns
    where table_schema = current_schema() order by table_name, column_name`.execute(db);
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname`.execute(db);
  return [...columns.rows, ...indexes.rows];
}

const migrationNames = async (db: Kysely<DB>) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name);

const users = async (db: Kysely<DB>) =>
  await db.selectFrom("user").select(["id", "name", "email"]).orderBy("id").execute();

/** A migration that changes the schema and the data, then fails on a statement the database refuses. */
const failsMidway: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("user").addColumn("nickname", "text").execute();
    await db.schema.createTable("half_done").addColumn("id", "integer").execute();
    await sql`update "user" set name = 'renamed by a broken migration'`.execute(db);
    await sql`insert into no_such_table (id) values (1)`.execute(db);
  },
};

const BROKEN = "999_fails_midway";
const FROM_THE_FUTURE = "999_from_a_newer_flagline";

describe.each(testEngines())("an upgrade that fails on $engine", ({ engine, create }) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function database(migrateTo?: string): Promise<TestDatabase> {
    const t = await create({ migrateTo });
    cleanups.push(() => t.cleanup());
    return t;
  }

  it("a migration failing midway leaves schema, data and the migrations run as they were, and names itself", async () => {
    // A database one release behind: the newest real migration is pending and runs in the same upgrade.
    const names = Object.keys(allMigrations(engine)).sort();
    const t = await database(names.at(-2));
    await insertTestUser(t.db, { name: "Coach Dana", email: "dana@example.test" });
    const before = { schema: await schemaOf(t.db, engine), data: await users(t.db), ran: await migrationNames(t.db) };
    expect(before.ran).toEqual(names.slice(0, -1));

    const upgrade = migrateToLatest(t.db, engine, { ...allMigrations(engine), [BROKEN]: failsMidway });
    await expect(upgrade).rejects.toThrow(`database migration ${BROKEN} failed`);
    await expect(upgrade).rejects.toThrow(/no_such_table/);

    expect({ schema: await schemaOf(t.db, engine), data: await users(t.db), ran: await migrationNames(t.db) }).toEqual(
      before,
    );
    // The release with the migration fixed (here: without it) upgrades the same database.
    await migrateToLatest(t.db, engine);
    expect(await migrationNames(t.db)).toEqual(names);
    expect((await users(t.db)).map((u) => u.name)).toEqual(["Coach Dana"]);
  });

  it("an older server on a database a newer one upgraded refuses to start, naming the migration, and changes nothing", async () => {
    const t = await database();
    await insertTestUser(t.db, { name: "Coach Dana", email: "dana@example.test" });
    await sql`insert into kysely_migration (name, timestamp) values (${FROM_THE_FUTURE}, ${new Date().toISOString()})`.execute(
      t.db,
    );
    const before = { schema: await schemaOf(t.db, engine), data: await users(t.db), ran: await migrationNames(t.db) };

    const dataDir = mkdtempSync(path.join(tmpdir(), "flagline-newer-db-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      ...("DATABASE_URL" in t.env ? { DATABASE_URL: t.env.DATABASE_URL, DATA_DIR: dataDir } : t.env),
      PORT: "0",
      HOST: "127.0.0.1",
      WEB_ROOT: "/nonexistent",
    });
    const started = startServer(config, pino({ level: "silent" }));
    await expect(started).rejects.toThrow(
      `this database was upgraded by a newer version of Flagline: it has run migration ${FROM_THE_FUTURE}`,
    );
    expect({ schema: await schemaOf(t.db, engine), data: await users(t.db), ran: await migrationNames(t.db) }).toEqual(
      before,
    );
  });
});
