import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { PlayerSearchContext, type OpenTrigger, type PlayerSearchValue } from "~/lib/player-search";
import { useSession } from "~/lib/session-context";

/** The dialog's code, loaded the first time a coach opens it (never on a visitor's page). */
export const loadPlayerSearchDialog = () => import("./player-search-dialog");
const PlayerSearchDialog = lazy(loadPlayerSearchDialog);

/**
 * Holds the open state of the coach player search (docs/product.md §2) and mounts the dialog. It lives at the root, not in
 * the coach layout, because the search icon is in the top navigation on every page a coach visits (the public
 * pages too); the dialog's code (Radix, the search rules) is a separate chunk loaded when it first opens.
 */
export function PlayerSearchProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const isCoach = user?.role === "coach";
  const [requestedOpen, setRequestedOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  // Signing out (or in as a player) closes it: only coaches may have it open.
  if (!isCoach && requestedOpen) setRequestedOpen(false);
  const open = isCoach && requestedOpen;
  if (open && !everOpened) setEverOpened(true);

  const setOpen = useCallback((next: boolean) => setRequestedOpen(next), []);
  const openPlayerSearch = useCallback(
    (trigger?: OpenTrigger) => {
      if (!isCoach) return;
      const target = trigger?.currentTarget;
      const active = typeof document === "undefined" ? null : document.activeElement;
      returnFocus.current = target instanceof HTMLElement ? target : active instanceof HTMLElement ? active : null;
      setRequestedOpen(true);
    },
    [isCoach],
  );

  const value = useMemo<PlayerSearchValue>(
    () => ({ open, setOpen, openPlayerSearch }),
    [open, setOpen, openPlayerSearch],
  );
  return (
    <PlayerSearchContext value={value}>
      {children}
      {isCoach && everOpened ? (
        <Suspense fallback={null}>
          <PlayerSearchDialog open={open} onOpenChange={setOpen} returnFocus={returnFocus} />
        </Suspense>
      ) : null}
    </PlayerSearchContext>
  );
}
