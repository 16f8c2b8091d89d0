import type { ChangeKind } from "./hub.js";

/** At most one message per kind per this many milliseconds on one connection. */
export const COALESCE_MS = 250;

/** What a coalescer folds: anything of one change kind (the latest of a kind wins, with its payloads). */
interface OfKind {
  kind: ChangeKind;
}

export interface ChangeCoalescer<T extends OfKind> {
  push(change: T): void;
  /** Drops whatever is waiting and stops the timers. */
  stop(): void;
}

/**
 * Throttles one connection's changes per kind: the first change of a kind goes out at once; changes of that kind
 * within the next `windowMs` are folded into one message sent when the window ends: the latest (its `at` and its
 * payloads, which are the freshest).
 * A burst (a 50-event batch, several coaches logging at once) thus costs each screen one refetch, while a lone
 * change is not delayed at all.
 */
export function createCoalescer<T extends OfKind>(
  send: (change: T) => void,
  windowMs = COALESCE_MS,
): ChangeCoalescer<T> {
  const lastSent = new Map<ChangeKind, number>();
  const waiting = new Map<ChangeKind, { change: T; timer: ReturnType<typeof setTimeout> }>();
  let stopped = false;

  function emit(change: T) {
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
