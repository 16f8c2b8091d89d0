import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import { createBackup, type BackupSource } from "./create.js";
import {
  newBackupFolder,
  pruneScheduledBackups,
  removeAbandonedParts,
  scheduledBackups,
  type Manifest,
} from "./folders.js";

/*
 * The server's own backups of the embedded database (BACKUP_EVERY, BACKUP_KEEP, BACKUP_DIR; decision 0041): one
 * every interval, taken with SQLite's online backup API on a thread of its own (db/sqlite-backup.ts), then the
 * schedule's older backups beyond BACKUP_KEEP deleted. One at a time: the next is planned when the last is done.
 * A failure is logged and the next interval tries again; it never stops the server. The first one is due an
 * interval after the newest backup the schedule already made, so restarting the server neither skips nor
 * multiplies them. At start, the unfinished folders an interrupted backup left (`*.partial`, untouched for an hour)
 * are deleted.
 */

/** An unfinished backup folder no file of which changed for this long is abandoned, not being written. */
const ABANDONED_AFTER_MS = 60 * 60_000;

export interface BackupScheduleOptions {
  source: BackupSource;
  dir: string;
  everyMs: number;
  keep: number;
  log: Logger;
  /** The clock (tests). */
  now?: () => number;
}

export interface BackupSchedule {
  /** Takes a backup now unless one is under way; resolves when it (or the one under way) is done. */
  runNow(): Promise<void>;
  /** When the next one is due (ms since the epoch, by the schedule's clock); null while one is under way or stopped. */
  nextAt(): number | null;
  /** No more backups; one under way is stopped and its files removed. */
  stop(): Promise<void>;
}

export function startBackupSchedule(opts: BackupScheduleOptions): BackupSchedule {
  const now = opts.now ?? Date.now;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let dueAt: number | null = null;

  const plan = (delayMs: number) => {
    if (abort.signal.aborted) return;
    if (timer) clearTimeout(timer);
    dueAt = now() + Math.max(0, delayMs);
    timer = setTimeout(() => void runNow(), Math.max(0, delayMs));
    timer.unref();
  };

  const takeOne = async () => {
    const started = now();
    try {
      const out = newBackupFolder(opts.dir, new Date(started));
      const manifest: Manifest = await createBackup({
        source: opts.source,
        out,
        madeBy: "schedule",
        signal: abort.signal,
      });
      opts.log.info(
        {
          dir: out,
          ms: Math.round(now() - started),
          teams: manifest.teams,
          events: manifest.events,
          files: manifest.files,
        },
        "scheduled backup written",
      );
      const removed = pruneScheduledBackups(opts.dir, opts.keep);
      if (removed.length > 0) opts.log.info({ removed, keep: opts.keep }, "older scheduled backups deleted");
    } catch (err) {
      if (abort.signal.aborted) opts.log.info("scheduled backup stopped: the server is shutting down");
      else opts.log.error({ err, dir: opts.dir, retryInMs: opts.everyMs }, "scheduled backup failed");
    }
  };

  function runNow(): Promise<void> {
    if (abort.signal.aborted) return Promise.resolve();
    if (timer) clearTimeout(timer);
    dueAt = null;
    running ??= takeOne().finally(() => {
      running = null;
      plan(opts.everyMs);
    });
    return running;
  }

  let newest: number | undefined;
  try {
    const removed = removeAbandonedParts(opts.dir, ABANDONED_AFTER_MS, now());
    if (removed.length > 0) opts.log.info({ removed }, "unfinished backups left by an interrupted one deleted");
  } catch (err) {
    opts.log.warn({ err, dir: opts.dir }, "could not clear the unfinished backups in the backups folder");
  }
  try {
    newest = scheduledBackups(opts.dir)
      .map((b) => Date.parse(b.manifest.createdAt))
      .find((t) => Number.isFinite(t));
  } catch (err) {
    opts.log.warn({ err, dir: opts.dir }, "could not read the backups folder; taking a backup now");
  }
  plan(newest === undefined ? 0 : newest + opts.everyMs - now());

  return {
    runNow,
    nextAt: () => dueAt,
    async stop() {
      abort.abort();
      dueAt = null;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The schedule the configuration asks for, or null. Only for the embedded database: on PostgreSQL the operator
 * backs up with `npm run backup` (pg_dump) from cron, once for all app servers, and is told so at start.
 */
export function startConfiguredBackups(config: Config, log: Logger): BackupSchedule | null {
  if (!config.backups || config.backups.everyMs === null) return null;
  const { everyMs, keep, dir } = config.backups;
  if (config.databaseUrl) {
    log.warn(
      { BACKUP_EVERY: everyMs },
      "BACKUP_EVERY is not supported on PostgreSQL: run `npm run backup` (pg_dump) from cron or a systemd timer instead",
    );
    return null;
  }
  log.info({ everyMs, keep, dir }, "scheduled backups are on");
  return startBackupSchedule({
    source: { dataDir: config.dataDir, storage: config.storage },
    dir,
    everyMs,
    keep,
    log,
  });
}
