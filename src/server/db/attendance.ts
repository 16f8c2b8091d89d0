import { sql, type Kysely } from "kysely";
import type { AttendanceEntry } from "#domain/api/logger.js";
import { engineOf, inTransaction, nowIso } from "./dialect.js";
import type { DB, IntBoolean } from "./schema.js";

/*
 * player_stats.attendance_total counts the sessions with a mark for the player, attendance_attended the ones
 * marked present. Each change below is one atomic statement on the attendance row whose outcome says exactly
 * which transition happened (none -> mark, flip, no change, mark -> none), and the counters move by that
 * transition's delta in the same transaction. Row locks serialise transitions of one mark on PostgreSQL, so
 * the counters stay equal to a recount whatever the interleaving.
 */

export interface AttendanceMark {
  sessionId: string;
  playerId: string;
  present: boolean;
  updatedAt: string;
}

/** Marks a player present or absent for a session (session and player belong to the caller's team: caller's check). */
export async function setAttendance(
  db: Kysely<DB>,
  a: { sessionId: string; playerId: string; present: boolean },
): Promise<void> {
  const present: IntBoolean = a.present ? 1 : 0;
  await inTransaction(db, async (trx) => {
    // A concurrent clear can remove the row between our statements; then we start again. Bounded anyway.
    for (let attempt = 0; attempt < 10; attempt++) {
      const now = nowIso();
      const inserted = await trx
        .insertInto("attendance")
        .values({ session_id: a.sessionId, player_id: a.playerId, present, updated_at: now })
        .onConflict((oc) => oc.columns(["session_id", "player_id"]).doNothing())
        .returning("player_id")
        .executeTakeFirst();
      if (inserted) return bumpAttendance(trx, a.playerId, a.sessionId, 1, present);

      const flipped = await trx
        .updateTable("attendance")
        .set({ present, updated_at: now })
        .where("session_id", "=", a.sessionId)
        .where("player_id", "=", a.playerId)
        .where("present", "<>", present)
        .returning("player_id")
        .executeTakeFirst();
      if (flipped) return bumpAttendance(trx, a.playerId, a.sessionId, 0, present === 1 ? 1 : -1);

      const unchanged = await trx
        .updateTable("attendance")
        .set({ updated_at: now })
        .where("session_id", "=", a.sessionId)
        .where("player_id", "=", a.playerId)
        .returning("player_id")
        .executeTakeFirst();
      if (unchanged) return;
    }
    throw new Error("attendance mark kept changing concurrently; giving up");
  });
}

/** Removes a player's mark for a session. Returns whether there was one. */
export async function clearAttendance(db: Kysely<DB>, a: { sessionId: string; playerId: string }): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const removed = await trx
      .deleteFrom("attendance")
      .where("session_id", "=", a.sessionId)
      .where("player_id", "=", a.playerId)
      .returning("present")
      .executeTakeFirst();
    if (!removed) return false;
    await bumpAttendance(trx, a.playerId, a.sessionId, -1, -Number(removed.present));
    return true;
  });
}

/** The marks of one session. */
export async function listSessionAttendance(db: Kysely<DB>, sessionId: string): Promise<AttendanceMark[]> {
  const rows = await db
    .selectFrom("attendance")
    .selectAll()
    .where("session_id", "=", sessionId)
    .orderBy("player_id")
    .execute();
  return rows.map((r) => ({
    sessionId: r.session_id,
    playerId: r.player_id,
    present: r.present === 1,
    updatedAt: r.updated_at,
  }));
}

/**
 * Adds deltas to a player's attendance counters in the season of the session (creating the stats row when
 * missing). The session still exists: a session's marks are cleared before it is deleted.
 */
export async function bumpAttendance(
  trx: Kysely<DB>,
  playerId: string,
  sessionId: string,
  total: number,
  attended: number,
): Promise<void> {
  if (total === 0 && attended === 0) return;
  await trx
    .insertInto("player_stats")
    .values((eb) => ({
      player_id: playerId,
      season_id: eb.selectFrom("team_sessions").select("season_id").where("id", "=", sessionId),
      event_count: 0,
      last_event_at: null,
      attendance_total: total,
      attendance_attended: attended,
    }))
    .onConflict((oc) =>
      oc.columns(["player_id", "season_id"]).doUpdateSet({
        attendance_total: sql`player_stats.attendance_total + excluded.attendance_total`,
        attendance_attended: sql`player_stats.attendance_attended + excluded.attendance_attended`,
      }),
    )
    .execute();
}

/** Every current player of the team with their mark for the session (null: not marked), by name. */
export async function teamSessionAttendance(
  db: Kysely<DB>,
  teamId: string,
  sessionId: string,
): Promise<AttendanceEntry[]> {
  const rows = await db
    .selectFrom("profiles as p")
    .leftJoin("attendance as a", (join) =>
      join.onRef("a.player_id", "=", "p.user_id").on("a.session_id", "=", sessionId),
    )
    .select(["p.user_id", "a.present"])
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "player")
    .orderBy("p.full_name")
    .orderBy("p.user_id")
    .execute();
  return rows.map((r) => ({
    playerId: r.user_id,
    present: r.present === null || r.present === undefined ? null : Number(r.present) === 1,
  }));
}

/**
 * Applies a coach's marks to a session of the team in one transaction (true/false marks, null clears; players
 * of the team: the caller's check). Returns whether any mark changed, or null when the team has no such session.
 */
export async function markSessionAttendance(
  db: Kysely<DB>,
  teamId: string,
  sessionId: string,
  marks: readonly { playerId: string; present: boolean | null }[],
): Promise<boolean | null> {
  const playerIds = marks.map((m) => m.playerId);
  // One player after another in id order, so concurrent requests lock their counter rows in the same order.
  const ordered = [...marks].sort((x, y) => (x.playerId < y.playerId ? -1 : x.playerId > y.playerId ? 1 : 0));
  return db.transaction().execute(async (trx) => {
    // Holds off a concurrent delete of the session (its FOR UPDATE waits for us), so no mark is written
    // for a session being deleted; SQLite runs one transaction at a time anyway.
    let find = trx.selectFrom("team_sessions").select("id").where("id", "=", sessionId).where("team_id", "=", teamId);
    if (engineOf<DB>(trx) === "postgres") find = find.forKeyShare();
    if (!(await find.executeTakeFirst())) return null;

    const before = new Map(
      playerIds.length
        ? (
            await trx
              .selectFrom("attendance")
              .select(["player_id", "present"])
              .where("session_id", "=", sessionId)
              .where("player_id", "in", playerIds)
              .execute()
          ).map((r) => [r.player_id, Number(r.present) === 1])
        : [],
    );
    let any = false;
    for (const m of ordered) {
      // Applied even when it looks unchanged: a concurrent request may have changed the mark since we read
      // it, and these calls move the counters by whatever transition really happens.
      if (m.present === null) await clearAttendance(trx, { sessionId, playerId: m.playerId });
      else await setAttendance(trx, { sessionId, playerId: m.playerId, present: m.present });
      const was = before.has(m.playerId) ? before.get(m.playerId)! : null;
      if (was !== m.present) any = true;
    }
    return any;
  });
}
