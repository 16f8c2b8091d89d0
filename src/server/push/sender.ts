import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import webpush from "web-push";
import { renewClaim } from "../db/outbox-claims.js";
import {
  claimPushBatch,
  dropSubscription,
  expirePush,
  markPushFailed,
  markPushSent,
  prunePush,
  type PushRow,
} from "../db/push.js";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { passLoop } from "../mail/outbox-loop.js";
import { retryDelayMs } from "../mail/outbox-sender.js";
import type { PushConfig } from "./config.js";

/*
 * The push outbox's sender (decision 0035): each server process runs one, as it runs a mail sender (decision 0028).
 * A pass gives up what is too late, claims a batch (db/push.ts, atomic across servers) and posts each row to its
 * device's push service, many at once: the payload encrypted for the device (RFC 8291, aes128gcm) and the request
 * signed with the server's VAPID key (RFC 8292), by the web-push library; the HTTP request is ours (fetch, with a
 * deadline), so a slow push service holds one slot, not the pass.
 *
 * - 201 (any 2xx): sent; the row is marked at once, one by one (a crash repeats at most the notifications in flight).
 * - 404 or 410: the device unsubscribed or is gone; its subscription is dropped, with everything queued for it.
 * - 429 or 5xx, or no answer: tried again after Retry-After or the mail's back-off, for as long as the row lives.
 * - any other 4xx (a bad key, a payload refused): given up at once; no retry would change it.
 */

const CLAIM_MS = 2 * 60_000;
/** Rows per claim: a score to a thousand devices is ten claims. */
const BATCH_SIZE = 100;
/** Requests in flight at once, per server. */
const CONCURRENCY = 32;
const POLL_MS = 5_000;
const SEND_TIMEOUT_MS = 15_000;
/** Attempts after which a notification with no expiry is given up (one with an expiry lives until it). */
const MAX_ATTEMPTS = 10;
const KEEP_DONE_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 60 * 60_000;

export interface PushSenderOptions {
  db: Kysely<DB>;
  push: PushConfig;
  log: Logger;
  worker?: string;
  now?: () => Date;
  claimMs?: number;
  batchSize?: number;
  /**
   * Tests only: runs just before a row's request ("before") and just after the push service accepted it, before it
   * is marked sent ("after"). Throwing stops the pass there, as a kill would.
   */
  hook?: (point: "before" | "after", row: PushRow) => void | Promise<void>;
}

interface PassResult {
  claimed: number;
  sent: number;
  failed: number;
  gone: number;
}

export interface PushSender {
  readonly worker: string;
  /** One pass: claim a batch and send it. Passes never overlap. */
  runOnce(): Promise<PassResult>;
  start(pollMs?: number): void;
  /** Asks for a pass soon (rows were just queued on this server). */
  wake(): void;
  stop(): Promise<void>;
}

type Outcome = "sent" | "failed" | "gone" | "lost";

/** A response's Retry-After in milliseconds (seconds or an HTTP date), or null. */
function retryAfterMs(value: string | null, now: Date): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

export function createPushSender(o: PushSenderOptions): PushSender {
  const worker = o.worker ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const now = o.now ?? (() => new Date());
  const claimMs = o.claimMs ?? CLAIM_MS;
  const batchSize = o.batchSize ?? BATCH_SIZE;
  const vapidDetails = { subject: o.push.subject, publicKey: o.push.publicKey, privateKey: o.push.privateKey };

  async function fail(row: PushRow, error: string, o2: { permanent: boolean; retryAfter: number | null }) {
    const attempts = Number(row.attempts);
    const giveUp = o2.permanent || (row.expires_at === null && attempts >= MAX_ATTEMPTS);
    const at = now();
    await markPushFailed(o.db, {
      id: row.id,
      worker,
      error,
      retryAt: new Date(at.getTime() + (o2.retryAfter ?? retryDelayMs(attempts))),
      giveUp,
      now: at,
    });
    o.log.warn(
      { push: row.kind, key: row.idempotency_key, attempts, giveUp, error },
      giveUp ? "notification given up" : "notification could not be sent; it will be tried again",
    );
    return "failed" as const;
  }

  async function sendRow(row: PushRow): Promise<Outcome> {
    const left = Date.parse(row.claimed_until ?? "") - now().getTime();
    if (!(left > claimMs / 2) && !(await renewClaim(o.db, "push_outbox", { id: row.id, worker, now: now(), claimMs })))
      return "lost";
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      request = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        row.payload,
        {
          vapidDetails,
          TTL: Number(row.ttl_seconds),
          urgency: row.urgency as webpush.Urgency,
          ...(row.topic ? { topic: row.topic } : {}),
        },
      );
    } catch (error) {
      // The device's keys cannot be used (not a P-256 point): no attempt will do better.
      return fail(row, error instanceof Error ? error.message : String(error), { permanent: true, retryAfter: null });
    }
    await o.hook?.("before", row);
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: "POST",
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: "error",
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      // The body is not needed, but must be read for the connection to be reused.
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      return fail(row, `no answer: ${error instanceof Error ? error.message : String(error)}`, {
        permanent: false,
        retryAfter: null,
      });
    }
    if (response.status === 404 || response.status === 410) {
      await dropSubscription(o.db, row.subscription_id);
      o.log.info({ push: row.kind, status: response.status }, "push subscription gone; dropped");
      return "gone";
    }
    if (response.status === 429 || response.status >= 500) {
      return fail(row, `push service answered ${response.status}`, {
        permanent: false,
        retryAfter: retryAfterMs(response.headers.get("retry-after"), now()),
      });
    }
    if (response.status < 200 || response.status >= 300) {
      return fail(row, `push service refused it: ${response.status}`, { permanent: true, retryAfter: null });
    }
    await o.hook?.("after", row);
    await markPushSent(o.db, row, now());
    return "sent";
  }

  let prunedAt = 0;

  async function pass(): Promise<PassResult> {
    const at = now();
    if (at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = at.getTime();
      await prunePush(o.db, new Date(at.getTime() - KEEP_DONE_MS));
    }
    const expired = await expirePush(o.db, at);
    if (expired > 0) o.log.info({ expired }, "notifications expired before they could be sent");
    const rows = await claimPushBatch(o.db, { worker, now: at, claimMs, limit: batchSize });
    const result: PassResult = { claimed: rows.length, sent: 0, failed: 0, gone: 0 };
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        if (!row) break;
        const outcome = await sendRow(row);
        if (outcome !== "lost") result[outcome] += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, lane));
    if (result.sent + result.gone > 0) {
      o.log.info({ sent: result.sent, gone: result.gone, failed: result.failed }, "notifications sent");
    }
    return result;
  }

  const loop = passLoop({ pass, batchSize, pollMs: POLL_MS, log: o.log, what: "push outbox" });

  return { worker, ...loop };
}
