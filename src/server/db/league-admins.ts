import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { LEAGUE_ADMIN_INVITE_DAYS } from "#domain/leagues/league.js";
import { inTransaction, nowIso } from "./dialect.js";
import { inviteTokenHash } from "./guardian-invites.js";
import type { DB } from "./schema.js";

/*
 * Who runs a league besides its owner (migrations 027 and 029; docs/product.md §17): co-admin links, taking one,
 * and taking a co-admin off. The owner stays: a league always has one admin who made it.
 */

/** A new single-use league link's token (shown once), its hash (kept) and its times: co-admin and coach links. */
export function newLeagueLinkToken(): { token: string; hash: string; createdAt: string; expiresAt: string } {
  const token = randomBytes(24).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + LEAGUE_ADMIN_INVITE_DAYS * 86_400_000).toISOString();
  return { token, hash: inviteTokenHash(token), createdAt: now.toISOString(), expiresAt };
}

/** A new single-use co-admin link: its token (shown once) and its last moment. */
export async function createLeagueAdminInvite(
  db: Kysely<DB>,
  leagueId: string,
  createdBy: string,
): Promise<{ token: string; expiresAt: string }> {
  const link = newLeagueLinkToken();
  await db
    .insertInto("league_admin_invites")
    .values({
      token_hash: link.hash,
      league_id: leagueId,
      created_by: createdBy,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
    })
    .execute();
  return { token: link.token, expiresAt: link.expiresAt };
}

/** The league an open co-admin link is for, and who made it; null when it is unknown, taken or expired. */
export async function findLeagueAdminInvite(
  db: Kysely<DB>,
  token: string,
): Promise<{ leagueId: string; leagueName: string; invitedBy: string | null } | null> {
  const row = await db
    .selectFrom("league_admin_invites as i")
    .innerJoin("leagues as l", "l.id", "i.league_id")
    .leftJoin("user as u", "u.id", "i.created_by")
    .select(["l.id", "l.name", "u.name as invited_by"])
    .where("i.token_hash", "=", inviteTokenHash(token))
    .where("i.expires_at", ">", nowIso())
    .executeTakeFirst();
  return row ? { leagueId: row.id, leagueName: row.name, invitedBy: row.invited_by } : null;
}

/**
 * Takes a co-admin link: the account becomes a co-admin (an admin already keeps their role) and the link is gone,
 * in one transaction. Null when the link is unknown, taken or expired.
 */
export async function takeLeagueAdminInvite(db: Kysely<DB>, token: string, userId: string): Promise<string | null> {
  return inTransaction(db, async (trx) => {
    const invite = await trx
      .deleteFrom("league_admin_invites")
      .where("token_hash", "=", inviteTokenHash(token))
      .where("expires_at", ">", nowIso())
      .returning("league_id")
      .executeTakeFirst();
    if (!invite) return null;
    await trx
      .insertInto("league_admins")
      .values({ league_id: invite.league_id, user_id: userId, role: "co_admin", created_at: nowIso() })
      .onConflict((oc) => oc.columns(["league_id", "user_id"]).doNothing())
      .execute();
    return invite.league_id;
  });
}

/** Takes a co-admin off the league; false when they are not one (the owner is never taken off). */
export async function removeCoAdmin(db: Kysely<DB>, leagueId: string, userId: string): Promise<boolean> {
  const gone = await db
    .deleteFrom("league_admins")
    .where("league_id", "=", leagueId)
    .where("user_id", "=", userId)
    .where("role", "=", "co_admin")
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}
