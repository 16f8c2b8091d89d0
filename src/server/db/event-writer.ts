import type { Kysely } from "kysely";
import { recordEvent, recordEvents, type NewEvent } from "./events.js";
import type { DB } from "./schema.js";

/**
 * Group commit for event writes. Calls that arrive while a batch is being written wait for the next batch,
 * which goes in ONE transaction: on SQLite with synchronous=FULL each commit is an fsync, and one fsync per
 * batch instead of per event is what lets 50 concurrent clients get past ~1,300 events/s on an ordinary disk.
 * A call resolves only after its batch has committed, so an acknowledged event is durable.
 * If a batch fails (say one event names an unknown player), its events are retried one transaction each, so
 * only the bad one fails.
 */
export interface EventWriter {
  record(e: NewEvent): Promise<{ inserted: boolean }>;
  /** Resolves when everything queued so far is written. */
  flush(): Promise<void>;
}

interface Pending {
  event: NewEvent;
  resolve(result: { inserted: boolean }): void;
  reject(error: unknown): void;
}

export function createEventWriter(db: Kysely<DB>, opts: { maxBatch?: number } = {}): EventWriter {
  const maxBatch = Math.max(1, opts.maxBatch ?? 256);
  let queue: Pending[] = [];
  let draining: Promise<void> | null = null;

  async function writeBatch(batch: Pending[]) {
    try {
      const results = await recordEvents(
        db,
        batch.map((p) => p.event),
      );
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch {
      for (const p of batch) {
        try {
          p.resolve(await recordEvent(db, p.event));
        } catch (error) {
          p.reject(error);
        }
      }
    }
  }

  async function drain() {
    // Let the calls made in this turn of the event loop join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      await writeBatch(batch);
    }
    draining = null;
  }

  return {
    record(event) {
      return new Promise((resolve, reject) => {
        queue.push({ event, resolve, reject });
        draining ??= drain();
      });
    },
    async flush() {
      while (draining) await draining;
    },
  };
}
