import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Playing time (docs/product.md §12 "Playing time", issue #29): the players on the field for a snap, as JSON text
 * (a list of player ids), sent by the logger's lineup mode with each snap. Null: logged without a lineup, which
 * counts for nobody's playing time.
 */
export function snapLineupsMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("snaps").addColumn("lineup", "text").execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("snaps").dropColumn("lineup").execute();
    },
  };
}
