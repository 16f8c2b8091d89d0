import { sql, type Kysely, type Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * The team's schedule and who is coming (docs/product.md §12, issue #29).
 *
 * - teams: `time_zone` (IANA name, 'UTC' until the coach chooses one) and `min_players` (null: the default, 5).
 * - schedule_events: a planned game or practice. It is kept as its local day (`local_date`) and wall-clock times
 *   (`start_time`, `arrive_by`) in the team's zone, and `starts_at`/`ends_at` (ISO-8601 UTC with milliseconds) are
 *   computed from them per occurrence (domain/schedule.ts zonedTimeToUtc), so a practice at 18:00 stays at 18:00
 *   across a daylight-saving change and a change of the team's zone. Every event a repeating series made shares
 *   its `series_id`. An event is never deleted: a cancelled one keeps its row (`status`, `cancelled_at`).
 *   `session_id` is the practice or game logged for it. `sequence` is raised on every change (the calendar
 *   feed's SEQUENCE; migration 017 reads this table by these column names).
 * - schedule_answers: one player's answer per event (going, maybe, no), and who gave it (`answered_by`: the player
 *   or a coach).
 */
export function scheduleMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("teams")
        .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("UTC"))
        .execute();
      await db.schema.alterTable("teams").addColumn("min_players", "integer").execute();

      await db.schema
        .createTable("schedule_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        .addColumn("series_id", "text")
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("local_date", "text", (c) => c.notNull())
        .addColumn("start_time", "text", (c) => c.notNull())
        .addColumn("arrive_by", "text")
        .addColumn("duration_minutes", "integer", (c) => c.notNull())
        .addColumn("starts_at", "text", (c) => c.notNull())
        .addColumn("ends_at", "text", (c) => c.notNull())
        .addColumn("place_name", "text")
        .addColumn("address", "text")
        .addColumn("field", "text")
        .addColumn("map_url", "text")
        .addColumn("opponent", "text")
        .addColumn("home_away", "text")
        .addColumn("notes", "text")
        .addColumn("session_id", "text", (c) => c.references("team_sessions.id").onDelete("set null"))
        .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_by", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("cancelled_at", "text")
        .addCheckConstraint("schedule_events_kind_check", sql`kind in ('game', 'practice')`)
        .addCheckConstraint("schedule_events_status_check", sql`status in ('scheduled', 'cancelled')`)
        .addCheckConstraint("schedule_events_home_away_check", sql`home_away is null or home_away in ('home', 'away')`)
        .execute();
      await db.schema
        .createIndex("schedule_events_team_starts")
        .on("schedule_events")
        .columns(["team_id", "starts_at"])
        .execute();
      await db.schema.createIndex("schedule_events_series").on("schedule_events").column("series_id").execute();

      await db.schema
        .createTable("schedule_answers")
        .addColumn("event_id", "text", (c) => c.notNull().references("schedule_events.id").onDelete("cascade"))
        .addColumn("player_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("answer", "text", (c) => c.notNull())
        .addColumn("note", "text")
        .addColumn("answered_by", "text")
        .addColumn("answered_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("schedule_answers_pk", ["event_id", "player_id"])
        .addCheckConstraint("schedule_answers_answer_check", sql`answer in ('going', 'maybe', 'no')`)
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("schedule_answers").execute();
      await db.schema.dropTable("schedule_events").execute();
      await db.schema.alterTable("teams").dropColumn("min_players").execute();
      await db.schema.alterTable("teams").dropColumn("time_zone").execute();
    },
  };
}
