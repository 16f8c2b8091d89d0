import Dexie, { liveQuery, type EntityTable } from "dexie";
import { createMemoryOutboxStore, storedItem, type OutboxItem, type OutboxStore } from "./outbox";

/**
 * The production outbox: one IndexedDB table, so what was logged with no signal survives a closed tab, a
 * reload or a flat battery. Dexie's liveQuery tells every open tab about a change, whichever tab made it.
 */
class OutboxDatabase extends Dexie {
  ops!: EntityTable<OutboxItem, "seq">;

  constructor() {
    super("flagline-outbox");
    this.version(1).stores({ ops: "++seq, ownerId" });
    // Version 2 adds item kinds (session, snap, snap-edit, snap-delete, final) in the same table and indexes, so
    // existing outboxes open unchanged. The bump is for tabs still running the old code: opening version 2 makes
    // their Dexie close its connection (it closes on "versionchange"), so an old tab never reads a new kind of item
    // as one it knows and sends it wrongly. It reloads into the new code (the service worker's update).
    this.version(2).stores({ ops: "++seq, ownerId" });
  }
}

function dexieStore(db: OutboxDatabase): OutboxStore {
  const list = (ownerId: string) => db.ops.where("ownerId").equals(ownerId).sortBy("seq");
  return {
    list,
    async add(item) {
      // seq 0 is replaced by the auto-increment key; the rest is what the store keeps about a new item.
      const { seq: _ignored, ...rest } = storedItem(item, 0);
      const seq = await db.ops.add(rest as OutboxItem);
      return { ...rest, seq } as OutboxItem;
    },
    async addMany(items) {
      const now = new Date();
      await db.ops.bulkAdd(
        items.map((item) => {
          const { seq: _ignored, ...rest } = storedItem(item, 0, now);
          return rest as OutboxItem;
        }),
      );
    },
    async remove(seqs) {
      await db.ops.bulkDelete([...seqs]);
    },
    async update(seq, patch) {
      await db.ops.update(seq, patch);
    },
    async markAttempted(seqs) {
      await db.ops
        .where("seq")
        .anyOf([...seqs])
        .modify((item) => {
          item.attempts += 1;
        });
    },
    subscribe(ownerId, listener, onError) {
      const subscription = liveQuery(() => list(ownerId)).subscribe({ next: listener, error: onError });
      return () => subscription.unsubscribe();
    },
  };
}

export interface OpenedOutbox {
  store: OutboxStore;
  /** false when the browser refused IndexedDB (some private modes): the outbox then lasts until the tab closes. */
  durable: boolean;
}

let opened: Promise<OpenedOutbox> | null = null;

/** The tab's outbox, opened once. */
export function openOutbox(): Promise<OpenedOutbox> {
  opened ??= (async () => {
    try {
      if (typeof indexedDB === "undefined") throw new Error("IndexedDB is not available");
      const db = new OutboxDatabase();
      await db.open();
      return { store: dexieStore(db), durable: true };
    } catch {
      return { store: createMemoryOutboxStore(), durable: false };
    }
  })();
  return opened;
}
