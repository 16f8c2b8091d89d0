import { type Kysely, type Migration, sql } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Leagues (docs/product.md §17, issue #31): many teams in divisions, on the league's fields, on one schedule.
 *
 * - `leagues`: a league, its public join code (a team's head coach enters it to join a division), its zone (the
 *   schedule's wall clock), the minimum rest between a team's games, and the standings' tiebreakers (JSON list in
 *   order), the point-difference cap and the recorded coin toss (JSON list of league team ids, first wins).
 * - `league_admins`: who runs a league: its `owner` (who made it) and `co_admin`s. Any account may run a league;
 *   it needs no team.
 * - `league_divisions`: e.g. 8U, 10U; `age_cutoff` (YYYY-MM-DD, null: none): a player born before it is too old
 *   for the division (playing up is allowed, never down); `roster_lock` (YYYY-MM-DD, null: none).
 * - `league_teams`: a team's place in a division. `team_id` is the Flagline team that joined with the code (it keeps
 *   its roster, stats and seasons), or null for a team the admin added that has no coach here yet; `name` is the
 *   name the league shows. `blackout_dates`: JSON list of YYYY-MM-DD the team cannot play. A team is in a league
 *   at most once.
 * - `league_fields`: a park (name, address) and its sub-fields (JSON list of names; empty: one field).
 * - `league_game_days`, `league_time_slots`: the season's game days, and the times a game may start on each.
 * - `league_games`: the schedule. A game of a division between two league teams, at a field (and sub-field), a
 *   local day and time. `status` is `draft` until published, then `published`, and `cancelled` when taken off a
 *   published schedule (never deleted once published: both teams have it). `revision` is raised on every change;
 *   `published_revision` is the revision both teams' schedules show, so "changed since publishing" is a compare.
 * - `schedule_events.league_game_id`: the team's schedule event a published league game made. Publishing writes
 *   one per team that has a Flagline team; a later change rewrites both.
 */
export function leaguesMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("leagues")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("join_code", "text", (c) => c.notNull().unique())
        .addColumn("time_zone", "text", (c) => c.notNull())
        .addColumn("min_rest_minutes", "integer", (c) => c.notNull())
        .addColumn("tiebreakers", "text", (c) => c.notNull())
        .addColumn("point_difference_cap", "integer")
        .addColumn("coin_toss", "text", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("league_admins")
        .addColumn("league_id", "text", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("league_admins_pk", ["league_id", "user_id"])
        .addCheckConstraint("league_admins_role_check", sql`role in ('owner', 'co_admin')`)
        .execute();
      await db.schema.createIndex("league_admins_user").on("league_admins").column("user_id").execute();

      await db.schema
        .createTable("league_divisions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("league_id", "text", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("age_cutoff", "text")
        .addColumn("roster_lock", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("league_divisions_name", ["league_id", "name"])
        .execute();

      await db.schema
        .createTable("league_teams")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("league_id", "text", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
        .addColumn("division_id", "text", (c) => c.notNull().references("league_divisions.id").onDelete("cascade"))
        .addColumn("team_id", "text", (c) => c.references("teams.id").onDelete("set null"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("blackout_dates", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("league_teams_team", ["league_id", "team_id"])
        .execute();
      await db.schema.createIndex("league_teams_division").on("league_teams").column("division_id").execute();
      await db.schema.createIndex("league_teams_team_id").on("league_teams").column("team_id").execute();

      await db.schema
        .createTable("league_fields")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("league_id", "text", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("address", "text")
        .addColumn("sub_fields", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("league_fields_league").on("league_fields").column("league_id").execute();

      await db.schema
        .createTable("league_game_days")
        .addColumn("league_id", "text", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
        .addColumn("local_date", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("league_game_days_pk", ["league_id", "local_date"])
        .execute();

      await db.schema
        .createTable("league_time_slots")
        .addColumn("league_id", "text", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
        .addColumn("start_time", "text", (c) => c.notNull())
        .addColumn("duration_minutes", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("league_time_slots_pk", ["league_id", "start_time"])
        .execute();

      await db.schema
        .createTable("league_games")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("league_id", "text", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
        .addColumn("division_id", "text", (c) => c.notNull().references("league_divisions.id").onDelete("cascade"))
        .addColumn("round", "integer", (c) => c.notNull())
        .addColumn("home_team_id", "text", (c) => c.notNull().references("league_teams.id").onDelete("cascade"))
        .addColumn("away_team_id", "text", (c) => c.notNull().references("league_teams.id").onDelete("cascade"))
        .addColumn("field_id", "text", (c) => c.notNull().references("league_fields.id").onDelete("cascade"))
        .addColumn("sub_field", "text", (c) => c.notNull())
        .addColumn("local_date", "text", (c) => c.notNull())
        .addColumn("start_time", "text", (c) => c.notNull())
        .addColumn("duration_minutes", "integer", (c) => c.notNull())
        .addColumn("starts_at", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("revision", "integer", (c) => c.notNull())
        .addColumn("published_revision", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addCheckConstraint("league_games_status_check", sql`status in ('draft', 'published', 'cancelled')`)
        .execute();
      await db.schema
        .createIndex("league_games_league_day")
        .on("league_games")
        .columns(["league_id", "local_date", "start_time"])
        .execute();
      await db.schema.createIndex("league_games_home").on("league_games").column("home_team_id").execute();
      await db.schema.createIndex("league_games_away").on("league_games").column("away_team_id").execute();

      await db.schema
        .alterTable("schedule_events")
        .addColumn("league_game_id", "text", (c) => c.references("league_games.id").onDelete("set null"))
        .execute();
      await db.schema
        .createIndex("schedule_events_league_game")
        .on("schedule_events")
        .column("league_game_id")
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("schedule_events_league_game").execute();
      await db.schema.alterTable("schedule_events").dropColumn("league_game_id").execute();
      for (const table of [
        "league_games",
        "league_time_slots",
        "league_game_days",
        "league_fields",
        "league_teams",
        "league_divisions",
        "league_admins",
        "leagues",
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
