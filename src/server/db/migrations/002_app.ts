import { sql, type Kysely, type Migration } from "kysely";
import type { Engine } from "../dialect.js";

/**
 * Flagline's own tables. Only portable types (text, integer) so one definition serves both engines:
 * timestamps are ISO-8601 UTC text, session dates 'YYYY-MM-DD' text, booleans integer 0/1, JSON lists text.
 */
export function appMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("teams")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("team_code", "text", (c) => c.notNull().unique())
        .addColumn("coach_invite_code", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("files")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        // Not a foreign key: a team's playbook diagrams outlive the coach who uploaded them.
        .addColumn("owner_user_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("storage_key", "text", (c) => c.notNull().unique())
        .addColumn("mime", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("width", "integer")
        .addColumn("height", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addCheckConstraint("files_kind_check", sql`kind in ('photo', 'diagram')`)
        .execute();
      await db.schema.createIndex("files_team_idx").on("files").column("team_id").execute();

      await db.schema
        .createTable("profiles")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("team_id", "text", (c) => c.references("teams.id").onDelete("set null"))
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("coach_role", "text")
        .addColumn("full_name", "text", (c) => c.notNull())
        .addColumn("jersey_number", "integer")
        .addColumn("primary_position", "text")
        .addColumn("positions", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("photo_file_id", "text", (c) => c.references("files.id").onDelete("set null"))
        .addColumn("joined_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addCheckConstraint("profiles_role_check", sql`role in ('player', 'coach')`)
        .addCheckConstraint("profiles_coach_role_check", sql`coach_role is null or coach_role in ('head', 'assistant')`)
        .execute();
      await db.schema.createIndex("profiles_team_role_idx").on("profiles").columns(["team_id", "role"]).execute();

      await db.schema
        .createTable("team_sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("opponent", "text")
        .addColumn("location", "text")
        .addColumn("notes", "text")
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addCheckConstraint("team_sessions_kind_check", sql`kind in ('practice', 'game')`)
        .execute();
      await db.schema
        .createIndex("team_sessions_team_date_idx")
        .on("team_sessions")
        .columns(["team_id", "date"])
        .execute();

      await db.schema
        .createTable("attendance")
        .addColumn("session_id", "text", (c) => c.notNull().references("team_sessions.id").onDelete("cascade"))
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("present", "integer", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("attendance_pk", ["session_id", "player_id"])
        .addCheckConstraint("attendance_present_check", sql`present in (0, 1)`)
        .execute();
      await db.schema.createIndex("attendance_player_idx").on("attendance").column("player_id").execute();

      await db.schema
        .createTable("plays")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("side", "text", (c) => c.notNull())
        .addColumn("formation", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("diagram_file_id", "text", (c) => c.references("files.id").onDelete("set null"))
        .addColumn("archived_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addCheckConstraint("plays_side_check", sql`side in ('offense', 'defense')`)
        .execute();
      await db.schema.createIndex("plays_team_idx").on("plays").column("team_id").execute();

      await db.schema
        .createTable("events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("session_id", "text", (c) => c.references("team_sessions.id").onDelete("set null"))
        .addColumn("play_id", "text", (c) => c.references("plays.id").onDelete("set null"))
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("yards", "integer")
        .addColumn("occurred_at", "text", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("events_player_time_idx")
        .on("events")
        .columns(["player_id", "occurred_at"])
        .execute();
      await db.schema.createIndex("events_team_time_idx").on("events").columns(["team_id", "occurred_at"]).execute();
      await db.schema.createIndex("events_session_idx").on("events").column("session_id").execute();
      await db.schema.createIndex("events_play_idx").on("events").column("play_id").execute();

      await db.schema
        .createTable("player_event_counts")
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("yards", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("player_event_counts_pk", ["player_id", "event_type"])
        .execute();

      await db.schema
        .createTable("player_stats")
        .addColumn("player_id", "text", (c) => c.primaryKey().references("profiles.user_id").onDelete("cascade"))
        .addColumn("event_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_event_at", "text")
        .addColumn("attendance_total", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("attendance_attended", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("training_logs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("team_id", "text", (c) => c.references("teams.id").onDelete("set null"))
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("activity_type", "text", (c) => c.notNull())
        .addColumn("duration_minutes", "integer", (c) => c.notNull())
        .addColumn("intensity", "integer", (c) => c.notNull())
        .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("training_logs_player_date_idx")
        .on("training_logs")
        .columns(["player_id", "date"])
        .execute();

      await db.schema
        .createTable("feedback")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("coach_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("category", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("read_at", "text")
        .execute();
      await db.schema
        .createIndex("feedback_player_time_idx")
        .on("feedback")
        .columns(["player_id", "created_at"])
        .execute();
      await db.schema.createIndex("feedback_team_idx").on("feedback").column("team_id").execute();

      await db.schema
        .createTable("contact_messages")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("ip", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("contact_messages_time_idx").on("contact_messages").column("created_at").execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        "contact_messages",
        "feedback",
        "training_logs",
        "player_stats",
        "player_event_counts",
        "events",
        "plays",
        "attendance",
        "team_sessions",
        "profiles",
        "files",
        "teams",
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
