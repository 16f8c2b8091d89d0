/*
 * Claiming a roster row through its invite link (docs/product.md §11): the person gives the row an email and a
 * password, which makes the user row an ordinary account. The token is single-use: it is cleared in the same
 * transaction that creates the credential account, and only an unclaimed row of a team can be claimed.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ClaimInfo } from "#domain/api/roster.js";
import { engineOf, inTransaction, nowIso } from "./engine.js";
import type { DB } from "./schema.js";

/** Who the invite link is for, or null when the token is unknown, used, or the row left its team. */
export async function findClaim(db: Kysely<DB>, token: string): Promise<ClaimInfo | null> {
  const row = await db
    .selectFrom("profiles as p")
    .innerJoin("teams as t", "t.id", "p.team_id")
    .select(["t.name", "p.full_name", "p.jersey_number", "p.primary_position"])
    .where("p.claim_token", "=", token)
    .where("p.role", "=", "player")
    .executeTakeFirst();
  if (!row) return null;
  return {
    teamName: row.name,
    fullName: row.full_name,
    jerseyNumber: row.jersey_number === null ? null : Number(row.jersey_number),
    primaryPosition: row.primary_position,
  };
}

async function emailTaken(db: Kysely<DB>, email: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives the row the email and the password hash (made by Better Auth's own hasher), clearing the token. Returns
 * the user id, "gone" when the token no longer names an unclaimed row, or "taken" when the email has an account.
 */
export async function claimRow(
  db: Kysely<DB>,
  token: string,
  email: string,
  passwordHash: string,
): Promise<{ userId: string } | "gone" | "taken"> {
  return inTransaction(db, async (trx) => {
    const base = trx
      .selectFrom("profiles")
      .select("user_id")
      .where("claim_token", "=", token)
      .where("team_id", "is not", null)
      .where("role", "=", "player");
    const row = await (engineOf(trx) === "postgres" ? base.forUpdate() : base).executeTakeFirst();
    if (!row) return "gone";
    if (await emailTaken(trx, email)) return "taken";
    const now = nowIso();
    await trx.updateTable("user").set({ email, updatedAt: now }).where("id", "=", row.user_id).execute();
    await trx
      .insertInto("account")
      .values({
        id: randomUUID(),
        accountId: row.user_id,
        providerId: "credential",
        userId: row.user_id,
        accessToken: null,
        refreshToken: null,
        idToken: null,
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        scope: null,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await trx
      .updateTable("profiles")
      .set({ claim_token: null, updated_at: now })
      .where("user_id", "=", row.user_id)
      .execute();
    return { userId: row.user_id };
  });
}
