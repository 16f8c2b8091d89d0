import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/*
 * A consistent copy of the SQLite database through SQLite's online backup API, on a worker thread with connections
 * of its own (the pattern of sqlite-checkpointer.ts): the copy, its row counts and its integrity check never hold
 * up the thread that serves requests, so the server can take one while it runs (backup/schedule.ts).
 *
 * The copy goes a hundred pages at a time. A commit by another connection (the server's, the snap writer's) makes
 * SQLite start the copy again; a busy server could keep it from ever finishing, so after a restart the rest is
 * copied in one step, which holds a read transaction only (WAL: writers go on meanwhile).
 */
const WORKER_SOURCE = `
const { workerData, parentPort } = require("node:worker_threads");
const Database = require(workerData.driver);
(async () => {
  const source = new Database(workerData.source, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 10000");
    let previous = Infinity;
    await source.backup(workerData.target, {
      progress({ totalPages, remainingPages }) {
        const restarted = remainingPages > previous;
        previous = remainingPages;
        return restarted ? totalPages : 100;
      },
    });
  } finally {
    source.close();
  }
  const copy = new Database(workerData.target, { fileMustExist: true });
  try {
    const count = (table) => Number(copy.prepare("select count(*) as n from " + table).get().n);
    const counts = { teams: count("teams"), profiles: count("profiles"), events: count("events"), files: count("files") };
    const integrity = workerData.verify ? String(copy.pragma("integrity_check", { simple: true })) : null;
    // The copy stands alone: its WAL folded into the file, so flagline.db is the whole backup.
    copy.pragma("wal_checkpoint(TRUNCATE)");
    parentPort.postMessage({ counts, integrity });
  } finally {
    copy.close();
  }
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

/** What a backup holds, as its manifest reports it (both engines). */
export interface BackupCounts {
  teams: number;
  profiles: number;
  events: number;
  files: number;
}

export interface SqliteBackupResult {
  counts: BackupCounts;
  /** `PRAGMA integrity_check` of the copy ("ok"), or null when not asked for. */
  integrity: string | null;
}

/**
 * Copies the database file `source` to `target` (which must not exist yet) while others may write to it. `verify`
 * runs SQLite's integrity check on the copy. An aborted signal ends the worker at once; the caller removes what
 * it left.
 */
export function backupSqliteFile(
  source: string,
  target: string,
  opts: { verify?: boolean; signal?: AbortSignal } = {},
): Promise<SqliteBackupResult> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new Error("the backup was stopped"));
      return;
    }
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver, source, target, verify: opts.verify ?? false },
    });
    worker.unref();
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener("abort", onAbort);
      fn();
    };
    const onAbort = () => {
      settle(() => reject(new Error("the backup was stopped")));
      void worker.terminate();
    };
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    worker.once("message", (m: { error?: string } & Partial<SqliteBackupResult>) => {
      if (m.error !== undefined) settle(() => reject(new Error(`SQLite backup failed: ${m.error}`)));
      else settle(() => resolve({ counts: m.counts!, integrity: m.integrity ?? null }));
    });
    worker.once("error", (error) => settle(() => reject(error)));
    worker.once("exit", (code) =>
      settle(() => reject(new Error(`the backup's thread stopped (exit code ${code}) before it was done`))),
    );
  });
}
