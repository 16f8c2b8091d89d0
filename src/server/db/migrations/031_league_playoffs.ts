import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * League playoffs (docs/product.md §17, issue #31; decision 0038): a single-elimination bracket per division, seeded
 * from the standings, its games planned into the league's fields and times. Who won is never stored: it follows from
 * the bracket games' confirmed results on every read (domain/leagues/bracket.ts).
 *
 * - `league_brackets`: a division's bracket (at most one): `seeds` (JSON list of league team ids, best first, as
 *   the standings stood when it was made), `start_date` (YYYY-MM-DD, the first day it could be played), who made
 *   it and when. Gone with its division or league.
 * - `league_bracket_games`: each game of the bracket (not the byes), by `round` (1 = first) and `position` in its
 *   round, with the field, sub-field, day, time and length planned for it. `league_game_id` is the league game made
 *   for it once both its teams are known (set null if that goes); `field_id` is set null if the field is deleted.
 * - `league_games.bracket_id`: the bracket a league game is a playoff game of (null: a season game). Playoff games
 *   are published, scored and fed as any game, and do not count in the standings. Gone with the bracket.
 */
export function leaguePlayoffsMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("league_brackets")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("league_id", "text", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
        .addColumn("division_id", "text", (c) =>
          c.notNull().unique().references("league_divisions.id").onDelete("cascade"),
        )
        .addColumn("seeds", "text", (c) => c.notNull())
        .addColumn("start_date", "text", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("league_brackets_league").on("league_brackets").column("league_id").execute();

      await db.schema
        .createTable("league_bracket_games")
        .addColumn("bracket_id", "text", (c) => c.notNull().references("league_brackets.id").onDelete("cascade"))
        .addColumn("round", "integer", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("field_id", "text", (c) => c.references("league_fields.id").onDelete("set null"))
        .addColumn("sub_field", "text", (c) => c.notNull())
        .addColumn("local_date", "text", (c) => c.notNull())
        .addColumn("start_time", "text", (c) => c.notNull())
        .addColumn("duration_minutes", "integer", (c) => c.notNull())
        .addColumn("league_game_id", "text", (c) => c.references("league_games.id").onDelete("set null"))
        .addPrimaryKeyConstraint("league_bracket_games_pk", ["bracket_id", "round", "position"])
        .execute();
      await db.schema
        .createIndex("league_bracket_games_game")
        .on("league_bracket_games")
        .column("league_game_id")
        .execute();
      await db.schema.createIndex("league_bracket_games_field").on("league_bracket_games").column("field_id").execute();

      await db.schema
        .alterTable("league_games")
        .addColumn("bracket_id", "text", (c) => c.references("league_brackets.id").onDelete("cascade"))
        .execute();
      await db.schema.createIndex("league_games_bracket").on("league_games").column("bracket_id").execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("league_games_bracket").execute();
      await db.schema.alterTable("league_games").dropColumn("bracket_id").execute();
      await db.schema.dropTable("league_bracket_games").execute();
      await db.schema.dropTable("league_brackets").execute();
    },
  };
}
