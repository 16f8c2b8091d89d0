import { pino, type Logger } from "pino";

export type { Logger };

/**
 * A closed stdout or stderr (the log collector died, `| head` exited) must never take the process down or stop a
 * shutdown: writes to them fail quietly from then on. Without this an EPIPE is an unhandled 'error' event.
 */
export function ignoreBrokenOutput(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
}

/**
 * JSON lines on stdout. Synchronous writes: pino's default asynchronous stream flushes whatever is pending on
 * process exit in a loop that never ends when stdout is a closed pipe (EPIPE), so the process would hang on exit.
 * A write that fails is dropped (pino already turns an EPIPE into a no-op stream; any other error is ignored).
 */
export function createLogger(level: string): Logger {
  const destination = pino.destination({ fd: 1, sync: true });
  destination.on("error", () => {});
  return pino(
    {
      level,
      base: { app: "flagline" },
      redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], remove: true },
    },
    destination,
  );
}
