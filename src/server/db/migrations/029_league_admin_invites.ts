import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Co-admins of a league (docs/product.md §17, issue #31): a league admin's single-use link that makes whoever opens
 * it, signed in, a co-admin. Kept as the SHA-256 of its token (shown once, when made), for 14 days; gone with the
 * league, and when taken.
 */
export function leagueAdminInvitesMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("league_admin_invites")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("league_id", "text", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
        .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("league_admin_invites_league")
        .on("league_admin_invites")
        .column("league_id")
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("league_admin_invites").execute();
    },
  };
}
