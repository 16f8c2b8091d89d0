import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Retention of children's data (docs/product.md §13, issue #30): the daily job's record of each child whose data is
 * due to go (they left their team, or the team has been inactive, for RETENTION_DAYS).
 *
 * - `retention_notices`: one row per child told about. `notified_at`: when the guardians' mail was enqueued;
 *   `purge_after`: when the data goes unless the child is no longer due by then (back on a team, the team active
 *   again: the row is dropped); `purged_at`: when it went. Gone with the child's user row.
 */
export function retentionMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("retention_notices")
        .addColumn("player_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("notified_at", "text", (c) => c.notNull())
        .addColumn("purge_after", "text", (c) => c.notNull())
        .addColumn("purged_at", "text")
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("retention_notices").execute();
    },
  };
}
