import { pino } from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpPeer, type SmtpPeer } from "#tests/server/support/smtp-peer.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, TestClient } from "#tests/server/support/test-client.js";
import { enqueueMail } from "../db/mail-outbox.js";
import { createOutboxSender, type OutboxSender } from "./outbox-sender.js";

/*
 * Issue #32, fault 4: the mail server down for a long time. Mail waits in the durable outbox, tried again with a
 * back-off that grows to an hour and no further (half a day's outage costs 20 attempts a message, not thousands),
 * never given up for being unreachable; once the server is back each message arrives exactly once. A message the
 * server refuses for good (5xx) is given up after a few attempts, and the operator sees it: an error line in the
 * log and GET /metrics' flagline_outbox_failed. The clock is injected: back-offs pass when the test moves it.
 */

const FROM = "Flagline <noreply@flagline.test>";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface LogLine {
  level: number;
  msg: string;
  key?: string;
  giveUp?: boolean;
}

/** The value of `name{outbox="mail"}` in a Prometheus exposition. */
function mailSample(text: string, name: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{outbox="mail"} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe.each(testEngines())("the mail server down on $engine", ({ create }) => {
  let database: TestDatabase;
  let clock: number;
  const senders: OutboxSender[] = [];
  let run = 0;
  const lines: LogLine[] = [];
  const log = pino({ level: "info" }, { write: (s: string) => void lines.push(JSON.parse(s) as LogLine) });
  const now = () => new Date(clock);

  function sender(url: string): OutboxSender {
    const s = createOutboxSender({
      db: database.db,
      mail: { smtpUrl: url, from: FROM, contactTo: null },
      log,
      now,
      claimMs: MINUTE,
      batchSize: 10,
    });
    senders.push(s);
    return s;
  }

  async function enqueue(recipients: string[]): Promise<string[]> {
    run += 1;
    const keys = recipients.map((_, i) => `outage:${run}:${i}`);
    for (const [i, to] of recipients.entries()) {
      await enqueueMail(
        database.db,
        { key: keys[i]!, kind: "test", to, subject: `Outage ${run}.${i}`, text: `Body ${run}.${i}` },
        now().toISOString(),
      );
    }
    return keys;
  }

  const rows = (keys: string[]) =>
    database.db
      .selectFrom("mail_outbox")
      .select(["idempotency_key", "attempts", "last_error", "not_before", "sent_at", "failed_at"])
      .where("idempotency_key", "in", keys)
      .orderBy("idempotency_key")
      .execute();

  beforeAll(async () => {
    database = await create();
  });
  afterAll(async () => {
    await database?.cleanup();
  });
  beforeEach(() => {
    clock = Date.parse("2030-03-01T08:00:00.000Z");
    lines.length = 0;
  });
  /** Closes the senders' pooled SMTP connections (a peer's close waits for them). */
  async function stopSenders() {
    await Promise.all(senders.splice(0).map((s) => s.stop()));
  }
  afterEach(stopSenders);

  it("down for half a day: mail waits with a back-off growing to an hour, then each message arrives once", async () => {
    const gone = await startSmtpPeer();
    const port = gone.port;
    await gone.close();
    const keys = await enqueue(["a@example.test", "b@example.test"]);
    const s = sender(`smtp://127.0.0.1:${port}`);

    // Twelve hours of connection refusals: each pass at the moment the rows are due again.
    const delays: number[] = [];
    const start = clock;
    while (clock < start + 12 * HOUR) {
      expect(await s.runOnce()).toMatchObject({ claimed: 2, sent: 0, failed: 2 });
      const waiting = await rows(keys);
      expect(waiting.every((r) => r.sent_at === null && r.failed_at === null)).toBe(true);
      const due = Date.parse(waiting[0]!.not_before);
      expect(waiting.every((r) => Date.parse(r.not_before) === due)).toBe(true);
      delays.push(due - clock);
      // Not a moment earlier.
      clock = due - 1;
      expect((await s.runOnce()).claimed).toBe(0);
      clock = due;
    }
    // 30 s, doubling, at most an hour: 8 attempts to reach the hour, then one an hour.
    expect(delays.slice(0, 9).map((d) => d / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect(delays.every((d) => d <= HOUR)).toBe(true);
    expect(delays.length).toBeLessThanOrEqual(8 + 12);
    const afterOutage = await rows(keys);
    // Still waiting, never given up for being unreachable, however many attempts.
    expect(afterOutage.map((r) => Number(r.attempts))).toEqual(keys.map(() => delays.length));
    expect(afterOutage.every((r) => r.failed_at === null && /ECONNREFUSED/.test(r.last_error ?? ""))).toBe(true);

    const back = await startSmtpPeer(port);
    try {
      expect(await s.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
      // Later passes find nothing more to send: nothing twice.
      clock += 2 * HOUR;
      expect((await s.runOnce()).claimed).toBe(0);
      expect(back.messages.map((m) => m.subject).sort()).toEqual([`Outage ${run}.0`, `Outage ${run}.1`]);
      expect((await rows(keys)).every((r) => r.sent_at !== null && r.failed_at === null)).toBe(true);
    } finally {
      await stopSenders();
      await back.close();
    }
  });

  it("refused for good (550): given up after a few attempts, an error line and flagline_outbox_failed show it", async () => {
    const peer: SmtpPeer = await startSmtpPeer(0, {
      refuse: (to) =>
        to.startsWith("gone") ? { code: 550, message: "5.1.1 <gone@example.test>: no such user" } : null,
    });
    try {
      const { app } = createTestApp(database);
      const scrape = async () => {
        const res = await new TestClient(app).request("GET", "/metrics");
        expect(res.status).toBe(200);
        const text = res.body as string;
        return {
          failed: mailSample(text, "flagline_outbox_failed"),
          waiting: mailSample(text, "flagline_outbox_waiting"),
        };
      };
      const before = await scrape();
      expect(before.failed).toBeGreaterThanOrEqual(0);

      const [bounced, fine] = await enqueue(["gone@example.test", "coach@example.test"]);
      const s = sender(peer.url);
      expect(await s.runOnce()).toMatchObject({ claimed: 2, sent: 1, failed: 1 });
      // A refusal may be passing (a full mailbox): tried again after the back-off, until given up.
      for (let pass = 0; pass < 10; pass++) {
        const [row] = await rows([bounced!]);
        if (row!.failed_at !== null) break;
        clock = Date.parse(row!.not_before);
        expect(await s.runOnce()).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
      }
      const [given] = await rows([bounced!]);
      expect(given!.failed_at).not.toBeNull();
      expect(given!.last_error).toMatch(/550/);
      expect(peer.refused).toEqual(Array.from({ length: 5 }, () => "gone@example.test"));

      // The operator sees it: one error line naming the message, and the gauge.
      const errors = lines.filter((l) => l.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ key: bounced, giveUp: true });
      expect(errors[0]!.msg).toMatch(/given up/);
      const after = await scrape();
      expect(after.failed).toBe(before.failed! + 1);
      expect(after.waiting).toBe(before.waiting);

      // Given up is final: not tried again, and the other message arrived once.
      clock += 24 * HOUR;
      expect((await s.runOnce()).claimed).toBe(0);
      expect(peer.refused).toHaveLength(5);
      expect(peer.messages.filter((m) => m.to.includes("coach@example.test"))).toHaveLength(1);
      expect((await rows([fine!]))[0]!.sent_at).not.toBeNull();
    } finally {
      await stopSenders();
      await peer.close();
    }
  });
});
