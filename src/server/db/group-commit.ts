/**
 * Group commit: calls that arrive while a batch is being written wait for the next batch, which goes in ONE
 * transaction. On SQLite with synchronous=FULL each commit is an fsync, so one fsync per batch instead of per write
 * is what lets many concurrent clients get past the disk's commit rate. A call resolves only after its batch has
 * committed, so an acknowledged write is durable. When a batch fails, its items are written again one transaction
 * each, so only the bad one fails; when the database itself failed (out of reach, out of room), every item fails
 * with it at once. Used by the event writer (event-writer.ts) and the snap writer (snaps.ts).
 */
import { databaseOutage } from "./outage.js";

export interface GroupCommit<T, R> {
  submit(item: T): Promise<R>;
  /** Resolves when everything queued so far is written. */
  flush(): Promise<void>;
}

interface Pending<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export function createGroupCommit<T, R>(opts: {
  /** Writes several items in one transaction, all or nothing; one result per item, in order. */
  writeBatch(items: T[]): Promise<R[]>;
  /** Writes one item in a transaction of its own. */
  writeOne(item: T): Promise<R>;
  /** How much of a batch an item takes (default 1); a batch holds at least one item. */
  weight?(item: T): number;
  /** The most a batch may weigh. */
  maxBatch: number;
  /**
   * The least time between the starts of two batches, in ms (default 0). A call made when the last batch started
   * longer ago than this is written at once; under a steady stream of calls, those arriving meanwhile wait and go
   * together in the next batch, so a busy server commits at most 1000 / spacingMs times a second.
   */
  spacingMs?: number;
}): GroupCommit<T, R> {
  const spacingMs = Math.max(0, opts.spacingMs ?? 0);
  let lastStart = -Infinity;
  const maxBatch = Math.max(1, opts.maxBatch);
  const weight = opts.weight ?? (() => 1);
  let queue: Pending<T, R>[] = [];
  let draining: Promise<void> | null = null;

  /** Writes one item in a transaction of its own; the error it failed with, if it did. */
  async function writeAlone(p: Pending<T, R>): Promise<unknown> {
    try {
      p.resolve(await opts.writeOne(p.item));
      return undefined;
    } catch (error) {
      p.reject(error);
      return error;
    }
  }

  /**
   * The database itself failed (out of reach, out of room: a 503 each, db/outage.ts): the calls queued meanwhile
   * would only meet the same failure, one batch after another (PostgreSQL's connect timeout each while its network
   * hangs), and hold the writes behind them past the database's return. They fail with it now, as the pool's waiting
   * requests do (db/index.ts failFastPool).
   */
  function failQueued(error: unknown) {
    const waiting = queue;
    queue = [];
    for (const p of waiting) p.reject(error);
  }

  async function writeBatch(batch: Pending<T, R>[]) {
    // A batch of one is written alone: if it fails, writing it alone again would only fail again.
    if (batch.length === 1) {
      const error = await writeAlone(batch[0]!);
      if (error !== undefined && databaseOutage(error)) failQueued(error);
      return;
    }
    try {
      const results = await opts.writeBatch(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (error) {
      // Every item fails alike when the database did: none is written again alone.
      if (databaseOutage(error)) {
        for (const p of batch) p.reject(error);
        failQueued(error);
        return;
      }
      for (const p of batch) await writeAlone(p);
    }
  }

  async function drain() {
    // Let the calls made in this turn of the event loop join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const wait = lastStart + spacingMs - performance.now();
      if (wait > 0) await new Promise<void>((resolve) => setTimeout(resolve, wait));
      lastStart = performance.now();
      let size = 0;
      let take = 0;
      while (take < queue.length && (take === 0 || size + weight(queue[take]!.item) <= maxBatch)) {
        size += weight(queue[take]!.item);
        take += 1;
      }
      const batch = queue.slice(0, take);
      queue = queue.slice(take);
      await writeBatch(batch);
    }
    draining = null;
  }

  return {
    submit(item) {
      return new Promise((resolve, reject) => {
        queue.push({ item, resolve, reject });
        draining ??= drain();
      });
    },
    async flush() {
      while (draining) await draining;
    },
  };
}
