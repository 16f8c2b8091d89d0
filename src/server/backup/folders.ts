import { existsSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { BackupCounts } from "../db/sqlite-backup.js";

/*
 * A backup is a folder: the database (flagline.db, or flagline.dump from pg_dump), the uploads when they are on
 * disk, and manifest.json, written last, so a folder with a manifest is a whole backup (decision 0041).
 */

export const BACKUP_FORMAT = "flagline-backup/1";
export const SQLITE_FILE = "flagline.db";
export const PG_DUMP_FILE = "flagline.dump";
export const MANIFEST_FILE = "manifest.json";
export const UPLOADS_FOLDER = "uploads";

export interface Manifest extends BackupCounts {
  format: typeof BACKUP_FORMAT;
  /** Absent in backups made before PostgreSQL was backed up too: those are SQLite's. */
  engine?: "sqlite" | "postgres";
  createdAt: string;
  /** Who made it: the server's schedule deletes only its own (BACKUP_KEEP). */
  madeBy?: "npm run backup" | "schedule";
  /** DATA_DIR, or the PostgreSQL database as host:port/name. */
  source: string;
  /** SQLite's integrity check of the copy, when one was run. */
  integrity?: string;
  /** copied: uploads/ holds the files; none: there were none; s3: they are in the bucket, not in the backup. */
  uploads?: "copied" | "none" | "s3";
  /** What the operator must know to restore it (the S3 bucket that holds the files). */
  note?: string;
  /** PostgreSQL: the versions of the server and of pg_dump that made flagline.dump. */
  postgres?: { server: number; pgDump: string };
}

/** A user-facing failure: the scripts print its message and exit 2. */
export class BackupError extends Error {}

/** 20250131-184502: a folder name's time, in UTC. */
export function backupStamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, "").replace(/\..+/, "").replace("T", "-");
}

export function readManifest(dir: string): Manifest | null {
  try {
    const m = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), "utf8")) as Partial<Manifest> | null;
    return m && m.format === BACKUP_FORMAT && typeof m.createdAt === "string" ? (m as Manifest) : null;
  } catch {
    return null;
  }
}

/** A folder in `root` for a new backup made at `at`: flagline-<stamp>, with -2, -3… when that is taken. */
export function newBackupFolder(root: string, at: Date): string {
  const base = join(root, `flagline-${backupStamp(at)}`);
  let dir = base;
  for (let n = 2; existsSync(dir) || existsSync(`${dir}.partial`); n += 1) dir = `${base}-${n}`;
  return dir;
}

/** The backups the server's schedule made in `root`, newest first. */
export function scheduledBackups(root: string): { dir: string; manifest: Manifest }[] {
  if (!existsSync(root)) return [];
  const found: { dir: string; manifest: Manifest }[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(root, entry.name);
    const manifest = readManifest(dir);
    if (manifest?.madeBy === "schedule") found.push({ dir, manifest });
  }
  return found.sort((a, b) => Date.parse(b.manifest.createdAt) - Date.parse(a.manifest.createdAt));
}

/** Deletes the schedule's backups beyond the newest `keep`; other folders are never touched. Returns those deleted. */
export function pruneScheduledBackups(root: string, keep: number): string[] {
  const old = scheduledBackups(root).slice(Math.max(1, keep));
  for (const { dir } of old) rmSync(dir, { recursive: true, force: true });
  return old.map((b) => b.dir);
}

/** A backup's unfinished folder (create.ts writes into `<out>.partial`, renamed when whole). */
const PARTIAL_FOLDER = /^flagline-\d{8}-\d{6}(-\d+)?\.partial$/;

/**
 * Deletes the unfinished folders in `root` that a backup killed midway left (the server or `npm run backup` killed,
 * the machine down), once none of their files has changed for `idleMs`: one written to now is another backup's.
 * They hold no whole backup and only take room. Returns those deleted.
 */
export function removeAbandonedParts(root: string, idleMs: number, now = Date.now()): string[] {
  if (!existsSync(root)) return [];
  const removed: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !PARTIAL_FOLDER.test(entry.name)) continue;
    const dir = join(root, entry.name);
    if (now - lastChanged(dir) < idleMs) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

/** The newest modification time of a folder and everything in it (ms since the epoch). */
function lastChanged(dir: string): number {
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}
