import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type Migration,
  type KyselyPlugin,
  type LogConfig,
} from "kysely";
import pg from "pg";
import type { Engine } from "./dialect.js";
import { allMigrations } from "./migrations/index.js";
import { databaseOutage } from "./outage.js";
import { startCheckpointer, type CheckpointerEvents } from "./sqlite-checkpointer.js";
import { withStatementCache } from "./sqlite-statements.js";
import { preallocateWal } from "./sqlite-wal.js";
import type { DB } from "./schema.js";

export type { Engine } from "./dialect.js";
export type { DB } from "./schema.js";

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** SQLite: the database file, which another connection (a writer thread) may open too. */
  sqliteFile?: string;
  /** PostgreSQL: the connection pool, whose counts GET /metrics reports (http/metrics.ts). */
  pool?: Pick<pg.Pool, "totalCount" | "idleCount" | "waitingCount">;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// or postgresql:// selects PostgreSQL; anything else (or nothing) the SQLite file in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Overrides `${dataDir}/flagline.db` (tests). Must be a file: WAL does not apply to ":memory:". */
  sqlitePath?: string;
  /** PostgreSQL pool size (default 10). */
  poolMax?: number;
  /** Passed to Kysely (query logging). */
  log?: LogConfig;
  plugins?: KyselyPlugin[];
  /**
   * SQLite: checkpoint the WAL in a worker thread instead of inside the commit that fills it
   * (sqlite-checkpointer.ts). The server turns it on; scripts and tests leave it off.
   */
  checkpointInWorker?: Pick<CheckpointerEvents, "onFailure" | "onCheckpointFailed" | "onCheckpointResumed">;
  /**
   * SQLite: give the database a WAL of its working size before opening it, if it has none (sqlite-wal.ts). A server
   * that is the database's only process turns it on; a cluster's primary does it for its workers (cluster.ts).
   */
  preallocateWal?: boolean;
}

/*
 * SQLite transactions take the write lock when they begin (BEGIN IMMEDIATE) instead of at their first write. This
 * process runs one transaction at a time anyway, but another process may write the same file (a maintenance
 * script, the e2e seeding, another worker of a cluster: decision 0024): a deferred transaction that read before
 * that write and then writes itself is refused at once with SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out.
 * Taking the lock first makes it wait instead, and the wait is asynchronous: SQLite's busy handler would sleep on
 * the event loop (every request of the process waiting with it) while the other process commits, so BEGIN
 * IMMEDIATE runs with no busy timeout and, when the lock is taken, is tried again after a pause that lets the
 * event loop run, up to the same 5 s that busy_timeout gives every other statement.
 */
export const BUSY_TIMEOUT_MS = 5000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED";
}

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #sqlite: SQLite.Database;
  constructor(config: ConstructorParameters<typeof SqliteDriver>[0], sqlite: SQLite.Database) {
    super(config);
    this.#sqlite = sqlite;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = Date.now() + BUSY_TIMEOUT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, 8)) {
      this.#sqlite.pragma("busy_timeout = 0");
      try {
        await connection.executeQuery(CompiledQuery.raw("begin immediate"));
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() >= deadline) throw error;
      } finally {
        this.#sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
      await sleep(pause);
    }
  }

  /*
   * SQLITE_FULL (a full disk), SQLITE_IOERR and SQLITE_NOMEM may end the transaction themselves. A ROLLBACK after
   * that fails with "no transaction is active", and that error, thrown instead of the one that ended the
   * transaction, would hide the full disk from the answer (a 500 instead of http/errors.ts's 503).
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#sqlite.inTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  readonly #sqlite: SQLite.Database;
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0], sqlite: SQLite.Database) {
    super(config);
    this.#config = config;
    this.#sqlite = sqlite;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#sqlite);
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * SQLite's schema changes are transactional, though Kysely's adapter says otherwise (for other SQLite drivers):
 * saying so makes the Migrator run a whole upgrade in one transaction, as on PostgreSQL, so a migration that fails
 * midway leaves the database as it was before the upgrade (migrateToLatest). The Migrator alone reads this.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * PostgreSQL: how long opening a connection may take. While the database restarts or the network between is down,
 * a request then fails within this time (503, db/outage.ts) instead of hanging until the operating system gives up.
 * It bounds the connecting only: a request waiting for a busy pool's free connection waits as before.
 */
