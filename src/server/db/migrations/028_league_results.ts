import { type Kysely, type Migration, sql } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * League results (docs/product.md §17, issue #31). A result is not stored: it follows from the two teams' final
 * scores (their logged games, linked through `schedule_events.league_game_id` and `session_id`) and from what was
 * decided about them (domain/leagues/results.ts), so it is never out of step with the scorebooks.
 *
 * - `league_result_decisions`: the decision a game's result stands on, one per game: `admin` (entered or
 *   overridden by a league admin; a forfeit is one, `forfeit` naming the side that forfeited), `accepted` (a coach
 *   accepted the other team's differing score) or `confirmed` (a coach whose team did not log the game confirmed
 *   the other team's score). The score decided, who and when (the name as it was). Gone with the game.
 * - `league_result_log`: every decision, dispute and clearing, append-only: the audit log. `actor_id` is set null
 *   when the account goes; `actor_name` stays.
 */
export function leagueResultsMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("league_result_decisions")
        .addColumn("game_id", "text", (c) => c.primaryKey().references("league_games.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("home_score", "integer", (c) => c.notNull())
        .addColumn("away_score", "integer", (c) => c.notNull())
        .addColumn("forfeit", "text")
        .addColumn("decided_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("decided_by_name", "text", (c) => c.notNull())
        .addColumn("decided_at", "text", (c) => c.notNull())
        .addCheckConstraint("league_result_decisions_kind", sql`kind in ('admin', 'accepted', 'confirmed')`)
        .execute();

      await db.schema
        .createTable("league_result_log")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("league_id", "text", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
        .addColumn("game_id", "text", (c) => c.notNull().references("league_games.id").onDelete("cascade"))
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("home_score", "integer")
        .addColumn("away_score", "integer")
        .addColumn("forfeit", "text")
        .addColumn("note", "text")
        .addColumn("actor_id", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("actor_name", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("league_result_log_game")
        .on("league_result_log")
        .columns(["game_id", "created_at"])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("league_result_log").execute();
      await db.schema.dropTable("league_result_decisions").execute();
    },
  };
}
