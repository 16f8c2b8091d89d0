export { loadPlayerSearchDialog, PlayerSearchProvider } from "./player-search-context";
export { usePlayerSearch } from "~/lib/player-search";
