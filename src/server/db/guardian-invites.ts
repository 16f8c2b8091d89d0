/*
 * A coach's guardian links (docs/product.md §13): single-use, for one player, 14 days. Only the token's SHA-256 is
 * kept; the token is shown once (and, when the coach gives an address, mailed once). A mailed link keeps its
 * address until it is taken or expires, so the family shows who was asked; an expired link is deleted by the
 * retention tick with its address.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { MAILED_INVITES_PER_PLAYER } from "#domain/api/family.js";
import { GUARDIAN_INVITE_DAYS, shortName } from "#domain/family.js";
import { nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

export const inviteTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export interface MadeGuardianInvite {
  token: string;
  /** The key of the invite's mail in the outbox (one mail per link). */
  tokenHash: string;
  expiresAt: string;
  /** The player's first name and last initial, and the team's name: what the mail says. */
  childName: string;
  teamName: string;
}

/**
 * A new single-use guardian link for a player of the team, in the caller's transaction. With an address, an open
 * link already mailed to that address for this player is replaced (the coach mails it again), and "too_many" is
 * answered, storing nothing, when the player already has MAILED_INVITES_PER_PLAYER mailed links open. Null when the
 * id is not a player of the team.
 */
export async function createGuardianInvite(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
  email: string | null = null,
  now: Date = new Date(),
): Promise<MadeGuardianInvite | "too_many" | null> {
  const player = await db
    .selectFrom("profiles as p")
    .innerJoin("teams as t", "t.id", "p.team_id")
    .select(["p.full_name", "t.name as team_name"])
    .where("p.user_id", "=", playerId)
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "player")
    .executeTakeFirst();
  if (!player) return null;
  if (email !== null) {
    await db
      .deleteFrom("guardian_invites")
      .where("player_id", "=", playerId)
      .where("team_id", "=", teamId)
      .where("email", "=", email)
      .execute();
    const mailed = await db
      .selectFrom("guardian_invites")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("player_id", "=", playerId)
      .where("team_id", "=", teamId)
      .where("email", "is not", null)
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirstOrThrow();
    if (Number(mailed.n) >= MAILED_INVITES_PER_PLAYER) return "too_many";
  }
  const token = randomBytes(24).toString("base64url");
  const tokenHash = inviteTokenHash(token);
  const expiresAt = new Date(now.getTime() + GUARDIAN_INVITE_DAYS * 86_400_000).toISOString();
  await db
    .insertInto("guardian_invites")
    .values({
      token_hash: tokenHash,
      player_id: playerId,
      team_id: teamId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      email,
    })
    .execute();
  return { token, tokenHash, expiresAt, childName: shortName(player.full_name), teamName: player.team_name };
}

/** A player's open links: how many, and the addresses of those mailed (newest first). */
export async function openGuardianInvites(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
): Promise<{ count: number; mailed: { email: string; expiresAt: string }[] }> {
  const rows = await db
    .selectFrom("guardian_invites")
    .select(["email", "expires_at"])
    .where("player_id", "=", playerId)
    .where("team_id", "=", teamId)
    .where("expires_at", ">", nowIso())
    .orderBy("created_at", "desc")
    .execute();
  return {
    count: rows.length,
    mailed: rows.flatMap((r) => (r.email === null ? [] : [{ email: r.email, expiresAt: r.expires_at }])),
  };
}

/** What a live invite link is for: the team, the child, when it ends. Null: unknown, used, expired, or the child left. */
export async function findGuardianInvite(db: Kysely<DB>, token: string) {
  const row = await db
    .selectFrom("guardian_invites as i")
    .innerJoin("profiles as p", (j) => j.onRef("p.user_id", "=", "i.player_id").onRef("p.team_id", "=", "i.team_id"))
    .innerJoin("teams as t", "t.id", "i.team_id")
    .select(["i.player_id", "i.team_id", "i.expires_at", "p.full_name", "t.name as team_name"])
    .where("i.token_hash", "=", inviteTokenHash(token))
    .where("i.expires_at", ">", nowIso())
    .executeTakeFirst();
  if (!row) return null;
  return {
    playerId: row.player_id,
    teamId: row.team_id,
    teamName: row.team_name,
    childName: shortName(row.full_name),
    expiresAt: row.expires_at,
  };
}

/** Deletes links that expired before `now`, with any address they were mailed to; how many went. */
export async function deleteExpiredGuardianInvites(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom("guardian_invites")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
