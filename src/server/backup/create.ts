import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { cp, mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import type { StorageConfig } from "../config.js";
import { openDatabase } from "../db/index.js";
import { inExportedSnapshot, postgresServerMajor } from "../db/pg-backup.js";
import { backupSqliteFile, type BackupCounts } from "../db/sqlite-backup.js";
import {
  BACKUP_FORMAT,
  BackupError,
  MANIFEST_FILE,
  PG_DUMP_FILE,
  SQLITE_FILE,
  UPLOADS_FOLDER,
  type Manifest,
} from "./folders.js";
import { pgDump, requirePgTool } from "./pg-tools.js";

/** What is backed up: the same settings the server runs with (config.ts). */
export interface BackupSource {
  dataDir: string;
  /** Set: PostgreSQL (pg_dump); unset: the SQLite file in dataDir. */
  databaseUrl?: string;
  storage: StorageConfig;
}

export interface CreateBackupOptions {
  source: BackupSource;
  /** The backup's folder; it must not exist, or be empty. */
  out: string;
  madeBy: NonNullable<Manifest["madeBy"]>;
  /** SQLite: run the integrity check on the copy (the script does; the schedule leaves it to restore). */
  verify?: boolean;
  /** Stops a backup under way (the server shutting down); what it wrote is removed. */
  signal?: AbortSignal;
  /** Where PG_BIN is read (pg-tools.ts). */
  env?: NodeJS.ProcessEnv;
}

/** host:port/name, without user or password: what the manifest says was backed up. */
export function describeDatabaseUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
}

/**
 * Writes a backup into `out` and returns its manifest. The files go into `<out>.partial` first, which is renamed
 * to `out` once the manifest is written: a backup interrupted half-way is never taken for a whole one.
 */
export async function createBackup(opts: CreateBackupOptions): Promise<Manifest> {
  const { source, out } = opts;
  if (existsSync(out) && readdirSync(out).length > 0) {
    throw new BackupError(`${out} already holds files; choose another folder.`);
  }
  const partial = `${out}.partial`;
  rmSync(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    const manifest = source.databaseUrl
      ? await dumpPostgres(source.databaseUrl, partial, opts)
      : await copySqlite(source.dataDir, partial, opts);
    // Uploads are written before the row that names them is committed, so copying them after the database's
    // snapshot means every file the snapshot refers to is in the copy.
    const uploads = join(source.dataDir, UPLOADS_FOLDER);
    if (source.storage.kind === "s3") {
      manifest.uploads = "s3";
      manifest.note =
        `Uploaded files are in the S3 bucket "${source.storage.bucket}", not in this backup: ` +
        "back the bucket up with its own tools (versioning, replication, rclone).";
    } else if (existsSync(uploads)) {
      opts.signal?.throwIfAborted();
      // The disk store's temporary files (a write under way) are not uploads.
      await cp(uploads, join(partial, UPLOADS_FOLDER), {
        recursive: true,
        filter: (from) => basename(from) !== ".tmp",
      });
      manifest.uploads = "copied";
    } else {
      manifest.uploads = "none";
    }
    opts.signal?.throwIfAborted();
    writeFileSync(join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + "\n");
    if (existsSync(out)) rmSync(out, { recursive: true });
    renameSync(partial, out);
    return manifest;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

function manifestOf(
  engine: "sqlite" | "postgres",
  source: string,
  madeBy: CreateBackupOptions["madeBy"],
  counts: BackupCounts,
): Manifest {
  return { format: BACKUP_FORMAT, engine, createdAt: new Date().toISOString(), madeBy, source, ...counts };
}

async function copySqlite(dataDir: string, into: string, opts: CreateBackupOptions): Promise<Manifest> {
  const file = join(dataDir, SQLITE_FILE);
  if (!existsSync(file)) throw new BackupError(`No database at ${file} (set DATA_DIR).`);
  const { counts, integrity } = await backupSqliteFile(file, join(into, SQLITE_FILE), {
    verify: opts.verify,
    signal: opts.signal,
  });
  return {
    ...manifestOf("sqlite", dataDir, opts.madeBy, counts),
    ...(integrity !== null ? { integrity } : {}),
  };
}

async function dumpPostgres(url: string, into: string, opts: CreateBackupOptions): Promise<Manifest> {
  const database = openDatabase({ databaseUrl: url, dataDir: "", poolMax: 2 });
  try {
    const serverMajor = await postgresServerMajor(database.db);
    const tool = await requirePgTool("pg_dump", serverMajor, opts.env);
    return await inExportedSnapshot(database.db, async (snapshot, counts) => {
      await pgDump(tool, url, join(into, PG_DUMP_FILE), snapshot);
      return {
        ...manifestOf("postgres", describeDatabaseUrl(url), opts.madeBy, counts),
        postgres: { server: serverMajor, pgDump: tool.version },
      };
    });
  } finally {
    await database.close();
  }
}
