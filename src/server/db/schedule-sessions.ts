import type { Kysely } from "kysely";
import { engineOf, inTransaction, nowIso } from "./dialect.js";
import type { DB } from "./schema.js";
import { createTeamSession, createTeamSessionOnce, type NewTeamSession, type TeamSession } from "./team-sessions.js";

/*
 * Game day meets the schedule (migration 016): a practice or game logged for a scheduled event. The session is made
 * and the event linked to it (`schedule_events.session_id`) in one transaction, so an event is never linked to a
 * session that was not made, nor two sessions made for one event.
 */

export type LinkedSessionOutcome =
  | { kind: "not_found" }
  | { kind: "cancelled" }
  /** Already linked to another session. */
  | { kind: "linked" }
  /** The event is a practice and the session a game, or the other way round. */
  | { kind: "other_kind"; eventKind: "game" | "practice" }
  /** The client-made session id is another team's session's. */
  | { kind: "taken" }
  | { kind: "ok"; session: TeamSession; created: boolean };

/**
 * Makes the session (with its client-made id once, like createTeamSessionOnce) for the team's scheduled event and
 * links the event to it. A game without an opponent or home/away of its own takes the event's. Sending the same
 * session id again (a replay) answers with the session already made and linked.
 */
export async function createSessionForScheduledEvent(
  db: Kysely<DB>,
  s: NewTeamSession,
  eventId: string,
): Promise<LinkedSessionOutcome> {
  return inTransaction(db, async (trx): Promise<LinkedSessionOutcome> => {
    let find = trx
      .selectFrom("schedule_events")
      .select(["id", "kind", "status", "session_id", "opponent", "home_away"])
      .where("team_id", "=", s.teamId)
      .where("id", "=", eventId);
    // Two sessions started at once for one event: the second waits here and then finds it linked.
    if (engineOf(trx) === "postgres") find = find.forUpdate();
    const event = await find.executeTakeFirst();
    if (!event) return { kind: "not_found" };
    if (event.kind !== s.kind) return { kind: "other_kind", eventKind: event.kind };
    const replay = s.id !== undefined && event.session_id === s.id;
    if (event.session_id !== null && !replay) return { kind: "linked" };
    if (event.status === "cancelled" && !replay) return { kind: "cancelled" };

    const fields: NewTeamSession = {
      ...s,
      opponent: s.kind === "game" ? (s.opponent ?? event.opponent) : null,
      homeAway: s.kind === "game" ? (s.homeAway ?? event.home_away) : null,
    };
    let session: TeamSession;
    let created = true;
    if (s.id !== undefined) {
      const once = await createTeamSessionOnce(trx, { ...fields, id: s.id });
      if (once === "taken") return { kind: "taken" };
      ({ session, created } = once);
    } else {
      session = await createTeamSession(trx, fields);
    }
    if (event.session_id !== session.id) {
      await trx
        .updateTable("schedule_events")
        .set({ session_id: session.id, updated_at: nowIso() })
        .where("id", "=", event.id)
        .execute();
    }
    return { kind: "ok", session, created };
  });
}

/**
 * Links a scheduled event to a session already logged (the demo's past games and practices). Game day links them
 * with createSessionForScheduledEvent instead, which makes the session too.
 */
export async function linkScheduledEvent(
  db: Kysely<DB>,
  teamId: string,
  eventId: string,
  sessionId: string,
): Promise<void> {
  await db
    .updateTable("schedule_events")
    .set({ session_id: sessionId })
    .where("team_id", "=", teamId)
    .where("id", "=", eventId)
    .execute();
}
