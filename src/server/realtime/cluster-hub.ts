import type { Logger } from "../logger.js";
import { createMemoryHub, type FeedMessage, type MemoryTeamHub, type TeamHub } from "./hub.js";
import { deliverRelayed } from "./relay.js";

/*
 * The team hub of one worker of a Flagline cluster (server/cluster.ts: several server processes over one embedded
 * database). Each worker keeps an in-process hub for its own streams; a publish or revocation delivers locally at
 * once and goes to the primary process, which relays it to every other worker. The others apply it (their read
 * caches drop the team, their streams hear it) and say so; the primary then acknowledges it to the sender, whose
 * `delivered()` resolves. A write's answer waits for that (app.ts), so whichever worker serves the caller's next
 * read has already dropped what the write changed.
 */

/** A worker's change or revocation, on its way to the primary (`seq` numbers the sender's messages). */
interface HubOut {
  flagline: "hub";
  seq: number;
  teamId?: string;
  change?: unknown;
  revoke?: unknown;
}
/** The primary relaying another worker's message: apply it, then answer `applied` with the same `relay`. */
export interface HubIn {
  flagline: "hub-relay";
  relay: number;
  teamId?: string;
  change?: unknown;
  revoke?: unknown;
}
/** Frames a worker read for a team's changes, for the other workers' screens (no acknowledgement). */
export interface HubFrames {
  flagline: "hub-frames";
  teamId: string;
  messages: FeedMessage[];
}
/** Every other worker applied the sender's messages up to `seq`. */
export interface HubAck {
  flagline: "hub-ack";
  seq: number;
}
interface HubApplied {
  flagline: "hub-applied";
  relay: number;
}

/** The worker's side of the IPC channel (process.send / process.on("message") in a cluster worker). */
export interface HubChannel {
  send(message: HubOut | HubApplied | HubFrames): void;
  onMessage(listener: (message: unknown) => void): () => void;
}

/** How long a write's answer waits for the other workers at most; past it the answer goes out anyway. */
const DELIVERY_WAIT_MS = 2_000;

const isObject = (m: unknown): m is Record<string, unknown> => typeof m === "object" && m !== null;

/** Frames as structured clone carries them (the cluster's IPC uses advanced serialization: cluster.ts). */
const isFeedMessage = (m: unknown): m is FeedMessage =>
  isObject(m) && typeof m.kind === "string" && m.member instanceof Uint8Array && m.coach instanceof Uint8Array;

export function createClusterHub(
  channel: HubChannel,
  log: Pick<Logger, "warn">,
  opts: { deliveryWaitMs?: number } = {},
): TeamHub & { local: MemoryTeamHub } {
  const local = createMemoryHub({ onListenerError: (err) => log.warn({ err }, "live update listener failed") });
  const waitMs = opts.deliveryWaitMs ?? DELIVERY_WAIT_MS;
  let sent = 0;
  let acked = 0;
  /** Callers of delivered(), each waiting for the acknowledgement of one sequence number. */
  const waiting: Array<{ seq: number; resolve: () => void }> = [];
  let closed = false;

  const settle = () => {
    for (let i = waiting.length - 1; i >= 0; i -= 1) {
      if (waiting[i]!.seq <= acked) waiting.splice(i, 1)[0]!.resolve();
    }
  };

  const framesListeners = new Set<(teamId: string, messages: FeedMessage[]) => void>();

  const stopListening = channel.onMessage((message) => {
    if (!isObject(message)) return;
    if (message.flagline === "hub-frames") {
      if (typeof message.teamId !== "string" || !Array.isArray(message.messages)) return;
      const messages = (message.messages as unknown[]).filter(isFeedMessage);
      for (const listener of [...framesListeners]) {
        try {
          listener(message.teamId, messages);
        } catch (err) {
          log.warn({ err }, "live update listener failed");
        }
      }
      return;
    }
    if (message.flagline === "hub-relay" && typeof message.relay === "number") {
      try {
        deliverRelayed(local, message);
      } catch (err) {
        log.warn({ err }, "ignored a malformed team change from another server process");
      }
      // Applied (or dropped): either way the sender need not wait any longer.
      channel.send({ flagline: "hub-applied", relay: message.relay });
    } else if (message.flagline === "hub-ack" && typeof message.seq === "number") {
      acked = Math.max(acked, message.seq);
      settle();
    }
  });

  const relay = (message: Omit<HubOut, "flagline" | "seq">) => {
    sent += 1;
    try {
      channel.send({ flagline: "hub", seq: sent, ...message });
    } catch (err) {
      // The primary is gone (this worker is about to stop): the other workers are gone with it.
      acked = sent;
      log.warn({ err }, "could not tell the other server processes of a change");
    }
  };

  return {
    local,
    publish(teamId, change) {
      if (closed) return;
      local.publish(teamId, change);
      // With screens of the team here, this worker's feed reads the payloads and shares the frames (team-feed.ts).
      relay({ teamId, change: local.subscriberCount(teamId) > 0 ? { ...change, framesFollow: true } : change });
    },
    shareFrames(teamId, messages) {
      if (closed || messages.length === 0) return;
      try {
        channel.send({ flagline: "hub-frames", teamId, messages });
      } catch (err) {
        log.warn({ err }, "could not hand live update frames to the other server processes");
      }
    },
    onFrames(listener) {
      framesListeners.add(listener);
      return () => void framesListeners.delete(listener);
    },
    revoke(revocation) {
      if (closed) return;
      local.revoke(revocation);
      relay({ revoke: revocation });
    },
    onRevoke: (userId, listener) => local.onRevoke(userId, listener),
    observe: (observer) => local.observe(observer),
    subscribe: (teamId, listener, onClose) => local.subscribe(teamId, listener, onClose),
    delivered() {
      const seq = sent;
      if (seq <= acked || closed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const entry = {
          seq,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          const i = waiting.indexOf(entry);
          if (i >= 0) waiting.splice(i, 1);
          log.warn({ seq, acked }, "another server process did not confirm a change in time; answering anyway");
          resolve();
        }, waitMs);
        timer.unref();
        waiting.push(entry);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      stopListening();
      for (const w of waiting.splice(0)) w.resolve();
      await local.close();
    },
  };
}
