// Extends zod with .openapi() before any shared schema is built (see tests/server/support/setup.ts).
import "@hono/zod-openapi";
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

const started = startServer(config, log);
// Listening for signals from the start: a SIGTERM during startup stops the server as soon as it is up.
process.on("SIGTERM", () => stop("SIGTERM", started));
process.on("SIGINT", () => stop("SIGINT", started));
try {
  await started;
} catch (error) {
  safely(() => log.fatal({ err: error }, "Flagline could not start"));
  process.exit(1);
}
