import type { Kysely } from "kysely";
import type { BracketGameView, BracketGameState, BracketView } from "#domain/api/league-playoffs.js";
import { gameKey, roundName, type BracketGame } from "#domain/leagues/bracket.js";
import { playBracket, winnerOf, type PlayedGame } from "#domain/leagues/playoffs.js";
import type { LeagueGameResult } from "#domain/leagues/results.js";
import {
  leagueBracketPlaces,
  leagueBrackets,
  playoffGameRows,
  type BracketPlaceRow,
  type BracketRow,
} from "../db/league-brackets.js";
import { leagueFields, leagueTeams } from "../db/leagues.js";
import type { DB } from "../db/schema.js";
import { leagueResults } from "./results.js";

/*
 * A league's brackets as they stand (docs/product.md §17, decision 0038): worked out on every read from the seeds
 * and the bracket games' confirmed results (domain/leagues/playoffs.ts), like the standings, so a corrected result
 * moves the bracket at once. The admins' view and the public page's are the same; the public sees a bracket once
 * one of its games is in the teams' schedules.
 */

export type PlayoffGameRow = Awaited<ReturnType<typeof playoffGameRows>>[number];

/** A bracket's rounds with the winners moved on, and each bracket game's place and league game. */
export interface PlayedBracket {
  bracket: BracketRow;
  rounds: BracketGame[][];
  places: Map<string, BracketPlaceRow>;
  /** The league game of a bracket game (by gameKey), when it is still between the bracket's two teams. */
  games: Map<string, PlayoffGameRow>;
  /** Some of its league games are in the teams' schedules. */
  published: boolean;
}

const between = (game: Pick<PlayoffGameRow, "home_team_id" | "away_team_id">, b: BracketGame) =>
  b.homeTeamId !== null &&
  b.awayTeamId !== null &&
  new Set([game.home_team_id, game.away_team_id, b.homeTeamId, b.awayTeamId]).size === 2;

/** Moves each bracket's winners on from its games' confirmed results (a cancelled game decides nothing). */
export function playBrackets(
  brackets: readonly BracketRow[],
  places: readonly BracketPlaceRow[],
  games: readonly PlayoffGameRow[],
  results: ReadonlyMap<string, LeagueGameResult>,
): PlayedBracket[] {
  const gameById = new Map(games.map((g) => [g.id, g]));
  return brackets.map((bracket) => {
    const mine = new Map(
      places
        .filter((p) => p.bracketId === bracket.id)
        .map((p) => [gameKey({ round: p.round, index: p.position }), p] as const),
    );
    const played = new Map<string, PlayedGame>();
    for (const [key, place] of mine) {
      const game = place.leagueGameId ? gameById.get(place.leagueGameId) : undefined;
      const result = game ? results.get(game.id) : undefined;
      if (!game || game.status === "cancelled" || result?.state !== "confirmed") continue;
      const teamIds = [game.home_team_id, game.away_team_id] as const;
      played.set(key, {
        teamIds,
        winnerTeamId: winnerOf({ homeTeamId: teamIds[0], awayTeamId: teamIds[1], ...result }),
      });
    }
    const rounds = playBracket(bracket.seeds, played);
    const linked = new Map<string, PlayoffGameRow>();
    for (const game of rounds.flat()) {
      const place = mine.get(gameKey(game));
      const row = place?.leagueGameId ? gameById.get(place.leagueGameId) : undefined;
      if (row && between(row, game)) linked.set(gameKey(game), row);
    }
    const published = games.some((g) => g.bracket_id === bracket.id && g.published_revision !== null);
    return { bracket, rounds, places: mine, games: linked, published };
  });
}

function stateOf(game: BracketGame, row: PlayoffGameRow | undefined, result: LeagueGameResult | undefined) {
  if (game.bye) return "bye" satisfies BracketGameState;
  if (game.homeTeamId === null || game.awayTeamId === null) return "waiting";
  if (!row) return "scheduled";
  if (row.status === "cancelled") return "cancelled";
  if (result?.state === "confirmed") return game.winnerTeamId === null ? "tied" : "final";
  if (result?.state === "awaiting_confirmation" || result?.state === "disputed") return "pending";
  return "scheduled";
}

/**
 * The league's brackets as the API sends them (one division's, with `divisionId`; only those the teams have a game
 * of, with `publishedOnly`), and the ids of every playoff game, which the standings leave out.
 */
export async function bracketViews(
  db: Kysely<DB>,
  leagueId: string,
  opts: { divisionId?: string; publishedOnly?: boolean; results?: ReadonlyMap<string, LeagueGameResult> } = {},
): Promise<{ brackets: BracketView[]; playoffGameIds: Set<string> }> {
  const [brackets, places, games, teams, fields, results] = await Promise.all([
    leagueBrackets(db, leagueId),
    leagueBracketPlaces(db, leagueId),
    playoffGameRows(db, leagueId),
    leagueTeams(db, leagueId),
    leagueFields(db, leagueId),
    opts.results ?? leagueResults(db, leagueId),
  ]);
  const playoffGameIds = new Set(games.map((g) => g.id));
  const wanted = brackets.filter((b) => opts.divisionId === undefined || b.divisionId === opts.divisionId);
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  const fieldName = new Map(fields.map((f) => [f.id, f.name]));
  const views = playBrackets(wanted, places, games, results)
    .filter((played) => !opts.publishedOnly || played.published)
    .map((played) => {
      const seedOf = new Map(played.bracket.seeds.map((id, i) => [id, i + 1]));
      const side = (teamId: string | null) =>
        teamId === null ? null : { seed: seedOf.get(teamId) ?? 0, teamId, team: teamName.get(teamId) ?? "" };
      const gameView = (game: BracketGame): BracketGameView => {
        const key = gameKey(game);
        const row = played.games.get(key);
        const place = played.places.get(key);
        const result = row ? results.get(row.id) : undefined;
        const swapped = row !== undefined && row.home_team_id !== game.homeTeamId;
        const where = row
          ? {
              fieldId: row.field_id,
              subField: row.sub_field,
              date: row.local_date,
              startTime: row.start_time,
              durationMinutes: Number(row.duration_minutes),
            }
          : (place ?? null);
        const confirmed = result?.state === "confirmed" && row?.status !== "cancelled" ? result : null;
        return {
          round: game.round,
          index: game.index,
          state: stateOf(game, row, result),
          home: side(game.homeTeamId),
          away: side(game.awayTeamId),
          place: where && {
            fieldId: where.fieldId,
            field: where.fieldId === null ? "" : (fieldName.get(where.fieldId) ?? ""),
            subField: where.subField,
            date: where.date,
            startTime: where.startTime,
            durationMinutes: where.durationMinutes,
          },
          gameId: row?.id ?? null,
          published: row !== undefined && row.published_revision !== null,
          score: confirmed && {
            home: swapped ? confirmed.away : confirmed.home,
            away: swapped ? confirmed.home : confirmed.away,
            forfeit: confirmed.forfeit === null ? null : swapped === (confirmed.forfeit === "home") ? "away" : "home",
          },
          winnerTeamId: game.bye ? null : game.winnerTeamId,
        };
      };
      const final = played.rounds.at(-1)![0]!;
      return {
        divisionId: played.bracket.divisionId,
        startDate: played.bracket.startDate,
        seeds: played.bracket.seeds.map((id) => side(id)!),
        published: played.published,
        rounds: played.rounds.map((games, r) => ({
          round: r + 1,
          name: roundName(r + 1, played.rounds.length),
          games: games.map(gameView),
        })),
        champion: side(final.winnerTeamId),
      };
    });
  return { brackets: views, playoffGameIds };
}
