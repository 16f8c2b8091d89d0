/**
 * Which mails a person gets (migrations 018 and 022, docs/product.md §12): reminders, changes to events, the digest,
 * team announcements.
 */
import type { Kysely } from "kysely";
import type { MailKind, MailPreferences } from "#domain/reminders.js";
import { nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

const ALL_ON: Readonly<MailPreferences> = Object.freeze({
  reminders: true,
  changes: true,
  digest: true,
  announcements: true,
});

/** The person's choices; all on when they never changed one. */
export async function mailPreferences(db: Kysely<DB>, userId: string): Promise<MailPreferences> {
  const row = await db.selectFrom("mail_preferences").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) return { ...ALL_ON };
  return {
    reminders: Number(row.reminders) === 1,
    changes: Number(row.changes) === 1,
    digest: Number(row.digest) === 1,
    announcements: Number(row.announcements) === 1,
  };
}

/** Changes the choices given; the others keep theirs. Returns them all. */
export async function updateMailPreferences(
  db: Kysely<DB>,
  userId: string,
  change: Partial<Record<MailKind, boolean>>,
): Promise<MailPreferences> {
  const next = { ...(await mailPreferences(db, userId)) };
  for (const [kind, on] of Object.entries(change) as [MailKind, boolean | undefined][]) {
    if (on !== undefined) next[kind] = on;
  }
  const bit = (on: boolean) => (on ? (1 as const) : (0 as const));
  const values = {
    reminders: bit(next.reminders),
    changes: bit(next.changes),
    digest: bit(next.digest),
    announcements: bit(next.announcements),
    updated_at: nowIso(),
  };
  await db
    .insertInto("mail_preferences")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
  return next;
}

/** Whether a user exists (an unsubscribe token of a deleted account answers 404). */
export async function userExists(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
  return row !== undefined;
}
