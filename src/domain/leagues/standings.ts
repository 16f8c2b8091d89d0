/**
 * A division's standings (issue "Leagues"), from its confirmed results: wins, losses, ties, win percentage, points,
 * streak and last five, ranked by win percentage and then the league's tiebreakers in its order.
 *
 * Ties on win percentage are broken as the NFL does: a tiebreaker splits the tied group into sub-groups (better
 * first); each sub-group that is still tied starts again from the first tiebreaker, among just its teams. A group no
 * tiebreaker splits shares one rank (1, 2, 2, 4), listed by team id. Win percentages are compared exactly (as
 * fractions), not as the rounded figure shown.
 */

export interface LeagueResult {
  readonly gameId: string;
  readonly homeTeamId: string;
  readonly awayTeamId: string;
  readonly homeScore: number;
  readonly awayScore: number;
  /** The side that forfeited: it loses, whatever the score. The recorded score counts for points (e.g. 1–0). */
  readonly forfeit: "home" | "away" | null;
  /** ISO instant the game was played: orders the streak and the last five. */
  readonly playedAt: string;
}

export const TIEBREAKERS = ["head_to_head", "point_difference", "points_allowed", "coin_toss"] as const;
export type Tiebreaker = (typeof TIEBREAKERS)[number];

export interface StandingsRules {
  /**
   * In the order they apply. head_to_head: win percentage in the games among just the tied teams, only when each
   * pair of them played each other equally often (and at least once); point_difference: points for minus against
   * over all games, each game's margin capped; points_allowed: fewer is better; coin_toss: the recorded order.
   */
  readonly tiebreakers: readonly Tiebreaker[];
  /** Per-game cap on the margin counted in point_difference; null: no cap. */
  readonly pointDifferenceCap: number | null;
  /** Team ids in the recorded coin toss order, first wins; a team not listed loses to every listed one. */
  readonly coinToss: readonly string[];
}

type Outcome = "W" | "L" | "T";

export interface StandingRow {
  readonly teamId: string;
  readonly rank: number;
  readonly played: number;
  readonly wins: number;
  readonly losses: number;
  readonly ties: number;
  /** (W + T/2) / played, 0 when none, rounded to 3 decimals. */
  readonly winPct: number;
  readonly pointsFor: number;
  readonly pointsAgainst: number;
  /** pointsFor − pointsAgainst, uncapped. */
  readonly difference: number;
  /** "W3", "L1", "T1"; "" before the first game. */
  readonly streak: string;
  /** Newest first. */
  readonly last5: readonly Outcome[];
  /** Which tiebreaker placed it above the next team, when the two are tied on win percentage; else null. */
  readonly decidedBy: Tiebreaker | null;
}

export const DEFAULT_STANDINGS_RULES: StandingsRules = Object.freeze({
  tiebreakers: Object.freeze([...TIEBREAKERS]),
  pointDifferenceCap: null,
  coinToss: Object.freeze([] as string[]),
});

interface Tally {
  readonly teamId: string;
  wins: number;
  losses: number;
  ties: number;
  pointsFor: number;
  pointsAgainst: number;
  /** Sum of the capped per-game margins. */
  cappedDifference: number;
  /** Outcomes newest first, up to five, and the streak (its outcome, its length, whether it has ended). */
  readonly last5: Outcome[];
  streakOf: Outcome | null;
  streak: number;
  streakOver: boolean;
}

/** Head-to-head between the teams, by index: games played and "half wins" (2 a win, 1 a tie) of the row team. */
interface HeadToHead {
  readonly games: Int32Array;
  readonly halfWins: Int32Array;
  readonly n: number;
}

/** An entry of the final order: whether it shares its rank with the next, and what put it above the next. */
interface Placed {
  readonly team: number;
  tiedWithNext: boolean;
  decidedBy: Tiebreaker | null;
}

const ordered = <T extends number | string>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);

