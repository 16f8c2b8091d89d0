import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { GameSheetResponse } from "#domain/api/game";
import type { SessionDetailResponse } from "#domain/api/logger";
import { afterPaint } from "~/lib/after-paint";
import { loadOnce } from "~/lib/load-once";
import { TEAM_ROOT_KEY, teamKeys } from "~/lib/query-keys";
import { OutboxEngine, type EngineSnapshot } from "./outbox-engine";
import { withAppliedPeriod } from "../snaps/game-period";
import { createMemoryOutboxStore, sessionOfItem, type OutboxItem, type OutboxStore } from "./outbox";
import { withAppliedSnaps } from "../snaps/snap-model";
import { apiTransport } from "./outbox-transport";
import { withApplied } from "../view-model";
import type { OpenedOutbox } from "./outbox-dexie";

/**
 * IndexedDB's library (Dexie, about 30 kB gzipped) is a chunk of its own (decision 0017, fifth follow-up), asked for
 * once the logger has painted its first frame: the screen's first render neither waits for it nor shares the phone's
 * bandwidth and main thread with it before that paint. The outbox's engine exists from the start over a store that
 * waits for IndexedDB to open (`waitingStore`), so a tap in that moment is queued once it has, not refused; the
 * outbox shows what is queued a moment later. Asked once per tab (a failed download is asked again on the next mount).
 */
const loadOutboxStore = loadOnce(() => import("./outbox-dexie"));

/** A store whose every call waits for `opening` (the real store) first. */
function waitingStore(opening: Promise<OutboxStore>): OutboxStore {
  return {
    list: (ownerId) => opening.then((store) => store.list(ownerId)),
    add: (item) => opening.then((store) => store.add(item)),
    addMany: (items) => opening.then((store) => store.addMany(items)),
    remove: (seqs) => opening.then((store) => store.remove(seqs)),
    update: (seq, patch) => opening.then((store) => store.update(seq, patch)),
    markAttempted: (seqs) => opening.then((store) => store.markAttempted(seqs)),
    subscribe(ownerId, listener, onError) {
      let stopped = false;
      let unsubscribe: (() => void) | undefined;
      opening.then(
        (store) => {
          if (!stopped) unsubscribe = store.subscribe(ownerId, listener, onError);
        },
        (error: unknown) => {
          if (!stopped) onError?.(error);
        },
      );
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
  };
}

const NO_ITEMS: OutboxItem[] = [];
const EMPTY: EngineSnapshot = {
  items: NO_ITEMS,
  loaded: false,
  syncing: false,
  problem: null,
  offline: false,
  held: null,
  recent: NO_ITEMS,
};
const emptySnapshot = () => EMPTY;

export interface OutboxHandle extends EngineSnapshot {
  engine: OutboxEngine;
  /** false when the browser refused IndexedDB: queued items then do not survive the tab. */
  durable: boolean;
}

/**
 * IndexedDB's outbox, opened once `begin` is called (after the first paint). When its code cannot be downloaded (no
 * connection, and no service worker yet), the outbox lives in memory for this tab: what is logged meanwhile is kept
 * and sent, and the screen says it would not survive closing the tab (as when the browser refuses IndexedDB).
 */
function startOpening(): { begin: () => void; opened: Promise<OpenedOutbox> } {
  let begin!: () => void;
  const opened = new Promise<void>((resolve) => (begin = resolve)).then(loadOutboxStore).then(
    ({ openOutbox }) => openOutbox(),
    (): OpenedOutbox => ({ store: createMemoryOutboxStore(), durable: false }),
  );
  return { begin, opened };
}

/**
 * The signed-in coach's outbox and its sync loop, for as long as the calling component is mounted. What the
 * server applies is written into the cached session and game sheet at once and every ["team"] query is refreshed
 * after.
 */
export function useOutbox(ownerId: string, ownerName: string): OutboxHandle {
  const queryClient = useQueryClient();
  // IndexedDB, opened once `begin` is called (after the first paint); the engine works over it from the start.
  const [opening] = useState(startOpening);
  const engine = useMemo(
    () =>
      new OutboxEngine(waitingStore(opening.opened.then(({ store }) => store)), apiTransport, ownerId, {
        onApplied(items) {
          const sessions = new Set(items.map(sessionOfItem).filter((id): id is string => id !== null));
          for (const id of sessions) {
            queryClient.setQueryData<SessionDetailResponse>(teamKeys.session(id), (detail) =>
              detail ? withApplied(detail, items) : detail,
            );
            queryClient.setQueryData<GameSheetResponse>(teamKeys.gameSheet(id), (sheet) =>
              sheet
                ? withAppliedPeriod(withAppliedSnaps(sheet, items, { id: ownerId, name: ownerName }), items)
                : sheet,
            );
          }
        },
        onSynced() {
          void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
        },
      }),
    [opening, ownerId, ownerName, queryClient],
  );
  const [durable, setDurable] = useState(true);

  useEffect(() => {
    let cancelled = false;
    const stop = engine.start();
    void opening.opened.then((opened) => {
      if (!cancelled) setDurable(opened.durable);
    });
    // Already in (a later mount): at once; else after the first paint.
    const cancelWait = loadOutboxStore.asked() ? (opening.begin(), () => {}) : afterPaint(opening.begin);
    return () => {
      cancelled = true;
      cancelWait();
      stop();
    };
  }, [engine, opening]);

  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot, emptySnapshot);
  // An empty outbox is the same empty list from one snapshot to the next (its opening included), so what the screen
  // derives from it (rows, marks, the score) keeps its identity and memoised parts of the screen skip that render.
  const items = snapshot.items.length === 0 ? NO_ITEMS : snapshot.items;
  const recent = snapshot.recent.length === 0 ? NO_ITEMS : snapshot.recent;
  return { ...snapshot, items, recent, engine, durable };
}
