/*
 * Families (docs/product.md §13): guardian accounts, their links to the players they act for, the coach's invite
 * links for guardians, and the consent ledger. A link is to a user, whatever else that user is: a coach whose own
 * child plays acts for the child from the coach's account.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { FamilyChild, PlayerFamily } from "#domain/api/family.js";
import { isChild, isUnderOwnSignInAge, utcToday } from "#domain/family.js";
import { inTransaction, nowIso } from "./dialect.js";
import { hasOwnSignIn as ownSignInOf } from "./own-sign-in.js";
import type { DB } from "./schema.js";
import { consentOf } from "./minor-privacy.js";
import { findGuardianInvite, inviteTokenHash, openGuardianInvites } from "./guardian-invites.js";

/** A guardian-only account's name, or null when the user is not one. */
export async function guardianAccount(db: Kysely<DB>, userId: string): Promise<{ fullName: string } | null> {
  const row = await db.selectFrom("guardians").select("full_name").where("user_id", "=", userId).executeTakeFirst();
  return row ? { fullName: row.full_name } : null;
}

/**
 * Renames a guardian-only account (its guardians row and its user name); false when the user is not one. The consent
 * ledger keeps the name each record was made under.
 */
export async function renameGuardian(db: Kysely<DB>, userId: string, fullName: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable("guardians")
      .set({ full_name: fullName })
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.updateTable("user").set({ name: fullName, updatedAt: nowIso() }).where("id", "=", userId).execute();
    return true;
  });
}

/** A player of the team (any roster row, confirmed or not), or null. */
async function teamPlayer(db: Kysely<DB>, teamId: string, playerId: string) {
  return db
    .selectFrom("profiles")
    .select(["user_id", "full_name", "birth_date"])
    .where("user_id", "=", playerId)
    .where("team_id", "=", teamId)
    .where("role", "=", "player")
    .executeTakeFirst();
}

export interface ConsentMeta {
  version: string;
  ip: string | null;
  userAgent: string | null;
}

/** The ledger's next record (in the caller's transaction). */
export async function recordConsent(
  trx: Kysely<DB>,
  playerId: string,
  guardian: { id: string; name: string },
  action: "given" | "withdrawn",
  meta: ConsentMeta,
): Promise<void> {
  await trx
    .insertInto("consent_records")
    .values({
      id: randomUUID(),
      player_id: playerId,
      guardian_id: guardian.id,
      guardian_name: guardian.name,
      action,
      text_version: meta.version,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
      created_at: nowIso(),
    })
    .execute();
}

/** Makes a user a guardian-only account (the user row was just made by sign-up). */
export async function addGuardianAccount(db: Kysely<DB>, userId: string, fullName: string): Promise<void> {
  await db.insertInto("guardians").values({ user_id: userId, full_name: fullName, created_at: nowIso() }).execute();
}

/**
 * Takes an invite link: the link is used up, the account becomes the child's guardian and their consent goes in
 * the ledger, in one transaction. "gone" when the link is no longer valid; "self" when the account is the child's.
 */
export async function acceptGuardianInvite(
  db: Kysely<DB>,
  token: string,
  guardian: { id: string; name: string },
  meta: ConsentMeta,
): Promise<{ playerId: string; teamId: string } | "gone" | "self"> {
  return inTransaction(db, async (trx) => {
    const invite = await findGuardianInvite(trx, token);
    if (!invite) return "gone";
    if (invite.playerId === guardian.id) return "self";
    const used = await trx
      .deleteFrom("guardian_invites")
      .where("token_hash", "=", inviteTokenHash(token))
      .executeTakeFirst();
    // A second request with the same link lost the race: the link is single-use.
    if (Number(used.numDeletedRows) === 0) return "gone";
    const linked = await trx
      .selectFrom("guardian_links")
      .select("player_id")
      .where("guardian_id", "=", guardian.id)
      .where("player_id", "=", invite.playerId)
      .executeTakeFirst();
    if (!linked) {
      await trx
        .insertInto("guardian_links")
        .values({ guardian_id: guardian.id, player_id: invite.playerId, created_at: nowIso() })
        .execute();
    }
    await recordConsent(trx, invite.playerId, guardian, "given", meta);
    return { playerId: invite.playerId, teamId: invite.teamId };
  });
}

