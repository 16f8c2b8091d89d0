import { Worker } from "node:worker_threads";
import {
  GameFinalError,
  SnapIdTakenError,
  type LiveReads,
  type LiveReadWish,
  type NewSnapRow,
  type SnapWriter,
  type SnapWriteStatus,
} from "./snaps.js";

/*
 * Snap writes on a thread of their own (decision 0031). better-sqlite3 runs every statement, and the commit's fsync,
 * on the thread that calls it: in process, the saturday bench's main thread spent about half its time in SQLite, a
 * quarter in the commits alone, while every request and live stream of the server waited. Here a worker thread
 * (db/snap-writer-worker.ts) with its own connection to the same file runs the group-commit snap writer; the server's
 * thread only posts the snaps and hears the statuses once they are committed. So a one-process server uses a second
 * core on game day, and the commits never hold up a request. Reads stay on the server's connection: in WAL mode
 * they see every commit of the other connection at once.
 *
 * If the thread cannot start, or dies, the writes in flight fail (the client sends them again: snap ids make that
 * safe) and the next write starts a new thread; a thread that fails before it is ready hands the writing back to
 * the server's own connection (`fallback`), so a broken thread never stops the logging.
 */

export interface SnapWriterWorkerData {
  /** The SQLite file, already migrated. */
  file: string;
  /** The server's LOG_LEVEL, for what the thread logs. */
  logLevel?: string;
}

export type SnapWriterRequest =
  | {
      kind: "write";
      id: number;
      teamId: string;
      createdBy: string;
      snaps: readonly NewSnapRow[];
      /** The live stream's payloads to read after the commit, on the thread's connection (decision 0043). */
      wish?: LiveReadWish;
    }
  | { kind: "stop" };

export interface SnapWriterReply {
  id: number;
  statuses?: SnapWriteStatus[];
  /** With the statuses: a message with the wish's reads follows (they are read after the answer is sent). */
  readsFollow?: boolean;
  /** That message: what the wish asked for, or nothing when it could not be read. */
  readsDone?: true;
  reads?: LiveReads;
  error?:
    | { kind: "snap_id_taken" | "game_final"; ids: string[] }
    | { kind: "other"; message: string; code: string | undefined };
}

export interface SnapWriterThreadOptions {
  file: string;
  logLevel?: string;
  /** The worker's module: dist/server/db/snap-writer-worker.js in the bundle, or its .ts source (run with tsx). */
  entry: URL;
  /** The in-process writer to use when the thread cannot start. */
  fallback(): SnapWriter;
  onFailure?(error: unknown): void;
}

/*
 * A thread started from source (tsx, Vitest) imports the .ts module through tsx's API: on Node 20 a worker's
 * `--import tsx` does not reach its module loader. A module that fails to load ends the thread before it is ready,
 * its error thrown in the thread so that the server's `onFailure` logs it.
 */
const FROM_SOURCE = `
const { workerData } = require("node:worker_threads");
import("tsx/esm/api")
  .then(({ tsImport }) => tsImport(workerData.entry, workerData.entry))
  .catch((error) => setImmediate(() => { throw error; }));
`;

interface Written {
  statuses: SnapWriteStatus[];
  /** The wish's reads, when it had one; they resolve after the statuses. */
  reads?: Promise<LiveReads | undefined>;
}

interface Waiting {
  request: Extract<SnapWriterRequest, { kind: "write" }>;
  resolve(written: Written): void;
  reject(error: unknown): void;
}

function rebuild(error: NonNullable<SnapWriterReply["error"]>): Error {
  if (error.kind === "other")
    return Object.assign(new Error(error.message), error.code === undefined ? {} : { code: error.code });
  const ids = new Set(error.ids);
  return error.kind === "snap_id_taken" ? new SnapIdTakenError(ids) : new GameFinalError(ids);
}

