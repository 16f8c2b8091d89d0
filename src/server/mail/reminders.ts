import type { Kysely } from "kysely";
import { firstName } from "#domain/family.js";
import type { NoticeParams } from "#domain/notices.js";
import { coachWarningAt, dueReminder, REMINDER_HORIZON_DAYS, type ReminderSlot } from "#domain/reminders.js";
import { WEEKDAY_LABELS, weekdayOf } from "#domain/schedule.js";
import type { Config } from "../config.js";
import { enqueueMails, existingMailKeys, type NewMail } from "../db/mail-outbox.js";
import { addNotice } from "../db/notices.js";
import {
  eventsStartingBetween,
  goingCount,
  guardiansToRemind,
  takeReminderNoticeKey,
  takenReminderNoticeKeys,
  teamCoaches,
  unansweredPlayers,
  type GuardianRecipient,
  type ReminderEvent,
  type ReminderRecipient,
} from "../db/reminders.js";
import { inTransaction, yieldToEventLoop } from "../db/dialect.js";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { queueSchedulePushes, type PersonalScheduleNotice, type PushEvent } from "../push/schedule-notices.js";
import { answerPageUrl, answerToken, unsubscribeHeaders, unsubscribePageUrl, unsubscribeToken } from "./links.js";

/*
 * The reminder tick (docs/product.md §12, issue #29): every server runs it each minute (server.ts), and tests call
 * it with their own clock. It finds the events whose reminder or coaches' warning is due and, with mail set up,
 * enqueues one outbox row per person keyed `reminder:<event>:<user>:<slot>` or `players_short:<event>:<user>`;
 * the key makes it idempotent, so several servers ticking at once, or one ticking again, enqueue each mail once.
 * Without mail the same reminders become in-app notices, each once (its key taken in reminder_notice_keys in the
 * transaction that writes it). Cancelled events get none; a reminder goes only to roster players who have not
 * answered (the second one therefore only to those still without an answer), and only to those who want them; a
 * child with no sign-in of their own is reminded through their guardians' mail (families, docs/product.md §13).
 */

/** How often each server runs the tick. */
export const REMINDER_TICK_MS = 60_000;

export interface ReminderTickOptions {
  db: Kysely<DB>;
  config: Pick<Config, "authSecret" | "publicUrl" | "mail">;
  log: Logger;
  now: Date;
}

export interface ReminderTickResult {
  /** Rows this tick added to the outbox. */
  mails: number;
  /** Notifications this tick queued for devices (push/schedule-notices.ts). */
  pushes: number;
  /** Notices this tick wrote (no mail set up). */
  notices: number;
}

function when(event: ReminderEvent): string {
  return `${WEEKDAY_LABELS[weekdayOf(event.localDate)]} ${event.localDate} at ${event.startTime}`;
}

function what(event: ReminderEvent): string {
  if (event.kind === "practice") return "Practice";
  return event.opponent ? `Game against ${event.opponent}` : "Game";
}

function placeLine(event: ReminderEvent): string | null {
  const parts = [event.placeName, event.address, event.field ? `field ${event.field}` : null].filter(Boolean);
  return parts.length ? `Where: ${parts.join(", ")}` : null;
}

function noticeParams(event: ReminderEvent): Omit<NoticeParams, "teamName"> {
  return {
    eventId: event.id,
    eventKind: event.kind,
    eventDate: event.localDate,
    eventTime: event.startTime,
    opponent: event.opponent,
  };
}

function footer(publicUrl: string, unsubscribe: string, team: string): string[] {
  return [
    "",
    "--",
    `You get this because you are on ${team} in Flagline. To stop reminder mails, open:`,
    unsubscribePageUrl(publicUrl, unsubscribe),
  ];
}

/**
 * A reminder (plain text; the answer link works without signing in): to a player, who answers for themselves, or
 * to a guardian who answers for a child with no sign-in of their own (docs/product.md §13), with the child's answer
 * link under the guardian's own unsubscribe link.
 */
