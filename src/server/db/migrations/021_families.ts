import { type Kysely, type Migration, sql } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Families (docs/product.md §13, issue #30): guardians who act for the players they are linked to, and the consent
 * they give for a child's data.
 *
 * - `guardians`: an account that is a guardian and nothing else (no profile: it is on no team, so no team query can
 *   ever list it). A coach or player who is also a parent needs no row here: links are to users, whatever they are.
 * - `guardian_links`: guardian ⇄ player, many to many; either account going takes the link with it.
 * - `guardian_invites`: a coach's single-use link for one guardian of one player, kept as the SHA-256 of its token
 *   (shown once, when made); gone with the player or team.
 * - `consent_records`: the ledger. Append-only; who gave or withdrew consent for which player, when, under which
 *   version of the text, from which address and browser. No foreign keys: it outlives both accounts (a purge keeps
 *   the record that consent existed when the data was held, and nothing else: the player's id is an opaque id).
 * - `profiles.birth_date` (YYYY-MM-DD, null: not known) and `profiles.share_with_team` (1: the guardian lets other
 *   families on the team see the child's full name and photo; 0 by default).
 */
export function familiesMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("profiles").addColumn("birth_date", "text").execute();
      await db.schema
        .alterTable("profiles")
        .addColumn("share_with_team", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("guardians")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("full_name", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("guardian_links")
        .addColumn("guardian_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("player_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("guardian_links_pk", ["guardian_id", "player_id"])
        .execute();
      await db.schema.createIndex("guardian_links_player").on("guardian_links").column("player_id").execute();

      await db.schema
        .createTable("guardian_invites")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("player_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("guardian_invites_player").on("guardian_invites").column("player_id").execute();

      await db.schema
        .createTable("consent_records")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("player_id", "text", (c) => c.notNull())
        .addColumn("guardian_id", "text", (c) => c.notNull())
        .addColumn("guardian_name", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("text_version", "text", (c) => c.notNull())
        .addColumn("ip", "text")
        .addColumn("user_agent", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addCheckConstraint("consent_records_action_check", sql`action in ('given', 'withdrawn')`)
        .execute();
      await db.schema
        .createIndex("consent_records_player")
        .on("consent_records")
        .columns(["player_id", "created_at"])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("consent_records").execute();
      await db.schema.dropTable("guardian_invites").execute();
      await db.schema.dropTable("guardian_links").execute();
      await db.schema.dropTable("guardians").execute();
      await db.schema.alterTable("profiles").dropColumn("share_with_team").execute();
      await db.schema.alterTable("profiles").dropColumn("birth_date").execute();
    },
  };
}