/** Splits `group` by a score, best (highest) first; equal scores stay together. */
function splitBy(group: readonly number[], score: (team: number) => number): number[][] {
  const sorted = [...group].sort((a, b) => score(b) - score(a));
  const parts: number[][] = [];
  for (const team of sorted) {
    const last = parts.at(-1);
    if (last && score(last[0]!) === score(team)) last.push(team);
    else parts.push([team]);
  }
  return parts;
}

function headToHeadSplit(group: readonly number[], h2h: HeadToHead): number[][] | null {
  const each = h2h.games[group[0]! * h2h.n + group[1]!]!;
  if (each === 0) return null;
  for (const a of group) for (const b of group) if (a !== b && h2h.games[a * h2h.n + b] !== each) return null;
  const score = new Map(
    group.map((a) => [a, group.reduce((sum, b) => (a === b ? sum : sum + h2h.halfWins[a * h2h.n + b]!), 0)]),
  );
  return splitBy(group, (team) => score.get(team)!);
}

function resolve(
  group: readonly number[],
  rules: StandingsRules,
  tallies: readonly Tally[],
  h2h: HeadToHead,
  coin: ReadonlyMap<string, number>,
): Placed[] {
  if (group.length === 1) return [{ team: group[0]!, tiedWithNext: false, decidedBy: null }];
  for (const tiebreaker of rules.tiebreakers) {
    const parts =
      tiebreaker === "head_to_head"
        ? headToHeadSplit(group, h2h)
        : tiebreaker === "point_difference"
          ? splitBy(group, (t) => tallies[t]!.cappedDifference)
          : tiebreaker === "points_allowed"
            ? splitBy(group, (t) => -tallies[t]!.pointsAgainst)
            : splitBy(group, (t) => -(coin.get(tallies[t]!.teamId) ?? coin.size));
    if (!parts || parts.length < 2) continue;
    const out: Placed[] = [];
    for (const part of parts) {
      const placed = resolve(part, rules, tallies, h2h, coin);
      placed.at(-1)!.decidedBy = tiebreaker;
      out.push(...placed);
    }
    out.at(-1)!.decidedBy = null;
    return out;
  }
  return [...group]
    .sort((a, b) => ordered(tallies[a]!.teamId, tallies[b]!.teamId))
    .map((team, i) => ({ team, tiedWithNext: i < group.length - 1, decidedBy: null }));
}

function outcomeOf(result: LeagueResult, home: boolean): Outcome {
  if (result.forfeit !== null) return (result.forfeit === "home") === home ? "L" : "W";
  const mine = home ? result.homeScore : result.awayScore;
  const theirs = home ? result.awayScore : result.homeScore;
  return mine > theirs ? "W" : mine < theirs ? "L" : "T";
}

/**
 * The standings of `teamIds` (every one gets a row, played or not). A result counts only when both its teams are
 * in `teamIds` and differ; pass each game's result once. Throws a RangeError when a team id repeats.
 */
