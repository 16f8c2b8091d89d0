export { PlayerSearchProvider, usePlayerSearch, type PlayerSearchValue } from "./player-search-context";
