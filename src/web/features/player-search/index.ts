export { loadPlayerSearchDialog, PlayerSearchProvider } from "./player-search-context";
export { usePlayerSearch, type PlayerSearchValue } from "~/lib/player-search";
