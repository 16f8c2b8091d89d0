import { cpSync, existsSync, mkdirSync, renameSync } from "node:fs";
import { join, resolve } from "node:path";
import { openDatabase } from "../db/index.js";
import { checkIntegrity } from "../db/integrity.js";
import { postgresServerMajor, postgresUserTables } from "../db/pg-backup.js";
import { createBackup, describeDatabaseUrl, type BackupSource } from "./create.js";
import {
  BackupError,
  PG_DUMP_FILE,
  SQLITE_FILE,
  UPLOADS_FOLDER,
  backupStamp,
  readManifest,
  type Manifest,
} from "./folders.js";
import { parsePgToolVersion, pgRestore, requirePgTool } from "./pg-tools.js";

export interface RestoreOptions {
  /** The backup's folder. */
  from: string;
  /** Where it goes: the settings the server will run with. */
  target: BackupSource;
  /** The server's port: a Flagline answering there must be stopped first. */
  port: string;
  /** PostgreSQL: restore over a database that already holds tables (they are saved first). */
  force: boolean;
  env?: NodeJS.ProcessEnv;
  /** Progress and results, one line each, for the operator. */
  say(line: string): void;
}

/** The backup's manifest, checked: a BackupError when `from` is no backup this version can restore. */
function openBackup(from: string): Manifest & { engine: "sqlite" | "postgres" } {
  const manifest = readManifest(from);
  if (!manifest) throw new BackupError(`${from} is not a Flagline backup (no readable manifest.json).`);
  const engine = manifest.engine ?? "sqlite";
  const file = engine === "postgres" ? PG_DUMP_FILE : SQLITE_FILE;
  if (!existsSync(join(from, file))) throw new BackupError(`${from} has a manifest but no ${file}.`);
  return { ...manifest, engine };
}

async function refuseWhileRunning(port: string): Promise<void> {
  let running = false;
  try {
    running = (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    // nothing answering: good
  }
  if (running) throw new BackupError(`Flagline is running on port ${port}. Stop it before restoring.`);
}

/**
 * Puts a backup made by createBackup back: the SQLite file into DATA_DIR, or the dump into DATABASE_URL's
 * database, and the uploads into DATA_DIR/uploads. What it replaces is kept in DATA_DIR/pre-restore-<time>/.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<void> {
  const from = resolve(opts.from);
  const manifest = openBackup(from);
  const { target } = opts;
  const targetEngine = target.databaseUrl ? "postgres" : "sqlite";
  if (manifest.engine !== targetEngine) {
    throw new BackupError(
      manifest.engine === "sqlite"
        ? "This is a backup of the embedded SQLite database: unset DATABASE_URL to restore it (a backup goes back into the engine it came from)."
        : "This is a backup of a PostgreSQL database: set DATABASE_URL to the database to restore it into.",
    );
  }
  await refuseWhileRunning(opts.port);
  mkdirSync(target.dataDir, { recursive: true });
  const aside = join(target.dataDir, `pre-restore-${backupStamp(new Date())}`);
  let movedAside = false;
  const moveAside = (name: string) => {
    const current = join(target.dataDir, name);
    if (!existsSync(current)) return;
    mkdirSync(aside, { recursive: true });
    renameSync(current, join(aside, name));
    movedAside = true;
  };

  if (target.databaseUrl) {
    movedAside = await restorePostgres(target.databaseUrl, from, manifest, aside, opts);
  } else {
    for (const name of ["flagline.db", "flagline.db-wal", "flagline.db-shm"]) moveAside(name);
    cpSync(join(from, SQLITE_FILE), join(target.dataDir, SQLITE_FILE));
  }

  const uploads = join(from, UPLOADS_FOLDER);
  if (target.storage.kind === "s3") {
    if (existsSync(uploads))
      opts.say(`Files are kept in S3 (STORAGE=s3): the backup's uploads/ folder was not copied anywhere.`);
    else if (manifest.uploads === "s3") opts.say(`Uploaded files: ${manifest.note ?? "in the S3 bucket"}`);
  } else {
    moveAside(UPLOADS_FOLDER);
    if (existsSync(uploads)) cpSync(uploads, join(target.dataDir, UPLOADS_FOLDER), { recursive: true });
    else if (manifest.uploads === "s3") opts.say(`Note: ${manifest.note ?? "uploaded files were in S3"}`);
  }

  const database = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, poolMax: 2 });
  try {
    const report = await checkIntegrity(database.db);
    const into = target.databaseUrl ? describeDatabaseUrl(target.databaseUrl) : target.dataDir;
    opts.say(
      `Restored the backup of ${manifest.createdAt} into ${into}: ${report.events} events, ${report.players} players.`,
    );
    opts.say(
      report.drift.length === 0
        ? "Counters check out against the events."
        : `Warning: ${report.drift.length} counters drift; run npm run check:integrity -- --fix`,
    );
    if (movedAside) opts.say(`The data it replaced is kept in ${aside}`);
  } finally {
    await database.close();
  }
}

/** Returns whether the database held tables, which were saved to `aside` first. */
async function restorePostgres(
  url: string,
  from: string,
  manifest: Manifest,
  aside: string,
  opts: RestoreOptions,
): Promise<boolean> {
  const database = openDatabase({ databaseUrl: url, dataDir: "", poolMax: 2 });
  let serverMajor: number;
  let tables: number;
  try {
    [serverMajor, tables] = await Promise.all([postgresServerMajor(database.db), postgresUserTables(database.db)]);
  } catch (error) {
    if ((error as { code?: string }).code === "3D000") {
      throw new BackupError(
        `The database ${describeDatabaseUrl(url)} does not exist: create it first (createdb), then restore into it.`,
      );
    }
    throw error;
  } finally {
    await database.close();
  }
  // pg_restore reads archives of its own version and older ones only.
  const dumpMajor = parsePgToolVersion(`(PostgreSQL) ${manifest.postgres?.pgDump ?? "0"}`)?.major ?? 0;
  const tool = await requirePgTool("pg_restore", Math.max(serverMajor, dumpMajor), opts.env);
  if (tables > 0) {
    if (!opts.force) {
      throw new BackupError(
        `The database ${describeDatabaseUrl(url)} is not empty (${tables} tables). Restore into an empty database, ` +
          "or add --force to replace its contents (they are saved first, like a backup, into DATA_DIR/pre-restore-<time>/).",
      );
    }
    opts.say(`Saving what ${describeDatabaseUrl(url)} holds now into ${aside} …`);
    // Only the database here: the uploads are moved aside with SQLite's files by the caller.
    await createBackup({
      source: { dataDir: "/nonexistent", databaseUrl: url, storage: { kind: "disk" } },
      out: aside,
      madeBy: "npm run backup",
      env: opts.env,
    });
  }
  await pgRestore(tool, url, join(from, PG_DUMP_FILE));
  return tables > 0;
}
