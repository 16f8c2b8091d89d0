import type { Kysely } from "kysely";
import { isMinor, utcToday } from "#domain/family.js";
import { realEmail } from "./reminders.js";
import type { DB } from "./schema.js";

/*
 * Retention of children's data (migration 024, docs/product.md §13, issue #30): which children's data is due to go,
 * and the job's record of each. The rules: a child (domain/family.ts isMinor) whose data has not gone yet is due
 * when they left their team before the cutoff, or when their team has shown no activity since the cutoff (no
 * practice or game logged, no event, no schedule change, no announcement, nobody joining).
 */

type RetentionReason = "left_team" | "team_inactive";

export interface DueChild {
  playerId: string;
  fullName: string;
  jerseyNumber: number | null;
  reason: RetentionReason;
  /** The team they were (or are) on, by name. */
  teamName: string;
}

/** The teams made before `cutoff` with no activity since. */
async function inactiveTeams(db: Kysely<DB>, cutoff: string): Promise<Set<string>> {
  const old = await db.selectFrom("teams").select("id").where("created_at", "<", cutoff).execute();
  if (old.length === 0) return new Set();
  const [sessions, events, schedule, announcements, joined] = await Promise.all([
    db.selectFrom("team_sessions").select("team_id").distinct().where("created_at", ">=", cutoff).execute(),
    db.selectFrom("events").select("team_id").distinct().where("created_at", ">=", cutoff).execute(),
    db.selectFrom("schedule_events").select("team_id").distinct().where("updated_at", ">=", cutoff).execute(),
    db.selectFrom("announcements").select("team_id").distinct().where("created_at", ">=", cutoff).execute(),
    db
      .selectFrom("profiles")
      .select("team_id")
      .distinct()
      .where("team_id", "is not", null)
      .where("joined_at", ">=", cutoff)
      .execute(),
  ]);
  const active = new Set([...sessions, ...events, ...schedule, ...announcements, ...joined].map((r) => r.team_id));
  return new Set(old.map((t) => t.id).filter((id) => !active.has(id)));
}

/** The children whose data is due to go at `cutoff` (ISO instant: now less RETENTION_DAYS), not yet erased. */
export async function dueChildren(db: Kysely<DB>, cutoff: string, today = utcToday()): Promise<DueChild[]> {
  const inactive = [...(await inactiveTeams(db, cutoff))];
  const purged = db.selectFrom("retention_notices").select("player_id").where("purged_at", "is not", null);
  const rows = await db
    .selectFrom("profiles as p")
    .leftJoin("teams as t", (j) => j.on((eb) => eb("t.id", "=", eb.fn.coalesce("p.team_id", "p.left_team_id"))))
    .select(["p.user_id", "p.full_name", "p.jersey_number", "p.birth_date", "p.team_id", "t.name"])
    .where("p.role", "=", "player")
    .where("p.user_id", "not in", purged)
    .where((eb) =>
      eb.or([
        eb.and([eb("p.team_id", "is", null), eb("p.left_at", "<", cutoff)]),
        ...(inactive.length > 0 ? [eb("p.team_id", "in", inactive)] : []),
      ]),
    )
    .execute();
  if (rows.length === 0) return [];
  const guarded = new Set(
    (
      await db
        .selectFrom("guardian_links")
        .select("player_id")
        .distinct()
        .where(
          "player_id",
          "in",
          rows.map((r) => r.user_id),
        )
        .execute()
    ).map((g) => g.player_id),
  );
  return rows
    .filter((r) => isMinor(r.birth_date, guarded.has(r.user_id), today))
    .map((r) => ({
      playerId: r.user_id,
      fullName: r.full_name,
      jerseyNumber: r.jersey_number === null ? null : Number(r.jersey_number),
      reason: r.team_id === null ? "left_team" : "team_inactive",
      teamName: r.name ?? "your team",
    }));
}

/** The job's open notices (told, not yet erased). */
export async function openNotices(
  db: Kysely<DB>,
): Promise<{ playerId: string; purgeAfter: string; notifiedAt: string }[]> {
  const rows = await db
    .selectFrom("retention_notices")
    .select(["player_id", "purge_after", "notified_at"])
    .where("purged_at", "is", null)
    .execute();
  return rows.map((r) => ({ playerId: r.player_id, purgeAfter: r.purge_after, notifiedAt: r.notified_at }));
}

/** Records that a child's guardians are being told; false when another server recorded it first. */
export async function recordNotice(
  db: Kysely<DB>,
  child: DueChild,
  notifiedAt: string,
  purgeAfter: string,
): Promise<boolean> {
  const rows = await db
    .insertInto("retention_notices")
    .values({ player_id: child.playerId, reason: child.reason, notified_at: notifiedAt, purge_after: purgeAfter })
    .onConflict((oc) => oc.column("player_id").doNothing())
    .returning("player_id")
    .execute();
  return rows.length > 0;
}

/** Forgets the notices of children no longer due (back on a team, the team active again). */
export async function dropNotices(db: Kysely<DB>, playerIds: readonly string[]): Promise<void> {
  if (playerIds.length === 0) return;
  await db.deleteFrom("retention_notices").where("player_id", "in", playerIds).where("purged_at", "is", null).execute();
}

/** Marks a child's data erased (inside the erasing transaction). */
export async function markPurged(db: Kysely<DB>, playerId: string, at: string): Promise<void> {
  await db.updateTable("retention_notices").set({ purged_at: at }).where("player_id", "=", playerId).execute();
}

/** A child's guardians, each with their address (null: a placeholder, which reaches nobody). */
export async function guardianEmails(
  db: Kysely<DB>,
  playerId: string,
): Promise<{ userId: string; email: string | null; name: string }[]> {
  const rows = await db
    .selectFrom("guardian_links as g")
    .innerJoin("user as u", "u.id", "g.guardian_id")
    .select(["u.id as userId", "u.email", "u.name"])
    .where("g.player_id", "=", playerId)
    .execute();
  // A placeholder address (a roster place's) reaches nobody.
  return rows.map((r) => ({ ...r, email: realEmail(r.email) }));
}
