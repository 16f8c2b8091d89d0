import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Team announcements (docs/product.md §14, issue #30): a coach's message to the whole team, optionally pinned until
 * a day, and the mail kind that carries it.
 *
 * - `announcements`: the team's messages; gone with the team. The author's name is kept as it was when posted; the
 *   author going leaves the message (author_id set null).
 * - `mail_preferences.announcements`: 1 (the default) when the person gets announcements by mail.
 */
export function announcementsMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("announcements")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        .addColumn("author_id", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("author_name", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("pinned_until", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("announcements_team_created")
        .on("announcements")
        .columns(["team_id", "created_at"])
        .execute();
      await db.schema
        .alterTable("mail_preferences")
        .addColumn("announcements", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("mail_preferences").dropColumn("announcements").execute();
      await db.schema.dropTable("announcements").execute();
    },
  };
}
