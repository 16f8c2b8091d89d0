import type { Kysely } from "kysely";
import type { LeagueResultDto } from "#domain/api/league-results.js";
import { resolveResult, type LeagueGameResult } from "#domain/leagues/results.js";
import { leagueDecisions, leagueScorebooks } from "../db/league-results.js";
import type { DB } from "../db/schema.js";

/*
 * A league's results (docs/product.md §17): worked out on every read from the two teams' scorebooks and the
 * decisions kept about them (domain/leagues/results.ts), in two queries for the whole league. Nothing derived is
 * stored, so a coach reopening and correcting a game changes the league's result and standings at once, and a
 * game ending costs the game-day write path nothing.
 */

export async function leagueResults(
  db: Kysely<DB>,
  leagueId: string,
  /** Only this game's, or these games' (a team's). */
  gameId?: string | readonly string[],
): Promise<Map<string, LeagueGameResult>> {
  if (gameId !== undefined && gameId.length === 0) return new Map();
  const [books, decisions] = await Promise.all([
    leagueScorebooks(db, leagueId, gameId),
    leagueDecisions(db, leagueId, gameId),
  ]);
  const ids = new Set([...books.keys(), ...decisions.keys()]);
  const results = new Map<string, LeagueGameResult>();
  for (const id of ids) {
    const book = books.get(id);
    results.set(id, resolveResult(book?.home ?? null, book?.away ?? null, decisions.get(id) ?? null));
  }
  return results;
}

const SCHEDULED: LeagueGameResult = { state: "scheduled" };

/** A game's result as the API sends it. */
export function resultDto(result: LeagueGameResult | undefined): LeagueResultDto {
  const r = result ?? SCHEDULED;
  switch (r.state) {
    case "scheduled":
      return { state: r.state, home: null, away: null, forfeit: null, source: null, homeBook: null, awayBook: null };
    case "awaiting_confirmation": {
      const book = { home: r.home, away: r.away };
      return {
        state: r.state,
        home: r.home,
        away: r.away,
        forfeit: null,
        source: null,
        homeBook: r.loggedBy === "home" ? book : null,
        awayBook: r.loggedBy === "away" ? book : null,
      };
    }
    case "disputed":
      return {
        state: r.state,
        home: null,
        away: null,
        forfeit: null,
        source: null,
        homeBook: r.homeBook,
        awayBook: r.awayBook,
      };
    case "confirmed":
      return {
        state: r.state,
        home: r.home,
        away: r.away,
        forfeit: r.forfeit,
        source: r.source,
        homeBook: null,
        awayBook: null,
      };
  }
}
