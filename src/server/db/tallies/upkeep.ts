/*
 * The tallies' upkeep (decision 0015): what every write path that adds, removes, re-tags or moves events, or changes
 * a player, calls in its own transaction. Each entry point calls the upkeep steps side by side, each step owning
 * its tables: tallies/time-tallies.ts (session_tallies, day_tallies, week_tallies, slot_tallies, team_day_tallies),
 * tallies/play-tallies.ts (play_tallies, play_player_tallies) and tallies/sessionless-tallies.ts
 * (sessionless_tallies). The steps go in that order on every path, so concurrent writers on PostgreSQL take their
 * row locks in one order; within a step, every change is an atomic `x = x + d` upsert in key order.
 */
import { sql, type Kysely } from "kysely";
import type { DB } from "../schema.js";
import type { CountedEvent } from "./counted-event.js";
import { applyPlayTallyChanges, movePlayTallies, shiftPlayerPlayTallies } from "./play-tallies.js";
import { addSessionlessRows, applySessionlessChanges, shiftPlayerSessionless } from "./sessionless-tallies.js";
import { applyTimeTallyChanges, moveSessionRows, revaluePlayerSlots, untallyPlayerSlots } from "./time-tallies.js";

/**
 * Brings every tally in line with events the caller removed and added in this transaction (the events table already
 * holds the result): net deltas per tally row.
 */
export async function applyTallyChanges(
  trx: Kysely<DB>,
  removed: readonly CountedEvent[],
  added: readonly CountedEvent[],
): Promise<void> {
  await applyTimeTallyChanges(trx, removed, added);
  await applyPlayTallyChanges(trx, removed, added);
  await applySessionlessChanges(trx, removed, added);
}

/**
 * Brings the tallies keyed by play in line with events re-tagged in this transaction (each removed with its old play
 * and added with its new one). The session, day, week and slot tallies hold no play: a re-tag leaves them as they are.
 */
export async function applyTagChanges(
  trx: Kysely<DB>,
  removed: readonly CountedEvent[],
  added: readonly CountedEvent[],
): Promise<void> {
  await applyPlayTallyChanges(trx, removed, added);
  await applySessionlessChanges(trx, removed, added);
}

/**
 * Moves a session's tallies to another session key (a merge), or to the events without a session (a delete:
 * `asLoose`, since the session's snaps go with it and their events stay as events logged on their own).
 */
export async function moveSessionTallies(
  trx: Kysely<DB>,
  fromSessionId: string,
  to: { sessionId: string } | { asLoose: true },
): Promise<void> {
  await moveSessionRows(trx, fromSessionId, to);
  await movePlayTallies(trx, fromSessionId, to);
  // A deleted session's events become events without a session (the caller deletes it after this call, and the
  // foreign keys set their session and snap to null): they join sessionless_tallies, all logged on their own.
  if ("asLoose" in to) {
    await addSessionlessRows(trx, sql`e.session_id = ${fromSessionId}`, { fromSnap: "zero" });
  }
}

/**
 * Takes a player's events out of the team-wide tallies before their account (and with it their events, and their
 * session, day, week and play-player tallies, by cascade) is deleted.
 */
export async function untallyPlayer(trx: Kysely<DB>, playerId: string): Promise<void> {
  await untallyPlayerSlots(trx, playerId);
  await shiftPlayerPlayTallies(trx, playerId, -1, -1);
  await shiftPlayerSessionless(trx, playerId, -1, -1);
}

/**
 * Takes a player's points out of the tallies that hold points (sign -1) or puts them back (+1), valued at the
 * player's position as the profile row holds it now. A handful of set-based statements, whatever their events.
 */
async function revaluePlayer(trx: Kysely<DB>, playerId: string, sign: 1 | -1): Promise<void> {
  await revaluePlayerSlots(trx, playerId, sign);
  await shiftPlayerPlayTallies(trx, playerId, 0, sign);
  await shiftPlayerSessionless(trx, playerId, 0, sign);
}

/**
 * Runs a profile write that may change the player's position with the points re-valued around it, so the activity
 * and the playbook analysis keep following the current positions as every other number does.
 */
export async function withPositionChange<T>(trx: Kysely<DB>, playerId: string, write: () => Promise<T>): Promise<T> {
  await revaluePlayer(trx, playerId, -1);
  const result = await write();
  await revaluePlayer(trx, playerId, 1);
  return result;
}
