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
 *
 * A checkpoint that fails (the disk is full: it cannot grow the database file, SQLITE_FULL) does not end the worker:
 * the WAL keeps every committed frame, the failure is reported, and the next tick tries again, so checkpoints
 * resume by themselves once there is room (issue #32), still off the server's thread.
 */

const WORKER_SOURCE = `
const { workerData, parentPort } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("synchronous = FULL");
const checkpoint = () => {
  try {
    const [r] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ kind: "checkpoint", busy: r.busy, log: r.log, checkpointed: r.checkpointed });
  } catch (error) {
    parentPort.postMessage({ kind: "failed", code: error && error.code, message: String(error && error.message) });
  }
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

/** Why a checkpoint did not run: SQLite's code (SQLITE_FULL when the database file could not grow) and message. */
export interface CheckpointFailure {
  code: string | undefined;
  message: string;
}

export interface CheckpointerEvents {
  onCheckpoint?(result: CheckpointResult): void;
  /** A checkpoint failed (the first of a run of failures); the worker goes on and tries again on its next tick. */
  onCheckpointFailed?(error: CheckpointFailure): void;
  /** The first checkpoint that succeeded after `onCheckpointFailed`. */
  onCheckpointResumed?(): void;
  /** The worker itself failed; the connection checkpoints automatically again. */
  onFailure?(error: unknown): void;
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
  opts: CheckpointerEvents & { intervalMs?: number } = {},
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
  let failing = false;
  worker.on("message", (m: ({ kind: "checkpoint" } & CheckpointResult) | ({ kind: "failed" } & CheckpointFailure)) => {
    if (m.kind === "checkpoint") {
      if (failing) {
        failing = false;
        opts.onCheckpointResumed?.();
      }
      opts.onCheckpoint?.({ busy: m.busy, log: m.log, checkpointed: m.checkpointed });
    } else if (m.kind === "failed" && !failing) {
      failing = true;
      opts.onCheckpointFailed?.({ code: m.code, message: m.message });
    }
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
