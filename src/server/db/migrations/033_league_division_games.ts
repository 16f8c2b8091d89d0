import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * A division's standings read on their own (docs/product.md §17, issue #31; leagues/standings-cache.ts):
 * - `league_games_division`: a division's standings and a team's public page read only that division's games
 *   (db/league-division.ts), not the whole league's.
 * - `league_revision`: one row counting the writes of every league route (http/league-revision.ts). A division's
 *   standings are kept in memory while this count and the results of the division's teams (their game sessions
 *   and schedules, heard from the hub) are unchanged; a count in the database is seen by every server process.
 */
export function leagueDivisionGamesMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("league_games_division")
        .on("league_games")
        .columns(["division_id", "local_date"])
        .execute();
      await db.schema
        .createTable("league_revision")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("revision", "integer", (c) => c.notNull())
        .execute();
      await db
        .insertInto("league_revision" as never)
        .values({ id: 1, revision: 0 } as never)
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("league_revision").execute();
      await db.schema.dropIndex("league_games_division").execute();
    },
  };
}
