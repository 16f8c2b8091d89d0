import { createContext, use, useCallback, useMemo, useState, type ReactNode } from "react";
import { useSession } from "~/app/session-context";

export interface PlayerSearchValue {
  /** Whether the coach player search dialog is open. */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Opens the dialog; does nothing unless a coach is signed in (SPEC §5, §6). */
  openPlayerSearch: () => void;
}

const PlayerSearchContext = createContext<PlayerSearchValue | null>(null);

/**
 * Holds the open state of the coach player search (SPEC §2). The dialog itself mounts here later, loaded on
 * demand so its code never weighs on the public pages.
 */
export function PlayerSearchProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const isCoach = user?.role === "coach";
  const [requestedOpen, setRequestedOpen] = useState(false);
  // Signing out (or in as a player) closes it: only coaches may have it open.
  if (!isCoach && requestedOpen) setRequestedOpen(false);
  const open = isCoach && requestedOpen;

  const setOpen = useCallback((next: boolean) => setRequestedOpen(next), []);
  const openPlayerSearch = useCallback(() => {
    if (isCoach) setRequestedOpen(true);
  }, [isCoach]);

  const value = useMemo<PlayerSearchValue>(() => ({ open, setOpen, openPlayerSearch }), [open, setOpen, openPlayerSearch]);
  return <PlayerSearchContext value={value}>{children}</PlayerSearchContext>;
}

export function usePlayerSearch(): PlayerSearchValue {
  const value = use(PlayerSearchContext);
  if (!value) throw new Error("usePlayerSearch() must be used inside <PlayerSearchProvider>");
  return value;
}
