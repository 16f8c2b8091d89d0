import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestUser, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { openDatabase, type Database } from "./index.js";
import {
  claimMailBatch,
  enqueueMail,
  expireMail,
  markMailFailed,
  markMailSent,
  pruneMail,
  renewMailClaim,
} from "./mail-outbox.js";

/*
 * The mail outbox's rows (decision 0028): an idempotency key is one row; a claim is atomic across connections (two
 * servers), expires, and only its holder may release it.
 */

let seq = 0;
const key = (what: string) => `test:${what}:${(seq += 1)}`;
const mail = (k: string) => ({ key: k, kind: "test", to: "a@example.test", subject: "S", text: "T" });
const T0 = new Date("2030-01-01T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A second connection (pool) to the same database: another server. */
function secondServer(database: TestDatabase): Database {
  return "DATABASE_URL" in database.env
    ? openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: "", poolMax: 4 })
    : openDatabase({ dataDir: database.env.DATA_DIR });
}

describe.each(testEngines())("mail outbox rows on $engine", ({ create }) => {
  let database: TestDatabase;
  let other: Database;
  beforeAll(async () => {
    database = await create();
    other = secondServer(database);
  });
  afterAll(async () => {
    await other?.close();
    await database?.cleanup();
  });

  const pending = async () =>
    (
      await database.db
        .selectFrom("mail_outbox")
        .select("idempotency_key")
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .execute()
    ).map((r) => r.idempotency_key);

  it("enqueues a key once, from one server or two at the same time", async () => {
    const k = key("dup");
    expect(await enqueueMail(database.db, mail(k), T0.toISOString())).toBe(true);
    expect(await enqueueMail(database.db, mail(k), T0.toISOString())).toBe(false);
    const k2 = key("race");
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => enqueueMail(database.db, mail(k2), T0.toISOString())),
      ...Array.from({ length: 5 }, () => enqueueMail(other.db, mail(k2), T0.toISOString())),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await database.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("idempotency_key", "in", [k, k2])
      .execute();
    expect(rows).toHaveLength(2);
  });

  it("claims each due row for one server only, and a claim holds until it expires", async () => {
    await database.db.deleteFrom("mail_outbox").execute();
    const keys = Array.from({ length: 40 }, () => key("claim"));
    for (const k of keys) await enqueueMail(database.db, mail(k), T0.toISOString());
    // Two servers claim at once, over and over, until nothing is left.
    const claimedBy = new Map<string, string[]>();
    for (let round = 0; round < 10; round++) {
      const [a, b] = await Promise.all([
        claimMailBatch(database.db, { worker: "a", now: T0, claimMs: 60_000, limit: 7 }),
        claimMailBatch(other.db, { worker: "b", now: T0, claimMs: 60_000, limit: 7 }),
      ]);
      for (const row of [...a, ...b]) {
        claimedBy.set(row.idempotency_key, [...(claimedBy.get(row.idempotency_key) ?? []), row.claimed_by!]);
      }
      if (a.length + b.length === 0) break;
    }
    expect([...claimedBy.keys()].sort()).toEqual([...keys].sort());
    expect([...claimedBy.values()].every((who) => who.length === 1)).toBe(true);

    // Before the claims expire nobody else gets them; after, they are claimable again (a killed server's rows).
    expect(await claimMailBatch(other.db, { worker: "c", now: at(59_999), claimMs: 60_000, limit: 100 })).toEqual([]);
    const again = await claimMailBatch(other.db, { worker: "c", now: at(60_000), claimMs: 60_000, limit: 100 });
    expect(again).toHaveLength(40);
    expect(again.every((r) => Number(r.attempts) === 2)).toBe(true);
    // The old holder lost them: it may not renew, nor release them.
    expect(await renewMailClaim(database.db, { id: again[0]!.id, worker: "a", now: at(60_001), claimMs: 1 })).toBe(
      false,
    );
    await markMailFailed(database.db, {
      id: again[0]!.id,
      worker: "a",
      error: "x",
      retryAt: at(0),
      giveUp: true,
      now: at(0),
    });
    expect(await pending()).toHaveLength(40);
    // Sent rows are never claimed again.
    for (const r of again) await markMailSent(other.db, r.id, at(61_000));
    expect(await pending()).toEqual([]);
    expect(await claimMailBatch(database.db, { worker: "a", now: at(10_000_000), claimMs: 1, limit: 100 })).toEqual([]);
  });

  it("leaves a row not yet due alone, and gives up one whose time is over", async () => {
    await database.db.deleteFrom("mail_outbox").execute();
    const later = key("later");
    await enqueueMail(database.db, { ...mail(later), notBefore: at(5_000).toISOString() }, T0.toISOString());
    const stale = key("stale");
    await enqueueMail(database.db, { ...mail(stale), expiresAt: at(1_000).toISOString() }, T0.toISOString());
    expect(await expireMail(database.db, at(999))).toBe(0);
    expect(await expireMail(database.db, at(1_000))).toBe(1);
    expect(await claimMailBatch(database.db, { worker: "a", now: at(4_999), claimMs: 1, limit: 10 })).toEqual([]);
    const due = await claimMailBatch(database.db, { worker: "a", now: at(5_000), claimMs: 1, limit: 10 });
    expect(due.map((r) => r.idempotency_key)).toEqual([later]);
  });

  it("an account's mail goes with the account; rows done are pruned after they are old", async () => {
    await database.db.deleteFrom("mail_outbox").execute();
    const userId = await insertTestUser(database.db);
    const mine = key("mine");
    await enqueueMail(database.db, { ...mail(mine), userId }, T0.toISOString());
    const done = key("done");
    await enqueueMail(database.db, { ...mail(done), notBefore: at(-1).toISOString() }, T0.toISOString());
    const [row] = await claimMailBatch(database.db, { worker: "a", now: T0, claimMs: 1, limit: 1 });
    expect(row!.idempotency_key).toBe(done);
    await markMailSent(database.db, row!.id, T0);
    await database.db.deleteFrom("user").where("id", "=", userId).execute();
    const left = async () =>
      (await database.db.selectFrom("mail_outbox").select("idempotency_key").execute()).map((r) => r.idempotency_key);
    expect(await left()).toEqual([done]);
    expect(await pruneMail(database.db, T0)).toBe(0);
    await pruneMail(database.db, at(1));
    expect(await left()).toEqual([]);
  });
});
