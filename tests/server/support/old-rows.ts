/* Test support: rows as older versions wrote them, for the upgrade tests of the migrations. Not used by the server. */
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "#server/db/index.js";

/** A team row as migration 002 made it (no season: seasons came with migration 007). */
export async function insertOldTeam(db: Kysely<DB>, name: string, createdAt = "2025-08-01T09:00:00.000Z") {
  const id = randomUUID();
  const code = id.replace(/-/g, "").slice(0, 6).toUpperCase();
  await sql`insert into teams (id, name, team_code, coach_invite_code, created_at)
    values (${id}, ${name}, ${code}, ${`${code}XY`}, ${createdAt})`.execute(db);
  return { id };
}

/** A player profile with the columns migration 002 made. */
export async function insertOldPlayer(
  db: Kysely<DB>,
  teamId: string,
  userId: string,
  fullName: string,
  position: string,
): Promise<void> {
  const now = "2025-08-01T09:00:00.000Z";
  await sql`insert into profiles (user_id, team_id, role, coach_role, full_name, jersey_number, primary_position,
    positions, photo_file_id, joined_at, created_at, updated_at) values (${userId}, ${teamId}, 'player', null,
    ${fullName}, null, ${position}, ${JSON.stringify([position])}, null, ${now}, ${now}, ${now})`.execute(db);
}
