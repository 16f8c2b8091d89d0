import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Personal API tokens (docs/product.md §11 "API tokens"): a head coach's named token for their team, read-only or
 * read-write, sent as `Authorization: Bearer flt_…`. Only the SHA-256 of the token is stored (`token_hash`, hex,
 * unique): the token itself is shown once when it is made and can never be read back. A token belongs to the
 * team and the coach who made it; it goes with either (foreign keys, cascade). `last_used_at` is null until the
 * token is first used. A revoked token's row is deleted.
 */
export function apiTokensMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("api_tokens")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("scope", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_used_at", "text")
        .execute();
      await db.schema
        .createIndex("api_tokens_team_created")
        .on("api_tokens")
        .columns(["team_id", "created_at"])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("api_tokens").execute();
    },
  };
}
