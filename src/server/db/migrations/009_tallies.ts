import { sql, type CreateTableBuilder, type Kysely, type Migration } from "kysely";
import type { Engine } from "../dialect.js";
import { playRecountSql, pointsTenthsSql, slotSql } from "../tallies/sql.js";

/*
 * Team reads flat in events (decision 0015): counters kept with every event write, filled here from the events.
 * - session_tallies: per (season, session, player, event type, logged on its own or implied by a snap): count,
 *   yards, how many carried yards, latest time. session_key '' holds the events without a session.
 * - day_tallies: per (season, UTC day, player, event type): count and yards (the last-30-days board).
 * - team_day_tallies: per (season, UTC day): events and points in tenths; slot_tallies: the same per (season,
 *   minute of the day, UTC day) in quarter hours. The activity per local day is the UTC days plus, for a zone
 *   offset, the quarter hours that cross midnight (one key range of slot_tallies).
 * - play_tallies: the tagged events per (season, session, play, event type, written by a snap): count, yards and
 *   points in tenths at the players' current positions (the playbook analysis).
 * Keyed by session id, not by the session's date or kind, so editing a session needs no upkeep.
 */
export function talliesMigration(engine: Engine): Migration {
  // SQLite: rows stored in key order (WITHOUT ROWID), so a season's or a day range's rows are read in one sweep
  // rather than one table lookup per index entry.
  const clustered = <T extends CreateTableBuilder<string, never>>(t: T): T =>
    engine === "sqlite" ? (t.modifyEnd(sql`without rowid`) as T) : t;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("session_tallies")
        .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id").onDelete("cascade"))
        .addColumn("session_key", "text", (c) => c.notNull())
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("loose", "integer", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("yards", "integer", (c) => c.notNull())
        .addColumn("with_yards", "integer", (c) => c.notNull())
        .addColumn("last_at", "text")
        .addPrimaryKeyConstraint("session_tallies_pk", ["season_id", "session_key", "player_id", "event_type", "loose"])
        .$call(clustered)
        .execute();
      await db.schema.createIndex("session_tallies_session_idx").on("session_tallies").column("session_key").execute();
      await db.schema
        .createIndex("session_tallies_player_idx")
        .on("session_tallies")
        .columns(["player_id", "season_id"])
        .execute();
      await sql`insert into session_tallies
          (season_id, session_key, player_id, event_type, loose, count, yards, with_yards, last_at)
        select season_id, coalesce(session_id, ''), player_id, event_type,
          case when snap_id is null then 1 else 0 end, count(*), coalesce(sum(yards), 0), count(yards),
          max(occurred_at)
        from events
        group by season_id, coalesce(session_id, ''), player_id, event_type, case when snap_id is null then 1 else 0 end`.execute(
        db,
      );

      await db.schema
        .createTable("day_tallies")
        .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id").onDelete("cascade"))
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("yards", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("day_tallies_pk", ["season_id", "day", "player_id", "event_type"])
        .$call(clustered)
        .execute();
      await sql`insert into day_tallies (season_id, day, player_id, event_type, count, yards)
        select season_id, substr(occurred_at, 1, 10), player_id, event_type, count(*), coalesce(sum(yards), 0)
        from events group by season_id, substr(occurred_at, 1, 10), player_id, event_type`.execute(db);

      await db.schema
        .createTable("team_day_tallies")
        .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id").onDelete("cascade"))
        .addColumn("day", "integer", (c) => c.notNull())
        .addColumn("events", "integer", (c) => c.notNull())
        .addColumn("points_tenths", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("team_day_tallies_pk", ["season_id", "day"])
        .$call(clustered)
        .execute();
      await db.schema
        .createTable("slot_tallies")
        .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id").onDelete("cascade"))
        .addColumn("minute", "integer", (c) => c.notNull())
        .addColumn("day", "integer", (c) => c.notNull())
        .addColumn("events", "integer", (c) => c.notNull())
        .addColumn("points_tenths", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("slot_tallies_pk", ["season_id", "minute", "day"])
        .$call(clustered)
        .execute();
      const slot = slotSql(engine, sql.ref("e.occurred_at"));
      await sql`insert into slot_tallies (season_id, minute, day, events, points_tenths)
        select season_id, minute, day, count(*), sum(points) from (
          select e.season_id, ${slot.minute} as minute, ${slot.day} as day,
            ${pointsTenthsSql(engine, sql.ref("e.event_type"), "p")} as points
          from events e join profiles p on p.user_id = e.player_id
        ) g group by season_id, minute, day`.execute(db);
      await sql`insert into team_day_tallies (season_id, day, events, points_tenths)
        select season_id, day, sum(events), sum(points_tenths) from slot_tallies group by season_id, day`.execute(db);

      await db.schema
        .createTable("play_tallies")
        .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id").onDelete("cascade"))
        .addColumn("session_key", "text", (c) => c.notNull())
        .addColumn("play_id", "text", (c) => c.notNull().references("plays.id").onDelete("cascade"))
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("from_snap", "integer", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("yards", "integer", (c) => c.notNull())
        .addColumn("points_tenths", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("play_tallies_pk", ["season_id", "session_key", "play_id", "event_type", "from_snap"])
        .$call(clustered)
        .execute();
      await db.schema.createIndex("play_tallies_session_idx").on("play_tallies").column("session_key").execute();
      await db.schema.createIndex("play_tallies_play_idx").on("play_tallies").column("play_id").execute();
      await sql`insert into play_tallies
          (season_id, session_key, play_id, event_type, from_snap, count, yards, points_tenths)
        ${playRecountSql(engine)}`.execute(db);
      // A play's events in time order (the drill-down's page, a play's last use): one index range, not the season's.
      await db.schema.createIndex("events_play_time_idx").on("events").columns(["play_id", "occurred_at"]).execute();
      await db.schema.dropIndex("events_play_idx").execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.createIndex("events_play_idx").on("events").column("play_id").execute();
      await db.schema.dropIndex("events_play_time_idx").execute();
      await db.schema.dropTable("play_tallies").execute();
      await db.schema.dropTable("slot_tallies").execute();
      await db.schema.dropTable("team_day_tallies").execute();
      await db.schema.dropTable("day_tallies").execute();
      await db.schema.dropTable("session_tallies").execute();
    },
  };
}