export const PG_CONNECT_TIMEOUT_MS = 2000;

class FailFastClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === "string" ? { connectionString: config } : config),
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    });
  }
}

/**
 * PostgreSQL out of reach under load: a full pool serves its waiting requests one connection attempt each, ten at a
 * time, each failing only after PG_CONNECT_TIMEOUT_MS, so the hundredth waits ten times that (issue #32: fail fast,
 * not hang). When an attempt fails so (db/outage.ts), every request still waiting for a connection fails with it at
 * once (a 503); an attempt it leaves behind hands its connection straight back if it ever gets one.
 */
function failFastPool(pool: pg.Pool): { connect(): Promise<pg.PoolClient>; end(): Promise<void> } {
  const waiting = new Set<(error: unknown) => void>();
  return {
    end: () => pool.end(),
    connect: () =>
      new Promise((resolve, reject) => {
        let settled = false;
        const fail = (error: unknown) => {
          waiting.delete(fail);
          if (settled) return;
          settled = true;
          reject(error);
        };
        waiting.add(fail);
        pool.connect().then(
          (client) => {
            waiting.delete(fail);
            if (settled) return client.release();
            settled = true;
            resolve(client);
          },
          (error: unknown) => {
            if (databaseOutage(error)) for (const other of [...waiting]) other(error);
            fail(error);
          },
        );
      }),
  };
}

function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export function openDatabase(opts: OpenDatabaseOptions): Database {
  if (isPostgresUrl(opts.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10, Client: FailFastClient });
    // An idle client's error (e.g. the server restarting) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    // Nor may the error of a client a request holds between two queries (in a transaction): pg emits it with no
    // listener then. The request's next query fails (a 503, db/outage.ts) and the pool drops the client on release.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: failFastPool(pool) }),
      log: opts.log,
      plugins: opts.plugins,
    });
    return { db, engine: "postgres", pool, close: () => db.destroy() };
  }

  const file = opts.sqlitePath ?? path.join(opts.dataDir, "flagline.db");
  if (file === ":memory:" || file === "")
    throw new Error("SQLite needs a file: WAL mode does not apply to an in-memory database");
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (opts.preallocateWal) preallocateWal(file);
  const sqlite = new SQLite(file);
  // An acknowledged write is committed (docs/architecture.md "Data"): WAL with a full fsync on every commit.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const db = new Kysely<DB>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }, sqlite),
    log: opts.log,
    plugins: opts.plugins,
  });
  const checkpointer = opts.checkpointInWorker ? startCheckpointer(sqlite, file, opts.checkpointInWorker) : null;
  return {
    db,
    engine: "sqlite",
    sqliteFile: path.resolve(file),
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
      // Kysely closes the connection only if a query opened its driver: one that ran none is closed here.
      if (sqlite.open) sqlite.close();
    },
  };
}

/**
 * The migrations this database has run that `known` does not hold: it was upgraded by a newer Flagline. Empty for a
 * new database (no kysely_migration table yet).
 */
async function unknownMigrations(db: Kysely<DB>, known: Record<string, Migration>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === "kysely_migration")) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name).filter((name) => !Object.hasOwn(known, name));
}

/**
 * Applies every pending migration; a no-op when the database is up to date. Throws on failure, naming the
 * migration, and then the database is as it was: the whole upgrade runs in one transaction on both engines (a
 * failed one is rolled back with the ones before it in the same run). A database that ran a migration this version
 * does not know (a newer Flagline upgraded it) is refused untouched. `migrations`: all of them (tests add some).
 */
export async function migrateToLatest(
  db: Kysely<DB>,
  engine: Engine,
  migrations: Record<string, Migration> = allMigrations(engine),
): Promise<void> {
  const unknown = await unknownMigrations(db, migrations);
  if (unknown.length > 0)
    throw new Error(
      `this database was upgraded by a newer version of Flagline: it has run migration ${unknown.join(", ")}, ` +
        "which this version does not know. Run that newer version (or newer), or restore a backup taken before the upgrade.",
    );
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(
      `database migration ${failed ?? ""} failed, and the database was left as it was before the upgrade: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
}
