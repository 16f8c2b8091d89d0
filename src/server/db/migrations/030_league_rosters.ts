import { type Kysely, type Migration, sql } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * The roster lock (docs/product.md §17, issue #31; decision 0037). The roster stays the team's: the lock blocks no
 * change to it, because the same Flagline team plays outside the league. A player who joined the roster after the
 * division's lock day waits for the league's decision, kept here, one per (league team, player):
 *
 * - `decision`: `approved` (eligible for the league's games) or `rejected` (listed as not eligible);
 * - `player_joined_at`: the joining it is about (the player's `profiles.joined_at` then), so a player taken off and
 *   added again after the lock waits again;
 * - `note`, who decided (`decided_by` set null when the account goes; `decided_by_name` stays) and when.
 *
 * Gone with the league team and with the player's account. Eligibility itself is never stored: it is worked out on
 * every read from the roster, the birth dates, the division and these decisions (domain/leagues/eligibility.ts).
 */
export function leagueRostersMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("league_roster_approvals")
        .addColumn("league_team_id", "text", (c) => c.notNull().references("league_teams.id").onDelete("cascade"))
        .addColumn("player_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("decision", "text", (c) => c.notNull())
        .addColumn("player_joined_at", "text", (c) => c.notNull())
        .addColumn("note", "text")
        .addColumn("decided_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("decided_by_name", "text", (c) => c.notNull())
        .addColumn("decided_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("league_roster_approvals_pk", ["league_team_id", "player_id"])
        .addCheckConstraint("league_roster_approvals_decision", sql`decision in ('approved', 'rejected')`)
        .execute();
      await db.schema
        .createIndex("league_roster_approvals_player")
        .on("league_roster_approvals")
        .column("player_id")
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("league_roster_approvals").execute();
    },
  };
}