async function hasOwnSignIn(db: Kysely<DB>, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("account")
    .select("userId")
    .where("userId", "in", userIds)
    .where("providerId", "=", "credential")
    .execute();
  return new Set(rows.map((r) => r.userId));
}

async function guardiansOf(db: Kysely<DB>, playerIds: readonly string[]) {
  if (playerIds.length === 0) return [];
  return db
    .selectFrom("guardian_links as l")
    .innerJoin("user as u", "u.id", "l.guardian_id")
    .leftJoin("guardians as g", "g.user_id", "l.guardian_id")
    .leftJoin("profiles as p", "p.user_id", "l.guardian_id")
    .select([
      "l.player_id",
      "l.guardian_id",
      "l.created_at",
      "u.email",
      "u.name",
      "g.full_name as guardian_name",
      "p.full_name as profile_name",
    ])
    .where("l.player_id", "in", playerIds)
    .orderBy("l.created_at")
    .execute();
}

/** The name a guardian goes by: their guardian account's, else their profile's (a coach or player who is a parent). */
function guardianName(row: { guardian_name: string | null; profile_name: string | null; name: string }): string {
  return row.guardian_name ?? row.profile_name ?? row.name;
}

/** The children an account acts for, on whichever teams, oldest link first. */
export async function familyOf(db: Kysely<DB>, guardianId: string): Promise<FamilyChild[]> {
  const rows = await db
    .selectFrom("guardian_links as l")
    .innerJoin("profiles as p", "p.user_id", "l.player_id")
    .leftJoin("teams as t", "t.id", "p.team_id")
    .select([
      "p.user_id",
      "p.full_name",
      "p.jersey_number",
      "p.birth_date",
      "p.share_with_team",
      "t.id as team_id",
      "t.name as team_name",
    ])
    .where("l.guardian_id", "=", guardianId)
    .orderBy("l.created_at")
    .orderBy("p.full_name")
    .execute();
  const ids = rows.map((r) => r.user_id);
  const [consent, ownSignIn, guardians] = await Promise.all([
    consentOf(db, ids),
    hasOwnSignIn(db, ids),
    guardiansOf(db, ids),
  ]);
  const day = utcToday();
  return rows.map((r) => ({
    id: r.user_id,
    fullName: r.full_name,
    team: r.team_id !== null && r.team_name !== null ? { id: r.team_id, name: r.team_name } : null,
    jerseyNumber: r.jersey_number === null ? null : Number(r.jersey_number),
    birthDate: r.birth_date,
    ownSignIn: ownSignIn.has(r.user_id),
    underOwnSignInAge: isUnderOwnSignInAge(r.birth_date, day),
    child: isChild(r.birth_date, day),
    consent: consent.get(r.user_id) ?? { status: "none", byName: null, at: null, version: null },
    shareWithTeam: Number(r.share_with_team) === 1,
    guardians: guardians
      .filter((g) => g.player_id === r.user_id)
      .map((g) => ({ id: g.guardian_id, fullName: guardianName(g) })),
  }));
}

/** The child an account may act for (linked, and on a team), as the acting gate needs them; null otherwise. */
export async function childOfGuardian(db: Kysely<DB>, guardianId: string, playerId: string) {
  return (
    db
      .selectFrom("guardian_links as l")
      .innerJoin("profiles as p", "p.user_id", "l.player_id")
      .innerJoin("user as u", "u.id", "l.player_id")
      .select(["p.user_id", "p.team_id", "p.full_name", "u.email"])
      // A child with a sign-in of their own answers for themselves: their guardians keep read access only.
      .select((eb) => ownSignInOf(eb.ref("l.player_id")).as("own_sign_in"))
      .where("l.guardian_id", "=", guardianId)
      .where("l.player_id", "=", playerId)
      .where("p.role", "=", "player")
      .executeTakeFirst()
  );
}

