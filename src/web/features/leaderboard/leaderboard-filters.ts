import { LEADERBOARD_GROUPS, LEADERBOARD_WINDOWS, type LeaderboardGroup, type LeaderboardWindow } from "#domain/reads";

export const WINDOW_OPTIONS: readonly { value: LeaderboardWindow; label: string }[] = [
  { value: "season", label: "Whole season" },
  { value: "last30", label: "Last 30 days" },
  { value: "session", label: "One game" },
];

export const GROUP_OPTIONS: readonly { value: LeaderboardGroup; label: string }[] = [
  { value: "all", label: "All" },
  { value: "offense", label: "Offense" },
  { value: "defense", label: "Defense" },
  { value: "other", label: "Other" },
];

export interface LeaderboardFilters {
  window: LeaderboardWindow;
  group: LeaderboardGroup;
  /** The chosen game for the one-game window, as written in the address (checked against the team's games). */
  game: string | null;
}

/** Reads the filters from the page's address (?window=last30&group=defense&game=...), ignoring anything unknown. */
export function readFilters(params: URLSearchParams): LeaderboardFilters {
  const window = params.get("window");
  const group = params.get("group");
  return {
    window: LEADERBOARD_WINDOWS.find((w) => w === window) ?? "season",
    group: LEADERBOARD_GROUPS.find((g) => g === group) ?? "all",
    game: params.get("game") || null,
  };
}

/** The address for a set of filters; defaults are left out so the plain page keeps its plain address. */
export function writeFilters(filters: LeaderboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.window !== "season") params.set("window", filters.window);
  if (filters.group !== "all") params.set("group", filters.group);
  if (filters.window === "session" && filters.game) params.set("game", filters.game);
  return params;
}
