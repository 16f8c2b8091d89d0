import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Follow links (docs/product.md §15, issue #30): a game's public address, which anyone holding it can open to
 * follow the game live without an account.
 *
 * - `follow_links`: one row per game that ever had a link. The address is computed from the session id and
 *   `generation` (db/follow-links.ts), never stored; `active` is 1 while the link opens the game. Revoking sets it
 *   to 0 and raises the generation, so a link made again later is a new address and the old one stays dead.
 *   Gone with its game (and so with the team).
 */
export function followLinksMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("follow_links")
        .addColumn("session_id", "text", (c) => c.primaryKey().references("team_sessions.id").onDelete("cascade"))
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        .addColumn("generation", "integer", (c) => c.notNull())
        .addColumn("active", "integer", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("follow_links_team").on("follow_links").column("team_id").execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("follow_links").execute();
    },
  };
}
