import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/**
 * Our own request limits (sign-up attempts, wrong team and invite codes, contact messages), kept in the
 * database so they hold across several app servers (decision 0009). One row per limit and client address:
 * how many hits the current window has seen and when it ends (epoch milliseconds; bigint on both engines).
 */
export function requestLimitsMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("request_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("reset_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("request_limits_reset_idx").on("request_limits").column("reset_at").execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("request_limits").execute();
    },
  };
}
