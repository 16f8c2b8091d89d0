import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/**
 * Game day (docs/product.md §10, decision 0010).
 * - snaps: one row per down, its detail as JSON (the domain's SnapDetail), the points it is worth to each side
 *   under the rules in force when it was written, and who logged and last edited it. A session's snaps cascade
 *   with it; their events then stay as loose events (events.snap_id set null), as events always have.
 * - snap_players: who took part in a snap and as what, so a player's snaps are one indexed read.
 * - events.snap_id: the snap an event was implied by; null for an event logged on its own (all events before
 *   this migration, which keep counting exactly as before).
 * - team_sessions: home or away, and the final score once the coach ends the game (with whether it was corrected
 *   by hand, and when and by whom it was ended).
 * - teams.league_rules: the team's rules as JSON; null means the NFL FLAG defaults.
 */
export function snapsMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("snaps")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        .addColumn("session_id", "text", (c) => c.notNull().references("team_sessions.id").onDelete("cascade"))
        .addColumn("play_id", "text", (c) => c.references("plays.id").onDelete("set null"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("detail", "text", (c) => c.notNull())
        .addColumn("period", "integer", (c) => c.notNull())
        .addColumn("first_down", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("our_points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("their_points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("occurred_at", "text", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("edited_at", "text")
        .addColumn("edited_by", "text")
        .execute();
      await db.schema
        .createIndex("snaps_session_time_idx")
        .on("snaps")
        .columns(["session_id", "occurred_at"])
        .execute();
      await db.schema.createIndex("snaps_team_time_idx").on("snaps").columns(["team_id", "occurred_at"]).execute();
      await db.schema.createIndex("snaps_play_idx").on("snaps").column("play_id").execute();

      await db.schema
        .createTable("snap_players")
        .addColumn("snap_id", "text", (c) => c.notNull().references("snaps.id").onDelete("cascade"))
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("role", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("snap_players_pk", ["snap_id", "player_id", "role"])
        .execute();
      await db.schema.createIndex("snap_players_player_idx").on("snap_players").column("player_id").execute();

      await db.schema
        .alterTable("events")
        .addColumn("snap_id", "text", (c) => c.references("snaps.id").onDelete("set null"))
        .execute();
      await db.schema.createIndex("events_snap_idx").on("events").column("snap_id").execute();

      await db.schema.alterTable("team_sessions").addColumn("home_away", "text").execute();
      await db.schema.alterTable("team_sessions").addColumn("final_us", "integer").execute();
      await db.schema.alterTable("team_sessions").addColumn("final_them", "integer").execute();
      await db.schema
        .alterTable("team_sessions")
        .addColumn("final_corrected", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("team_sessions").addColumn("ended_at", "text").execute();
      await db.schema.alterTable("team_sessions").addColumn("ended_by", "text").execute();

      await db.schema.alterTable("teams").addColumn("league_rules", "text").execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("teams").dropColumn("league_rules").execute();
      for (const column of ["ended_by", "ended_at", "final_corrected", "final_them", "final_us", "home_away"])
        await db.schema.alterTable("team_sessions").dropColumn(column).execute();
      await db.schema.dropIndex("events_snap_idx").execute();
      await db.schema.alterTable("events").dropColumn("snap_id").execute();
      await db.schema.dropTable("snap_players").execute();
      await db.schema.dropTable("snaps").execute();
    },
  };
}
