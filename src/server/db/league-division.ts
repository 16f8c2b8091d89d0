import type { Kysely } from "kysely";
import type { ResultDecision, Scorebook } from "#domain/leagues/results.js";
import type { DB } from "./schema.js";

/*
 * One division's published games with what decides each result (docs/product.md §17, issue #31), in one query by
 * the division's index (migration 033): a division's standings and a team's public page need nothing else of the
 * league. Each side's scorebook is the ended game its team started from the schedule event publishing made, as in
 * db/league-results.ts; the result itself is worked out by domain/leagues/results.ts.
 */

export interface DivisionGameRow {
  id: string;
  /** The playoff bracket it is a game of; null: a season game. */
  bracketId: string | null;
  homeTeamId: string;
  awayTeamId: string;
  fieldId: string;
  subField: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  cancelled: boolean;
  homeBook: Scorebook | null;
  awayBook: Scorebook | null;
  decision: ResultDecision | null;
}

const book = (us: number | string | null, them: number | string | null, side: "home" | "away") => {
  if (us === null || them === null) return null;
  return side === "home" ? { home: Number(us), away: Number(them) } : { home: Number(them), away: Number(us) };
};

/** The division's published games, by day, time and field. */
export async function divisionGameRows(db: Kysely<DB>, divisionId: string): Promise<DivisionGameRow[]> {
  const rows = await db
    .selectFrom("league_games as g")
    .innerJoin("league_teams as ht", "ht.id", "g.home_team_id")
    .innerJoin("league_teams as at", "at.id", "g.away_team_id")
    .leftJoin("league_result_decisions as d", "d.game_id", "g.id")
    .leftJoin("schedule_events as hse", (j) =>
      j.onRef("hse.league_game_id", "=", "g.id").onRef("hse.team_id", "=", "ht.team_id"),
    )
    .leftJoin("team_sessions as hs", (j) => j.onRef("hs.id", "=", "hse.session_id").on("hs.ended_at", "is not", null))
    .leftJoin("schedule_events as ase", (j) =>
      j.onRef("ase.league_game_id", "=", "g.id").onRef("ase.team_id", "=", "at.team_id"),
    )
    .leftJoin("team_sessions as as", (j) => j.onRef("as.id", "=", "ase.session_id").on("as.ended_at", "is not", null))
    .select([
      "g.id",
      "g.bracket_id",
      "g.home_team_id",
      "g.away_team_id",
      "g.field_id",
      "g.sub_field",
      "g.local_date",
      "g.start_time",
      "g.duration_minutes",
      "g.status",
      "d.kind",
      "d.home_score",
      "d.away_score",
      "d.forfeit",
      "hs.final_us as home_us",
      "hs.final_them as home_them",
      "as.final_us as away_us",
      "as.final_them as away_them",
    ])
    .where("g.division_id", "=", divisionId)
    .where("g.published_revision", "is not", null)
    .orderBy("g.local_date")
    .orderBy("g.start_time")
    .orderBy("g.field_id")
    .orderBy("g.sub_field")
    .orderBy("g.id")
    .execute();
  const games: DivisionGameRow[] = [];
  for (const r of rows) {
    const homeBook = book(r.home_us, r.home_them, "home");
    const awayBook = book(r.away_us, r.away_them, "away");
    const last = games.at(-1);
    // A team with two schedule events for one game (not written by publishing, but possible by hand) repeats the
    // game: the row with a scorebook wins.
    if (last?.id === r.id) {
      last.homeBook ??= homeBook;
      last.awayBook ??= awayBook;
      continue;
    }
    games.push({
      id: r.id,
      bracketId: r.bracket_id,
      homeTeamId: r.home_team_id,
      awayTeamId: r.away_team_id,
      fieldId: r.field_id,
      subField: r.sub_field,
      date: r.local_date,
      startTime: r.start_time,
      durationMinutes: Number(r.duration_minutes),
      cancelled: r.status === "cancelled",
      homeBook,
      awayBook,
      decision:
        r.kind === null
          ? null
          : { kind: r.kind, home: Number(r.home_score), away: Number(r.away_score), forfeit: r.forfeit ?? null },
    });
  }
  return games;
}

/** The division's teams by name, with the Flagline team each plays as (null: no coach yet). */
export async function divisionTeams(
  db: Kysely<DB>,
  divisionId: string,
): Promise<{ id: string; name: string; teamId: string | null }[]> {
  return db
    .selectFrom("league_teams")
    .select(["id", "name", "team_id as teamId"])
    .where("division_id", "=", divisionId)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

/** A team of the league (null: no such team in that league). */
export async function leagueTeamOf(
  db: Kysely<DB>,
  leagueId: string,
  leagueTeamId: string,
): Promise<{ id: string; name: string; divisionId: string } | null> {
  const row = await db
    .selectFrom("league_teams")
    .select(["id", "name", "division_id as divisionId"])
    .where("id", "=", leagueTeamId)
    .where("league_id", "=", leagueId)
    .executeTakeFirst();
  return row ?? null;
}

/** The count of league writes (migration 033): a division's standings held in memory are current while it holds. */
export async function leagueRevision(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom("league_revision").select("revision").where("id", "=", 1).executeTakeFirst();
  return Number(row?.revision ?? 0);
}

/** Counts one league write: every server's held standings are read again. */
export async function bumpLeagueRevision(db: Kysely<DB>): Promise<void> {
  await db
    .updateTable("league_revision")
    .set((eb) => ({ revision: eb("revision", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}
