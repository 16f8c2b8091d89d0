/*
 * The signed-in user's own profile: reading and editing it, and its photo. Every function takes the user id
 * from the session; team data is never touched here beyond the user's own profile row and its photo file.
 */
import type { Kysely } from "kysely";
import { photoUrl } from "../storage/photo-links.js";
import { orderPositions, type ProfileDto } from "#domain/api/player.js";
import { engineOf, inTransaction, nowIso } from "./dialect.js";
import { deleteFileRow, insertFile, type NewFile } from "./files.js";
import { withPositionChange } from "./tallies/upkeep.js";
import type { DB } from "./schema.js";
import { serializeStringList, stringListOrEmpty } from "./rows.js";

/** The user's profile with their sign-in email, or null when they have none. */
export async function getOwnProfile(db: Kysely<DB>, userId: string): Promise<ProfileDto | null> {
  const row = await db
    .selectFrom("profiles as p")
    .innerJoin("user as u", "u.id", "p.user_id")
    .select([
      "p.role",
      "p.full_name",
      "u.email",
      "p.jersey_number",
      "p.primary_position",
      "p.positions",
      "p.photo_file_id",
      "p.requested_jersey_number",
      "p.requested_primary_position",
      "p.requested_at",
    ])
    .where("p.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    role: row.role,
    fullName: row.full_name,
    email: row.email,
    jerseyNumber: row.jersey_number === null ? null : Number(row.jersey_number),
    primaryPosition: row.primary_position,
    positions: row.role === "player" ? orderPositions(row.primary_position, stringListOrEmpty(row.positions)) : [],
    photoUrl: photoUrl(row.photo_file_id),
    request:
      row.requested_at === null
        ? null
        : {
            jerseyNumber: row.requested_jersey_number === null ? null : Number(row.requested_jersey_number),
            primaryPosition: row.requested_primary_position,
            requestedAt: row.requested_at,
          },
  };
}

export interface ProfilePatch {
  fullName?: string;
  jerseyNumber?: number;
  primaryPosition?: string;
  positions?: string[];
}

/**
 * Locks the profile row until the transaction ends (PostgreSQL; SQLite transactions already run one at a time).
 * FOR NO KEY UPDATE: the id is never changed here, so rows that reference the profile (events being logged for
 * the player) can still be written meanwhile.
 */
function lockedProfile(trx: Kysely<DB>, userId: string) {
  const q = trx.selectFrom("profiles").selectAll().where("user_id", "=", userId);
  return engineOf(trx) === "postgres" ? q.forNoKeyUpdate() : q;
}

/**
 * Applies the fields given and returns whether the profile exists. Positions end up with the primary one
 * first and no repeats: a new primary goes in front of the positions sent (or of the current ones when none
 * are sent). The name is copied to the auth user, so both say the same.
 */
export async function updateOwnProfile(db: Kysely<DB>, userId: string, patch: ProfilePatch): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const current = await lockedProfile(trx, userId).executeTakeFirst();
    if (!current) return false;
    const now = nowIso();
    const changes: {
      full_name?: string;
      jersey_number?: number;
      primary_position?: string;
      positions?: string;
      updated_at: string;
    } = {
      updated_at: now,
    };
    if (patch.fullName !== undefined) changes.full_name = patch.fullName;
    if (patch.jerseyNumber !== undefined) changes.jersey_number = patch.jerseyNumber;
    if (patch.primaryPosition !== undefined || patch.positions !== undefined) {
      const primary = patch.primaryPosition ?? current.primary_position;
      if (patch.primaryPosition !== undefined) changes.primary_position = patch.primaryPosition;
      changes.positions = serializeStringList(
        orderPositions(primary, patch.positions ?? stringListOrEmpty(current.positions)),
      );
    }
    const write = () => trx.updateTable("profiles").set(changes).where("user_id", "=", userId).execute();
    // A new position re-values the player's activity points (decision 0015).
    if (changes.positions !== undefined) await withPositionChange(trx, userId, write);
    else await write();
    if (patch.fullName !== undefined) {
      await trx.updateTable("user").set({ name: patch.fullName, updatedAt: now }).where("id", "=", userId).execute();
    }
    return true;
  });
}

/**
 * Records a newly stored photo and makes it the profile's, removing the previous photo's row. Returns the
 * previous photo's storage key (remove the object once this has committed), undefined when the profile is gone.
 */
export async function replaceProfilePhoto(
  db: Kysely<DB>,
  userId: string,
  file: NewFile,
): Promise<{ previousKey: string | null } | undefined> {
  return inTransaction(db, async (trx) => {
    const current = await lockedProfile(trx, userId).executeTakeFirst();
    if (!current) return undefined;
    await insertFile(trx, file);
    await trx
      .updateTable("profiles")
      .set({ photo_file_id: file.id, updated_at: nowIso() })
      .where("user_id", "=", userId)
      .execute();
    const previousKey = current.photo_file_id ? await deleteFileRow(trx, current.photo_file_id) : null;
    return { previousKey };
  });
}

/** Clears the profile's photo and removes its row. Returns its storage key, or null when there was none. */
export async function removeProfilePhoto(db: Kysely<DB>, userId: string): Promise<string | null> {
  return inTransaction(db, async (trx) => {
    const current = await lockedProfile(trx, userId).executeTakeFirst();
    if (!current?.photo_file_id) return null;
    await trx
      .updateTable("profiles")
      .set({ photo_file_id: null, updated_at: nowIso() })
      .where("user_id", "=", userId)
      .execute();
    return deleteFileRow(trx, current.photo_file_id);
  });
}

/** Whether the id is a player (role player) of the team. */
export async function isTeamPlayer(db: Kysely<DB>, teamId: string, playerId: string): Promise<boolean> {
  const row = await db
    .selectFrom("profiles")
    .select("user_id")
    .where("user_id", "=", playerId)
    .where("team_id", "=", teamId)
    .where("role", "=", "player")
    .executeTakeFirst();
  return row !== undefined;
}
