import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * A coach for a team the league added by name (docs/product.md §17, issue #31): a league admin's single-use link for
 * that team's coach. The head coach of a Flagline team who takes it puts their team in that place: its name in the
 * league, its division and its games stay. Kept as the SHA-256 of its token (shown once), for 14 days; gone with the
 * league team, and when taken.
 */
export function leagueCoachInvitesMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("league_coach_invites")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("league_team_id", "text", (c) => c.notNull().references("league_teams.id").onDelete("cascade"))
        .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("league_coach_invites_team")
        .on("league_coach_invites")
        .column("league_team_id")
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("league_coach_invites").execute();
    },
  };
}
