/*
 * Withdrawing consent for a child (docs/product.md §13): the child's personal data is deleted and only anonymous
 * numbers stay in the team's totals. In one transaction:
 * - the name is replaced (profile and sign-in row) by "Player #<number>" (or "Former player"), the birth date, the
 *   photo (row here, stored object after the commit), the email and any sign-in of their own go;
 * - training logs, the coach's feedback, the child's schedule answers and notes, notices, calendar and mail settings
 *   are deleted;
 * - the child leaves the team's lists (as a removed player does), so no screen names or lists them again; their
 *   events and counters stay, anonymous, in the team's totals (scores, team stats, box scores' team lines);
 * - every guardian link and open guardian link of the child goes, and the ledger records the withdrawal.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { WithdrawalPlan } from "#domain/api/family.js";
import { inTransaction, nowIso } from "./dialect.js";
import { isGuardianOf, recordConsent, type ConsentMeta } from "./guardians.js";
import type { DB } from "./schema.js";

async function countOf(
  db: Kysely<DB>,
  table: "training_logs" | "feedback" | "schedule_answers",
  playerId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("player_id", "=", playerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The name a child's place keeps once their data is erased: their number, or nothing of theirs at all. */
export function anonymousName(jerseyNumber: number | null): string {
  return jerseyNumber === null ? "Former player" : `Player #${jerseyNumber}`;
}

/** Exactly what withdrawing would delete, for the guardian to read first; null when not their child. */
export async function withdrawalPlan(
  db: Kysely<DB>,
  guardianId: string,
  playerId: string,
): Promise<WithdrawalPlan | null> {
  if (!(await isGuardianOf(db, guardianId, playerId))) return null;
  const profile = await db
    .selectFrom("profiles")
    .select(["full_name", "jersey_number", "photo_file_id", "birth_date"])
    .where("user_id", "=", playerId)
    .executeTakeFirst();
  if (!profile) return null;
  const ownSignIn = await db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", playerId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  const [trainingLogs, feedback, scheduleAnswers] = await Promise.all([
    countOf(db, "training_logs", playerId),
    countOf(db, "feedback", playerId),
    countOf(db, "schedule_answers", playerId),
  ]);
  const jersey = profile.jersey_number === null ? null : Number(profile.jersey_number);
  return {
    fullName: profile.full_name,
    shownAs: anonymousName(jersey),
    photo: profile.photo_file_id !== null,
    birthDate: profile.birth_date !== null,
    ownSignIn: ownSignIn !== undefined,
    trainingLogs,
    feedback,
    scheduleAnswers,
  };
}

/**
 * Withdraws consent and deletes the child's personal data. Returns what went and the storage keys of the files to
 * remove after the commit, or null when the account is not the child's guardian.
 */
export async function withdrawConsent(
  db: Kysely<DB>,
  guardian: { id: string; name: string },
  playerId: string,
  meta: ConsentMeta,
): Promise<{ plan: WithdrawalPlan; teamId: string | null; fileKeys: string[] } | null> {
  return inTransaction(db, async (trx) => {
    const plan = await withdrawalPlan(trx, guardian.id, playerId);
    if (!plan) return null;
    const erased = await erasePersonalData(trx, playerId, plan.shownAs);
    await recordConsent(trx, playerId, guardian, "withdrawn", meta);
    return { plan, ...erased };
  });
}

/**
 * Deletes a child's personal data inside the caller's transaction (withdrawn consent, or the retention job): the
 * name replaced by `shownAs`, photo, birth date, email and own sign-in gone, training logs, feedback, answers,
 * notices and settings deleted, guardian links gone, the child off the team's lists. Their events stay, anonymous,
 * in the team's totals. Returns the team they were on and the storage keys of files to remove after the commit.
 */
export async function erasePersonalData(
  trx: Kysely<DB>,
  playerId: string,
  shownAs: string,
): Promise<{ teamId: string | null; fileKeys: string[] }> {
  const profile = await trx
    .selectFrom("profiles")
    .select(["team_id", "left_team_id", "left_at"])
    .where("user_id", "=", playerId)
    .executeTakeFirstOrThrow();
  const files = await trx
    .selectFrom("files")
    .select("storage_key")
    .where("owner_user_id", "=", playerId)
    .where("kind", "=", "photo")
    .execute();
  const now = nowIso();
  await trx.deleteFrom("files").where("owner_user_id", "=", playerId).where("kind", "=", "photo").execute();
  await trx.deleteFrom("training_logs").where("player_id", "=", playerId).execute();
  await trx.deleteFrom("feedback").where("player_id", "=", playerId).execute();
  await trx.deleteFrom("schedule_answers").where("player_id", "=", playerId).execute();
  await trx.deleteFrom("notices").where("user_id", "=", playerId).execute();
  await trx.deleteFrom("calendar_feeds").where("user_id", "=", playerId).execute();
  await trx.deleteFrom("mail_preferences").where("user_id", "=", playerId).execute();
  await trx.deleteFrom("guardian_invites").where("player_id", "=", playerId).execute();
  await trx.deleteFrom("guardian_links").where("player_id", "=", playerId).execute();
  // Their own sign-in, if they had one, goes with their email: nothing left can reach the place.
  await trx.deleteFrom("session").where("userId", "=", playerId).execute();
  await trx.deleteFrom("account").where("userId", "=", playerId).execute();
  await trx
    .updateTable("user")
    .set({ name: shownAs, email: `${randomUUID()}@roster.invalid`, image: null, updatedAt: now })
    .where("id", "=", playerId)
    .execute();
  await trx
    .updateTable("profiles")
    .set({
      full_name: shownAs,
      photo_file_id: null,
      birth_date: null,
      share_with_team: 0,
      claim_token: null,
      requested_jersey_number: null,
      requested_primary_position: null,
      requested_at: null,
      team_id: null,
      joined_at: null,
      // A child who had left keeps the day they left.
      left_team_id: profile.team_id ?? profile.left_team_id,
      left_at: profile.team_id === null && profile.left_at !== null ? profile.left_at : now,
      updated_at: now,
    })
    .where("user_id", "=", playerId)
    .execute();
  return { teamId: profile.team_id, fileKeys: files.map((f) => f.storage_key) };
}
