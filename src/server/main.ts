// Extends zod with .openapi() before any shared schema is built (see tests/server/support/setup.ts).
import "@hono/zod-openapi";
import { loadConfig } from "./config.js";
import { createLogger } from "./logger.js";
import { startServer } from "./server.js";

const config = loadConfig();
const log = createLogger(config.logLevel);

try {
  const running = await startServer(config, log);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      log.warn("requests still open after 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    running.close().then(
      () => {
        log.info("stopped cleanly");
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, "error while stopping");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
} catch (error) {
  log.fatal({ err: error }, "Flagline could not start");
  process.exit(1);
}
