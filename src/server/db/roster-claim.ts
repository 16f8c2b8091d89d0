/*
 * Claiming a roster row through its invite link (docs/product.md §11): the person gives the row an email and a
 * password, which makes the user row an ordinary account. The token is single-use: it is cleared in the same
 * transaction that creates the credential account, and only an unclaimed row of a team can be claimed.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ClaimInfo } from "#domain/api/roster.js";
import { isUnderOwnSignInAge, utcToday } from "#domain/family.js";
import { engineOf, inTransaction, nowIso } from "./dialect.js";
import { lockedRosterRow } from "./roster.js";
import type { DB } from "./schema.js";

/**
 * Who the invite link is for, or null when the token is unknown, used, or the row left its team; "under_13" when
 * the row's birth date makes the player too young for a sign-in of their own (docs/product.md §13: a guardian
 * holds the place, through a guardian link).
 */
export async function findClaim(db: Kysely<DB>, token: string): Promise<ClaimInfo | "under_13" | null> {
  const row = await db
    .selectFrom("profiles as p")
    .innerJoin("teams as t", "t.id", "p.team_id")
    .select(["t.name", "p.full_name", "p.jersey_number", "p.primary_position", "p.birth_date"])
    .where("p.claim_token", "=", token)
    .where("p.role", "=", "player")
    .executeTakeFirst();
  if (!row) return null;
  if (isUnderOwnSignInAge(row.birth_date, utcToday())) return "under_13";
  return {
    teamName: row.name,
    fullName: row.full_name,
    jerseyNumber: row.jersey_number === null ? null : Number(row.jersey_number),
    primaryPosition: row.primary_position,
  };
}

async function emailTaken(db: Kysely<DB>, email: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives the row the email and the password hash (made by Better Auth's own hasher), clearing the token. Returns
 * the user id, "gone" when the token no longer names an unclaimed row, or "taken" when the email has an account.
 */
export async function claimRow(
  db: Kysely<DB>,
  token: string,
  email: string,
  passwordHash: string,
): Promise<{ userId: string } | "gone" | "taken"> {
  return inTransaction(db, async (trx) => {
    const base = trx
      .selectFrom("profiles")
      .select("user_id")
      .where("claim_token", "=", token)
      .where("team_id", "is not", null)
      .where("role", "=", "player");
    const row = await (engineOf(trx) === "postgres" ? base.forUpdate() : base).executeTakeFirst();
    if (!row) return "gone";
    if (await emailTaken(trx, email)) return "taken";
    const now = nowIso();
    await trx.updateTable("user").set({ email, updatedAt: now }).where("id", "=", row.user_id).execute();
    await trx
      .insertInto("account")
      .values({
        id: randomUUID(),
        accountId: row.user_id,
        providerId: "credential",
        userId: row.user_id,
        accessToken: null,
        refreshToken: null,
        idToken: null,
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        scope: null,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await trx
      .updateTable("profiles")
      .set({ claim_token: null, updated_at: now })
      .where("user_id", "=", row.user_id)
      .execute();
    return { userId: row.user_id };
  });
}

/** Why a waiting sign-up could not be merged into a roster place (the route's 404 and 409s). */
export type MergeRefusal = "not_found" | "not_waiting" | "already_claimed" | "own_history";

/**
 * Merges a player who signed up with the team code and waits for the coach into a place the coach added that
 * nobody has claimed (docs/product.md §11): the account moves onto the row, as a claim would give it one. The row
 * keeps its id and with it everything credited to it (events, snaps, attendance, counters, tallies, feedback); its
 * name, number and positions stay the coach's (a number the player chose is taken only when the row has none).
 * The sign-up's email, password and sessions (so they stay signed in), training logs and photo go to the row,
 * which is then confirmed, and the sign-up's own user row is deleted. One transaction. A sign-up with history of
 * its own on the team (a removed player who rejoined) is refused: that history would go with its user row.
 */
export async function mergeSignUpIntoRow(
  db: Kysely<DB>,
  teamId: string,
  waitingId: string,
  rowId: string,
): Promise<{ rowId: string } | MergeRefusal> {
  return inTransaction(db, async (trx) => {
    if (waitingId === rowId) return "not_found";
    // Locked in id order, so two merges naming the same two rows wait for each other rather than deadlock.
    const locked = new Map<string, Awaited<ReturnType<ReturnType<typeof lockedRosterRow>["executeTakeFirst"]>>>();
    for (const id of [waitingId, rowId].sort())
      locked.set(id, await lockedRosterRow(trx, teamId, id).executeTakeFirst());
    const waiting = locked.get(waitingId);
    const row = locked.get(rowId);
    if (!waiting || !row) return "not_found";
    if (Number(waiting.confirmed) === 1 || waiting.claim_token !== null) return "not_waiting";
    if (row.claim_token === null) return "already_claimed";
    if (await hasTeamHistory(trx, waitingId)) return "own_history";

    const account = await trx
      .selectFrom("user")
      .select(["email", "emailVerified"])
      .where("id", "=", waitingId)
      .executeTakeFirstOrThrow();
    const now = nowIso();
    // The email is unique: the sign-up's row lets go of it before the place takes it.
    await trx
      .updateTable("user")
      .set({ email: `${randomUUID()}@roster.invalid`, updatedAt: now })
      .where("id", "=", waitingId)
      .execute();
    await trx
      .updateTable("user")
      .set({ email: account.email, emailVerified: account.emailVerified, updatedAt: now })
      .where("id", "=", rowId)
      .execute();
    await trx
      .updateTable("account")
      .set({ userId: rowId, accountId: rowId, updatedAt: now })
      .where("userId", "=", waitingId)
      .execute();
    await trx.updateTable("session").set({ userId: rowId }).where("userId", "=", waitingId).execute();
    await trx.updateTable("training_logs").set({ player_id: rowId }).where("player_id", "=", waitingId).execute();
    await trx.updateTable("files").set({ owner_user_id: rowId }).where("owner_user_id", "=", waitingId).execute();
    await trx.deleteFrom("user").where("id", "=", waitingId).execute();
    await trx
      .updateTable("profiles")
      .set({
        claim_token: null,
        confirmed: 1,
        updated_at: now,
        ...(row.photo_file_id === null && waiting.photo_file_id !== null
          ? { photo_file_id: waiting.photo_file_id }
          : {}),
        ...(row.jersey_number === null && waiting.jersey_number !== null
          ? { jersey_number: waiting.jersey_number }
          : {}),
      })
      .where("user_id", "=", rowId)
      .execute();
    return { rowId };
  });
}

/** Whether the player has anything credited to them on a team: events, snaps, attendance marks or feedback. */
async function hasTeamHistory(db: Kysely<DB>, playerId: string): Promise<boolean> {
  const reads = [
    () => db.selectFrom("events").select("id").where("player_id", "=", playerId).limit(1).executeTakeFirst(),
    () => db.selectFrom("snap_players").select("snap_id").where("player_id", "=", playerId).limit(1).executeTakeFirst(),
    () =>
      db.selectFrom("attendance").select("session_id").where("player_id", "=", playerId).limit(1).executeTakeFirst(),
    () => db.selectFrom("feedback").select("id").where("player_id", "=", playerId).limit(1).executeTakeFirst(),
  ];
  for (const read of reads) if ((await read()) !== undefined) return true;
  return false;
}
