import { createHash, randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Kysely } from "kysely";
import {
  claimMailBatch,
  expireMail,
  markMailFailed,
  markMailSent,
  pruneMail,
  renewMailClaim,
  type OutboxRow,
} from "../db/mail-outbox.js";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { MailConfig } from "./config.js";
import { passLoop } from "./outbox-loop.js";

/*
 * The outbox's sender (decision 0028): each server process runs one. A pass expires what is too late, claims a
 * batch (db/mail-outbox.ts: atomic across servers), and sends each row through SMTP_URL, renewing its claim just
 * before when less than half of it is left, then marks it sent or failed. A failure backs off (30 s, doubling, at most an hour) and is tried again
 * for as long as the row lives; an SMTP server that refuses the message for good (a 5xx) is given up after
 * MAX_PERMANENT_ATTEMPTS. Nothing here runs in a request: a request only inserts the row, so a slow or down SMTP
 * server delays mail and never a request.
 *
 * Exactly once, up to one window: a row is marked sent after the SMTP server accepted it. A server killed (or a
 * database lost) between that acceptance and the mark leaves the row unsent; once its claim expires another server
 * sends it again. That second copy has the same Message-ID (derived from the idempotency key), so a receiving
 * system that deduplicates by Message-ID (and any reader) recognises it as the same message.
 */

/** How long a claim holds before another server may take the row. Longer than one send may take (3 × 15 s). */
const CLAIM_MS = 2 * 60_000;
/** Rows per claim. */
const BATCH_SIZE = 20;
/** How often the loop looks for due rows when idle. */
const POLL_MS = 5_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
/** A message the SMTP server refuses with a permanent error (5xx) this many times is given up. */
const MAX_PERMANENT_ATTEMPTS = 5;
const SMTP_TIMEOUT_MS = 15_000;
/** Rows sent or given up are deleted this long after (their recipients' addresses are not kept for ever). */
const KEEP_DONE_MS = 30 * 86_400_000;
/** How often a sender prunes them. */
const PRUNE_EVERY_MS = 60 * 60_000;

/** The back-off before the next attempt after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** The domain of MAIL_FROM's address, for Message-IDs. */
function fromDomain(from: string): string {
  const address = /<([^<>]+)>/.exec(from)?.[1] ?? from;
  return address.split("@")[1]?.trim() || "flagline.invalid";
}

/** The Message-ID of an outbox row: the same for every attempt of one key, on every server. */
export function outboxMessageId(key: string, from: string): string {
  return `<outbox.${createHash("sha256").update(key).digest("hex").slice(0, 40)}@${fromDomain(from)}>`;
}

export interface OutboxSenderOptions {
  db: Kysely<DB>;
  mail: MailConfig;
  log: Logger;
  /** This process's name in claims (default: a fresh id). */
  worker?: string;
  /** The clock (tests move it). */
  now?: () => Date;
  claimMs?: number;
  batchSize?: number;
  /**
   * Tests only: runs after a row is claimed and renewed, just before its SMTP send ("before") and just after the
   * SMTP server accepted it, before it is marked sent ("after"). Throwing stops the pass there, as a kill would:
   * nothing more is written for that row or the rest of the batch.
   */
  hook?: (point: "before" | "after", row: OutboxRow) => void | Promise<void>;
}

export interface OutboxSender {
  readonly worker: string;
  /** One pass: claim a batch and send it. Resolves with what happened. Passes never overlap. */
  runOnce(): Promise<{ claimed: number; sent: number; failed: number }>;
  /** Runs passes every POLL_MS (at once again after a full batch) until stop(). */
  start(pollMs?: number): void;
  /** Asks for a pass soon (a row was just enqueued). */
  wake(): void;
  /** Stops the loop and waits for the pass in flight. */
  stop(): Promise<void>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export function createOutboxSender(o: OutboxSenderOptions): OutboxSender {
  const worker = o.worker ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const now = o.now ?? (() => new Date());
  const claimMs = o.claimMs ?? CLAIM_MS;
  const batchSize = o.batchSize ?? BATCH_SIZE;
  // One kept-open connection for a burst, not one per message: a new SMTP connection costs its greeting and the
  // server's reverse lookup of us (about 100 ms a message against a local smtp-server, 8.6 ms pooled), and 15,000
  // reminders at one minute must go out within 5 minutes (bench/reminder-burst.ts). The pool closes an idle
  // connection, and is closed with the sender.
  const transport = nodemailer.createTransport({
    url: o.mail.smtpUrl,
    pool: true,
    maxConnections: 1,
    maxMessages: 500,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });

  /**
   * Sends one claimed row. The claim is made longer just before the send only when less than half of it is left (a
   * slow SMTP server): while more is left no other server can have taken the row, so a burst costs one write per
   * message here (its mark), not two.
   */
  async function sendRow(row: OutboxRow): Promise<"sent" | "failed" | "lost"> {
    const left = Date.parse(row.claimed_until ?? "") - now().getTime();
    if (!(left > claimMs / 2) && !(await renewMailClaim(o.db, { id: row.id, worker, now: now(), claimMs })))
      return "lost";
    await o.hook?.("before", row);
    try {
      await transport.sendMail({
        from: o.mail.from,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        messageId: outboxMessageId(row.idempotency_key, o.mail.from),
        headers: JSON.parse(row.headers) as Record<string, string>,
      });
    } catch (error) {
      const attempts = Number(row.attempts);
      const giveUp = isPermanent(error) && attempts >= MAX_PERMANENT_ATTEMPTS;
      const at = now();
      await markMailFailed(o.db, {
        id: row.id,
        worker,
        error: errorText(error),
        retryAt: new Date(at.getTime() + retryDelayMs(attempts)),
        giveUp,
        now: at,
      });
      const fields = { err: error, mail: row.kind, key: row.idempotency_key, attempts, giveUp };
      // Given up: the operator's to see (an error line, and GET /metrics' flagline_outbox_failed); a retry is not.
      if (giveUp) o.log.error(fields, "mail given up: the SMTP server refused it for good; it will not be sent");
      else o.log.warn(fields, "mail could not be sent; it will be tried again");
      return "failed";
    }
    await o.hook?.("after", row);
    await markMailSent(o.db, row.id, now());
    o.log.info({ mail: row.kind, key: row.idempotency_key, attempts: Number(row.attempts) }, "mail sent");
    return "sent";
  }

  let prunedAt = 0;

  async function pass() {
    const at = now();
    if (at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = at.getTime();
      await pruneMail(o.db, new Date(at.getTime() - KEEP_DONE_MS));
    }
    const expired = await expireMail(o.db, at);
    if (expired > 0) o.log.info({ expired }, "outbox mail expired before it could be sent");
    const rows = await claimMailBatch(o.db, { worker, now: at, claimMs, limit: batchSize });
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      const outcome = await sendRow(row);
      if (outcome === "sent") sent += 1;
      if (outcome === "failed") failed += 1;
    }
    return { claimed: rows.length, sent, failed };
  }

  const loop = passLoop({ pass, batchSize, pollMs: POLL_MS, log: o.log, what: "mail outbox" });

  return {
    worker,
    runOnce: loop.runOnce,
    start: loop.start,
    wake: loop.wake,
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}
