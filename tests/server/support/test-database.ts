/* Test utilities: fresh, migrated databases on each engine. Not used by the server. */
import { randomBytes, randomUUID } from "node:crypto";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator, type Kysely, type KyselyPlugin, type LogConfig } from "kysely";
import pg from "pg";
import { migrateToLatest, openDatabase, type Database, type Engine } from "#server/db/index.js";
import { allMigrations } from "#server/db/migrations/index.js";
import type { DB } from "#server/db/schema.js";
import { createProfile, type NewProfile, type Profile } from "#server/db/teams.js";

export type TestDatabase = Database & {
  cleanup(): Promise<void>;
  /** How another process (a script under test) reaches this database: its DATA_DIR or DATABASE_URL. */
  env: { DATA_DIR: string } | { DATABASE_URL: string };
};

export interface CreateOptions {
  /** PostgreSQL pool size (default 8). */
  poolMax?: number;
  plugins?: KyselyPlugin[];
  log?: LogConfig;
  /** Stop at this migration (e.g. "003_request_limits") instead of the latest: to test an upgrade. */
  migrateTo?: string;
}

/** Migrates a test database to the latest migration, or only up to `to`. */
async function migrate(database: Database, to: string | undefined): Promise<void> {
  if (to === undefined) return migrateToLatest(database.db, database.engine);
  const migrations = allMigrations(database.engine);
  const { error } = await new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
  }).migrateTo(to);
  if (error) throw error;
}

export interface TestEngine {
  engine: Engine;
  create(opts?: CreateOptions): Promise<TestDatabase>;
}

/** CI reads this file to prove the PostgreSQL suite ran. */
export const POSTGRES_MARKER = path.resolve("test-results", "postgres-suite-ran");

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [{ engine: "sqlite", create: createSqlite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) engines.push({ engine: "postgres", create: (opts) => createPostgres(url, opts) });
  return engines;
}

async function createSqlite(opts: CreateOptions = {}): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "flagline-test-"));
  const database = openDatabase({ dataDir: dir, plugins: opts.plugins, log: opts.log });
  try {
    await migrate(database, opts.migrateTo);
  } catch (error) {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...database,
    env: { DATA_DIR: dir },
    async cleanup() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs one statement (making or dropping a database) on the PostgreSQL server at the admin URL. */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the PostgreSQL server at the admin URL. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The migrated database Vitest's global setup made (tests/server/support/pg-template.ts): a test database at the
 * latest migration is a copy of it. Unset outside Vitest, or when it could not be made.
 */
export const PG_TEMPLATE_ENV = "FLAGLINE_TEST_PG_TEMPLATE";

/** Makes the database as a copy of the run's template; false (nothing made) when there is none or it failed. */
async function copyTemplate(adminUrl: string, name: string, opts: CreateOptions): Promise<boolean> {
  const template = process.env[PG_TEMPLATE_ENV];
  if (!template || opts.migrateTo !== undefined) return false;
  try {
    await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    return true;
  } catch {
    // e.g. the template busy (another session on it): the database is made and migrated instead.
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}"`).catch(() => undefined);
    return false;
  }
}

