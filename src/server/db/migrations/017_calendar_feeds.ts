import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Calendar feeds (docs/product.md §12, issue #29): one row per person who asked for their calendar subscription.
 * The feed's token is never stored: it is an HMAC of the user id and `generation` under a key derived from
 * AUTH_SECRET (db/calendar-feeds.ts), so the address can be shown again at any time, and replacing it raises
 * `generation`, which makes every older address answer 404. The row goes with its user (cascade).
 */
export function calendarFeedsMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("calendar_feeds")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("generation", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("calendar_feeds").execute();
    },
  };
}
