import type { HubAck, HubFrames, HubIn } from "./realtime/cluster-hub.js";

/** A worker as the primary's relay sees it. */
export interface RelayWorker {
  id: number;
  send(message: HubIn | HubAck | HubFrames): void;
}

interface Pending {
  from: RelayWorker;
  seq: number;
  waitingOn: Set<number>;
}

/**
 * The primary's half of the cluster hub (realtime/cluster-hub.ts): relays each worker's change or revocation to
 * every other worker and, once they all applied it (or are gone), acknowledges it to the sender.
 */
export function createHubRelay() {
  const pending = new Map<number, Pending>();
  let nextRelay = 0;

  const finish = (relay: number, entry: Pending) => {
    pending.delete(relay);
    try {
      entry.from.send({ flagline: "hub-ack", seq: entry.seq });
    } catch {
      // The sender is gone; nobody waits for the acknowledgement.
    }
  };

  return {
    /** A worker's message: `others` are the workers to tell (every live worker but the sender). */
    fromWorker(from: RelayWorker, message: unknown, others: readonly RelayWorker[]): void {
      if (typeof message !== "object" || message === null) return;
      const m = message as { flagline?: unknown; seq?: unknown; relay?: unknown };
      if (m.flagline === "hub-frames") {
        // Frames for the other workers' screens: passed on as they are, nothing waits for them.
        for (const worker of others) {
          try {
            worker.send(message as HubFrames);
          } catch {
            // A worker that cannot be told is on its way out.
          }
        }
      } else if (m.flagline === "hub" && typeof m.seq === "number") {
        const { flagline: _kind, seq, ...body } = m as { flagline: string; seq: number } & Record<string, unknown>;
        nextRelay += 1;
        const relay = nextRelay;
        const entry: Pending = { from, seq, waitingOn: new Set() };
        pending.set(relay, entry);
        for (const worker of others) {
          try {
            worker.send({ flagline: "hub-relay", relay, ...body });
            entry.waitingOn.add(worker.id);
          } catch {
            // A worker that cannot be told is on its way out; its streams end with it.
          }
        }
        if (entry.waitingOn.size === 0) finish(relay, entry);
      } else if (m.flagline === "hub-applied" && typeof m.relay === "number") {
        const entry = pending.get(m.relay);
        if (!entry) return;
        entry.waitingOn.delete(from.id);
        if (entry.waitingOn.size === 0) finish(m.relay, entry);
      }
    },

    /** A worker exited: nothing waits for it any longer. */
    workerGone(id: number): void {
      for (const [relay, entry] of [...pending]) {
        if (entry.from.id === id) {
          pending.delete(relay);
          continue;
        }
        if (entry.waitingOn.delete(id) && entry.waitingOn.size === 0) finish(relay, entry);
      }
    },

    /** Messages relayed and not yet applied everywhere (tests). */
    pendingCount: () => pending.size,
  };
}
