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
import { nowIso } from "./dialect.js";
import { claimBatch, expireRows, markFailed, markSent, pruneRows, renewClaim } from "./outbox-claims.js";
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

/** Claims up to `limit` due mails for `worker` (db/outbox-claims.ts claimBatch). */
export function claimMailBatch(
  db: Kysely<DB>,
  o: { worker: string; now: Date; claimMs: number; limit: number },
): Promise<OutboxRow[]> {
  return claimBatch(db, "mail_outbox", o);
}

/** Holds the claim on one mail a little longer, just before it is sent (db/outbox-claims.ts renewClaim). */
export function renewMailClaim(
  db: Kysely<DB>,
  o: { id: string; worker: string; now: Date; claimMs: number },
): Promise<boolean> {
  return renewClaim(db, "mail_outbox", o);
}

/** The SMTP server accepted it. */
export function markMailSent(db: Kysely<DB>, id: string, now: Date): Promise<void> {
  return markSent(db, "mail_outbox", id, now);
}

/** A send failed: released for a retry at `retryAt`, or given up (`giveUp`). */
export function markMailFailed(
  db: Kysely<DB>,
  o: { id: string; worker: string; error: string; retryAt: Date; giveUp: boolean; now: Date },
): Promise<void> {
  return markFailed(db, "mail_outbox", o);
}

/** Mail never sent whose `expires_at` has passed is given up (a reminder after its event). */
export function expireMail(db: Kysely<DB>, now: Date): Promise<number> {
  return expireRows(db, "mail_outbox", now);
}

/** Deletes mail sent or given up before `before`. */
export function pruneMail(db: Kysely<DB>, before: Date): Promise<number> {
  return pruneRows(db, "mail_outbox", before);
}
