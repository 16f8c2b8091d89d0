import type { Logger } from "../logger.js";

/*
 * The loop of an outbox's sender (decision 0028): the mail sender (outbox-sender.ts) and the push sender
 * (push/sender.ts) run passes with it. A pass claims a batch and sends it; passes never overlap; the next pass comes
 * at once after a full batch, or after a wake() during a pass (rows queued meanwhile), else after the poll interval.
 */

export interface PassLoop<R> {
  /** One pass now (or the one in flight). */
  runOnce(): Promise<R>;
  /** Runs passes until stop(). */
  start(pollMs?: number): void;
  /** Asks for a pass soon: rows were just queued on this server. */
  wake(): void;
  /** Stops the loop and waits for the pass in flight. */
  stop(): Promise<void>;
}

export function passLoop<R extends { claimed: number }>(o: {
  pass: () => Promise<R>;
  batchSize: number;
  pollMs: number;
  log: Logger;
  /** For the log: "mail outbox", "push outbox". */
  what: string;
}): PassLoop<R> {
  let running: Promise<R> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let pollEvery = o.pollMs;
  let again = false;

  function runOnce() {
    running ??= o.pass().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      again = false;
      runOnce().then(
        (r) => schedule(r.claimed >= o.batchSize || again ? 0 : pollEvery),
        (err: unknown) => {
          o.log.error({ err }, `${o.what} pass failed`);
          schedule(pollEvery);
        },
      );
    }, ms);
    timer.unref();
  }

  return {
    runOnce,
    start(pollMs = o.pollMs) {
      pollEvery = pollMs;
      stopped = false;
      schedule(0);
    },
    wake() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}
