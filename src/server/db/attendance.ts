import { sql, type Kysely } from "kysely";
import { inTransaction, nowIso } from "./engine.js";
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
      if (inserted) return bumpAttendance(trx, a.playerId, 1, present);

      const flipped = await trx
        .updateTable("attendance")
        .set({ present, updated_at: now })
        .where("session_id", "=", a.sessionId)
        .where("player_id", "=", a.playerId)
        .where("present", "<>", present)
        .returning("player_id")
        .executeTakeFirst();
      if (flipped) return bumpAttendance(trx, a.playerId, 0, present === 1 ? 1 : -1);

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
    await bumpAttendance(trx, a.playerId, -1, -Number(removed.present));
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
  return rows.map((r) => ({ sessionId: r.session_id, playerId: r.player_id, present: r.present === 1, updatedAt: r.updated_at }));
}

/** Adds deltas to a player's attendance counters (creating the stats row when missing). */
export async function bumpAttendance(trx: Kysely<DB>, playerId: string, total: number, attended: number): Promise<void> {
  if (total === 0 && attended === 0) return;
  await trx
    .insertInto("player_stats")
    .values({
      player_id: playerId,
      event_count: 0,
      last_event_at: null,
      attendance_total: total,
      attendance_attended: attended,
    })
    .onConflict((oc) =>
      oc.column("player_id").doUpdateSet({
        attendance_total: sql`player_stats.attendance_total + excluded.attendance_total`,
        attendance_attended: sql`player_stats.attendance_attended + excluded.attendance_attended`,
      }),
    )
    .execute();
}
