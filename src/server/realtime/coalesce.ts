import type { ChangeKind, TeamChange } from "./hub.js";

/** At most one message per kind per this many milliseconds on one connection. */
export const COALESCE_MS = 250;

export interface ChangeCoalescer {
  push(change: TeamChange): void;
  /** Drops whatever is waiting and stops the timers. */
  stop(): void;
}

/**
 * Throttles one connection's changes per kind: the first change of a kind goes out at once; changes of that kind
 * within the next `windowMs` are folded into one message sent when the window ends, carrying the latest `at`.
 * A burst (a 50-event batch, several coaches logging at once) thus costs each screen one refetch, while a lone
 * change is not delayed at all.
 */
export function createCoalescer(send: (change: TeamChange) => void, windowMs = COALESCE_MS): ChangeCoalescer {
  const lastSent = new Map<ChangeKind, number>();
  const waiting = new Map<ChangeKind, { change: TeamChange; timer: ReturnType<typeof setTimeout> }>();
  let stopped = false;

  function emit(change: TeamChange) {
    lastSent.set(change.kind, Date.now());
    send(change);
  }

  return {
    push(change) {
      if (stopped) return;
      const pending = waiting.get(change.kind);
      if (pending) {
        pending.change = change;
        return;
      }
      const since = Date.now() - (lastSent.get(change.kind) ?? -Infinity);
      if (since >= windowMs) {
        emit(change);
        return;
      }
      const entry = {
        change,
        timer: setTimeout(() => {
          waiting.delete(change.kind);
          if (!stopped) emit(entry.change);
        }, windowMs - since),
      };
      waiting.set(change.kind, entry);
    },
    stop() {
      stopped = true;
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
