/**
 * Playing time (docs/product.md §12 "Playing time", issue #29): each player's snaps played, per period and in the
 * game, counted from the lineups the logger sends with each snap; who is below the league's minimum in a period and
 * by how many. A snap without a lineup counts for nobody. Zod-free: the logger imports it (decision 0021).
 */
import { periodCount, type LeagueRules } from "./league-rules.js";

/** What playing time reads of a snap. */
export interface LineupSnap {
  period: number;
  lineup?: readonly string[] | null;
}

/** A player's snaps: `byPeriod[0]` is the 1st period's. */
export interface SnapsPlayed {
  byPeriod: number[];
  total: number;
}

/** How many periods a game's report shows: the rules' periods, and any overtime a snap or the game reached. */
export function periodsOfGame(
  snaps: readonly LineupSnap[],
  rules: Pick<LeagueRules, "periodKind">,
  currentPeriod = 1,
): number {
  return snaps.reduce((max, s) => Math.max(max, s.period), Math.max(periodCount(rules), currentPeriod));
}

/** Each player's snaps played, per period (`periods` long) and in total, for every player in `playerIds`. */
export function snapsPlayed(
  snaps: readonly LineupSnap[],
  playerIds: readonly string[],
  periods: number,
): Map<string, SnapsPlayed> {
  const out = new Map<string, SnapsPlayed>();
  const entry = (id: string) => {
    let e = out.get(id);
    if (!e) {
      e = { byPeriod: Array.from({ length: periods }, () => 0), total: 0 };
      out.set(id, e);
    }
    return e;
  };
  for (const id of playerIds) entry(id);
  for (const snap of snaps) {
    if (!snap.lineup) continue;
    for (const id of new Set(snap.lineup)) {
      const e = entry(id);
      while (e.byPeriod.length < snap.period) e.byPeriod.push(0);
      e.byPeriod[snap.period - 1]! += 1;
      e.total += 1;
    }
  }
  return out;
}

/** How many more snaps a player needs in `period` to reach the minimum (0: reached, or no minimum). */
export function snapsNeeded(played: SnapsPlayed | undefined, period: number, minimum: number | null): number {
  if (minimum === null) return 0;
  return Math.max(0, minimum - (played?.byPeriod[period - 1] ?? 0));
}

/**
 * Whether a player is below the minimum in any regular period the game has reached (overtime has no minimum; a
 * period not yet started is not held against anyone).
 */
export function belowMinimum(
  played: SnapsPlayed | undefined,
  rules: Pick<LeagueRules, "periodKind" | "minSnapsPerPeriod">,
  reached: number,
): boolean {
  const last = Math.min(periodCount(rules), Math.max(1, reached));
  for (let period = 1; period <= last; period++)
    if (snapsNeeded(played, period, rules.minSnapsPerPeriod) > 0) return true;
  return false;
}

export interface SnapsWanted {
  playerId: string;
  needed: number;
}

/**
 * The players below the minimum in `period`, most needed first (then in the order given): the logger's live
 * "Needs snaps" list. Empty when the league sets no minimum.
 */
export function playersNeedingSnaps(
  snaps: readonly LineupSnap[],
  playerIds: readonly string[],
  period: number,
  minimum: number | null,
): SnapsWanted[] {
  if (minimum === null) return [];
  const played = snapsPlayed(
    snaps.filter((s) => s.period === period),
    playerIds,
    period,
  );
  return playerIds
    .map((playerId) => ({ playerId, needed: snapsNeeded(played.get(playerId), period, minimum) }))
    .filter((w) => w.needed > 0)
    .sort((a, b) => b.needed - a.needed);
}

/** "Maya Okafor needs 3 more snaps". */
export function needsSnapsText(name: string, needed: number): string {
  return `${name} needs ${needed} more ${needed === 1 ? "snap" : "snaps"}`;
}

/** Changes the lineup by one tap on a player: off the field if on, else on when there is room. */
export function toggleLineup(lineup: readonly string[], playerId: string, size: number): string[] {
  if (lineup.includes(playerId)) return lineup.filter((id) => id !== playerId);
  return lineup.length >= size ? [...lineup] : [...lineup, playerId];
}

/** A snap's stored lineup (JSON text) read back: null for none, or for text that is not a list. */
export function parseLineup(text: string | null): string[] | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : null;
  } catch {
    return null;
  }
}

export interface ReportPlayer {
  id: string;
  fullName: string;
  jerseyNumber: number | null;
}

export interface ReportRow {
  playerId: string;
  fullName: string;
  jerseyNumber: number | null;
  byPeriod: number[];
  total: number;
  belowMinimum: boolean;
}

/** A game's participation rows: every player given, by jersey number (none last), then name. */
export function participationRows(
  snaps: readonly LineupSnap[],
  players: readonly ReportPlayer[],
  rules: Pick<LeagueRules, "periodKind" | "minSnapsPerPeriod">,
  periods: number,
  reached: number,
): ReportRow[] {
  const played = snapsPlayed(
    snaps,
    players.map((p) => p.id),
    periods,
  );
  return [...players]
    .sort(
      (a, b) =>
        (a.jerseyNumber ?? Infinity) - (b.jerseyNumber ?? Infinity) ||
        a.fullName.localeCompare(b.fullName) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((p) => {
      const mine = played.get(p.id)!;
      return {
        playerId: p.id,
        fullName: p.fullName,
        jerseyNumber: p.jerseyNumber,
        byPeriod: mine.byPeriod,
        total: mine.total,
        belowMinimum: belowMinimum(mine, rules, reached),
      };
    });
}
