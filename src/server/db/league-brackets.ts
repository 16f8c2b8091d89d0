import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { inTransaction, isUniqueViolation, nowIso } from "./dialect.js";
import { draftGameRow } from "./league-games.js";
import type { DB } from "./schema.js";

/*
 * A league's playoff brackets (migration 031; docs/product.md §17, decision 0038): each division's bracket, its
 * games' planned fields and times, and the league games made for them once both teams are known
 * (leagues/playoffs.ts decides which).
 */

export interface BracketRow {
  id: string;
  divisionId: string;
  seeds: string[];
  startDate: string;
}

export interface BracketPlaceRow {
  bracketId: string;
  round: number;
  position: number;
  fieldId: string | null;
  subField: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  leagueGameId: string | null;
}

/** The league's brackets, by division. */
export async function leagueBrackets(db: Kysely<DB>, leagueId: string): Promise<BracketRow[]> {
  const rows = await db
    .selectFrom("league_brackets")
    .select(["id", "division_id", "seeds", "start_date"])
    .where("league_id", "=", leagueId)
    .orderBy("division_id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    divisionId: r.division_id,
    seeds: JSON.parse(r.seeds) as string[],
    startDate: r.start_date,
  }));
}

/** Every planned game of the league's brackets. */
export async function leagueBracketPlaces(db: Kysely<DB>, leagueId: string): Promise<BracketPlaceRow[]> {
  const rows = await db
    .selectFrom("league_bracket_games as p")
    .innerJoin("league_brackets as b", "b.id", "p.bracket_id")
    .select([
      "p.bracket_id",
      "p.round",
      "p.position",
      "p.field_id",
      "p.sub_field",
      "p.local_date",
      "p.start_time",
      "p.duration_minutes",
      "p.league_game_id",
    ])
    .where("b.league_id", "=", leagueId)
    .orderBy("p.bracket_id")
    .orderBy("p.round")
    .orderBy("p.position")
    .execute();
  return rows.map((r) => ({
    bracketId: r.bracket_id,
    round: Number(r.round),
    position: Number(r.position),
    fieldId: r.field_id,
    subField: r.sub_field,
    date: r.local_date,
    startTime: r.start_time,
    durationMinutes: Number(r.duration_minutes),
    leagueGameId: r.league_game_id,
  }));
}

/** The league's playoff games (made for a bracket's games), whatever their status. */
export async function playoffGameRows(db: Kysely<DB>, leagueId: string) {
  return db
    .selectFrom("league_games")
    .select([
      "id",
      "bracket_id",
      "home_team_id",
      "away_team_id",
      "field_id",
      "sub_field",
      "local_date",
      "start_time",
      "duration_minutes",
      "status",
      "published_revision",
    ])
    .where("league_id", "=", leagueId)
    .where("bracket_id", "is not", null)
    .execute();
}

export interface NewBracket {
  leagueId: string;
  divisionId: string;
  seeds: readonly string[];
  startDate: string;
  createdBy: string;
  places: readonly Omit<BracketPlaceRow, "bracketId" | "leagueGameId">[];
}

/** Keeps a division's bracket and its planned games; "exists" when the division has one already. */
export async function insertBracket(db: Kysely<DB>, bracket: NewBracket): Promise<string | "exists"> {
  const id = randomUUID();
  try {
    await inTransaction(db, async (trx) => {
      await trx
        .insertInto("league_brackets")
        .values({
          id,
          league_id: bracket.leagueId,
          division_id: bracket.divisionId,
          seeds: JSON.stringify(bracket.seeds),
          start_date: bracket.startDate,
          created_by: bracket.createdBy,
          created_at: nowIso(),
        })
        .execute();
      if (bracket.places.length === 0) return;
      await trx
        .insertInto("league_bracket_games")
        .values(
          bracket.places.map((p) => ({
            bracket_id: id,
            round: p.round,
            position: p.position,
            field_id: p.fieldId,
            sub_field: p.subField,
            local_date: p.date,
            start_time: p.startTime,
            duration_minutes: p.durationMinutes,
            league_game_id: null,
          })),
        )
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "exists";
    throw error;
  }
  return id;
}

/**
 * Deletes a division's bracket with its playoff games, unless one of them is in the teams' schedules: "published".
 * "none" when the division has no bracket.
 */
export async function deleteBracket(db: Kysely<DB>, divisionId: string): Promise<"ok" | "none" | "published"> {
  return inTransaction(db, async (trx) => {
    const bracket = await trx
      .selectFrom("league_brackets")
      .select("id")
      .where("division_id", "=", divisionId)
      .executeTakeFirst();
    if (!bracket) return "none";
    const published = await trx
      .selectFrom("league_games")
      .select("id")
      .where("bracket_id", "=", bracket.id)
      .where("published_revision", "is not", null)
      .limit(1)
      .executeTakeFirst();
    if (published) return "published";
    await trx.deleteFrom("league_games").where("bracket_id", "=", bracket.id).execute();
    await trx.deleteFrom("league_brackets").where("id", "=", bracket.id).execute();
    return "ok";
  });
}

export interface NewPlayoffGame {
  leagueId: string;
  divisionId: string;
  bracketId: string;
  round: number;
  position: number;
  homeTeamId: string;
  awayTeamId: string;
  fieldId: string;
  subField: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  timeZone: string;
}

/**
 * Makes the draft league game of a bracket game and links it, unless one is linked already (a concurrent call made
 * it): null then, and nothing is made. The new game's id. One transaction.
 */
export async function makePlayoffGame(db: Kysely<DB>, g: NewPlayoffGame): Promise<string | null> {
  return inTransaction(db, async (trx) => {
    const id = randomUUID();
    await trx
      .insertInto("league_games")
      .values({ ...draftGameRow(g.leagueId, g.timeZone, g, id), bracket_id: g.bracketId })
      .execute();
    const linked = await trx
      .updateTable("league_bracket_games")
      .set({ league_game_id: id })
      .where("bracket_id", "=", g.bracketId)
      .where("round", "=", g.round)
      .where("position", "=", g.position)
      .where("league_game_id", "is", null)
      .executeTakeFirst();
    if (Number(linked.numUpdatedRows) === 1) return id;
    await trx.deleteFrom("league_games").where("id", "=", id).execute();
    return null;
  });
}

/**
 * Takes a league game off its bracket game, whose teams it no longer has (an earlier result was corrected): a
 * draft goes, a published game is cancelled (publishing then cancels it in both teams' schedules). One transaction.
 */
export async function dropPlayoffGame(db: Kysely<DB>, bracketId: string, gameId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable("league_bracket_games")
      .set({ league_game_id: null })
      .where("bracket_id", "=", bracketId)
      .where("league_game_id", "=", gameId)
      .execute();
    await trx.deleteFrom("league_games").where("id", "=", gameId).where("published_revision", "is", null).execute();
    await trx
      .updateTable("league_games")
      .set({ status: "cancelled", revision: sql<number>`revision + 1`, updated_at: nowIso() })
      .where("id", "=", gameId)
      .execute();
  });
}

/** The league of the playoff game a team's logged game was started from (its published event), if it is one. */
export async function playoffLeagueOfSession(
  db: Kysely<DB>,
  teamId: string,
  sessionId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom("schedule_events as se")
    .innerJoin("league_games as g", "g.id", "se.league_game_id")
    .select("g.league_id")
    .where("se.team_id", "=", teamId)
    .where("se.session_id", "=", sessionId)
    .where("g.bracket_id", "is not", null)
    .executeTakeFirst();
  return row?.league_id ?? null;
}
