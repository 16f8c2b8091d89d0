/**
 * Claiming and marking the rows of a durable outbox (decision 0028): `mail_outbox` (db/mail-outbox.ts) and
 * `push_outbox` (db/push.ts) share these columns and this protocol.
 *
 * Claims: one UPDATE … RETURNING takes the batch. On PostgreSQL the rows are picked by a subquery `FOR UPDATE SKIP
 * LOCKED`, so two servers claiming at once take different rows and neither waits on the other; on SQLite the one
 * writer runs the UPDATE whole, and its claim check (unclaimed, or the claim expired) is part of the statement. A
 * claim lasts `claimMs`: a server killed after claiming leaves rows that another takes up once it expires.
 */
import type { Kysely, Selectable } from "kysely";
import { engineOf } from "./dialect.js";
import type { DB } from "./schema.js";

/** The outbox tables: each has the columns below with the same meaning. */
export type OutboxTable = "mail_outbox" | "push_outbox";

/** The columns this module reads and writes, in both tables. */
type ClaimColumns = "id" | "not_before" | "expires_at" | "attempts" | "last_error" | "claimed_by" | "claimed_until";
type Shared = Pick<DB["mail_outbox"], ClaimColumns | "sent_at" | "failed_at">;
// Both tables really have the shared columns with the same types: a compile error here if one drifts.
const sameColumns: [Shared, Shared] = [
  null as unknown as Pick<DB["push_outbox"], keyof Shared>,
  null as unknown as Shared,
];
void sameColumns;

/**
 * Kysely types each statement by one table name; the statements below are the same SQL for both tables, so they are
 * typed by mail_outbox's and run on the table named.
 */
function typed(table: OutboxTable): "mail_outbox" {
  return table as "mail_outbox";
}

/**
 * Claims up to `limit` rows due at `now` for `worker` until `now + claimMs`, and counts an attempt on each. Rows
 * already sent, given up, not yet due, or claimed by a claim that has not expired are left alone.
 */
export async function claimBatch<T extends OutboxTable>(
  db: Kysely<DB>,
  table: T,
  o: { worker: string; now: Date; claimMs: number; limit: number },
): Promise<Selectable<DB[T]>[]> {
  const now = o.now.toISOString();
  const until = new Date(o.now.getTime() + o.claimMs).toISOString();
  const postgres = engineOf(db) === "postgres";
  const name = typed(table);
  let claim = db
    .updateTable(name)
    .set((eb) => ({ claimed_by: o.worker, claimed_until: until, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", (eb) => {
      let pick = eb
        .selectFrom(name)
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
  return (await claim.returningAll().execute()) as unknown as Selectable<DB[T]>[];
}

/**
 * Holds the claim on one row a little longer, just before it is sent: false when this worker no longer holds it
 * (its claim expired and another server took the row, or it was sent meanwhile), and then it must not be sent.
 */
export async function renewClaim(
  db: Kysely<DB>,
  table: OutboxTable,
  o: { id: string; worker: string; now: Date; claimMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable(typed(table))
    .set({ claimed_until: new Date(o.now.getTime() + o.claimMs).toISOString() })
    .where("id", "=", o.id)
    .where("claimed_by", "=", o.worker)
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The receiving server accepted it. Recorded whoever holds the claim now: it was sent. */
export async function markSent(db: Kysely<DB>, table: OutboxTable, id: string, now: Date): Promise<void> {
  await db
    .updateTable(typed(table))
    .set({ sent_at: now.toISOString(), claimed_by: null, claimed_until: null, last_error: null })
    .where("id", "=", id)
    .where("sent_at", "is", null)
    .execute();
}

/** A send failed: released for a retry at `retryAt`, or given up (`giveUp`). Only by the worker holding it. */
export async function markFailed(
  db: Kysely<DB>,
  table: OutboxTable,
  o: { id: string; worker: string; error: string; retryAt: Date; giveUp: boolean; now: Date },
): Promise<void> {
  await db
    .updateTable(typed(table))
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
export async function expireRows(db: Kysely<DB>, table: OutboxTable, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable(typed(table))
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
export async function pruneRows(db: Kysely<DB>, table: OutboxTable, before: Date): Promise<number> {
  const at = before.toISOString();
  const sent = await db.deleteFrom(typed(table)).where("sent_at", "<", at).executeTakeFirst();
  const failed = await db.deleteFrom(typed(table)).where("failed_at", "<", at).executeTakeFirst();
  return Number(sent.numDeletedRows) + Number(failed.numDeletedRows);
}
