import { createContext, use } from "react";

/** Whatever opened the dialog: a click or key event (its currentTarget gets focus back), or nothing. */
export type OpenTrigger = { currentTarget?: EventTarget | null } | undefined;

export interface PlayerSearchValue {
  /** Whether the coach player search dialog is open. */
  open: boolean;
  setOpen: (open: boolean) => void;
  /**
   * Opens the dialog; does nothing unless a coach is signed in (docs/product.md §5, §6). Pass the click event (as
   * `onClick={openPlayerSearch}` does) so focus returns to the control that opened it.
   */
  openPlayerSearch: (trigger?: OpenTrigger) => void;
}

/**
 * The coach player search's open state, provided at the root by features/player-search (PlayerSearchProvider,
 * which also mounts the dialog) and used by whatever opens it: the top navigation, the coach dashboard.
 */
export const PlayerSearchContext = createContext<PlayerSearchValue | null>(null);

export function usePlayerSearch(): PlayerSearchValue {
  const value = use(PlayerSearchContext);
  if (!value) throw new Error("usePlayerSearch() must be used inside <PlayerSearchProvider>");
  return value;
}
