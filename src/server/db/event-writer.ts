import type { Kysely } from "kysely";
import { recordEvent, recordEvents, type NewEvent } from "./events.js";
import { createGroupCommit } from "./group-commit.js";
import type { DB } from "./schema.js";

/**
 * Group commit for event writes (group-commit.ts): one fsync per batch instead of per event is what lets 50
 * concurrent clients get past ~1,300 events/s on an ordinary disk. If a batch fails (say one event names an unknown
 * player), its events are retried one transaction each, so only the bad one fails.
 */
export interface EventWriter {
  record(e: NewEvent): Promise<{ inserted: boolean }>;
  /** Resolves when everything queued so far is written. */
  flush(): Promise<void>;
}

export function createEventWriter(db: Kysely<DB>, opts: { maxBatch?: number } = {}): EventWriter {
  const group = createGroupCommit<NewEvent, { inserted: boolean }>({
    writeBatch: (events) => recordEvents(db, events),
    writeOne: (event) => recordEvent(db, event),
    maxBatch: opts.maxBatch ?? 256,
  });
  return { record: (event) => group.submit(event), flush: () => group.flush() };
}
