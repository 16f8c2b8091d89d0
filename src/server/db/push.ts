/**
 * Web Push's rows (migration 025, decision 0035): the devices a person turned notifications on for, which kinds
 * they want, and the push outbox, one row per device and notification, sent by each server's push sender
 * (push/sender.ts) through the same claims as the mail outbox (db/outbox-claims.ts).
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import {
  clip,
  MAX_PAYLOAD_BYTES,
  PUSH_KINDS,
  type PushKind,
  type PushPayload,
  type PushPreferences,
} from "#domain/push.js";
import { inTransaction, nowIso } from "./dialect.js";
import { claimBatch, expireRows, markFailed, markSent, pruneRows } from "./outbox-claims.js";
import { prepared } from "./prepared.js";
import type { DB } from "./schema.js";

export type PushRow = Selectable<DB["push_outbox"]> & { endpoint: string; p256dh: string; auth: string };

export interface PushDevice {
  id: string;
  device: string;
  createdAt: string;
  lastSentAt: string | null;
  endpoint: string;
}

/** A person's devices, newest first. */
export async function pushDevices(db: Kysely<DB>, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom("push_subscriptions")
    .select(["id", "device", "created_at", "last_sent_at", "endpoint"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    createdAt: r.created_at,
    lastSentAt: r.last_sent_at,
    endpoint: r.endpoint,
  }));
}

/** The most devices one person keeps; the oldest goes when one more subscribes. */
const MAX_DEVICES_PER_PERSON = 20;

/**
 * Keeps a device's subscription for the person. The endpoint is the browser's, so one already kept (the same
 * browser, signed in before as someone else, or subscribing again with new keys) becomes this person's with the
 * keys given: a browser gets the notifications of whoever turned them on there last.
 */
export async function saveSubscription(
  db: Kysely<DB>,
  s: { userId: string; endpoint: string; p256dh: string; auth: string; device: string },
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const kept = await trx
      .selectFrom("push_subscriptions")
      .select(["id", "user_id"])
      .where("endpoint", "=", s.endpoint)
      .executeTakeFirst();
    if (kept && kept.user_id === s.userId) {
      await trx
        .updateTable("push_subscriptions")
        .set({ p256dh: s.p256dh, auth: s.auth, device: s.device })
        .where("id", "=", kept.id)
        .execute();
      return kept.id;
    }
    // Another person's: theirs goes (with what was queued for them), this person's is new.
    if (kept) await trx.deleteFrom("push_subscriptions").where("id", "=", kept.id).execute();
    const id = randomUUID();
    await trx
      .insertInto("push_subscriptions")
      .values({
        id,
        user_id: s.userId,
        endpoint: s.endpoint,
        p256dh: s.p256dh,
        auth: s.auth,
        device: s.device,
        created_at: nowIso(),
      })
      .execute();
    const extra = await trx
      .selectFrom("push_subscriptions")
      .select("id")
      .where("user_id", "=", s.userId)
      .orderBy("created_at", "desc")
      .orderBy("id")
      .offset(MAX_DEVICES_PER_PERSON)
      .limit(1000)
      .execute();
    if (extra.length > 0) {
      await trx
        .deleteFrom("push_subscriptions")
        .where(
          "id",
          "in",
          extra.map((r) => r.id),
        )
        .execute();
    }
    return id;
  });
}

/** Removes one of the person's devices; false when it is not theirs (or gone). */
export async function deleteSubscription(db: Kysely<DB>, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The push service said the device is gone (404/410): it is forgotten, with whatever was queued for it. */
export async function dropSubscription(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
}

const ALL_ON: Readonly<PushPreferences> = Object.freeze({
  game_start: true,
  scores: true,
  game_final: true,
  schedule: true,
  announcements: true,
});

/** The person's choices; all on when they never changed one. */
export async function pushPreferences(db: Kysely<DB>, userId: string): Promise<PushPreferences> {
  const row = await db.selectFrom("push_preferences").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) return { ...ALL_ON };
  const prefs = { ...ALL_ON };
  for (const kind of PUSH_KINDS) prefs[kind] = Number(row[kind]) === 1;
  return prefs;
}

/** Changes the choices given; the others keep theirs. Returns them all. */
export async function updatePushPreferences(
  db: Kysely<DB>,
  userId: string,
  change: Partial<PushPreferences>,
): Promise<PushPreferences> {
  return inTransaction(db, async (trx) => {
    const next = await pushPreferences(trx, userId);
    for (const kind of PUSH_KINDS) {
      const on = change[kind];
      if (on !== undefined) next[kind] = on;
    }
    const values = {
      game_start: next.game_start ? 1 : 0,
      scores: next.scores ? 1 : 0,
      game_final: next.game_final ? 1 : 0,
      schedule: next.schedule ? 1 : 0,
      announcements: next.announcements ? 1 : 0,
      updated_at: nowIso(),
    };
    await trx
      .insertInto("push_preferences")
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
      .execute();
    return next;
  });
}

