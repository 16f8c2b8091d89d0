/* Pure ranking and aggregation helpers of the coach analytics (no I/O), shared by the analytics queries. */
import type { Leader, Leaders } from "#domain/api/team.js";
import { LEADER_STATS, LEADERS_PER_STAT, type LeaderStat } from "#domain/reads.js";
import { sortPlayers } from "#domain/player-search.js";
import type { PlayerSummary } from "#domain/player-summary.js";
import type { PositionGroup } from "#domain/positions.js";

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Score in integer tenths (scores are one-decimal numbers), so sums carry no float noise. */
function tenths(score: number): number {
  return Math.round(score * 10);
}

/**
 * Best score first with "competition ranking" places: equal scores share a place and the next place skips,
 * 1, 2, 2, 4. Ties keep the domain's stable order (name, then id).
 */
export function rankPlayers<T extends PlayerSummary>(players: readonly T[]): Array<T & { place: number }> {
  const sorted = sortPlayers(players, "performanceScore", "desc");
  const ranked: Array<T & { place: number }> = [];
  sorted.forEach((p, i) => {
    const prev = ranked[i - 1];
    const place = prev && tenths(prev.performanceScore) === tenths(p.performanceScore) ? prev.place : i + 1;
    ranked.push({ ...p, place });
  });
  return ranked;
}

function statValue(p: PlayerSummary, stat: LeaderStat): number {
  return p.stats[stat];
}

/** For each leader stat, the top players with a value above 0 (highest first; ties by name, then id). */
export function statLeaders(players: readonly PlayerSummary[], perStat = LEADERS_PER_STAT): Leaders {
  const board = (stat: LeaderStat): Leader[] =>
    players
      .filter((p) => statValue(p, stat) > 0)
      .sort(
        (a, b) =>
          statValue(b, stat) - statValue(a, stat) ||
          collator.compare(a.name, b.name) ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      .slice(0, perStat)
      .map((p) => ({ playerId: p.id, name: p.name, value: statValue(p, stat) }));
  return Object.fromEntries(LEADER_STATS.map((s) => [s, board(s)])) as Leaders;
}

/**
 * Mean of the players' attendance percentages, rounded; null before any player has a mark (no players, or no
 * attendance taken yet), which the screens show as "—" rather than 0% (docs/product.md §9).
 */
export function averageAttendance(players: readonly PlayerSummary[]): number | null {
  if (!players.some((p) => p.attendanceMarked > 0)) return null;
  const sum = players.reduce((acc, p) => acc + p.attendancePercentage, 0);
  return Math.round(sum / players.length);
}

export interface GroupTotals {
  group: PositionGroup;
  players: number;
  events: number;
  score: number;
  averageScore: number;
}

/** Players, events and score per position group, always the three groups in order. */
export function groupTotals(players: readonly PlayerSummary[]): GroupTotals[] {
  return (["offense", "defense", "other"] as const).map((group) => {
    const members = players.filter((p) => p.positionGroup === group);
    const scoreTenths = members.reduce((acc, p) => acc + tenths(p.performanceScore), 0);
    return {
      group,
      players: members.length,
      events: members.reduce((acc, p) => acc + p.eventCount, 0),
      score: scoreTenths / 10,
      averageScore: members.length ? Math.round(scoreTenths / members.length) / 10 : 0,
    };
  });
}