function reminderMail(
  config: ReminderTickOptions["config"],
  event: ReminderEvent,
  to: (ReminderRecipient | GuardianRecipient) & { email: string },
  slot: ReminderSlot,
): NewMail {
  const unsubscribe = unsubscribeToken(config.authSecret, to.userId, "reminders");
  const place = placeLine(event);
  const forChild = "playerId" in to;
  const child = forChild ? firstName(to.playerName) || "your player" : null;
  const playerId = forChild ? to.playerId : to.userId;
  return {
    key: forChild
      ? `reminder:${event.id}:${to.playerId}:${slot}:guardian:${to.userId}`
      : `reminder:${event.id}:${to.userId}:${slot}`,
    kind: "reminder",
    userId: to.userId,
    to: to.email,
    subject: `${child ? `Is ${child} coming?` : "Are you coming?"} ${what(event)}, ${when(event)}`.replace(
      /[\r\n]+/g,
      " ",
    ),
    text: [
      `Hi ${to.fullName},`,
      "",
      `${event.teamName}: ${what(event)} on ${when(event)} (${event.timeZone}).`,
      ...(event.arriveBy ? [`Be there by ${event.arriveBy}.`] : []),
      ...(place ? [place] : []),
      "",
      child
        ? `Is ${child} coming? Answer for ${child} here, no sign-in needed:`
        : "Are you coming? Answer here, no sign-in needed:",
      answerPageUrl(config.publicUrl, answerToken(config.authSecret, event.id, playerId)),
      ...footer(config.publicUrl, unsubscribe, event.teamName),
    ].join("\n"),
    headers: unsubscribeHeaders(config.publicUrl, unsubscribe),
    // A reminder after its event started says nothing useful: it is dropped, not sent late.
    expiresAt: event.startsAt,
  };
}

/** The warning to one coach: fewer than the minimum are going. */
function playersShortMail(
  config: ReminderTickOptions["config"],
  event: ReminderEvent,
  to: ReminderRecipient & { email: string },
  going: number,
): NewMail {
  const unsubscribe = unsubscribeToken(config.authSecret, to.userId, "reminders");
  return {
    key: `players_short:${event.id}:${to.userId}`,
    kind: "players_short",
    userId: to.userId,
    to: to.email,
    subject: `Too few players: ${what(event)}, ${when(event)}`.replace(/[\r\n]+/g, " "),
    text: [
      `${event.teamName}: ${what(event)} on ${when(event)} (${event.timeZone}).`,
      "",
      `${going} ${going === 1 ? "player is" : "players are"} going; the team wants at least ${event.minPlayers}.`,
      "",
      "See who answered:",
      `${config.publicUrl}/coach/schedule/${event.id}`,
      ...footer(config.publicUrl, unsubscribe, event.teamName),
    ].join("\n"),
    headers: unsubscribeHeaders(config.publicUrl, unsubscribe),
    expiresAt: event.startsAt,
  };
}

interface Delivery {
  key: string;
  recipient: ReminderRecipient;
  mail: () => NewMail | null;
  notice: { kind: "event_reminder" | "players_short"; params: Omit<NoticeParams, "teamName"> };
  teamId: string;
}

/** Enqueues (mail) or writes (notices) each delivery whose key is not taken yet. */
async function deliver(o: ReminderTickOptions, deliveries: Delivery[]): Promise<Omit<ReminderTickResult, "pushes">> {
  const result = { mails: 0, notices: 0 };
  if (deliveries.length === 0) return result;
  const keys = deliveries.map((d) => d.key);
  if (o.config.mail) {
    const taken = await existingMailKeys(o.db, keys);
    const mails = deliveries.filter((d) => !taken.has(d.key)).flatMap((d) => d.mail() ?? []);
    // One statement for the event's mails: a burst of 1,000 events is 1,000 commits, not one per player.
    result.mails += await enqueueMails(o.db, mails, o.now.toISOString());
    return result;
  }
  const taken = await takenReminderNoticeKeys(o.db, keys);
  for (const d of deliveries) {
    if (taken.has(d.key)) continue;
    const wrote = await inTransaction(o.db, async (trx) => {
      if (!(await takeReminderNoticeKey(trx, d.key))) return false;
      await addNotice(trx, d.recipient.userId, d.teamId, d.notice.kind, d.notice.params);
      return true;
    });
    if (wrote) result.notices += 1;
  }
  return result;
}

/** The event as its notifications need it. */
function pushEvent(event: ReminderEvent): PushEvent {
  return { id: event.id, teamId: event.teamId, teamName: event.teamName, startsAt: event.startsAt };
}

/**
 * The reminder's notifications: to each player who has not answered, and to the guardians of a child with no
 * sign-in of their own, each with the answer link (it works without signing in).
 */
