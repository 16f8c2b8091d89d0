/**
 * How many rows of each durable outbox (decision 0028: `mail_outbox`, `push_outbox`) are still waiting: neither sent
 * nor given up, whether due now or later. Read by GET /metrics at each scrape (http/metrics.ts, decision 0040); each
 * count walks only the pending rows, through the (sent_at, failed_at, …) index both tables have. And how many were
 * given up (flagline_outbox_failed).
 */
import type { Kysely } from "kysely";
import type { OutboxTable } from "./outbox-claims.js";
import type { DB } from "./schema.js";

export async function outboxDepth(db: Kysely<DB>, table: OutboxTable): Promise<number> {
  const row = await db
    // Same columns in both tables (db/outbox-claims.ts): typed by mail_outbox's, run on the table named.
    .selectFrom(table as "mail_outbox")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many rows of an outbox were given up (refused for good, or expired before they could be sent) and are still
 * kept (the sender prunes them after 30 days): GET /metrics' flagline_outbox_failed, for an operator's alert.
 */
export async function outboxFailed(db: Kysely<DB>, table: OutboxTable): Promise<number> {
  const row = await db
    .selectFrom(table as "mail_outbox")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    // Never sent (the index both tables have on (sent_at, failed_at, …) then walks only the given-up rows).
    .where("sent_at", "is", null)
    .where("failed_at", "is not", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
