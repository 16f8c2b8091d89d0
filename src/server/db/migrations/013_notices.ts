import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Notices (docs/product.md §11): what happened to a person, told in the app (and by mail when mail is set up).
 * One row per recipient and event: a player confirmed, declined, removed, a jersey or position request decided,
 * or (to each coach) a player waiting for the coach. `params` holds the text's parameters as JSON (the team's
 * name, the number or position decided); the text itself is written from `kind` when shown, so it can be
 * reworded. `team_id` is the team it is about, kept as text (no foreign key) so a notice outlives the team
 * membership it tells about. `read_at` is null until the recipient marks it read.
 */
export function noticesMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("notices")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("team_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("params", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("read_at", "text")
        .execute();
      await db.schema.createIndex("notices_user_created").on("notices").columns(["user_id", "created_at"]).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("notices").execute();
    },
  };
}
