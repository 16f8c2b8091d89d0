import type { Server as HttpServer, RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { createApp } from "./app.js";
import { createAuth } from "./auth/index.js";
import type { Config } from "./config.js";
import { createEventWriter } from "./db/event-writer.js";
import { createSnapWriter, type SnapWriter } from "./db/snaps.js";
import { startSnapWriterThread } from "./db/snap-writer-thread.js";
import { migrateToLatest, openDatabase, type Database } from "./db/index.js";
import { createOutboxBell, type Services } from "./services.js";
import type { Logger } from "./logger.js";
import { startMailBackground } from "./mail/background.js";
import { createMailer } from "./mail/index.js";
import { createPushService, type PushService } from "./push/service.js";
import { createMemoryHub } from "./realtime/hub.js";
import { createClusterHub, type HubChannel } from "./realtime/cluster-hub.js";
import { createPgHub } from "./realtime/pg-hub.js";
import { createFileStore } from "./storage/index.js";
import { acceptH2c } from "./http/h2c.js";
import { startConfiguredBackups } from "./backup/schedule.js";

export interface RunningServer {
  url: string;
  services: Services;
  /** Stops taking connections, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

/** How this process runs: alone, or as one worker of several (cluster.ts). */
export interface ProcessRole {
  /** A cluster worker's IPC channel to the primary: the hub relays changes to the other workers over it. */
  hubChannel?: HubChannel;
}

/*
 * The snap writer thread's module (decision 0031), next to this file's: the server's bundle (build:server) puts
 * src/server/db/snap-writer-worker.ts at dist/server/db/snap-writer-worker.js beside main.js; from source (tsx,
 * Vitest) the thread loads the .ts module through tsx.
 */
const SNAP_WRITER_ENTRY = new URL(
  `./db/snap-writer-worker.${import.meta.url.endsWith(".ts") ? "ts" : "js"}`,
  import.meta.url,
);

/**
 * Snaps are written on a thread of their own over the embedded database in one process (decision 0031). Workers of
 * a cluster take turns at its one write lock, so spaced commits would make each wait for the other's (decision
 * 0030): they write in process, unspaced. PostgreSQL's writes already run in its own processes.
 */
function snapWriterOf(database: Database, role: ProcessRole, log: Logger): SnapWriter {
  if (database.engine !== "sqlite" || !database.sqliteFile) return createSnapWriter(database.db);
  if (role.hubChannel) return createSnapWriter(database.db, { commitSpacingMs: 0 });
  return startSnapWriterThread({
    file: database.sqliteFile,
    logLevel: log.level,
    entry: SNAP_WRITER_ENTRY,
    fallback: () => {
      log.error("the snap writer's thread did not start; snaps are written on the server's thread");
      return createSnapWriter(database.db);
    },
    onFailure: (err) => log.error({ err }, "the snap writer's thread failed"),
  });
}

/** Opens and migrates the database and builds every service the app needs. */
export async function createServices(
  config: Config,
  log: Logger,
  role: ProcessRole = {},
): Promise<Services & { push: PushService }> {
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // A cluster's workers share the WAL their primary prepared (cluster.ts).
    preallocateWal: !role.hubChannel,
    checkpointInWorker: {
      onFailure: (err) => log.error({ err }, "WAL checkpoint worker failed; the server's connection checkpoints again"),
      onCheckpointFailed: (failure) =>
        log.warn({ failure }, "WAL checkpoint could not run (is the disk full?); the WAL keeps every write, retrying"),
      onCheckpointResumed: () => log.info("WAL checkpoints resumed"),
    },
  });
  try {
    await migrateToLatest(database.db, database.engine);
  } catch (error) {
    // The server does not start on a database it could not upgrade (main.ts logs the error, which names the
    // migration); its connections close rather than hold the process open.
    await database.close();
    throw error;
  }
  const mailer = config.mail ? createMailer(config.mail, log) : null;
  const base = {
    database,
    auth: createAuth(database, config, mailer),
    mailer,
    config,
    log,
    // One process: changes stay in it. Several servers on one PostgreSQL: LISTEN/NOTIFY fans them out. Several
    // processes over the embedded database (cluster.ts): the primary relays them between the workers.
    hub: config.databaseUrl
      ? await createPgHub({ connectionString: config.databaseUrl, log })
      : role.hubChannel
        ? createClusterHub(role.hubChannel, log)
        : createMemoryHub({ onListenerError: (err) => log.warn({ err }, "live update listener failed") }),
    files: createFileStore(config),
    eventWriter: createEventWriter(database.db),
    snapWriter: snapWriterOf(database, role, log),
    mailOutbox: createOutboxBell(),
  };
  return { ...base, push: createPushService(base) };
}

/** After SIGTERM or SIGINT (main.ts), requests in flight get this long to finish; then the process exits anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** How long an idle keep-alive connection stays open (advertised as Keep-Alive: timeout=65). */
export const KEEP_ALIVE_MS = 65_000;

export async function startServer(config: Config, log: Logger, role: ProcessRole = {}): Promise<RunningServer> {
  const services = await createServices(config, log, role);
  const app = createApp(services);
  // Node closes an idle keep-alive connection after 5 s; a client reusing it at that moment (a browser, a proxy,
  // a test runner) gets ECONNRESET. Keep idle connections longer than the usual proxy idle timeout (60 s), so the
  // client gives them up first.
  const server = createAdaptorServer({
    fetch: app.fetch,
    hostname: config.host,
    serverOptions: { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1_000 },
  }) as HttpServer;
  // The same port answers HTTP/2 without TLS (h2c) for a proxy that multiplexes streams (decision 0036).
  const listener = server.listeners("request")[0] as RequestListener;
  const h2c = acceptH2c(server, listener, { log, sniffTimeoutMs: KEEP_ALIVE_MS + 1_000 });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // The mail outbox's sender and the reminder tick (decision 0028): stopped before the database closes.
  const mailBackground = startMailBackground(services);
  // Web Push's sender (decision 0035): rows queued here or on another server.
  services.push.sender.start();
  // BACKUP_EVERY (decision 0041): a cluster's primary runs it once for all its workers (cluster.ts).
  const backups = role.hubChannel ? null : startConfiguredBackups(config, log);
  const address = server.address() as AddressInfo;
  const url = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${address.port}`;
  // A cluster's primary says it once for all its workers.
  if (role.hubChannel) log.debug({ url, pid: process.pid }, "server process is serving");
  else log.info({ url, database: services.database.engine, dataDir: config.dataDir }, "Flagline is serving");

  let closing: Promise<void> | null = null;
  return {
    url,
    services,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Live-update streams never finish on their own: end them (their sockets close with them).
          void services.hub.close();
          // Idle keep-alive sockets would hold close() open; busy ones finish their request first. HTTP/2
          // connections close once their streams have ended.
          server.closeIdleConnections();
          h2c.close();
        });
        await mailBackground.stop();
        await backups?.stop();
        await services.push.stop();
        await services.snapWriter.close();
        await services.database.close();
      })();
      return closing;
    },
  };
}