export function startSnapWriterThread(opts: SnapWriterThreadOptions): SnapWriter {
  const waiting = new Map<number, Waiting>();
  /** Writes answered whose live reads are still to come. */
  const readsWaiting = new Map<number, (reads: LiveReads | undefined) => void>();
  let nextId = 1;
  let worker: Worker | null = null;
  let exited: Promise<void> = Promise.resolve();
  let inProcess: SnapWriter | null = null;
  let closed = false;
  /** The thread once it has opened its connection and listens. */
  let readyWorker: Worker | null = null;

  function start(): Worker {
    const workerData = { file: opts.file, logLevel: opts.logLevel } satisfies SnapWriterWorkerData;
    const w = opts.entry.pathname.endsWith(".ts")
      ? new Worker(FROM_SOURCE, { eval: true, workerData: { ...workerData, entry: opts.entry.href } })
      : new Worker(opts.entry, { workerData });
    w.on("message", (m: SnapWriterReply | "ready") => {
      if (m === "ready") {
        readyWorker = w;
        return;
      }
      if (m.readsDone) {
        readsWaiting.get(m.id)?.(m.reads);
        readsWaiting.delete(m.id);
        return;
      }
      const entry = waiting.get(m.id);
      if (!entry) return;
      waiting.delete(m.id);
      if (m.error) return entry.reject(rebuild(m.error));
      const reads = m.readsFollow
        ? new Promise<LiveReads | undefined>((resolve) => readsWaiting.set(m.id, resolve))
        : undefined;
      entry.resolve({ statuses: m.statuses!, reads });
    });
    w.on("error", (error) => opts.onFailure?.(error));
    exited = new Promise((resolve) =>
      w.once("exit", () => {
        if (worker === w) worker = null;
        const lost = [...waiting.values()];
        waiting.clear();
        for (const resolve of readsWaiting.values()) resolve(undefined);
        readsWaiting.clear();
        if (readyWorker !== w && !closed) {
          // It never took a write: they all go to the server's own connection, as every later one will.
          inProcess ??= opts.fallback();
          for (const { request: r, resolve: ok, reject: fail } of lost)
            inProcess.write(r.teamId, r.createdBy, r.snaps).then((statuses) => ok({ statuses }), fail);
        } else {
          for (const entry of lost) entry.reject(new Error("the snap writer's thread stopped before it answered"));
        }
        resolve();
      }),
    );
    // Idle, the thread does not keep the process alive; a write in flight is a request, which does.
    w.unref();
    return w;
  }

  /** The writes sent to a thread and not answered yet, settled either way. */
  const inFlight = new Set<Promise<unknown>>();

  async function idle(): Promise<void> {
    await Promise.all([...inFlight]);
    await inProcess?.flush();
  }

  function send(teamId: string, createdBy: string, snaps: readonly NewSnapRow[], wish?: LiveReadWish) {
    if (closed) return Promise.reject(new Error("the snap writer is closed"));
    if (inProcess) return inProcess.write(teamId, createdBy, snaps).then((statuses): Written => ({ statuses }));
    worker ??= start();
    const id = nextId++;
    const w = worker;
    const request = { kind: "write", id, teamId, createdBy, snaps, wish } satisfies SnapWriterRequest;
    const answer = new Promise<Written>((resolve, reject) => {
      waiting.set(id, { request, resolve, reject });
      w.postMessage(request);
    });
    const settled: Promise<unknown> = answer.then(
      () => inFlight.delete(settled),
      () => inFlight.delete(settled),
    );
    inFlight.add(settled);
    return answer;
  }

  worker = start();
  return {
    write: (teamId, createdBy, snaps) => send(teamId, createdBy, snaps).then((written) => written.statuses),
    writeAndRead: send,
    flush: idle,
    async close() {
      if (closed) return exited;
      await idle();
      closed = true;
      await inProcess?.close();
      const w = worker;
      if (!w) return;
      // A thread still loading has taken no write (idle() waited for every one): ending it need not wait for its
      // start, which from source takes a second or more.
      if (readyWorker !== w) {
        await w.terminate();
        await exited;
        return;
      }
      // Unref'd, the thread would not keep the process alive while we wait for it to close its connection.
      w.ref();
      w.postMessage({ kind: "stop" } satisfies SnapWriterRequest);
      await exited;
    },
  };
}
