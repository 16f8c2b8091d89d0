/**
 * A league's playoff bracket (issue "Leagues"): single elimination for 4 to 16 teams seeded from the standings.
 * The bracket's size is the next power of two (4, 8 or 16) and is seeded the standard way — 1 v 16, 8 v 9, 5 v 12,
 * 4 v 13, ... so that seeds 1 and 2 can only meet in the final — and when there are fewer teams than places, the
 * top seeds get the byes (they would have met the missing seeds). In every game the higher seed (the lower number)
 * is home. Pure: rounds are plain data, advanceBracket returns new ones.
 */

export interface BracketGame {
  /** 1 = first round. */
  readonly round: number;
  /** Position in its round, from 0; game i of round r + 1 is fed by games 2i and 2i + 1 of round r. */
  readonly index: number;
  readonly homeSeed: number | null;
  readonly awaySeed: number | null;
  readonly homeTeamId: string | null;
  readonly awayTeamId: string | null;
  readonly winnerTeamId: string | null;
  /** A first-round place without an opponent: its team goes through. */
  readonly bye: boolean;
}

export const BRACKET_LIMITS = Object.freeze({ minTeams: 4, maxTeams: 16 });

/** Seeds in bracket order, size a power of two: [1, 2] → [1, 4, 2, 3] → [1, 8, 4, 5, 2, 7, 3, 6] → ... */
export function seedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2;
    order = order.flatMap((seed) => [seed, next + 1 - seed]);
  }
  return order;
}

/** The key of a game in advanceBracket's `winners`: `${round}:${index}`. */
export function gameKey(game: Pick<BracketGame, "round" | "index">): string {
  return `${game.round}:${game.index}`;
}

/**
 * The bracket of `seeded` (team ids, best first): its rounds, first round first, byes already advanced. Throws a
 * RangeError for fewer than 4 or more than 16 teams, or a team listed twice.
 */
export function seedBracket(seeded: readonly string[]): BracketGame[][] {
  const n = seeded.length;
  if (n < BRACKET_LIMITS.minTeams || n > BRACKET_LIMITS.maxTeams)
    throw new RangeError(`A bracket has ${BRACKET_LIMITS.minTeams} to ${BRACKET_LIMITS.maxTeams} teams, not ${n}`);
  if (new Set(seeded).size !== n) throw new RangeError("A team is seeded twice");
  let size = 2;
  while (size < n) size *= 2;
  const order = seedOrder(size);
  const rounds: BracketGame[][] = [];
  const first: BracketGame[] = [];
  for (let i = 0; i < size / 2; i += 1) {
    const home = order[2 * i]!;
    const away = order[2 * i + 1]!;
    const bye = away > n;
    first.push({
      round: 1,
      index: i,
      homeSeed: home,
      awaySeed: bye ? null : away,
      homeTeamId: seeded[home - 1]!,
      awayTeamId: bye ? null : seeded[away - 1]!,
      winnerTeamId: null,
      bye,
    });
  }
  rounds.push(first);
  for (let games = size / 4, round = 2; games >= 1; games /= 2, round += 1)
    rounds.push(
      Array.from({ length: games }, (_, index) => ({
        round,
        index,
        homeSeed: null,
        awaySeed: null,
        homeTeamId: null,
        awayTeamId: null,
        winnerTeamId: null,
        bye: false,
      })),
    );
  return advanceBracket(rounds, new Map());
}

/**
 * The rounds with `winners` (game key `${round}:${index}` → the winning team's id) recorded and every winner moved
 * into its next game; byes go through by themselves. A winner already recorded stays while its game keeps the same
 * two teams (a corrected earlier result clears the later games it changes). A team whose opponent is not known
 * yet waits on the side of the game it came from; once both are known the higher seed is home. Throws a RangeError
 * for a key that names no game, a game whose two teams are not known yet, or a winner who is not in the game.
 */
export function advanceBracket(rounds: BracketGame[][], winners: ReadonlyMap<string, string>): BracketGame[][] {
  const known = new Set(rounds.flat().map(gameKey));
  for (const key of winners.keys()) if (!known.has(key)) throw new RangeError(`No bracket game ${key}`);
  const seedOf = new Map<string, number>();
  for (const game of rounds[0] ?? []) {
    if (game.homeTeamId !== null && game.homeSeed !== null) seedOf.set(game.homeTeamId, game.homeSeed);
    if (game.awayTeamId !== null && game.awaySeed !== null) seedOf.set(game.awayTeamId, game.awaySeed);
  }
  const out: BracketGame[][] = [];
  for (const [r, games] of rounds.entries()) {
    const previous = out[r - 1];
    out.push(
      games.map((game, i) => {
        let home = game.homeTeamId;
        let away = game.awayTeamId;
        if (previous) {
          home = previous[2 * i]?.winnerTeamId ?? null;
          away = previous[2 * i + 1]?.winnerTeamId ?? null;
          if (home !== null && away !== null && seedOf.get(away)! < seedOf.get(home)!) [home, away] = [away, home];
        }
        const key = gameKey(game);
        const asked = winners.get(key);
        const both = home !== null && away !== null;
        let winner: string | null = null;
        if (game.bye) winner = home ?? away;
        if (asked !== undefined) {
          if (!game.bye && !both) throw new RangeError(`Game ${key} does not have both teams yet`);
          if (asked !== home && asked !== away) throw new RangeError(`"${asked}" does not play in game ${key}`);
          winner = asked;
        } else if (!game.bye && both) {
          const sameTeams = new Set([home, away, game.homeTeamId, game.awayTeamId]).size === 2;
          if (sameTeams && (game.winnerTeamId === home || game.winnerTeamId === away)) winner = game.winnerTeamId;
        }
        return {
          ...game,
          homeTeamId: home,
          awayTeamId: away,
          homeSeed: home === null ? null : (seedOf.get(home) ?? null),
          awaySeed: away === null ? null : (seedOf.get(away) ?? null),
          winnerTeamId: winner,
        };
      }),
    );
  }
  return out;
}

/** "Final", "Semifinals", "Quarterfinals", else "Round 2". Throws a RangeError when round is not 1..rounds. */
export function roundName(round: number, rounds: number): string {
  if (!Number.isInteger(round) || !Number.isInteger(rounds) || round < 1 || round > rounds)
    throw new RangeError(`Round ${round} of ${rounds}`);
  const fromEnd = rounds - round;
  return fromEnd === 0 ? "Final" : fromEnd === 1 ? "Semifinals" : fromEnd === 2 ? "Quarterfinals" : `Round ${round}`;
}