export function computeStandings(
  teamIds: readonly string[],
  results: readonly LeagueResult[],
  rules: StandingsRules,
): StandingRow[] {
  const index = new Map<string, number>();
  for (const id of teamIds) {
    if (index.has(id)) throw new RangeError(`Team "${id}" is listed twice`);
    index.set(id, index.size);
  }
  const n = teamIds.length;
  const tallies: Tally[] = teamIds.map((teamId) => ({
    teamId,
    wins: 0,
    losses: 0,
    ties: 0,
    pointsFor: 0,
    pointsAgainst: 0,
    cappedDifference: 0,
    last5: [],
    streakOf: null,
    streak: 0,
    streakOver: false,
  }));
  const h2h: HeadToHead = { games: new Int32Array(n * n), halfWins: new Int32Array(n * n), n };
  const cap = rules.pointDifferenceCap ?? Infinity;
  const record = (team: number, other: number, pf: number, pa: number, outcome: Outcome) => {
    const tally = tallies[team]!;
    if (outcome === "W") tally.wins += 1;
    else if (outcome === "L") tally.losses += 1;
    else tally.ties += 1;
    tally.pointsFor += pf;
    tally.pointsAgainst += pa;
    tally.cappedDifference += Math.max(-cap, Math.min(cap, pf - pa));
    h2h.games[team * n + other]! += 1;
    h2h.halfWins[team * n + other]! += outcome === "W" ? 2 : outcome === "T" ? 1 : 0;
  };
  const counted: LeagueResult[] = [];
  const times: number[] = [];
  let chronological = true; // strictly: then newest first is simply the reverse
  for (const result of results) {
    const home = index.get(result.homeTeamId);
    const away = index.get(result.awayTeamId);
    if (home === undefined || away === undefined || home === away) continue;
    record(home, away, result.homeScore, result.awayScore, outcomeOf(result, true));
    record(away, home, result.awayScore, result.homeScore, outcomeOf(result, false));
    const at = Date.parse(result.playedAt);
    const time = Number.isNaN(at) ? -Infinity : at;
    if (times.length > 0 && !(time > times.at(-1)!)) chronological = false;
    counted.push(result);
    times.push(time);
  }
  // Streaks and last fives: the results newest first (by playedAt, then game id), each team's until both are known.
  const newestFirst = counted.map((_, i) => counted.length - 1 - i);
  if (!chronological)
    newestFirst.sort((a, b) => ordered(times[b]!, times[a]!) || ordered(counted[b]!.gameId, counted[a]!.gameId));
  for (const i of newestFirst) {
    const result = counted[i]!;
    for (const isHome of [true, false]) {
      const tally = tallies[index.get(isHome ? result.homeTeamId : result.awayTeamId)!]!;
      if (tally.streakOver && tally.last5.length === 5) continue;
      const outcome = outcomeOf(result, isHome);
      if (tally.last5.length < 5) tally.last5.push(outcome);
      if (tally.streakOver) continue;
      if (tally.streakOf === null || tally.streakOf === outcome) {
        tally.streakOf = outcome;
        tally.streak += 1;
      } else tally.streakOver = true;
    }
  }

  // Win percentage as a fraction (2W + T) / (2·played), compared by cross-multiplying.
  const num = (t: Tally) => 2 * t.wins + t.ties;
  const den = (t: Tally) => 2 * Math.max(1, t.wins + t.losses + t.ties);
  const byPct = (a: number, b: number) => num(tallies[b]!) * den(tallies[a]!) - num(tallies[a]!) * den(tallies[b]!);
  const sorted = Array.from({ length: n }, (_, i) => i).sort(byPct);
  const coin = new Map(rules.coinToss.map((id, i) => [id, i] as const).reverse());
  const order: Placed[] = [];
  for (let i = 0; i < n;) {
    let j = i + 1;
    while (j < n && byPct(sorted[i]!, sorted[j]!) === 0) j += 1;
    order.push(...resolve(sorted.slice(i, j), rules, tallies, h2h, coin));
    i = j;
  }

  let rank = 0;
  return order.map((entry, i) => {
    if (i === 0 || !order[i - 1]!.tiedWithNext) rank = i + 1;
    const t = tallies[entry.team]!;
    const played = t.wins + t.losses + t.ties;
    return {
      teamId: t.teamId,
      rank,
      played,
      wins: t.wins,
      losses: t.losses,
      ties: t.ties,
      winPct: played === 0 ? 0 : Math.round(((t.wins + t.ties / 2) / played) * 1000) / 1000,
      pointsFor: t.pointsFor,
      pointsAgainst: t.pointsAgainst,
      difference: t.pointsFor - t.pointsAgainst,
      streak: t.streakOf === null ? "" : `${t.streakOf}${t.streak}`,
      last5: t.last5,
      decidedBy: entry.decidedBy,
    };
  });
}
