import type { Kysely } from "kysely";
import { resolveResult, type LeagueGameResult } from "#domain/leagues/results.js";
import {
  computeStandings,
  type LeagueResult,
  type StandingRow,
  type StandingsRules,
} from "#domain/leagues/standings.js";
import { divisionGameRows, divisionTeams, type DivisionGameRow } from "../db/league-division.js";
import type { DB } from "../db/schema.js";

/*
 * One division's standings and games with their results (docs/product.md §17, issue #31), from the division's
 * published games alone (db/league-division.ts): the same rule (domain/leagues/standings.ts) over the same results
 * (domain/leagues/results.ts) as the league's page, so the two never differ, at the cost of one query.
 */

export type DivisionGame = DivisionGameRow & { result: LeagueGameResult };

/** The confirmed results the standings count: season games (not the playoffs'), not cancelled. */
function countedResults(games: readonly DivisionGame[]): LeagueResult[] {
  const out: LeagueResult[] = [];
  for (const g of games) {
    const r = g.result;
    if (r.state !== "confirmed" || g.cancelled || g.bracketId !== null) continue;
    out.push({
      gameId: g.id,
      homeTeamId: g.homeTeamId,
      awayTeamId: g.awayTeamId,
      homeScore: r.home,
      awayScore: r.away,
      forfeit: r.forfeit,
      playedAt: `${g.date}T${g.startTime}`,
    });
  }
  return out;
}

/** Standings rows by rank; teams sharing a rank by name, as a reader looks for theirs. */
export function rankedStandings(
  teams: readonly { id: string; name: string }[],
  games: readonly DivisionGame[],
  rules: StandingsRules,
): StandingRow[] {
  const name = new Map(teams.map((t) => [t.id, t.name]));
  return computeStandings(
    teams.map((t) => t.id),
    countedResults(games),
    rules,
  ).sort((a, b) => a.rank - b.rank || (name.get(a.teamId) ?? "").localeCompare(name.get(b.teamId) ?? ""));
}

/** The division's published games, each with its result. */
async function divisionGames(db: Kysely<DB>, divisionId: string): Promise<DivisionGame[]> {
  const rows = await divisionGameRows(db, divisionId);
  return rows.map((g) => ({ ...g, result: resolveResult(g.homeBook, g.awayBook, g.decision) }));
}

/** The division's teams and its standings, read on their own. */
export async function divisionStandings(
  db: Kysely<DB>,
  divisionId: string,
  rules: StandingsRules,
): Promise<{
  teams: { id: string; name: string; teamId: string | null }[];
  games: DivisionGame[];
  standings: StandingRow[];
}> {
  const [teams, games] = await Promise.all([divisionTeams(db, divisionId), divisionGames(db, divisionId)]);
  return { teams, games, standings: rankedStandings(teams, games, rules) };
}
