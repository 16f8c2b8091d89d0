/*
 * A player's jersey number and primary position are the coach's to set (docs/product.md §11): a player asks,
 * the coach approves or declines. A primary position change re-weights the whole season's score, so it never
 * happens without the coach.
 */
import type { Kysely } from "kysely";
import { orderPositions } from "#domain/api/player.js";
import type { RosterEntry } from "#domain/api/roster.js";
import { engineOf, inTransaction, nowIso } from "./dialect.js";
import { getRosterEntry, jerseyHolder, lockedRosterRow, type JerseyClash } from "./roster.js";
import { serializeStringList, stringListOrEmpty } from "./rows.js";
import { withPositionChange } from "./tallies/upkeep.js";
import { addNotice, type WrittenNotice } from "./notices.js";
import type { DB } from "./schema.js";

export interface OwnRequest {
  jerseyNumber?: number;
  primaryPosition?: string;
}

/**
 * Records what the player asks for. Asking for what they already have withdraws that part of the request. A
 * number another player of the team wears is refused with the clash. Null when the user is no team's player.
 */
export async function requestOwnChange(
  db: Kysely<DB>,
  userId: string,
  ask: OwnRequest,
): Promise<{ clash: JerseyClash } | "ok" | null> {
  return inTransaction(db, async (trx) => {
    const base = trx.selectFrom("profiles").selectAll().where("user_id", "=", userId).where("role", "=", "player");
    const current = await (engineOf(trx) === "postgres" ? base.forNoKeyUpdate() : base).executeTakeFirst();
    if (!current?.team_id) return null;
    let jersey = current.requested_jersey_number === null ? null : Number(current.requested_jersey_number);
    let position = current.requested_primary_position;
    if (ask.jerseyNumber !== undefined) {
      const same = current.jersey_number !== null && Number(current.jersey_number) === ask.jerseyNumber;
      if (!same) {
        const holder = await jerseyHolder(trx, current.team_id, ask.jerseyNumber, userId);
        if (holder !== null) return { clash: { index: 0, jerseyNumber: ask.jerseyNumber, holder } };
      }
      jersey = same ? null : ask.jerseyNumber;
    }
    if (ask.primaryPosition !== undefined) {
      position = ask.primaryPosition === current.primary_position ? null : ask.primaryPosition;
    }
    const changed =
      jersey !== (current.requested_jersey_number === null ? null : Number(current.requested_jersey_number)) ||
      position !== current.requested_primary_position;
    if (!changed) return "ok";
    const now = nowIso();
    await trx
      .updateTable("profiles")
      .set({
        requested_jersey_number: jersey,
        requested_primary_position: position,
        requested_at: jersey === null && position === null ? null : now,
        updated_at: now,
      })
      .where("user_id", "=", userId)
      .execute();
    return "ok";
  });
}

/**
 * The coach's answer to a player's request. Approving sets the asked number and primary position (the primary
 * goes first in the positions); a number someone took meanwhile is the clash and nothing changes. Declining
 * clears the request. Null when the id is not a player of the team; "none" when there is no request.
 */
export async function decideRequest(
  db: Kysely<DB>,
  teamId: string,
  id: string,
  approve: boolean,
  told: WrittenNotice[] = [],
): Promise<RosterEntry | { clash: JerseyClash } | "none" | null> {
  return inTransaction(db, async (trx) => {
    const current = await lockedRosterRow(trx, teamId, id).executeTakeFirst();
    if (!current) return null;
    if (current.requested_at === null) return "none";
    const now = nowIso();
    const cleared = {
      requested_jersey_number: null,
      requested_primary_position: null,
      requested_at: null,
      updated_at: now,
    };
    const jersey = current.requested_jersey_number === null ? null : Number(current.requested_jersey_number);
    const asked = { jerseyNumber: jersey, position: current.requested_primary_position };
    if (!approve) {
      await trx.updateTable("profiles").set(cleared).where("user_id", "=", id).execute();
      told.push(await addNotice(trx, id, teamId, "request_declined", asked));
      return getRosterEntry(trx, teamId, id);
    }
    if (jersey !== null) {
      const holder = await jerseyHolder(trx, teamId, jersey, id);
      if (holder !== null) return { clash: { index: 0, jerseyNumber: jersey, holder } };
    }
    const primary = current.requested_primary_position ?? current.primary_position;
    // The approved position re-values the player's activity points (decision 0015).
    await withPositionChange(trx, id, () =>
      trx
        .updateTable("profiles")
        .set({
          ...cleared,
          ...(jersey !== null ? { jersey_number: jersey } : {}),
          primary_position: primary,
          positions: serializeStringList(orderPositions(primary, stringListOrEmpty(current.positions))),
        })
        .where("user_id", "=", id)
        .execute(),
    );
    told.push(await addNotice(trx, id, teamId, "request_approved", asked));
    return getRosterEntry(trx, teamId, id);
  });
}
