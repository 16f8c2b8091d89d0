import { sql, type Kysely, type Migration } from "kysely";
import type { Engine } from "../engine.js";
import { pointsTenthsSql, slotSql } from "../tally-sql.js";

/*
 * Team reads flat in events (decision 0015): counters kept with every event write, filled here from the events.
 * - session_tallies: per (season, session, player, event type, logged on its own or implied by a snap): count,
 *   yards, how many carried yards, latest time. session_key '' holds the events without a session.
 * - day_tallies: per (season, UTC day, player, event type): count and yards (the last-30-days board).
 * - slot_tallies: per (season, UTC quarter hour): events and points in tenths (the activity per local day).
 * Keyed by session id, not by the session's date or kind, so editing a session needs no upkeep.
 */
export function talliesMigration(engine: Engine): Migration {
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
        .execute();
      await sql`insert into day_tallies (season_id, day, player_id, event_type, count, yards)
        select season_id, substr(occurred_at, 1, 10), player_id, event_type, count(*), coalesce(sum(yards), 0)
        from events group by season_id, substr(occurred_at, 1, 10), player_id, event_type`.execute(db);

      await db.schema
        .createTable("slot_tallies")
        .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id").onDelete("cascade"))
        .addColumn("slot", "integer", (c) => c.notNull())
        .addColumn("events", "integer", (c) => c.notNull())
        .addColumn("points_tenths", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("slot_tallies_pk", ["season_id", "slot"])
        .execute();
      await sql`insert into slot_tallies (season_id, slot, events, points_tenths)
        select season_id, slot, count(*), sum(points) from (
          select e.season_id, ${slotSql(engine, sql.ref("e.occurred_at"))} as slot,
            ${pointsTenthsSql(engine, sql.ref("e.event_type"), "p")} as points
          from events e join profiles p on p.user_id = e.player_id
        ) g group by season_id, slot`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("slot_tallies").execute();
      await db.schema.dropTable("day_tallies").execute();
      await db.schema.dropTable("session_tallies").execute();
    },
  };
}
