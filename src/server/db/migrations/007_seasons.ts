import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Migration } from "kysely";
import type { Engine } from "../dialect.js";

/**
 * Seasons (docs/product.md §11, decision 0013).
 * - seasons: a team's seasons, by name and days ('YYYY-MM-DD'); ends_on is null while the season is open. The
 *   team's current season is its newest by start day.
 * - team_sessions.season_id: the season a practice or game was created in (its date decides nothing by itself).
 * - events.season_id: its session's season, or for an event logged without a session the team's current season
 *   when it was logged. Kept on the event so a season's reads and counters need no join.
 * - player_event_counts and player_stats gain season_id in their keys: a season's summaries stay O(players).
 *
 * Backfill: every team gets one season named for its data's years ("2025 season", "2024–2025 season"), starting
 * on its first session or event day (or its creation day); every session and event is assigned to it, and the
 * counters are rebuilt per season from the events and attendance in SQL.
 *
 * season_id is NOT NULL on PostgreSQL. SQLite cannot add that constraint to a filled table without rebuilding it
 * (and every table whose foreign keys point at it), so there triggers refuse a null instead.
 */
export function seasonsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("seasons")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("starts_on", "text", (c) => c.notNull())
        .addColumn("ends_on", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("seasons_team_start_idx")
        .on("seasons")
        .columns(["team_id", "starts_on"])
        .unique()
        .execute();

      await db.schema
        .alterTable("team_sessions")
        .addColumn("season_id", "text", (c) => c.references("seasons.id"))
        .execute();
      await db.schema
        .alterTable("events")
        .addColumn("season_id", "text", (c) => c.references("seasons.id"))
        .execute();

      // One season per team, from its data's first day (or its creation day) and named for the years it spans.
      const teams = await sql<{ id: string; created_at: string }>`select id, created_at from teams`.execute(db);
      const data = await sql<{ team_id: string; first_day: string; last_day: string }>`
        select team_id, min(d) as first_day, max(d) as last_day from (
          select team_id, date as d from team_sessions
          union all select team_id, substr(occurred_at, 1, 10) as d from events
        ) days group by team_id`.execute(db);
      const spans = new Map(data.rows.map((r) => [r.team_id, { first: r.first_day, last: r.last_day }]));
      const now = new Date().toISOString();
      const rows = teams.rows.map((t) => {
        const created = t.created_at.slice(0, 10);
        const { first, last } = spans.get(t.id) ?? { first: created, last: created };
        const [a, b] = [first.slice(0, 4), last.slice(0, 4)];
        return {
          id: randomUUID(),
          team_id: t.id,
          name: a === b ? `${a} season` : `${a}–${b} season`,
          starts_on: first,
          ends_on: null,
          created_at: now,
        };
      });
      for (let i = 0; i < rows.length; i += 100)
        await db
          .insertInto("seasons" as never)
          .values(rows.slice(i, i + 100) as never)
          .execute();

      await sql`update team_sessions set season_id = (select s.id from seasons s where s.team_id = team_sessions.team_id)`.execute(
        db,
      );
      await sql`update events set season_id = (select s.id from seasons s where s.team_id = events.team_id)`.execute(
        db,
      );

      await db.schema
        .createIndex("team_sessions_season_date_idx")
        .on("team_sessions")
        .columns(["season_id", "date"])
        .execute();
      await db.schema
        .createIndex("events_season_time_idx")
        .on("events")
        .columns(["season_id", "occurred_at"])
        .execute();

      if (engine === "postgres") {
        await sql`alter table team_sessions alter column season_id set not null`.execute(db);
        await sql`alter table events alter column season_id set not null`.execute(db);
      } else {
        for (const table of ["team_sessions", "events"]) {
          for (const [when, on] of [
            ["insert", `insert on ${table}`],
            ["update", `update of season_id on ${table}`],
          ] as const) {
            await sql
              .raw(
                `create trigger ${table}_season_required_${when} before ${on} when new.season_id is null
                 begin select raise(abort, 'NOT NULL constraint failed: ${table}.season_id'); end`,
              )
              .execute(db);
          }
        }
      }

      // The counters, keyed by season, rebuilt from the events and attendance.
      await db.schema
        .createTable("player_event_counts_by_season")
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id").onDelete("cascade"))
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("yards", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("player_event_counts_season_pk", ["player_id", "season_id", "event_type"])
        .execute();
      await sql`insert into player_event_counts_by_season (player_id, season_id, event_type, count, yards)
        select player_id, season_id, event_type, count(*), coalesce(sum(yards), 0)
        from events group by player_id, season_id, event_type`.execute(db);
      await db.schema.dropTable("player_event_counts").execute();
      await sql`alter table player_event_counts_by_season rename to player_event_counts`.execute(db);

      await db.schema
        .createTable("player_stats_by_season")
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id").onDelete("cascade"))
        .addColumn("event_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_event_at", "text")
        .addColumn("attendance_total", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("attendance_attended", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("player_stats_season_pk", ["player_id", "season_id"])
        .execute();
      await sql`insert into player_stats_by_season
          (player_id, season_id, event_count, last_event_at, attendance_total, attendance_attended)
        select player_id, season_id, sum(n), max(last_at), sum(total), sum(attended) from (
          select player_id, season_id, count(*) as n, max(occurred_at) as last_at, 0 as total, 0 as attended
          from events group by player_id, season_id
          union all
          select a.player_id, s.season_id, 0, null, count(*), coalesce(sum(a.present), 0)
          from attendance a join team_sessions s on s.id = a.session_id group by a.player_id, s.season_id
        ) parts group by player_id, season_id`.execute(db);
      await db.schema.dropTable("player_stats").execute();
      await sql`alter table player_stats_by_season rename to player_stats`.execute(db);
      await db.schema.createIndex("player_stats_season_idx").on("player_stats").column("season_id").execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("player_stats_season_idx").execute();
      await db.schema
        .createTable("player_stats_all")
        .addColumn("player_id", "text", (c) => c.primaryKey().references("profiles.user_id").onDelete("cascade"))
        .addColumn("event_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_event_at", "text")
        .addColumn("attendance_total", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("attendance_attended", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`insert into player_stats_all (player_id, event_count, last_event_at, attendance_total, attendance_attended)
        select player_id, sum(event_count), max(last_event_at), sum(attendance_total), sum(attendance_attended)
        from player_stats group by player_id`.execute(db);
      await db.schema.dropTable("player_stats").execute();
      await sql`alter table player_stats_all rename to player_stats`.execute(db);
      await db.schema
        .createTable("player_event_counts_all")
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("yards", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("player_event_counts_all_pk", ["player_id", "event_type"])
        .execute();
      await sql`insert into player_event_counts_all (player_id, event_type, count, yards)
        select player_id, event_type, sum(count), sum(yards) from player_event_counts group by player_id, event_type`.execute(
        db,
      );
      await db.schema.dropTable("player_event_counts").execute();
      await sql`alter table player_event_counts_all rename to player_event_counts`.execute(db);

      if (engine === "sqlite") {
        for (const name of [
          "team_sessions_season_required_insert",
          "team_sessions_season_required_update",
          "events_season_required_insert",
          "events_season_required_update",
        ])
          await sql.raw(`drop trigger ${name}`).execute(db);
      }
      await db.schema.dropIndex("events_season_time_idx").execute();
      await db.schema.dropIndex("team_sessions_season_date_idx").execute();
      await db.schema.alterTable("events").dropColumn("season_id").execute();
      await db.schema.alterTable("team_sessions").dropColumn("season_id").execute();
      await db.schema.dropTable("seasons").execute();
    },
  };
}
