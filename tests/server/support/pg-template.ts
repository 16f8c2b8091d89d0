/*
 * Vitest's global setup: one migrated PostgreSQL database made before the test files run, which every test database
 * of the run is copied from (CREATE DATABASE … TEMPLATE, about 50 ms) instead of running all migrations again (about
 * 0.5 s each, some 110 databases a run). Its name reaches the workers in PG_TEMPLATE_ENV; without TEST_DATABASE_URL,
 * or when it cannot be made, nothing is set and each database is migrated as before. Dropped when the run ends.
 */
import { randomBytes } from "node:crypto";
import { migrateToLatest, openDatabase } from "#server/db/index.js";
import { adminQuery, databaseUrl, PG_TEMPLATE_ENV } from "./test-database.js";

let made: { adminUrl: string; name: string } | null = null;

export async function setup(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  const name = `flagline_template_${randomBytes(6).toString("hex")}`;
  try {
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    made = { adminUrl, name };
    const database = openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: "", poolMax: 1 });
    try {
      await migrateToLatest(database.db, database.engine);
    } finally {
      await database.close();
    }
    process.env[PG_TEMPLATE_ENV] = name;
  } catch (error) {
    console.warn(`no PostgreSQL template database; each test database is migrated: ${String(error)}`);
    await teardown();
  }
}

export async function teardown(): Promise<void> {
  if (!made) return;
  const { adminUrl, name } = made;
  made = null;
  delete process.env[PG_TEMPLATE_ENV];
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
}
