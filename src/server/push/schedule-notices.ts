import type { Kysely } from "kysely";
import { clip, START_PAGE } from "#domain/push.js";
import { enqueuePush, enqueuePersonalPushes, type PersonalPush } from "../db/push.js";
import type { DB } from "../db/schema.js";

/*
 * The schedule's notifications (docs/product.md §16, decision 0035), beside its mail (decision 0028) and whether or
 * not mail is set up: a change within 48 hours of an event, to the team and its guardians; a reminder to answer,
 * to each player who has not, or to the guardians of a child with no sign-in; the coaches' too-few-players warning.
 * All of them under the "Schedule changes and reminders" choice, each queued once by its key.
 */

/** The event as a notification names it. */
export interface PushEvent {
  id: string;
  teamId: string;
  teamName: string;
  /** When it starts (ISO): its notifications are dropped after. */
  startsAt: string;
}

/** Seconds from `now` to the event's start, at least a minute: how long a push service keeps it. */
function ttlUntil(startsAt: string, now: Date): number {
  return Math.max(60, Math.floor((Date.parse(startsAt) - now.getTime()) / 1000));
}

/** A change of time or place, a cancellation or a restore, told to the team but its author. */
export function queueChangePush(
  db: Kysely<DB>,
  o: { event: PushEvent; sequence: number; headline: string; actorId: string; endsAt: string; now: Date },
): Promise<number> {
  return enqueuePush(
    db,
    {
      key: `change:${o.event.id}:${o.sequence}`,
      kind: "schedule",
      preference: "schedule",
      audience: { teamId: o.event.teamId, except: o.actorId },
      payload: {
        title: o.event.teamName,
        body: clip(o.headline, 180),
        url: START_PAGE,
        tag: `event-${o.event.id}`,
        at: o.now.getTime(),
      },
      urgency: "high",
      ttlSeconds: ttlUntil(o.endsAt, o.now),
      expiresAt: o.endsAt,
    },
    o.now,
  );
}

/** One reminder or warning for one person. */
export interface PersonalScheduleNotice {
  key: string;
  kind: "reminder" | "players_short";
  userId: string;
  title: string;
  body: string;
  /** The page a tap opens: the answer link, or the coach's event page. */
  url: string;
}

/** Queues reminders and warnings for the people among them who have a device, each once. */
export function queueSchedulePushes(
  db: Kysely<DB>,
  event: PushEvent,
  notices: readonly PersonalScheduleNotice[],
  now: Date,
): Promise<number> {
  const pushes: PersonalPush[] = notices.map((n) => ({
    key: n.key,
    kind: n.kind,
    preference: "schedule",
    userId: n.userId,
    payload: {
      title: clip(n.title, 120),
      body: clip(n.body, 180),
      url: n.url,
      tag: `event-${event.id}`,
      at: now.getTime(),
    },
    urgency: "normal",
    ttlSeconds: ttlUntil(event.startsAt, now),
    expiresAt: event.startsAt,
  }));
  return enqueuePersonalPushes(db, pushes, now);
}