/** Who a notification is for. */
type PushAudience =
  /** Everyone on the team (coaches, confirmed players) and every guardian of a player on it. */
  | { teamId: string; except?: string }
  /** These people. */
  | { userIds: readonly string[] }
  /** These devices. */
  | { deviceIds: readonly string[] };

/**
 * Who a team's notifications are for: its coaches and confirmed players, and every guardian of a player on it (a
 * subquery of user ids).
 */
function teamAudience(db: Kysely<DB>, teamId: string) {
  return db
    .selectFrom("profiles")
    .select("user_id")
    .where("team_id", "=", teamId)
    .where((w) => w.or([w("role", "=", "coach"), w("confirmed", "=", 1)]))
    .union(
      db
        .selectFrom("guardian_links as l")
        .innerJoin("profiles as p", "p.user_id", "l.player_id")
        .select("l.guardian_id as user_id")
        .where("p.team_id", "=", teamId)
        .where("p.role", "=", "player"),
    );
}

/** The devices of the audience that want `kind` (null: every device of the audience, e.g. a test). */
async function audienceDevices(db: Kysely<DB>, audience: PushAudience, kind: PushKind | null): Promise<string[]> {
  let query = db
    .selectFrom("push_subscriptions as s")
    .leftJoin("push_preferences as pp", "pp.user_id", "s.user_id")
    .select("s.id");
  if ("teamId" in audience) {
    const teamId = audience.teamId;
    query = query.where("s.user_id", "in", teamAudience(db, teamId));
    if (audience.except) query = query.where("s.user_id", "!=", audience.except);
  } else if ("userIds" in audience) {
    if (audience.userIds.length === 0) return [];
    query = query.where("s.user_id", "in", audience.userIds);
  } else {
    if (audience.deviceIds.length === 0) return [];
    query = query.where("s.id", "in", audience.deviceIds);
  }
  if (kind) query = query.where((w) => w.or([w(`pp.${kind}`, "is", null), w(`pp.${kind}`, "=", 1)]));
  const rows = await query.orderBy("s.id").execute();
  return rows.map((r) => r.id);
}

export interface NewPush {
  /** Unique per notification meant: the same key twice is one notification, whatever devices came since. */
  key: string;
  kind: string;
  /** The choice that turns it off (null: none, a test). */
  preference: PushKind | null;
  audience: PushAudience;
  payload: PushPayload;
  urgency: "very-low" | "low" | "normal" | "high";
  /** How long a push service keeps it for a device that is offline. */
  ttlSeconds: number;
  /** RFC 8030 Topic (≤ 32 base64url characters): a newer message of the topic replaces one not yet received. */
  topic?: string;
  /** Given up if not sent by then. */
  expiresAt?: string;
}

/** The payload as sent: within MAX_PAYLOAD_BYTES, the body and title cut shorter if ever it is not. */
function payloadText(payload: PushPayload): string {
  const text = JSON.stringify(payload);
  if (Buffer.byteLength(text) <= MAX_PAYLOAD_BYTES) return text;
  return JSON.stringify({
    ...payload,
    title: clip(payload.title, 100),
    body: clip(payload.body, 300),
    url: payload.url.slice(0, 1000),
  });
}

/** Rows a statement inserts at most. */
const INSERT_CHUNK = 200;

/**
 * Fans a notification out to the devices of its audience, once per key: the key is taken in the same transaction
 * as the rows, so two servers (or two changes of one game) finding the same notification queue it once. Returns
 * how many devices it was queued for (0 when the key was taken before).
 */
export async function enqueuePush(db: Kysely<DB>, push: NewPush, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    const taken = await trx
      .insertInto("push_notices")
      .values({ key: push.key, created_at: at })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key")
      .execute();
    if (taken.length === 0) return 0;
    const devices = await audienceDevices(trx, push.audience, push.preference);
    const payload = payloadText(push.payload);
    let added = 0;
    for (let i = 0; i < devices.length; i += INSERT_CHUNK) {
      const rows = await trx
        .insertInto("push_outbox")
        .values(
          devices.slice(i, i + INSERT_CHUNK).map((subscriptionId) => ({
            id: randomUUID(),
            idempotency_key: `${push.key}:${subscriptionId}`,
            kind: push.kind,
            subscription_id: subscriptionId,
            payload,
            urgency: push.urgency,
            ttl_seconds: push.ttlSeconds,
            topic: push.topic ?? null,
            not_before: at,
            expires_at: push.expiresAt ?? null,
            created_at: at,
          })),
        )
        .onConflict((oc) => oc.column("idempotency_key").doNothing())
        .returning("id")
        .execute();
      added += rows.length;
    }
    return added;
  });
}

