import type { Kysely } from "kysely";
import { nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

/*
 * Reads and writes on the `user` and `account` rows for password recovery and email changes (routes/password.ts,
 * routes/account-email.ts, scripts/reset-link.ts). Better Auth stores emails in lower case.
 */

/** The user with this email (any case), or null. */
export async function userIdByEmail(db: Kysely<DB>, email: string): Promise<string | null> {
  const row = await db.selectFrom("user").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

/** The user's email (lower case), or null when there is no such user. */
export async function userEmail(db: Kysely<DB>, userId: string): Promise<string | null> {
  const row = await db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
  return row?.email ?? null;
}

/** Whether the user has a password (an unclaimed roster row has none: it was never signed up). */
export async function hasPassword(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .where("password", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A player of the team by id, with whether they can sign in; null for anyone else (another team's: the same). */
export async function teamPlayerAccount(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
): Promise<{ userId: string; fullName: string; claimed: boolean } | null> {
  const row = await db
    .selectFrom("profiles")
    .select(["user_id", "full_name"])
    .where("user_id", "=", playerId)
    .where("team_id", "=", teamId)
    .where("role", "=", "player")
    .executeTakeFirst();
  if (!row) return null;
  return { userId: row.user_id, fullName: row.full_name, claimed: await hasPassword(db, row.user_id) };
}

/** Sets the user's email (lower case). Returns false when another account already has it. */
export async function setUserEmail(db: Kysely<DB>, userId: string, email: string): Promise<boolean> {
  const lower = email.toLowerCase();
  const other = await userIdByEmail(db, lower);
  if (other !== null) return other === userId;
  try {
    await db.updateTable("user").set({ email: lower, updatedAt: nowIso() }).where("id", "=", userId).execute();
    return true;
  } catch (error) {
    // Two changes to the same address at once: the unique index lets one through.
    if (/unique|duplicate/i.test(String((error as Error).message))) return false;
    throw error;
  }
}
