import type { Kysely } from "kysely";
import type { Me } from "#domain/account.js";
import { photoUrl } from "../storage/photo-links.js";
import { inTransaction } from "./dialect.js";
import { untallyPlayer } from "./tallies/upkeep.js";
import type { DB } from "./schema.js";
import { stringListOrEmpty } from "./rows.js";

/**
 * The signed-in user as the app sees them (domain/account.ts `Me`), in one query: user, profile and team.
 * Null when the user has no profile (such an account cannot use the app, docs/product.md §4). Only a head coach gets
 * the coach invite code.
 */
export async function loadMe(db: Kysely<DB>, userId: string): Promise<Me | null> {
  const row = await db
    .selectFrom("profiles as p")
    .innerJoin("user as u", "u.id", "p.user_id")
    .leftJoin("teams as t", "t.id", "p.team_id")
    .leftJoin("teams as lt", "lt.id", "p.left_team_id")
    .select([
      "p.user_id",
      "u.email",
      "p.role",
      "p.coach_role",
      "p.full_name",
      "p.jersey_number",
      "p.primary_position",
      "p.positions",
      "p.photo_file_id",
      "p.confirmed",
      "t.id as team_id",
      "t.name as team_name",
      "t.team_code",
      "t.coach_invite_code",
      "lt.name as left_team_name",
      "p.left_at",
    ])
    .where("p.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return loadGuardianMe(db, userId);
  const positions = stringListOrEmpty(row.positions);
  const headCoach = row.role === "coach" && row.coach_role === "head";
  return {
    id: row.user_id,
    email: row.email,
    role: row.role,
    fullName: row.full_name,
    coachRole: row.role === "coach" ? row.coach_role : null,
    team:
      row.team_id !== null && row.team_name !== null && row.team_code !== null
        ? {
            id: row.team_id,
            name: row.team_name,
            code: row.team_code,
            coachInviteCode: headCoach ? row.coach_invite_code : null,
          }
        : null,
    jerseyNumber: row.jersey_number,
    primaryPosition: row.primary_position,
    positions,
    photoUrl: photoUrl(row.photo_file_id),
    waitingForCoach: row.role === "player" && row.team_id !== null && Number(row.confirmed) === 0,
    formerTeam:
      row.team_id === null && row.left_team_name !== null && row.left_at !== null
        ? { name: row.left_team_name, leftAt: row.left_at }
        : null,
  };
}

/** A guardian-only account (docs/product.md §13): no profile, no team. Null when the user is not one. */
async function loadGuardianMe(db: Kysely<DB>, userId: string): Promise<Me | null> {
  const row = await db
    .selectFrom("guardians as g")
    .innerJoin("user as u", "u.id", "g.user_id")
    .select(["g.user_id", "g.full_name", "u.email"])
    .where("g.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.user_id,
    email: row.email,
    role: "guardian",
    fullName: row.full_name,
    coachRole: null,
    team: null,
    jerseyNumber: null,
    primaryPosition: null,
    positions: [],
    photoUrl: null,
    formerTeam: null,
  };
}

/**
 * Deletes a Better Auth user and, by cascade, their sessions, accounts and profile (and the profile's events,
 * counters, attendance, logs and feedback). Returns whether the user existed.
 */
export async function deleteUser(db: Kysely<DB>, userId: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    // The team-wide slot tallies hold no player: their events are taken out before the cascade removes them.
    await untallyPlayer(trx, userId);
    const result = await trx.deleteFrom("user").where("id", "=", userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
