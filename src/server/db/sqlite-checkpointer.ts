import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";

/*
 * WAL checkpoints off the server's thread. By default SQLite checkpoints inside the commit that takes the WAL past
 * 1,000 pages: that one write then copies the whole WAL into the database file and fsyncs it, on the thread that
 * serves every request, and every request queued behind it waits (the saturday bench's write p99 at 500 games:
 * 221 ms with automatic checkpoints, 54 ms without; docs/performance.md). Here the server's connection never
 * checkpoints; a worker thread with its own connection runs PASSIVE checkpoints on a timer. PASSIVE never waits
 * for or blocks a reader or writer, so the worker cannot stall the server; a commit stays durable when its WAL
 * frames are synced, as before. If the worker dies, the server's connection checkpoints automatically again.
 */

const WORKER_SOURCE = `
const { workerData, parentPort } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("synchronous = FULL");
const checkpoint = () => {
  const [r] = db.pragma("wal_checkpoint(PASSIVE)");
  parentPort.postMessage({ kind: "checkpoint", busy: r.busy, log: r.log, checkpointed: r.checkpointed });
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on("message", (m) => {
  if (m !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage({ kind: "ready" });
`;

export interface CheckpointResult {
  /** 1 when a reader or writer kept it from finishing; the next run catches up. */
  busy: number;
  /** Frames in the WAL. */
  log: number;
  /** Frames of the WAL now in the database file. */
  checkpointed: number;
}

export interface Checkpointer {
  /** Ends the worker; the connection checkpoints automatically again (and on close, as SQLite always does). */
  stop(): Promise<void>;
}

/** The page count at which SQLite checkpoints by itself (its default), restored when the worker is gone. */
const AUTOCHECKPOINT_PAGES = 1000;

export function startCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  opts: { intervalMs?: number; onCheckpoint?(result: CheckpointResult): void; onFailure?(error: unknown): void } = {},
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file, intervalMs: opts.intervalMs ?? 500 },
  });
  worker.unref();
  sqlite.pragma("wal_autocheckpoint = 0");
  let running = true;
  const fallBack = () => {
    if (!running) return;
    running = false;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on("message", (m: { kind: string } & CheckpointResult) => {
    if (m.kind === "checkpoint") opts.onCheckpoint?.({ busy: m.busy, log: m.log, checkpointed: m.checkpointed });
  });
  worker.on("error", (error) => {
    fallBack();
    opts.onFailure?.(error);
  });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  void exited.then(fallBack);
  return {
    async stop() {
      fallBack();
      // Unref'd, the worker would not keep the process alive while we wait for it: a shutdown that has nothing
      // else pending would end right here, before its last log line.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}
