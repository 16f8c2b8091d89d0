/**
 * The durable mail outbox (migration 018, decision 0028): what the server means to send is a row before it is a
 * message. A request or the reminder tick only inserts rows (`enqueueMails`); each server process's sender
 * (mail/outbox-sender.ts) claims a batch, sends it and marks each row sent or failed.
 *
 * Claims: one UPDATE … RETURNING takes the batch. On PostgreSQL the rows are picked by a subquery `FOR UPDATE SKIP
 * LOCKED`, so two servers claiming at once take different rows and neither waits on the other; on SQLite the one
 * writer runs the UPDATE whole, and its claim check (unclaimed, or the claim expired) is part of the statement. A
 * claim lasts `claimMs`: a server killed after claiming leaves rows that another takes up once it expires.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { engineOf, nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

export type OutboxRow = Selectable<DB["mail_outbox"]>;

export interface NewMail {
  /** Unique per message meant: the same key twice is one message. */
  key: string;
  kind: string;
  /** The account it is for: the row goes when the account is deleted. */
  userId?: string | null;
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
  /** Not before this instant (ISO); default now. */
  notBefore?: string;
  /** Given up if not sent by then (ISO). */
  expiresAt?: string | null;
}

/** Inserts the message unless its key is already there; true when this call added it. Both engines. */
export async function enqueueMail(db: Kysely<DB>, mail: NewMail, now: string = nowIso()): Promise<boolean> {
  return (await enqueueMails(db, [mail], now)) === 1;
}

/** Rows a statement inserts at most (12 values each: far below both engines' limits on bound parameters). */
const INSERT_CHUNK = 200;

/**
 * Inserts the messages whose keys are not there yet, one statement per 200 (so a reminder burst costs one commit
 * per event, not one per player); returns how many this call added. Both engines.
 */
export async function enqueueMails(db: Kysely<DB>, mails: readonly NewMail[], now: string = nowIso()): Promise<number> {
  let added = 0;
  for (let i = 0; i < mails.length; i += INSERT_CHUNK) {
    const rows = await db
      .insertInto("mail_outbox")
      .values(
        mails.slice(i, i + INSERT_CHUNK).map((mail) => ({
          id: randomUUID(),
          idempotency_key: mail.key,
          kind: mail.kind,
          user_id: mail.userId ?? null,
          recipient: mail.to,
          subject: mail.subject,
          body: mail.text,
          headers: JSON.stringify(mail.headers ?? {}),
          not_before: mail.notBefore ?? now,
          expires_at: mail.expiresAt ?? null,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .returning("id")
      .execute();
    added += rows.length;
  }
  return added;
}

/** Which of these keys are already in the outbox (so the reminder tick skips them without a write). */
export async function existingMailKeys(db: Kysely<DB>, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom("mail_outbox")
      .select("idempotency_key")
      .where("idempotency_key", "in", keys.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.idempotency_key);
  }
  return found;
}

/**
 * Claims up to `limit` rows due at `now` for `worker` until `now + claimMs`, and counts an attempt on each. Rows
 * already sent, given up, not yet due, or claimed by a claim that has not expired are left alone.
 */
export async function claimMailBatch(
  db: Kysely<DB>,
  o: { worker: string; now: Date; claimMs: number; limit: number },
): Promise<OutboxRow[]> {
  const now = o.now.toISOString();
  const until = new Date(o.now.getTime() + o.claimMs).toISOString();
  const postgres = engineOf(db) === "postgres";
  let claim = db
    .updateTable("mail_outbox")
    .set((eb) => ({ claimed_by: o.worker, claimed_until: until, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", (eb) => {
      let pick = eb
        .selectFrom("mail_outbox")
        .select("id")
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .where("not_before", "<=", now)
        .where((w) => w.or([w("claimed_until", "is", null), w("claimed_until", "<=", now)]))
        .orderBy("not_before")
        .orderBy("id")
        .limit(o.limit);
      if (postgres) pick = pick.forUpdate().skipLocked();
      return pick;
    });
  // The claim check again on the row updated: on PostgreSQL a row another server claimed between the pick and this
  // update is re-checked here (READ COMMITTED re-evaluates the WHERE on the newest version). SQLite runs the
  // statement alone (one writer at a time), and there the check made SQLite walk every unsent row for the ids
  // picked instead of looking them up (5 ms a claim in a burst of 15,000).
  if (postgres)
    claim = claim
      .where("sent_at", "is", null)
      .where((w) => w.or([w("claimed_until", "is", null), w("claimed_until", "<=", now)]));
  return claim.returningAll().execute();
}

/**
 * Holds the claim on one row a little longer, just before it is sent: false when this worker no longer holds it
 * (its claim expired and another server took the row, or it was sent meanwhile), and then it must not be sent.
 */
export async function renewMailClaim(
  db: Kysely<DB>,
  o: { id: string; worker: string; now: Date; claimMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ claimed_until: new Date(o.now.getTime() + o.claimMs).toISOString() })
    .where("id", "=", o.id)
    .where("claimed_by", "=", o.worker)
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The SMTP server accepted it. Recorded whoever holds the claim now: it was sent. */
export async function markMailSent(db: Kysely<DB>, id: string, now: Date): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ sent_at: now.toISOString(), claimed_by: null, claimed_until: null, last_error: null })
    .where("id", "=", id)
    .where("sent_at", "is", null)
    .execute();
}

/** A send failed: released for a retry at `retryAt`, or given up (`giveUp`). Only by the worker holding it. */
export async function markMailFailed(
  db: Kysely<DB>,
  o: { id: string; worker: string; error: string; retryAt: Date; giveUp: boolean; now: Date },
): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({
      claimed_by: null,
      claimed_until: null,
      last_error: o.error.slice(0, 500),
      not_before: o.retryAt.toISOString(),
      failed_at: o.giveUp ? o.now.toISOString() : null,
    })
    .where("id", "=", o.id)
    .where("claimed_by", "=", o.worker)
    .where("sent_at", "is", null)
    .execute();
}

/** Rows whose `expires_at` has passed and that were never sent are given up (a reminder after its event). */
export async function expireMail(db: Kysely<DB>, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable("mail_outbox")
    .set({ failed_at: at, last_error: "expired before it could be sent", claimed_by: null, claimed_until: null })
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .where("expires_at", "is not", null)
    .where("expires_at", "<=", at)
    .where((w) => w.or([w("claimed_until", "is", null), w("claimed_until", "<=", at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes rows sent or given up before `before` (kept a while for the log's sake, not for ever). */
export async function pruneMail(db: Kysely<DB>, before: Date): Promise<number> {
  const at = before.toISOString();
  const sent = await db.deleteFrom("mail_outbox").where("sent_at", "<", at).executeTakeFirst();
  const failed = await db.deleteFrom("mail_outbox").where("failed_at", "<", at).executeTakeFirst();
  return Number(sent.numDeletedRows) + Number(failed.numDeletedRows);
}
