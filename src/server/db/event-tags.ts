/*
 * Tagging a logged event with a play of the team's playbook (or taking the tag off). The team comes from the
 * caller's session; an event or play of another team is not found.
 */
import type { Kysely } from "kysely";
import { engineOf, inTransaction } from "./dialect.js";
import { numberOrNull } from "./rows.js";
import type { DB } from "./schema.js";
import { applyTagChanges } from "./tallies/upkeep.js";

export type RetagResult =
  | { status: "ok"; changed: boolean; event: { id: string; playId: string | null } }
  | { status: "event_not_found" }
  /** An event a snap implies takes its play from the snap (tag the snap instead). */
  | { status: "event_of_snap" }
  | { status: "play_not_found" }
  | { status: "play_archived" };

/**
 * Tags an event of the team with a play of the team (or takes the tag off with null). An archived play cannot
 * be newly tagged; an event already tagged with it keeps it. The play row is share-locked on PostgreSQL, so it
 * cannot be archived between the check and the update. The event moves between the plays' tallies (play_tallies,
 * decision 0015) in the same transaction.
 */
export async function retagEvent(
  db: Kysely<DB>,
  teamId: string,
  eventId: string,
  playId: string | null,
): Promise<RetagResult> {
  return inTransaction(db, async (trx) => {
    let read = trx
      .selectFrom("events")
      .select([
        "id",
        "play_id",
        "snap_id",
        "player_id",
        "season_id",
        "session_id",
        "event_type",
        "yards",
        "occurred_at",
      ])
      .where("id", "=", eventId)
      .where("team_id", "=", teamId);
    // Locked on PostgreSQL: two concurrent re-tags must not both move the event out of the play they read.
    if (engineOf(trx) === "postgres") read = read.forUpdate();
    const event = await read.executeTakeFirst();
    if (!event) return { status: "event_not_found" };
    if (event.snap_id !== null) return { status: "event_of_snap" };
    if (playId !== null) {
      let find = trx
        .selectFrom("plays")
        .select(["id", "archived_at"])
        .where("id", "=", playId)
        .where("team_id", "=", teamId);
      if (engineOf(trx) === "postgres") find = find.forShare();
      const play = await find.executeTakeFirst();
      if (!play) return { status: "play_not_found" };
      if (play.archived_at !== null && event.play_id !== playId) return { status: "play_archived" };
    }
    if (event.play_id === playId) return { status: "ok", changed: false, event: { id: eventId, playId } };
    const updated = await trx
      .updateTable("events")
      .set({ play_id: playId })
      .where("id", "=", eventId)
      .where("team_id", "=", teamId)
      .executeTakeFirst();
    // Deleted (undone) since we read it.
    if (Number(updated.numUpdatedRows) === 0) return { status: "event_not_found" };
    const tallied = (play: string | null) => ({
      playerId: event.player_id,
      seasonId: event.season_id,
      sessionId: event.session_id,
      loose: true,
      playId: play,
      eventType: event.event_type,
      yards: numberOrNull(event.yards),
      occurredAt: event.occurred_at,
    });
    await applyTagChanges(trx, [tallied(event.play_id)], [tallied(playId)]);
    return { status: "ok", changed: true, event: { id: eventId, playId } };
  });
}