/** Claims up to `limit` due notifications for `worker`, with their devices' endpoints and keys. */
export async function claimPushBatch(
  db: Kysely<DB>,
  o: { worker: string; now: Date; claimMs: number; limit: number },
): Promise<PushRow[]> {
  const rows = await claimBatch(db, "push_outbox", o);
  if (rows.length === 0) return [];
  const subscriptions = await db
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "p256dh", "auth"])
    .where("id", "in", [...new Set(rows.map((r) => r.subscription_id))])
    .execute();
  const byId = new Map(subscriptions.map((s) => [s.id, s]));
  const claimed: PushRow[] = [];
  for (const row of rows) {
    const s = byId.get(row.subscription_id);
    // Its device went between the claim and this read (the cascade took the row too): nothing to send.
    if (s) claimed.push({ ...row, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth });
  }
  return claimed;
}

/** The push service took it: the row is sent, and the device was reachable then. */
export async function markPushSent(db: Kysely<DB>, row: PushRow, now: Date): Promise<void> {
  await markSent(db, "push_outbox", row.id, now);
  await db
    .updateTable("push_subscriptions")
    .set({ last_sent_at: now.toISOString() })
    .where("id", "=", row.subscription_id)
    .execute();
}

/** A send failed: released for a retry at `retryAt`, or given up. */
export function markPushFailed(
  db: Kysely<DB>,
  o: { id: string; worker: string; error: string; retryAt: Date; giveUp: boolean; now: Date },
): Promise<void> {
  return markFailed(db, "push_outbox", o);
}

/** Notifications never sent whose `expires_at` has passed are given up (a score an hour late is news no more). */
export function expirePush(db: Kysely<DB>, now: Date): Promise<number> {
  return expireRows(db, "push_outbox", now);
}

/** Deletes notifications sent or given up before `before`, and the keys of notifications fanned out before it. */
export async function prunePush(db: Kysely<DB>, before: Date): Promise<number> {
  const rows = await pruneRows(db, "push_outbox", before);
  await db.deleteFrom("push_notices").where("created_at", "<", before.toISOString()).execute();
  return rows;
}

/**
 * Which of these notification keys were fanned out already: read first, so finding the same notifications again
 * (the reminder tick's next minute, a game's next change) costs a read, not a write.
 */
export async function takenPushKeys(db: Kysely<DB>, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom("push_notices").select("key").where("key", "in", keys).execute();
  return new Set(rows.map((r) => r.key));
}

/** A notification for one person's devices (a reminder, a warning): built only for people who have a device. */
export interface PersonalPush extends Omit<NewPush, "audience"> {
  userId: string;
}

/**
 * Queues each personal notification whose key is not taken yet, for people with at least one device: a tick that
 * finds the same reminders due again, or people with no device (most of a team), costs reads, not writes.
 */
export async function enqueuePersonalPushes(
  db: Kysely<DB>,
  pushes: readonly PersonalPush[],
  now: Date = new Date(),
): Promise<number> {
  if (pushes.length === 0) return 0;
  const users = [...new Set(pushes.map((p) => p.userId))];
  const withDevices = new Set<string>();
  for (let i = 0; i < users.length; i += 500) {
    const rows = await db
      .selectFrom("push_subscriptions")
      .select("user_id")
      .distinct()
      .where("user_id", "in", users.slice(i, i + 500))
      .execute();
    for (const r of rows) withDevices.add(r.user_id);
  }
  const wanted = pushes.filter((p) => withDevices.has(p.userId));
  if (wanted.length === 0) return 0;
  const taken = await takenPushKeys(
    db,
    wanted.map((p) => p.key),
  );
  let queued = 0;
  for (const { userId, ...push } of wanted) {
    if (taken.has(push.key)) continue;
    queued += await enqueuePush(db, { ...push, audience: { userIds: [userId] } }, now);
  }
  return queued;
}

/** Whether any device of the team's audience (members and guardians) is subscribed at all. */
/** Prepared (decision 0032): game day asks it for the changes of every game (push/game-notices.ts). */
const teamDeviceRow = prepared((db, p: { teamId: string }) =>
  db.selectFrom("push_subscriptions as s").select("s.id").where("s.user_id", "in", teamAudience(db, p.teamId)).limit(1),
);

export async function teamHasDevices(db: Kysely<DB>, teamId: string): Promise<boolean> {
  return (await teamDeviceRow(db, { teamId })).length > 0;
}
