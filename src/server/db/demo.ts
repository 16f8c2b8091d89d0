import type { Kysely } from "kysely";
import type { DB } from "./schema.js";

/*
 * The demo's own reads (src/server/demo.ts, demo/seed.ts): whether a database is empty enough to seed, and what
 * the demo prints once it is seeded. The demo writes through the same db/ functions as the API.
 */

/** Whether the database holds any team at all (the demo seeds only an empty one). */
export async function hasAnyTeam(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom("teams").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** How many events a team has (the seed's summary). */
export async function teamEventCount(db: Kysely<DB>, teamId: string): Promise<number> {
  const row = await db
    .selectFrom("events")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("team_id", "=", teamId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The first team made, with its codes (the demo's sign-in sheet). */
export async function firstTeam(db: Kysely<DB>) {
  return db
    .selectFrom("teams")
    .select(["name", "team_code", "coach_invite_code"])
    .orderBy("created_at")
    .executeTakeFirst();
}

/** Every account with a profile: email, name and role, coaches first, then by name (the demo's sign-in sheet). */
export async function profileAccounts(db: Kysely<DB>) {
  return db
    .selectFrom("profiles as p")
    .innerJoin("user as u", "u.id", "p.user_id")
    .select(["u.email", "p.full_name", "p.role"])
    .orderBy("p.role")
    .orderBy("p.full_name")
    .execute();
}
