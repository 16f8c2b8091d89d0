import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { LeagueGame } from "#domain/api/leagues.js";
import { zonedTimeToUtc } from "#domain/schedule.js";
import { inTransaction, nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

/*
 * A league's schedule (migration 027; docs/product.md §17): the games the generator made or the admin placed,
 * replaced while they are drafts, then published into both teams' schedules (leagues/publish.ts).
 */

export function leagueGameOf(row: LeagueGameRow): LeagueGame {
  return {
    id: row.id,
    divisionId: row.division_id,
    round: Number(row.round),
    homeTeamId: row.home_team_id,
    awayTeamId: row.away_team_id,
    fieldId: row.field_id,
    subField: row.sub_field,
    date: row.local_date,
    startTime: row.start_time,
    durationMinutes: Number(row.duration_minutes),
    status: row.status,
    changedSincePublished: row.published_revision !== null && Number(row.published_revision) !== Number(row.revision),
  };
}

const GAME_COLUMNS = [
  "id",
  "division_id",
  "round",
  "home_team_id",
  "away_team_id",
  "field_id",
  "sub_field",
  "local_date",
  "start_time",
  "duration_minutes",
  "status",
  "revision",
  "published_revision",
  "updated_at",
] as const;

export type LeagueGameRow = Pick<Selectable<DB["league_games"]>, (typeof GAME_COLUMNS)[number]>;

/** Every game of the league, by day, time and field. */
export async function leagueGameRows(db: Kysely<DB>, leagueId: string): Promise<LeagueGameRow[]> {
  return db
    .selectFrom("league_games")
    .select(GAME_COLUMNS)
    .where("league_id", "=", leagueId)
    .orderBy("local_date")
    .orderBy("start_time")
    .orderBy("field_id")
    .orderBy("sub_field")
    .orderBy("id")
    .execute();
}

export async function hasPublishedGames(db: Kysely<DB>, leagueId: string): Promise<boolean> {
  const row = await db
    .selectFrom("league_games")
    .select("id")
    .where("league_id", "=", leagueId)
    .where("published_revision", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewLeagueGame {
  divisionId: string;
  round: number;
  homeTeamId: string;
  awayTeamId: string;
  fieldId: string;
  subField: string;
  date: string;
  startTime: string;
  durationMinutes: number;
}

/** A new draft game's row (the season's, the admin's or a bracket's). */
export function draftGameRow(leagueId: string, timeZone: string, g: NewLeagueGame, id: string = randomUUID()) {
  const now = nowIso();
  return {
    id,
    league_id: leagueId,
    division_id: g.divisionId,
    round: g.round,
    home_team_id: g.homeTeamId,
    away_team_id: g.awayTeamId,
    field_id: g.fieldId,
    sub_field: g.subField,
    local_date: g.date,
    start_time: g.startTime,
    duration_minutes: g.durationMinutes,
    starts_at: zonedTimeToUtc(g.date, g.startTime, timeZone).toISOString(),
    status: "draft" as const,
    revision: 0,
    published_revision: null,
    created_at: now,
    updated_at: now,
  };
}

/** Replaces every draft game of the league's season with these, in one transaction (published games are kept). */
export async function replaceDraftGames(
  db: Kysely<DB>,
  leagueId: string,
  timeZone: string,
  games: readonly NewLeagueGame[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    // A playoff bracket's drafts are the bracket's (leagues/playoffs.ts): generating the season keeps them.
    await trx
      .deleteFrom("league_games")
      .where("league_id", "=", leagueId)
      .where("status", "=", "draft")
      .where("bracket_id", "is", null)
      .execute();
    const rows = games.map((g) => draftGameRow(leagueId, timeZone, g));
    // In chunks: SQLite binds at most 32,766 parameters in one statement (17 per row).
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto("league_games")
        .values(rows.slice(i, i + 500))
        .execute();
    }
  });
}

/** The games publishing must write: never published, or changed since. */
export async function gamesToPublish(db: Kysely<DB>, leagueId: string): Promise<LeagueGameRow[]> {
  return db
    .selectFrom("league_games")
    .select(GAME_COLUMNS)
    .where("league_id", "=", leagueId)
    .where((eb) => eb.or([eb("published_revision", "is", null), eb("published_revision", "<>", eb.ref("revision"))]))
    .orderBy("local_date")
    .orderBy("start_time")
    .orderBy("id")
    .execute();
}

/** Marks games as their teams now have them. */
export async function markPublished(db: Kysely<DB>, games: readonly LeagueGameRow[]): Promise<void> {
  const now = nowIso();
  for (const g of games) {
    await db
      .updateTable("league_games")
      .set({
        status: g.status === "cancelled" ? "cancelled" : "published",
        published_revision: sql<number>`revision`,
        updated_at: now,
      })
      .where("id", "=", g.id)
      .execute();
  }
}

/** The event a published league game made in a team's schedule, if any. */
export async function leagueGameEventOf(db: Kysely<DB>, teamId: string, gameId: string): Promise<string | null> {
  const row = await db
    .selectFrom("schedule_events")
    .select("id")
    .where("team_id", "=", teamId)
    .where("league_game_id", "=", gameId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A league game with its league and its two teams (their names, and their Flagline teams if they have one). */
export async function leagueGameContext(db: Kysely<DB>, gameId: string) {
  const row = await db
    .selectFrom("league_games as g")
    .innerJoin("league_teams as ht", "ht.id", "g.home_team_id")
    .innerJoin("league_teams as at", "at.id", "g.away_team_id")
    .select([
      "g.id",
      "g.league_id",
      "g.local_date",
      "g.start_time",
      "g.status",
      "g.published_revision",
      "ht.name as home_name",
      "at.name as away_name",
      "ht.team_id as home_team",
      "at.team_id as away_team",
    ])
    .where("g.id", "=", gameId)
    .executeTakeFirst();
  return row ?? null;
}

/** A Flagline team's published league games, in every league it plays in, by day. */
export async function teamLeagueGameRows(db: Kysely<DB>, teamId: string) {
  return db
    .selectFrom("league_teams as mine")
    .innerJoin("league_games as g", (join) =>
      join.on((eb) =>
        eb.or([eb("g.home_team_id", "=", eb.ref("mine.id")), eb("g.away_team_id", "=", eb.ref("mine.id"))]),
      ),
    )
    .innerJoin("leagues as l", "l.id", "g.league_id")
    .innerJoin("league_teams as ht", "ht.id", "g.home_team_id")
    .innerJoin("league_teams as at", "at.id", "g.away_team_id")
    .select([
      "g.id",
      "g.league_id",
      "l.name as league_name",
      "g.local_date",
      "g.start_time",
      "g.status",
      "mine.id as mine_id",
      "g.home_team_id",
      "ht.name as home_name",
      "at.name as away_name",
    ])
    .where("mine.team_id", "=", teamId)
    .where("g.published_revision", "is not", null)
    .where("g.status", "<>", "cancelled")
    .orderBy("g.local_date")
    .orderBy("g.start_time")
    .orderBy("g.id")
    .execute();
}
