import { sql, type Kysely, type Migration } from "kysely";
import type { Engine } from "../dialect.js";

/**
 * Team settings, leaving and rejoining a team, and the operator (docs/product.md §2 "Team settings", §6,
 * decision 0014).
 * - profiles.left_team_id, left_at: the team a member was last removed from, and when, so their "You're no longer
 *   on <team>'s roster" page can name it. Cleared when they join a team again.
 * - profiles_one_head_idx: at most one head coach per team, whatever runs at the same time (a hand-over demotes the
 *   old head and promotes the new one in one transaction, so there is also at least one).
 * - contact_messages.handled_at, handled_by: the operator marked the message as handled (null: not yet).
 */
export function operatorMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // No foreign key: SQLite cannot drop a referencing column (down), and the page reads the team with a left join.
      await db.schema.alterTable("profiles").addColumn("left_team_id", "text").execute();
      await db.schema.alterTable("profiles").addColumn("left_at", "text").execute();
      await db.schema
        .createIndex("profiles_one_head_idx")
        .unique()
        .on("profiles")
        .column("team_id")
        .where(sql.ref("coach_role"), "=", "head")
        .execute();
      await db.schema.alterTable("contact_messages").addColumn("handled_at", "text").execute();
      await db.schema.alterTable("contact_messages").addColumn("handled_by", "text").execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("contact_messages").dropColumn("handled_by").execute();
      await db.schema.alterTable("contact_messages").dropColumn("handled_at").execute();
      await db.schema.dropIndex("profiles_one_head_idx").execute();
      await db.schema.alterTable("profiles").dropColumn("left_at").execute();
      await db.schema.alterTable("profiles").dropColumn("left_team_id").execute();
    },
  };
}
