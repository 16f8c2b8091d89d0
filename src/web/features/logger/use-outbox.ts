import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { GameSheetResponse } from "#domain/api/game";
import type { SessionDetailResponse } from "#domain/api/logger";
import { TEAM_ROOT_KEY, teamKeys } from "~/lib/query-keys";
import { OutboxEngine, type EngineSnapshot } from "./engine";
import { sessionOfItem } from "./outbox";
import { withAppliedSnaps } from "./snap-model";
import { apiTransport } from "./transport";
import { withApplied } from "./view-model";

/**
 * IndexedDB's library (Dexie, about 30 kB gzipped) is a chunk of its own (decision 0017): its download starts as soon
 * as the logger's code runs, alongside the rest, and the screen's first render does not wait for it; the outbox shows
 * what is queued a moment later. Asked once per tab (a failed download is asked again on the next mount).
 */
let outboxModule: Promise<typeof import("./outbox-dexie")> | null = null;
function loadOutboxStore() {
  outboxModule ??= import("./outbox-dexie").catch((error: unknown) => {
    outboxModule = null;
    throw error;
  });
  return outboxModule;
}
if (typeof window !== "undefined") void loadOutboxStore().catch(() => undefined);

const EMPTY: EngineSnapshot = { items: [], loaded: false, syncing: false, problem: null, offline: false, recent: [] };
const noSubscribe = () => () => {};
const emptySnapshot = () => EMPTY;

export interface OutboxHandle extends EngineSnapshot {
  /** null until IndexedDB has opened (a few milliseconds). */
  engine: OutboxEngine | null;
  /** false when the browser refused IndexedDB: queued items then do not survive the tab. */
  durable: boolean;
}

/**
 * The signed-in coach's outbox and its sync loop, for as long as the calling component is mounted. What the
 * server applies is written into the cached session and game sheet at once and every ["team"] query is refreshed
 * after.
 */
export function useOutbox(ownerId: string, ownerName: string): OutboxHandle {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<{ engine: OutboxEngine; durable: boolean } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let stop: (() => void) | undefined;
    void loadOutboxStore()
      .then(({ openOutbox }) => openOutbox())
      .then(({ store, durable }) => {
        if (cancelled) return;
        const engine = new OutboxEngine(store, apiTransport, ownerId, {
          onApplied(items) {
            const sessions = new Set(items.map(sessionOfItem).filter((id): id is string => id !== null));
            for (const id of sessions) {
              queryClient.setQueryData<SessionDetailResponse>(teamKeys.session(id), (detail) =>
                detail ? withApplied(detail, items) : detail,
              );
              queryClient.setQueryData<GameSheetResponse>(teamKeys.gameSheet(id), (sheet) =>
                sheet ? withAppliedSnaps(sheet, items, { id: ownerId, name: ownerName }) : sheet,
              );
            }
          },
          onSynced() {
            void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
          },
        });
        stop = engine.start();
        setOpened({ engine, durable });
      })
      // Its code could not be downloaded (no connection, and no service worker yet): asked again on the next mount.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [ownerId, ownerName, queryClient]);

  const engine = opened?.engine ?? null;
  const snapshot = useSyncExternalStore(
    engine?.subscribe ?? noSubscribe,
    engine?.getSnapshot ?? emptySnapshot,
    emptySnapshot,
  );
  return { ...snapshot, engine, durable: opened?.durable ?? true };
}
