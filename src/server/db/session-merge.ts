import { sql, type Kysely } from "kysely";
import type { MarkConflict, MergePlan } from "#domain/api/sessions.js";
import { bumpAttendance } from "./attendance.js";
import { sessionImpact } from "./team-sessions.js";
import { engineOf, inTransaction } from "./dialect.js";
import { countOf } from "./rows.js";
import { moveSessionTallies } from "./tallies/upkeep.js";
import type { DB, TeamSessionRecord } from "./schema.js";

/*
 * Merging a session into another (docs/product.md §3 sessions).
 *
 * A merge moves the source's events, snaps (with their players) and attendance marks into the target and deletes
 * the source, in one transaction. Events keep their player, type, yards and time, so the per-player counters do
 * not move; a mark moves as it is unless the player is marked in the target too, where present wins: the source's
 * mark is deleted (attendance total -1) and the target's becomes present if either was (attended follows). The
 * running score is the sum of the snaps' points, so it follows the snaps; an ended game's final score that was
 * not corrected by hand is recomputed from them, a corrected one is kept.
 */

export type MergeRefusal = "not_found" | "same_session" | "different_kind" | "different_season";

async function sessionPair(
  trx: Kysely<DB>,
  teamId: string,
  ids: { sourceId: string; targetId: string },
  lock: boolean,
): Promise<{ source: TeamSessionRecord; target: TeamSessionRecord } | MergeRefusal> {
  if (ids.sourceId === ids.targetId) return "same_session";
  let find = trx
    .selectFrom("team_sessions")
    .selectAll()
    .where("team_id", "=", teamId)
    .where("id", "in", [ids.sourceId, ids.targetId])
    .orderBy("id");
  // Both rows locked (in id order, so two merges of the same pair cannot deadlock): no event, snap or mark can be
  // written into either session while they move (their foreign keys take a key-share lock on the row).
  if (lock && engineOf(trx) === "postgres") find = find.forUpdate();
  const rows = await find.execute();
  const source = rows.find((r) => r.id === ids.sourceId);
  const target = rows.find((r) => r.id === ids.targetId);
  if (!source || !target) return "not_found";
  if (source.kind !== target.kind) return "different_kind";
  // Per-season counters (migration 007) would otherwise have to move between seasons.
  if (source.season_id !== target.season_id) return "different_season";
  return { source, target };
}

async function conflictsOf(trx: Kysely<DB>, sourceId: string, targetId: string): Promise<MarkConflict[]> {
  const rows = await trx
    .selectFrom("attendance as s")
    .innerJoin("attendance as t", (j) => j.onRef("t.player_id", "=", "s.player_id").on("t.session_id", "=", targetId))
    .leftJoin("profiles as p", "p.user_id", "s.player_id")
    .select(["s.player_id", "s.present as source", "t.present as target", "p.full_name"])
    .where("s.session_id", "=", sourceId)
    .orderBy("p.full_name")
    .orderBy("s.player_id")
    .execute();
  return rows.map((r) => ({
    playerId: r.player_id,
    name: r.full_name ?? "Former player",
    source: countOf(r.source) === 1,
    target: countOf(r.target) === 1,
    merged: countOf(r.source) === 1 || countOf(r.target) === 1,
  }));
}

function sideOf(r: TeamSessionRecord): MergePlan["source"] {
  return { id: r.id, kind: r.kind, date: r.date, opponent: r.opponent };
}

async function planOf(
  trx: Kysely<DB>,
  teamId: string,
  source: TeamSessionRecord,
  target: TeamSessionRecord,
): Promise<MergePlan> {
  const [impact, conflicts] = await Promise.all([
    sessionImpact(trx, { id: source.id, teamId }),
    conflictsOf(trx, source.id, target.id),
  ]);
  return {
    source: sideOf(source),
    target: sideOf(target),
    events: impact.events,
    snaps: impact.snaps,
    marks: impact.marks - conflicts.length,
    conflicts,
    finalRecomputed: target.ended_at !== null && countOf(target.final_corrected) === 0 && impact.snaps > 0,
  };
}

/** What merging `sourceId` into `targetId` would do, or why it is refused. Reads only. */
export async function mergePreview(
  db: Kysely<DB>,
  teamId: string,
  ids: { sourceId: string; targetId: string },
): Promise<MergePlan | MergeRefusal> {
  const pair = await sessionPair(db, teamId, ids, false);
  if (typeof pair === "string") return pair;
  return planOf(db, teamId, pair.source, pair.target);
}

/** Merges `sourceId` into `targetId` and deletes the source, in one transaction; answers what was done. */
export async function mergeSessions(
  db: Kysely<DB>,
  teamId: string,
  ids: { sourceId: string; targetId: string },
): Promise<MergePlan | MergeRefusal> {
  return inTransaction(db, async (trx) => {
    const pair = await sessionPair(trx, teamId, ids, true);
    if (typeof pair === "string") return pair;
    const { source, target } = pair;
    const plan = await planOf(trx, teamId, source, target);

    await trx
      .updateTable("events")
      .set({ session_id: target.id })
      .where("session_id", "=", source.id)
      .where("team_id", "=", teamId)
      .execute();
    await trx
      .updateTable("snaps")
      .set({ session_id: target.id })
      .where("session_id", "=", source.id)
      .where("team_id", "=", teamId)
      .execute();
    await moveSessionTallies(trx, source.id, { sessionId: target.id });

    // Marks of players the target has none for move as they are: the counters do not change.
    await trx
      .updateTable("attendance")
      .set({ session_id: target.id })
      .where("session_id", "=", source.id)
      .where("player_id", "not in", (eb) =>
        eb.selectFrom("attendance as t").select("t.player_id").where("t.session_id", "=", target.id),
      )
      .execute();
    // The rest are conflicts: present wins.
    for (const c of plan.conflicts) {
      await trx
        .deleteFrom("attendance")
        .where("session_id", "=", source.id)
        .where("player_id", "=", c.playerId)
        .execute();
      await bumpAttendance(trx, c.playerId, source.id, -1, c.source ? -1 : 0);
      if (c.merged && !c.target) {
        await trx
          .updateTable("attendance")
          .set({ present: 1 })
          .where("session_id", "=", target.id)
          .where("player_id", "=", c.playerId)
          .execute();
        await bumpAttendance(trx, c.playerId, target.id, 0, 1);
      }
    }

    if (plan.finalRecomputed) {
      const totals = await trx
        .selectFrom("snaps")
        .select([
          sql<number | string>`coalesce(sum(our_points), 0)`.as("us"),
          sql<number | string>`coalesce(sum(their_points), 0)`.as("them"),
        ])
        .where("team_id", "=", teamId)
        .where("session_id", "=", target.id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("team_sessions")
        .set({ final_us: countOf(totals.us), final_them: countOf(totals.them) })
        .where("id", "=", target.id)
        .where("team_id", "=", teamId)
        .execute();
    }

    await trx.deleteFrom("team_sessions").where("id", "=", source.id).where("team_id", "=", teamId).execute();
    return plan;
  });
}
