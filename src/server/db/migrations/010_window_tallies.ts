import { sql, type CreateTableBuilder, type Kysely, type Migration } from "kysely";
import type { Engine } from "../dialect.js";
import { playPlayerRecountSql, sessionlessRowsSql, weekRecountSql } from "../tallies/sql.js";

/*
 * The windowed team reads flat too (decision 0015's follow-up), filled here from the events:
 * - week_tallies: per (season, ISO week (the day number of its Monday), player, event type): count and yards. The
 *   last-30-days board reads the window's whole weeks here and only the days at its edge from day_tallies.
 * - play_player_tallies: play_tallies per player (keyed play first): a play's drill-down credits its players from
 *   one key range rather than from the play's events.
 * - sessionless_tallies: the events without a session that the playbook analysis counts (tagged, or untagged of a
 *   snap-level type: play_key ''), per UTC day (level 0) and per quarter hour (level 1), with their points: a
 *   from/to window dates them by the viewer's zone, so it reads its whole UTC days and the quarter hours at its two
 *   edges.
 */
export function windowTalliesMigration(engine: Engine): Migration {
  const clustered = <T extends CreateTableBuilder<string, never>>(t: T): T =>
    engine === "sqlite" ? (t.modifyEnd(sql`without rowid`) as T) : t;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("week_tallies")
        .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id").onDelete("cascade"))
        .addColumn("week", "integer", (c) => c.notNull())
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("yards", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("week_tallies_pk", ["season_id", "week", "player_id", "event_type"])
        .$call(clustered)
        .execute();
      await db.schema.createIndex("week_tallies_player_idx").on("week_tallies").column("player_id").execute();
      await sql`insert into week_tallies (season_id, week, player_id, event_type, count, yards)
        ${weekRecountSql(engine)}`.execute(db);

      await db.schema
        .createTable("play_player_tallies")
        .addColumn("play_id", "text", (c) => c.notNull().references("plays.id").onDelete("cascade"))
        .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id").onDelete("cascade"))
        .addColumn("session_key", "text", (c) => c.notNull())
        .addColumn("player_id", "text", (c) => c.notNull().references("profiles.user_id").onDelete("cascade"))
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("from_snap", "integer", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("yards", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("play_player_tallies_pk", [
          "play_id",
          "season_id",
          "session_key",
          "player_id",
          "event_type",
          "from_snap",
        ])
        .$call(clustered)
        .execute();
      await db.schema
        .createIndex("play_player_tallies_session_idx")
        .on("play_player_tallies")
        .column("session_key")
        .execute();
      await db.schema
        .createIndex("play_player_tallies_player_idx")
        .on("play_player_tallies")
        .column("player_id")
        .execute();
      await db.schema
        .createIndex("play_player_tallies_season_idx")
        .on("play_player_tallies")
        .column("season_id")
        .execute();
      await sql`insert into play_player_tallies
          (play_id, season_id, session_key, player_id, event_type, from_snap, count, yards)
        ${playPlayerRecountSql}`.execute(db);

      await db.schema
        .createTable("sessionless_tallies")
        .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id").onDelete("cascade"))
        .addColumn("level", "integer", (c) => c.notNull())
        .addColumn("day", "integer", (c) => c.notNull())
        .addColumn("minute", "integer", (c) => c.notNull())
        .addColumn("play_key", "text", (c) => c.notNull())
        .addColumn("event_type", "text", (c) => c.notNull())
        .addColumn("from_snap", "integer", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("yards", "integer", (c) => c.notNull())
        .addColumn("points_tenths", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("sessionless_tallies_pk", [
          "season_id",
          "level",
          "day",
          "minute",
          "play_key",
          "event_type",
          "from_snap",
        ])
        .$call(clustered)
        .execute();
      await sql`insert into sessionless_tallies
          (season_id, level, day, minute, play_key, event_type, from_snap, count, yards, points_tenths)
        ${sessionlessRowsSql(engine, sql`e.session_id is null`)}`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("sessionless_tallies").execute();
      await db.schema.dropTable("play_player_tallies").execute();
      await db.schema.dropTable("week_tallies").execute();
    },
  };
}
