import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * A player's return touchdowns (pick-sixes) are read from the snaps (docs/product.md §10 "Touchdowns and
 * safeties"): a pick-six is one Interception event, so the tallies cannot tell it from an interception. This index
 * lets that read touch only the team's interception snaps, whatever the number of seasons.
 */
export function snapsKindIndexMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex("snaps_team_kind_idx").on("snaps").columns(["team_id", "kind"]).execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("snaps_team_kind_idx").execute();
    },
  };
}
