import { pino } from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpPeer, type SmtpPeer } from "#tests/server/support/smtp-peer.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { openDatabase, type Database } from "../db/index.js";
import { enqueueMail } from "../db/mail-outbox.js";
import { createOutboxSender, outboxMessageId, retryDelayMs, type OutboxSender } from "./outbox-sender.js";

/*
 * The outbox's sender against a real SMTP peer (decision 0028): two servers over one database deliver each message
 * once; a server killed mid-batch leaves claims another takes up after they expire, and each message arrives once;
 * an SMTP server that is down delays mail and loses none. The clock is injected: claims and back-offs expire when
 * the test moves it, never by waiting.
 */

const log = pino({ level: "silent" });
const FROM = "Flagline <noreply@flagline.test>";
const CLAIM_MS = 60_000;

class Killed extends Error {}

function secondServer(database: TestDatabase): Database {
  return "DATABASE_URL" in database.env
    ? openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: "", poolMax: 4 })
    : openDatabase({ dataDir: database.env.DATA_DIR });
}

describe.each(testEngines())("the outbox sender on $engine", ({ create }) => {
  let database: TestDatabase;
  let other: Database;
  let peer: SmtpPeer;
  let clock: number;
  let senders: OutboxSender[] = [];
  let run = 0;
  const now = () => new Date(clock);

  function sender(db: Database, worker: string, hook?: Parameters<typeof createOutboxSender>[0]["hook"], url?: string) {
    const s = createOutboxSender({
      db: db.db,
      mail: { smtpUrl: url ?? peer.url, from: FROM, contactTo: null },
      log,
      worker,
      now,
      claimMs: CLAIM_MS,
      batchSize: 5,
      hook,
    });
    senders.push(s);
    return s;
  }

  /** Enqueues n messages of this test, each to its own address; returns their keys. */
  async function enqueue(n: number): Promise<string[]> {
    run += 1;
    const keys: string[] = [];
    for (let i = 0; i < n; i++) {
      const key = `test:${run}:${i}`;
      keys.push(key);
      await enqueueMail(
        database.db,
        {
          key,
          kind: "test",
          to: `r${run}.${i}@example.test`,
          subject: `Message ${run}.${i}`,
          text: `Body ${run}.${i}`,
          headers: { "List-Unsubscribe": `<http://localhost:3000/api/unsubscribe/t${i}>` },
        },
        now().toISOString(),
      );
    }
    return keys;
  }

  const received = (subject: string) => peer.messages.filter((m) => m.subject === subject);
  const unsent = async (keys: string[]) =>
    (
      await database.db
        .selectFrom("mail_outbox")
        .select(["idempotency_key", "attempts", "last_error", "not_before"])
        .where("idempotency_key", "in", keys)
        .where("sent_at", "is", null)
        .execute()
    ).map((r) => r.idempotency_key);

  beforeAll(async () => {
    database = await create();
    other = secondServer(database);
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    await other?.close();
    await peer?.close();
    await database?.cleanup();
  });
  beforeEach(() => {
    clock = Date.parse("2030-01-01T10:00:00.000Z");
  });
  afterEach(async () => {
    await Promise.all(senders.map((s) => s.stop()));
    senders = [];
  });

  it("two servers sending at once deliver each message exactly once, with its headers and Message-ID", async () => {
    const keys = await enqueue(23);
    const a = sender(database, "server-a");
    const b = sender(other, "server-b");
    for (;;) {
      const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
      if (x.claimed + y.claimed === 0) break;
    }
    expect(await unsent(keys)).toEqual([]);
    for (const [i, key] of keys.entries()) {
      const copies = received(`Message ${run}.${i}`);
      expect(copies, key).toHaveLength(1);
      expect(copies[0]!.to).toEqual([`r${run}.${i}@example.test`]);
      expect(copies[0]!.messageId).toBe(outboxMessageId(key, FROM));
      expect(copies[0]!.headers["list-unsubscribe"]).toBe(`<http://localhost:3000/api/unsubscribe/t${i}>`);
    }
  });

  it("a server killed mid-batch: another sends its claimed rows once the claim expires, each once", async () => {
    const keys = await enqueue(5);
    let sends = 0;
    // Server A is "killed" as it is about to send its third message: its claims stay behind, nothing is marked.
    const a = sender(database, "doomed", (point) => {
      if (point === "before" && ++sends === 3) throw new Killed("killed");
    });
    await expect(a.runOnce()).rejects.toBeInstanceOf(Killed);
    expect((await unsent(keys)).length).toBe(3);

    const b = sender(other, "survivor");
    // While A's claim holds, B leaves the rows alone.
    clock += CLAIM_MS - 1;
    expect((await b.runOnce()).claimed).toBe(0);
    clock += 1;
    expect(await b.runOnce()).toMatchObject({ claimed: 3, sent: 3 });
    expect(await unsent(keys)).toEqual([]);
    for (let i = 0; i < 5; i++) expect(received(`Message ${run}.${i}`), keys[i]).toHaveLength(1);
  });

  it("a slow batch holds on to its rows: a claim with less than half left is renewed before its send", async () => {
    const keys = await enqueue(3);
    let other: OutboxSender | null = null;
    let stolen = -1;
    const slow = sender(database, "slow", async (point) => {
      if (point !== "after") return;
      // Each send takes 40 % of the claim: by the third, the claim made with the batch would have run out.
      clock += CLAIM_MS * 0.4;
      if (stolen === -1 && clock > Date.parse("2030-01-01T10:00:00.000Z") + CLAIM_MS) {
        other = sender(database, "thief");
        stolen = (await other.runOnce()).claimed;
      }
    });
    expect(await slow.runOnce()).toMatchObject({ claimed: 3, sent: 3 });
    expect(stolen).toBe(0);
    expect(await unsent(keys)).toEqual([]);
    for (let i = 0; i < 3; i++) expect(received(`Message ${run}.${i}`)).toHaveLength(1);
  });

  it("killed between the SMTP server's acceptance and marking it sent: sent again, with the same Message-ID", async () => {
    const [key] = await enqueue(1);
    const a = sender(database, "doomed-after", (point) => {
      if (point === "after") throw new Killed("killed after accept");
    });
    await expect(a.runOnce()).rejects.toBeInstanceOf(Killed);
    clock += CLAIM_MS;
    expect(await sender(other, "survivor").runOnce()).toMatchObject({ sent: 1 });
    // The documented window (decision 0028): two copies, recognisably one message.
    const copies = received(`Message ${run}.0`);
    expect(copies).toHaveLength(2);
    expect(new Set(copies.map((m) => m.messageId))).toEqual(new Set([outboxMessageId(key!, FROM)]));
  });

  it("an SMTP server that is down delays mail, keeps it, retries with back-off, and delivers it once it is back", async () => {
    const down = await startSmtpPeer();
    const port = down.port;
    await down.close();
    const keys = await enqueue(2);
    const s = sender(database, "patient", undefined, `smtp://127.0.0.1:${port}`);
    expect(await s.runOnce()).toMatchObject({ claimed: 2, sent: 0, failed: 2 });
    expect((await unsent(keys)).sort()).toEqual([...keys].sort());
    // Backing off: not tried again before the delay.
    clock += retryDelayMs(1) - 1;
    expect((await s.runOnce()).claimed).toBe(0);
    clock += 1;
    expect(await s.runOnce()).toMatchObject({ claimed: 2, failed: 2 });
    const rows = await database.db
      .selectFrom("mail_outbox")
      .select(["attempts", "last_error", "not_before"])
      .where("idempotency_key", "in", keys)
      .execute();
    expect(rows.map((r) => Number(r.attempts))).toEqual([2, 2]);
    expect(rows.every((r) => r.last_error !== null && Date.parse(r.not_before) === clock + retryDelayMs(2))).toBe(true);

    const back = await startSmtpPeer(port);
    try {
      clock += retryDelayMs(2);
      expect(await s.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
      expect(await unsent(keys)).toEqual([]);
      expect(back.messages.map((m) => m.subject).sort()).toEqual([`Message ${run}.0`, `Message ${run}.1`]);
    } finally {
      await back.close();
    }
  });

  it("the loop started with the server sends what is enqueued, and stops cleanly", async () => {
    clock = Date.now();
    const [key] = await enqueue(1);
    const s = sender(database, "looping");
    s.start(20);
    await peer.waitFor((m) => m.subject === `Message ${run}.0`);
    await s.stop();
    expect(await unsent([key!])).toEqual([]);
  });
});
