// Extends zod with .openapi() before any shared schema is built (see tests/server/support/setup.ts).
import "@hono/zod-openapi";
import cluster from "node:cluster";
import { announceReady, runPrimary, workerChannel } from "./cluster.js";
import { loadConfig } from "./config.js";
import { createLogger, ignoreBrokenOutput } from "./logger.js";
import { SHUTDOWN_GRACE_MS, startServer } from "./server.js";

ignoreBrokenOutput();
const config = loadConfig();
const log = createLogger(config.logLevel);

/** Logging never stands between a signal and the exit: a failed write is dropped, never thrown. */
function safely(write: () => void): void {
  try {
    write();
  } catch {
    // stdout is gone: nothing to tell, and nobody to tell it to.
  }
}

let stopping = false;
function stop(signal: NodeJS.Signals, started: ReturnType<typeof startServer>): void {
  if (stopping) {
    // A second signal while requests are still finishing: the operator means it.
    process.exit(1);
  }
  stopping = true;
  // Armed before anything else can fail: whatever happens next, the process is gone within the grace period.
  const force = setTimeout(() => {
    safely(() => log.warn(`requests still open after ${SHUTDOWN_GRACE_MS / 1000} s; exiting`));
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  const closing = started.then((running) => running.close());
  safely(() => log.info({ signal }, "shutting down: finishing requests in flight"));
  closing.then(
    () => {
      safely(() => log.info("stopped cleanly"));
      process.exit(0);
    },
    (error: unknown) => {
      safely(() => log.error({ err: error }, "error while stopping"));
      process.exit(1);
    },
  );
}

if (cluster.isPrimary && config.processes > 1) {
  // Several server processes (cluster.ts): this one migrates, forks the workers and relays between them.
  try {
    const primary = await runPrimary(config, log);
    process.on("SIGTERM", () => primary.stop("SIGTERM"));
    process.on("SIGINT", () => primary.stop("SIGINT"));
    const code = await primary.done;
    safely(() => log.info(code === 0 ? "stopped cleanly" : "stopped"));
    process.exit(code);
  } catch (error) {
    safely(() => log.fatal({ err: error }, "Flagline could not start"));
    process.exit(1);
  }
} else {
  const hubChannel = workerChannel();
  const started = startServer(config, log, { hubChannel });
  // Listening for signals from the start: a SIGTERM during startup stops the server as soon as it is up.
  process.on("SIGTERM", () => stop("SIGTERM", started));
  if (hubChannel) {
    // A worker: Ctrl-C in a terminal reaches the whole process group, and the primary then stops its workers
    // with SIGTERM; a worker whose primary is gone (killed) stops too.
    process.on("SIGINT", () => {});
    process.on("disconnect", () => stop("SIGTERM", started));
  } else {
    process.on("SIGINT", () => stop("SIGINT", started));
  }
  try {
    const running = await started;
    if (hubChannel) announceReady(running.url, running.services.database.engine);
  } catch (error) {
    safely(() => log.fatal({ err: error }, "Flagline could not start"));
    process.exit(1);
  }
}
