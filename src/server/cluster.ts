import cluster, { type Worker } from "node:cluster";
import type { Config } from "./config.js";
import { startConfiguredBackups } from "./backup/schedule.js";
import { servesClusterMetrics } from "./cluster-metrics.js";
import { createHubRelay, type RelayWorker } from "./cluster-relay.js";
import { migrateToLatest, openDatabase } from "./db/index.js";
import { preallocateWal } from "./db/sqlite-wal.js";
import type { Logger } from "./logger.js";
import type { HubChannel } from "./realtime/cluster-hub.js";
import { SHUTDOWN_GRACE_MS } from "./server.js";

/*
 * Several server processes on one machine (decision 0024): the primary process migrates the database, forks
 * `config.processes` workers that each run the whole server on the same port (Node's cluster hands new
 * connections to them in turn), relays the live-update hub between them (cluster-relay.ts), replaces a worker
 * that dies, and on SIGTERM or SIGINT stops them all and waits for them. The primary serves no request.
 */

/** A worker tells the primary it is listening. */
interface ReadyMessage {
  flagline: "ready";
  url: string;
  database: string;
}

/** Worker restarts allowed within RESTART_WINDOW_MS before the primary gives up and stops everything. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

export interface PrimaryHandle {
  /** Resolves with the exit code once every worker is gone. */
  done: Promise<number>;
  stop(signal: NodeJS.Signals): void;
}

export async function runPrimary(config: Config, log: Logger): Promise<PrimaryHandle> {
  // Migrations run once, here, before any worker opens the database.
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db, database.engine);
  } finally {
    await database.close();
  }
  // Closing the last connection deleted the WAL: the workers start with one of its working size (db/sqlite-wal.ts).
  if (database.sqliteFile) preallocateWal(database.sqliteFile);

  const relay = createHubRelay();
  // GET /metrics answered for the whole server by whichever worker takes it (cluster-metrics.ts).
  const metricsRequest = servesClusterMetrics();
  const ready = new Set<number>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;
  let announced = false;
  let finish!: (code: number) => void;
  const done = new Promise<number>((resolve) => (finish = resolve));

  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w.isConnected());
  const asRelay = (w: Worker): RelayWorker => ({ id: w.id, send: (m) => void w.send(m) });

  const stopAll = (signal: NodeJS.Signals) => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
  };

  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message: unknown) => {
      const m = message as Partial<ReadyMessage> | null;
      if (m?.flagline === "ready") {
        ready.add(worker.id);
        if (announced) log.info({ pid: worker.process.pid }, "a new server process is serving");
        else if (ready.size === config.processes) {
          announced = true;
          log.info(
            { url: m.url, database: m.database, dataDir: config.dataDir, processes: config.processes },
            "Flagline is serving",
          );
        }
        return;
      }
      if (metricsRequest(worker, message)) return;
      relay.fromWorker(
        asRelay(worker),
        message,
        live()
          .filter((w) => w.id !== worker.id)
          .map(asRelay),
      );
    });
    worker.on("exit", (code, signal) => {
      const wasReady = ready.delete(worker.id);
      relay.workerGone(worker.id);
      if (stopping) {
        // A worker still starting when the SIGTERM came may not have had its handler yet: stopped all the same.
        const stopped = code === 0 || (!wasReady && signal === "SIGTERM");
        if (!stopped) exitCode = 1;
        if (Object.keys(cluster.workers ?? {}).length === 0) finish(exitCode);
        return;
      }
      if (!wasReady) {
        // A worker that never came up (port taken, database unreadable) would fail again: stop, as one process would.
        log.fatal({ code, signal }, "a Flagline server process could not start; stopping");
        stop("SIGTERM", 1);
        return;
      }
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length > MAX_RESTARTS) {
        log.fatal({ restarts: restarts.length }, "Flagline server processes keep dying; stopping");
        stop("SIGTERM", 1);
        return;
      }
      log.error({ code, signal, pid: worker.process.pid }, "a Flagline server process died; starting another");
      fork();
    });
  };

  const stop = (signal: NodeJS.Signals, code = 0) => {
    if (stopping) {
      // A second signal while requests are still finishing: the operator means it.
      stopAll("SIGKILL");
      process.exit(1);
    }
    stopping = true;
    exitCode = code;
    void backups?.stop();
    const force = setTimeout(() => {
      log.warn(`server processes still running after ${SHUTDOWN_GRACE_MS / 1000} s; stopping them`);
      stopAll("SIGKILL");
    }, SHUTDOWN_GRACE_MS + 2_000);
    force.unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) finish(exitCode);
    // Each worker finishes its requests in flight, ends its streams and closes the database (main.ts).
    stopAll("SIGTERM");
  };

  // Structured clone instead of JSON over the IPC pipe: the stream frames the workers share are bytes.
  cluster.setupPrimary({ serialization: "advanced" });
  for (let i = 0; i < config.processes; i += 1) fork();
  // BACKUP_EVERY (decision 0041): taken here, once, rather than by every worker.
  const backups = startConfiguredBackups(config, log);
  return { done, stop };
}

/** A worker's side of the hub's IPC channel: process.send to the primary, its messages back. */
export function workerChannel(): HubChannel | undefined {
  if (!cluster.isWorker || !process.send) return undefined;
  return {
    send: (message) => void process.send!(message),
    onMessage(listener) {
      process.on("message", listener);
      return () => void process.off("message", listener);
    },
  };
}

/** A worker tells the primary it is listening (the primary logs "Flagline is serving" once all are). */
export function announceReady(url: string, database: string): void {
  const message: ReadyMessage = { flagline: "ready", url, database };
  process.send?.(message);
}
