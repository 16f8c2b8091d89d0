import { sql, type Kysely } from "kysely";
import type { DB } from "./schema.js";

/*
 * Fixed-window counters per key (a limit's name and a client address) in the request_limits table, so every app
 * server on one database sees the same counts (decision 0009). Each change is one atomic statement: two servers
 * counting the same key at once never lose a hit.
 */

export interface LimitWindow {
  /** Hits in the current window, this one included. */
  count: number;
  /** Epoch milliseconds when the window (or a lockout) ends. */
  resetAt: number;
}

/** How often one process deletes windows that have ended, so old rows do not pile up. */
const PRUNE_EVERY_MS = 5 * 60 * 1000;
const lastPruned = new WeakMap<object, number>();

/** Counts one hit for key: a new window of windowMs when there is none or it has ended, else one more. */
export async function countHit(db: Kysely<DB>, key: string, windowMs: number, now: number): Promise<LimitWindow> {
  await pruneNowAndThen(db, now);
  const end = now + windowMs;
  const row = await db
    .insertInto("request_limits")
    .values({ key, count: 1, reset_at: end })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when request_limits.reset_at <= cast(${now} as bigint) then 1 else request_limits.count + 1 end`,
        reset_at: sql<number>`case when request_limits.reset_at <= cast(${now} as bigint) then cast(${end} as bigint) else request_limits.reset_at end`,
      }),
    )
    .returning(["count", "reset_at"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/** The key's current window, or null when it has none (or it has ended). */
export async function currentWindow(db: Kysely<DB>, key: string, now: number): Promise<LimitWindow | null> {
  const row = await db
    .selectFrom("request_limits")
    .select(["count", "reset_at"])
    .where("key", "=", key)
    .where("reset_at", ">", now)
    .executeTakeFirst();
  return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : null;
}

/** Takes back one hit counted in the window that ends at resetAt (nothing when that window is gone). */
export async function takeBackHit(db: Kysely<DB>, key: string, resetAt: number): Promise<void> {
  await db
    .updateTable("request_limits")
    .set({ count: sql<number>`count - 1` })
    .where("key", "=", key)
    .where("reset_at", "=", resetAt)
    .where("count", ">", 0)
    .execute();
}

/** Makes the key's window last until at least `until` when it holds `atLeast` hits or more (a lockout). */
export async function extendWindow(db: Kysely<DB>, key: string, atLeast: number, until: number): Promise<void> {
  await db
    .updateTable("request_limits")
    .set({ reset_at: until })
    .where("key", "=", key)
    .where("count", ">=", atLeast)
    .where("reset_at", "<", until)
    .execute();
}

/** Deletes every window that has ended; returns how many. */
export async function pruneEndedWindows(db: Kysely<DB>, now: number): Promise<number> {
  const result = await db.deleteFrom("request_limits").where("reset_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function pruneNowAndThen(db: Kysely<DB>, now: number): Promise<void> {
  const last = lastPruned.get(db);
  if (last !== undefined && now - last < PRUNE_EVERY_MS) return;
  lastPruned.set(db, now);
  await pruneEndedWindows(db, now);
}