async function createPostgres(adminUrl: string, opts: CreateOptions = {}): Promise<TestDatabase> {
  const name = `flagline_t_${randomBytes(6).toString("hex")}`;
  const copied = await copyTemplate(adminUrl, name, opts);
  if (!copied) await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = databaseUrl(adminUrl, name);
  const database = openDatabase({
    databaseUrl: url,
    dataDir: "",
    poolMax: opts.poolMax ?? 8,
    plugins: opts.plugins,
    log: opts.log,
  });
  const drop = async () => {
    await database.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  try {
    // A copy of the template is at the latest migration already; this finds nothing to run (and checks it).
    await migrate(database, opts.migrateTo);
  } catch (error) {
    await drop();
    throw error;
  }
  mkdirSync(path.dirname(POSTGRES_MARKER), { recursive: true });
  appendFileSync(
    POSTGRES_MARKER,
    `${new Date().toISOString()} ${name} ${copied ? "copied from the template" : "migrated"} (pid ${process.pid})\n`,
  );
  return { ...database, cleanup: drop, env: { DATABASE_URL: url } };
}

/**
 * Inserts a Better Auth user row directly (tests and seeding that do not go through sign-up). 0 and ISO text
 * are accepted by both engines' column types (integer/date on SQLite, boolean/timestamptz on PostgreSQL).
 */
export async function insertTestUser(
  db: Kysely<DB>,
  u: { id?: string; name?: string; email?: string } = {},
): Promise<string> {
  const id = u.id ?? randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("user")
    .values({
      id,
      name: u.name ?? "Test User",
      email: u.email ?? `${id}@example.test`,
      emailVerified: 0,
      image: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

/** A user row and its profile. */
export async function seedProfile(
  db: Kysely<DB>,
  p: Omit<NewProfile, "userId"> & { userId?: string },
): Promise<Profile> {
  const userId = await insertTestUser(db, { id: p.userId, name: p.fullName });
  return createProfile(db, { ...p, userId });
}

export interface PlayerTotals {
  /** event type -> count and yard sum; types with a zero count are left out. */
  counters: Record<string, { count: number; yards: number }>;
  eventCount: number;
  lastEventAt: string | null;
  attendanceTotal: number;
  attendanceAttended: number;
}

function emptyTotals(): PlayerTotals {
  return { counters: {}, eventCount: 0, lastEventAt: null, attendanceTotal: 0, attendanceAttended: 0 };
}

/** Per-player totals recounted by brute force from the raw events and attendance rows. */
export async function recountFromSource(db: Kysely<DB>): Promise<Map<string, PlayerTotals>> {
  const totals = new Map<string, PlayerTotals>();
  const of = (id: string) => {
    let t = totals.get(id);
    if (!t) totals.set(id, (t = emptyTotals()));
    return t;
  };
  for (const e of await db.selectFrom("events").selectAll().execute()) {
    const t = of(e.player_id);
    const c = (t.counters[e.event_type] ??= { count: 0, yards: 0 });
    c.count += 1;
    c.yards += e.yards ?? 0;
    t.eventCount += 1;
    if (t.lastEventAt === null || e.occurred_at > t.lastEventAt) t.lastEventAt = e.occurred_at;
  }
  for (const a of await db.selectFrom("attendance").selectAll().execute()) {
    const t = of(a.player_id);
    t.attendanceTotal += 1;
    t.attendanceAttended += a.present;
  }
  return totals;
}

/** Per-player totals as the maintained counters hold them (players whose counters are all zero left out). */
export async function storedTotals(db: Kysely<DB>): Promise<Map<string, PlayerTotals>> {
  const totals = new Map<string, PlayerTotals>();
  for (const s of await db.selectFrom("player_stats").selectAll().execute()) {
    totals.set(s.player_id, {
      counters: {},
      eventCount: s.event_count,
      lastEventAt: s.last_event_at,
      attendanceTotal: s.attendance_total,
      attendanceAttended: s.attendance_attended,
    });
  }
  for (const c of await db.selectFrom("player_event_counts").selectAll().execute()) {
    if (c.count === 0 && c.yards === 0) continue;
    let t = totals.get(c.player_id);
    if (!t) totals.set(c.player_id, (t = emptyTotals()));
    t.counters[c.event_type] = { count: c.count, yards: c.yards };
  }
  for (const [id, t] of totals) {
    const empty = t.eventCount === 0 && t.lastEventAt === null && t.attendanceTotal === 0 && t.attendanceAttended === 0;
    if (empty && Object.keys(t.counters).length === 0) totals.delete(id);
  }
  return totals;
}

/** Both maps as plain sorted objects, for toEqual. */
export function asObject(m: Map<string, PlayerTotals>): Record<string, PlayerTotals> {
  return Object.fromEntries([...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