/** Whether the account is linked to the player. */
export async function isGuardianOf(db: Kysely<DB>, guardianId: string, playerId: string): Promise<boolean> {
  const row = await db
    .selectFrom("guardian_links")
    .select("player_id")
    .where("guardian_id", "=", guardianId)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A guardian's settings for their child; false when the account is not the child's guardian. */
export async function updateChild(
  db: Kysely<DB>,
  guardianId: string,
  playerId: string,
  patch: { birthDate?: string | null; shareWithTeam?: boolean },
): Promise<boolean> {
  if (!(await isGuardianOf(db, guardianId, playerId))) return false;
  await db
    .updateTable("profiles")
    .set({
      ...(patch.birthDate !== undefined ? { birth_date: patch.birthDate } : {}),
      ...(patch.shareWithTeam !== undefined ? { share_with_team: patch.shareWithTeam ? 1 : 0 } : {}),
      updated_at: nowIso(),
    })
    .where("user_id", "=", playerId)
    .execute();
  return true;
}

/** The coach sets a player's birth date; false when the id is not a player of the team. */
export async function setBirthDate(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
  birthDate: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable("profiles")
    .set({ birth_date: birthDate, updated_at: nowIso() })
    .where("user_id", "=", playerId)
    .where("team_id", "=", teamId)
    .where("role", "=", "player")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The coach's view of one player's family: guardians, consent, open links. Null when not a player of the team. */
export async function playerFamily(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
): Promise<Omit<PlayerFamily, "mailEnabled"> | null> {
  const player = await teamPlayer(db, teamId, playerId);
  if (!player) return null;
  const [consent, ownSignIn, guardians, open] = await Promise.all([
    consentOf(db, [playerId]),
    hasOwnSignIn(db, [playerId]),
    guardiansOf(db, [playerId]),
    openGuardianInvites(db, teamId, playerId),
  ]);
  const day = utcToday();
  return {
    birthDate: player.birth_date,
    child: isChild(player.birth_date, day),
    underOwnSignInAge: isUnderOwnSignInAge(player.birth_date, day),
    ownSignIn: ownSignIn.has(playerId),
    consent: consent.get(playerId) ?? { status: "none", byName: null, at: null, version: null },
    guardians: guardians.map((g) => ({
      id: g.guardian_id,
      fullName: guardianName(g),
      email: g.email,
      since: g.created_at,
    })),
    openInvites: open.count,
    mailedInvites: open.mailed,
  };
}

/** The coach takes a guardian off a player of the team; false when there was no such link. */
export async function removeGuardianLink(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
  guardianId: string,
): Promise<boolean> {
  if (!(await teamPlayer(db, teamId, playerId))) return false;
  const result = await db
    .deleteFrom("guardian_links")
    .where("guardian_id", "=", guardianId)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * A guardian invites a child of 13 or more to a sign-in of their own (docs/product.md §13): the place's claim link
 * (roster invite), made anew. The guardian keeps the link to the child. Why not, when it cannot be made.
 */
export async function childSignInInvite(
  db: Kysely<DB>,
  guardianId: string,
  playerId: string,
): Promise<{ token: string } | "not_found" | "has_sign_in" | "too_young"> {
  const child = await childOfGuardian(db, guardianId, playerId);
  if (!child || child.team_id === null) return "not_found";
  if ((await hasOwnSignIn(db, [playerId])).size > 0) return "has_sign_in";
  const profile = await db
    .selectFrom("profiles")
    .select("birth_date")
    .where("user_id", "=", playerId)
    .executeTakeFirst();
  const birthDate = profile?.birth_date ?? null;
  if (birthDate === null || isUnderOwnSignInAge(birthDate, utcToday())) return "too_young";
  const token = randomBytes(24).toString("base64url");
  await db
    .updateTable("profiles")
    .set({ claim_token: token, updated_at: nowIso() })
    .where("user_id", "=", playerId)
    .execute();
  return { token };
}
