import type { Kysely } from "kysely";
import type { EditableGame } from "#domain/leagues/edits.js";
import { zonedTimeToUtc } from "#domain/schedule.js";
import { inTransaction, nowIso } from "./dialect.js";
import { draftGameRow } from "./league-games.js";
import type { DB } from "./schema.js";

/*
 * Saving a league admin's changes to the schedule (routes/league-edits.ts, domain/leagues/edits.ts; migration 027's
 * league_games). Every changed game's revision is raised, so publishing knows to rewrite it in both teams'
 * schedules; a draft taken off is deleted, a published game cancelled is kept.
 */

/** Of these games, the ones a team has started logging or that have a result decision: they stay put. */
export async function playedLeagueGames(db: Kysely<DB>, leagueId: string): Promise<Set<string>> {
  const [logged, decided] = await Promise.all([
    db
      .selectFrom("schedule_events as se")
      .innerJoin("league_games as g", "g.id", "se.league_game_id")
      .select("g.id")
      .where("g.league_id", "=", leagueId)
      .where("se.session_id", "is not", null)
      .execute(),
    db
      .selectFrom("league_result_decisions as d")
      .innerJoin("league_games as g", "g.id", "d.game_id")
      .select("g.id")
      .where("g.league_id", "=", leagueId)
      .execute(),
  ]);
  return new Set([...logged, ...decided].map((r) => r.id));
}

export interface SavedEdits {
  games: readonly EditableGame[];
  changed: ReadonlySet<string>;
  removed: ReadonlySet<string>;
  added: ReadonlySet<string>;
}

/** Writes the changes in one transaction. */
export async function saveScheduleEdits(
  db: Kysely<DB>,
  leagueId: string,
  timeZone: string,
  edits: SavedEdits,
): Promise<void> {
  const now = nowIso();
  const startsAt = (g: EditableGame) => zonedTimeToUtc(g.date, g.startTime, timeZone).toISOString();
  await inTransaction(db, async (trx) => {
    for (const id of edits.removed) {
      await trx
        .deleteFrom("league_games")
        .where("league_id", "=", leagueId)
        .where("id", "=", id)
        .where("status", "=", "draft")
        .execute();
    }
    for (const g of edits.games) {
      const place = {
        home_team_id: g.homeTeamId,
        away_team_id: g.awayTeamId,
        field_id: g.fieldId,
        sub_field: g.subField,
        local_date: g.date,
        start_time: g.startTime,
        duration_minutes: g.durationMinutes,
        starts_at: startsAt(g),
        status: g.status,
        updated_at: now,
      };
      if (edits.added.has(g.id)) {
        await trx
          .insertInto("league_games")
          .values(draftGameRow(leagueId, timeZone, g, g.id))
          .execute();
      } else if (edits.changed.has(g.id)) {
        await trx
          .updateTable("league_games")
          .set((eb) => ({ ...place, revision: eb("revision", "+", 1) }))
          .where("league_id", "=", leagueId)
          .where("id", "=", g.id)
          .execute();
      }
    }
  });
}
