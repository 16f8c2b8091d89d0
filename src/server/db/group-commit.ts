/**
 * Group commit: calls that arrive while a batch is being written wait for the next batch, which goes in ONE
 * transaction. On SQLite with synchronous=FULL each commit is an fsync, so one fsync per batch instead of per write
 * is what lets many concurrent clients get past the disk's commit rate. A call resolves only after its batch has
 * committed, so an acknowledged write is durable. When a batch fails, its items are written again one transaction
 * each, so only the bad one fails. Used by the event writer (event-writer.ts) and the snap writer (snaps.ts).
 */
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

  async function writeAlone(p: Pending<T, R>) {
    try {
      p.resolve(await opts.writeOne(p.item));
    } catch (error) {
      p.reject(error);
    }
  }

  async function writeBatch(batch: Pending<T, R>[]) {
    // A batch of one is written alone: if it fails, writing it alone again would only fail again.
    if (batch.length === 1) return writeAlone(batch[0]!);
    try {
      const results = await opts.writeBatch(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch {
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
