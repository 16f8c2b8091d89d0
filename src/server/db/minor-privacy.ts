/*
 * What others on a team may see of a child (docs/product.md §13): who is a minor, where their consent stands, and
 * whether their guardian lets other families see the full name and photo. The rules are domain/family.ts's; this
 * reads what they need. Coaches always see everything, so their reads never come here.
 */
import type { Kysely } from "kysely";
import type { Consent } from "#domain/api/family.js";
import { isMinor, isNamePrivate, shortName, utcToday, type NamePrivacy } from "#domain/family.js";
import type { DB } from "./schema.js";

/** Each player's consent from the ledger's latest record; a player with no record is `none`. */
export async function consentOf(db: Kysely<DB>, playerIds: readonly string[]): Promise<Map<string, Consent>> {
  const result = new Map<string, Consent>();
  for (const id of playerIds) result.set(id, { status: "none", byName: null, at: null, version: null });
  if (playerIds.length === 0) return result;
  const rows = await db
    .selectFrom("consent_records")
    .select(["player_id", "action", "guardian_name", "created_at", "text_version", "id"])
    .where("player_id", "in", playerIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  // Ordered oldest first: the last record of each player wins.
  for (const row of rows) {
    result.set(row.player_id, {
      status: row.action,
      byName: row.guardian_name,
      at: row.created_at,
      version: row.text_version,
    });
  }
  return result;
}

export type PlayerPrivacy = NamePrivacy & { playerId: string };

/** Where each of these players stands (players with no profile are left out). */
export async function privacyOf(db: Kysely<DB>, playerIds: readonly string[]): Promise<Map<string, PlayerPrivacy>> {
  const ids = [...new Set(playerIds)];
  if (ids.length === 0) return new Map();
  const [profiles, consent, guarded] = await Promise.all([
    db
      .selectFrom("profiles")
      .select(["user_id", "birth_date", "share_with_team"])
      .where("user_id", "in", ids)
      .execute(),
    consentOf(db, ids),
    db.selectFrom("guardian_links").select("player_id").distinct().where("player_id", "in", ids).execute(),
  ]);
  const withGuardian = new Set(guarded.map((g) => g.player_id));
  const day = utcToday();
  return new Map(
    profiles.map((p) => [
      p.user_id,
      {
        playerId: p.user_id,
        minor: isMinor(p.birth_date, withGuardian.has(p.user_id), day),
        consent: consent.get(p.user_id)?.status ?? "none",
        shared: Number(p.share_with_team) === 1,
      },
    ]),
  );
}

/** The players whose full name and photo only their coaches, themselves and their guardians may see. */
async function privatePlayers(db: Kysely<DB>, playerIds: readonly string[]): Promise<Set<string>> {
  const privacy = await privacyOf(db, playerIds);
  return new Set([...privacy.values()].filter(isNamePrivate).map((p) => p.playerId));
}

/**
 * Players as someone on the team who is not a coach sees them: a private minor's name becomes the short name
 * ("Maya R."), except the viewer's own (a player, or a guardian acting as their child).
 */
export async function namesForTeammate<P extends { id: string; name: string }>(
  db: Kysely<DB>,
  players: readonly P[],
  viewerId: string,
): Promise<P[]> {
  const hidden = await privatePlayers(
    db,
    players.filter((p) => p.id !== viewerId).map((p) => p.id),
  );
  return players.map((p) => (hidden.has(p.id) ? { ...p, name: shortName(p.name) } : p));
}

/**
 * Whose profile photo a stored file is, and where they stand; null for a file that is no one's photo (a play's
 * diagram). A minor's photo is served through a short-lived link only, and while private only to the team's
 * coaches, the player and their guardians.
 */
export async function photoOwner(
  db: Kysely<DB>,
  file: { id: string; owner_user_id: string },
): Promise<PlayerPrivacy | null> {
  // A photo is uploaded by its own profile (a guardian uploads as the child): found by its key, and only while it is
  // still that profile's photo (photo_file_id has no index of its own).
  const owner = await db
    .selectFrom("profiles")
    .select("user_id")
    .where("user_id", "=", file.owner_user_id)
    .where("photo_file_id", "=", file.id)
    .executeTakeFirst();
  if (!owner) return null;
  return (await privacyOf(db, [owner.user_id])).get(owner.user_id) ?? null;
}