function reminderPushes(
  o: ReminderTickOptions,
  event: ReminderEvent,
  slot: ReminderSlot,
  unanswered: readonly ReminderRecipient[],
  guardians: readonly GuardianRecipient[],
): PersonalScheduleNotice[] {
  const title = `${event.teamName}: ${what(event)}, ${when(event)}`;
  const answerUrl = (playerId: string) =>
    new URL(answerPageUrl(o.config.publicUrl, answerToken(o.config.authSecret, event.id, playerId))).pathname;
  const pushes: PersonalScheduleNotice[] = unanswered.map((player) => ({
    key: `reminder:${event.id}:${player.userId}:${slot}`,
    kind: "reminder",
    userId: player.userId,
    title,
    body: "Are you coming? Tap to answer.",
    url: answerUrl(player.userId),
  }));
  for (const guardian of guardians) {
    const child = firstName(guardian.playerName) || "your player";
    pushes.push({
      key: `reminder:${event.id}:${guardian.playerId}:${slot}:guardian:${guardian.userId}`,
      kind: "reminder",
      userId: guardian.userId,
      title,
      body: `Is ${child} coming? Tap to answer for ${child}.`,
      url: answerUrl(guardian.playerId),
    });
  }
  return pushes;
}

/** One tick at `now`: every reminder and warning due, enqueued or written once. */
export async function runReminderTick(o: ReminderTickOptions): Promise<ReminderTickResult> {
  const until = new Date(o.now.getTime() + REMINDER_HORIZON_DAYS * 86_400_000).toISOString();
  const events = await eventsStartingBetween(o.db, o.now.toISOString(), until);
  const total = { mails: 0, notices: 0, pushes: 0 };
  const mailTo = (r: ReminderRecipient) => (o.config.mail ? r.email !== null : true);
  for (const event of events) {
    const deliveries: Delivery[] = [];
    const pushes: PersonalScheduleNotice[] = [];
    const slot = dueReminder(event, event.settings, event.timeZone, o.now);
    if (slot) {
      const unanswered = await unansweredPlayers(o.db, event.teamId, event.id);
      const guardians = await guardiansToRemind(o.db, unanswered);
      pushes.push(...reminderPushes(o, event, slot, unanswered, guardians));
      for (const player of unanswered) {
        if (!player.wantsReminders || !mailTo(player)) continue;
        deliveries.push({
          key: `reminder:${event.id}:${player.userId}:${slot}`,
          recipient: player,
          teamId: event.teamId,
          mail: () => (player.email ? reminderMail(o.config, event, { ...player, email: player.email }, slot) : null),
          notice: { kind: "event_reminder", params: noticeParams(event) },
        });
      }
      // A child's guardians answer for them: by mail only (a guardian-only account has no team to hold a notice).
      if (o.config.mail) {
        for (const guardian of guardians) {
          if (!guardian.wantsReminders || !guardian.email) continue;
          const email = guardian.email;
          deliveries.push({
            key: `reminder:${event.id}:${guardian.playerId}:${slot}:guardian:${guardian.userId}`,
            recipient: guardian,
            teamId: event.teamId,
            mail: () => reminderMail(o.config, event, { ...guardian, email }, slot),
            notice: { kind: "event_reminder", params: noticeParams(event) },
          });
        }
      }
    }
    const warnAt = coachWarningAt(event, event.settings, event.timeZone);
    if (warnAt && warnAt.getTime() <= o.now.getTime()) {
      const going = await goingCount(o.db, event.teamId, event.id);
      if (going < event.minPlayers) {
        for (const coach of await teamCoaches(o.db, event.teamId)) {
          pushes.push({
            key: `players_short:${event.id}:${coach.userId}`,
            kind: "players_short",
            userId: coach.userId,
            title: `Too few players: ${what(event)}, ${when(event)}`,
            body: `${going} going; the team wants at least ${event.minPlayers}.`,
            url: `/coach/schedule/${event.id}`,
          });
          if (!coach.wantsReminders || !mailTo(coach)) continue;
          deliveries.push({
            key: `players_short:${event.id}:${coach.userId}`,
            recipient: coach,
            teamId: event.teamId,
            mail: () =>
              coach.email ? playersShortMail(o.config, event, { ...coach, email: coach.email }, going) : null,
            notice: {
              kind: "players_short",
              params: { ...noticeParams(event), going, minPlayers: event.minPlayers },
            },
          });
        }
      }
    }
    const done = await deliver(o, deliveries);
    total.mails += done.mails;
    total.notices += done.notices;
    total.pushes += await queueSchedulePushes(o.db, pushEvent(event), pushes, o.now);
    await yieldToEventLoop();
  }
  if (total.mails || total.notices || total.pushes) o.log.info({ ...total }, "reminders due: enqueued");
  return total;
}
