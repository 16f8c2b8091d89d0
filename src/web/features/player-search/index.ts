export {
  loadPlayerSearchDialog,
  PlayerSearchProvider,
  usePlayerSearch,
  type PlayerSearchValue,
} from "./player-search-context";
