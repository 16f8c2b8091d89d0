import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Guardian invites by email (docs/product.md §13, issue #30): the address a coach mailed a guardian link to, so the
 * player's family shows who was asked and a second mail to the same address replaces the first link. Null for a
 * link the coach shares by hand. Gone with the invite: when it is taken, and when it has expired (the retention
 * tick deletes expired invites), so no address outlives its link.
 */
export function guardianInviteEmailMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("guardian_invites").addColumn("email", "text").execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("guardian_invites").dropColumn("email").execute();
    },
  };
}
