import { sql, type Kysely, type Migration } from "kysely";
import type { Engine } from "../dialect.js";

/**
 * The coach owns the roster (docs/product.md §11, decision 0011).
 * - profiles.claim_token: the invite link of a roster player the coach added who has no account yet (random,
 *   URL-safe, unique); null once claimed, and for everyone who signed up.
 * - profiles.confirmed: 0 for a player who joined with the team code and waits for the coach; 1 otherwise.
 * - profiles.requested_*: a jersey number or primary position the player asked for; the coach approves it.
 * - A player's jersey number is unique within the team. Players who already share one keep it for the one who
 *   joined first; the others' number moves to requested_jersey_number, so the coach sees it and decides.
 */
/** The profile columns this migration reads and writes, as they are at this point of the history. */
interface Profiles005 {
  profiles: {
    user_id: string;
    team_id: string | null;
    role: string;
    jersey_number: number | null;
    requested_jersey_number: number | null;
    requested_at: string | null;
    joined_at: string | null;
    created_at: string;
  };
}

export function rosterMigration(_engine: Engine): Migration {
  return {
    async up(raw: Kysely<unknown>) {
      const db = raw as Kysely<Profiles005>;
      await db.schema.alterTable("profiles").addColumn("claim_token", "text").execute();
      await db.schema
        .alterTable("profiles")
        .addColumn("confirmed", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable("profiles").addColumn("requested_jersey_number", "integer").execute();
      await db.schema.alterTable("profiles").addColumn("requested_primary_position", "text").execute();
      await db.schema.alterTable("profiles").addColumn("requested_at", "text").execute();
      await db.schema.createIndex("profiles_claim_token_idx").unique().on("profiles").column("claim_token").execute();

      const players = await db
        .selectFrom("profiles")
        .select(["user_id", "team_id", "jersey_number"])
        .where("role", "=", "player")
        .where("team_id", "is not", null)
        .where("jersey_number", "is not", null)
        .orderBy("team_id")
        .orderBy("jersey_number")
        .orderBy(sql`coalesce(joined_at, created_at)`)
        .orderBy("created_at")
        .orderBy("user_id")
        .execute();
      const now = new Date().toISOString();
      let previous: string | null = null;
      for (const p of players) {
        const key = `${p.team_id}#${Number(p.jersey_number)}`;
        if (key === previous) {
          await db
            .updateTable("profiles")
            .set({ jersey_number: null, requested_jersey_number: Number(p.jersey_number), requested_at: now })
            .where("user_id", "=", p.user_id)
            .execute();
        }
        previous = key;
      }

      await sql`create unique index profiles_team_jersey_idx on profiles (team_id, jersey_number)
        where role = 'player' and jersey_number is not null`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("profiles_team_jersey_idx").execute();
      await db.schema.dropIndex("profiles_claim_token_idx").execute();
      for (const column of [
        "requested_at",
        "requested_primary_position",
        "requested_jersey_number",
        "confirmed",
        "claim_token",
      ])
        await db.schema.alterTable("profiles").dropColumn(column).execute();
    },
  };
}
