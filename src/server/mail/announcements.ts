import type { Kysely } from "kysely";
import type { NoticeParams } from "#domain/notices.js";
import { WEEKDAY_LABELS, weekdayOf } from "#domain/schedule.js";
import type { Config } from "../config.js";
import { inTransaction } from "../db/dialect.js";
import { enqueueMails } from "../db/mail-outbox.js";
import { addNotice } from "../db/notices.js";
import {
  openEventsStartingBy,
  takeReminderNoticeKey,
  teamMailRecipients,
  teamMembersFor,
  teamNameAndZone,
} from "../db/reminders.js";
import type { ScheduleEventRow } from "../db/schedule-reads.js";
import { updateScheduleEvent, type ScheduleEventChange, type UpdateOutcome } from "../db/schedule.js";
import type { DB } from "../db/schema.js";
import { queueChangePush } from "../push/schedule-notices.js";
import { unsubscribeHeaders, unsubscribePageUrl, unsubscribeToken } from "./links.js";

/*
 * Change announcements (docs/product.md §12, issue #29): a change of time or place, a cancellation or a restore of
 * an event within 48 hours of its start is told at once to everyone on the team but the coach who made it (and,
 * by mail, to the players' guardians, docs/product.md §13), by mail
 * (the outbox, keyed `change:<event>:<sequence>:<user>`: one per change and person) or, without mail, as a notice.
 * The announcement is enqueued in the change's own transaction: a change that commits is announced, one that does
 * not is not. "Within 48 hours" holds before or after the change: a game moved from tomorrow to next week is
 * announced, as is one moved from next week to tomorrow.
 */

const ANNOUNCE_WITHIN_MS = 48 * 60 * 60_000;

/** League changes (leagues/publish.ts) are told whenever the game is: the teams did not make them. */
export const ANNOUNCE_ANY_TIME_MS = 10 * 366 * 24 * 60 * 60_000;

type Changed = "cancelled" | "restored" | "time" | "place" | "added";

const TIME = ["local_date", "start_time", "arrive_by", "duration_minutes"] as const;
const PLACE = ["place_name", "address", "field", "map_url"] as const;

/** What changed that people must hear about; null for anything else (notes, opponent, nothing). */
function changeOf(before: ScheduleEventRow | undefined, after: ScheduleEventRow): Changed | null {
  if (!before) return after.status === "cancelled" ? "cancelled" : "time";
  if (before.status !== after.status) return after.status === "cancelled" ? "cancelled" : "restored";
  if (after.status === "cancelled") return null;
  if (TIME.some((c) => String(before[c]) !== String(after[c]))) return "time";
  if (PLACE.some((c) => String(before[c]) !== String(after[c]))) return "place";
  return null;
}

function eventWords(row: ScheduleEventRow): string {
  const what = row.kind === "practice" ? "Practice" : row.opponent ? `Game against ${row.opponent}` : "Game";
  return `${what} on ${WEEKDAY_LABELS[weekdayOf(row.local_date)]} ${row.local_date} at ${row.start_time}`;
}

/** "New time: Game against Owls on Sat 2026-10-03 at 10:00". */
function headlineOf(row: ScheduleEventRow, change: Changed): string {
  return {
    cancelled: `Cancelled: ${eventWords(row)}`,
    restored: `On again: ${eventWords(row)}`,
    time: `New time: ${eventWords(row)}`,
    place: `New place: ${eventWords(row)}`,
    added: `New game: ${eventWords(row)}`,
  }[change];
}

function changeMail(
  config: Pick<Config, "authSecret" | "publicUrl">,
  row: ScheduleEventRow,
  change: Changed,
  to: { userId: string; email: string },
  teamName: string,
  timeZone: string,
) {
  const token = unsubscribeToken(config.authSecret, to.userId, "changes");
  const place = [row.place_name, row.address, row.field ? `field ${row.field}` : null].filter(Boolean).join(", ");
  const headline = headlineOf(row, change);
  return {
    key: `change:${row.id}:${Number(row.sequence)}:${to.userId}`,
    kind: "change",
    userId: to.userId,
    to: to.email,
    subject: `${teamName}: ${headline}`.replace(/[\r\n]+/g, " "),
    text: [
      `${teamName}: ${headline} (${timeZone}).`,
      ...(row.status !== "cancelled" && row.arrive_by ? [`Be there by ${row.arrive_by}.`] : []),
      ...(row.status !== "cancelled" && place ? [`Where: ${place}`] : []),
      "",
      "Open Flagline to see the schedule:",
      config.publicUrl,
      "",
      "--",
      `You get this because you are on ${teamName} in Flagline. To stop these mails, open:`,
      unsubscribePageUrl(config.publicUrl, token),
    ].join("\n"),
    headers: unsubscribeHeaders(config.publicUrl, token),
    expiresAt: row.ends_at,
  };
}

async function announce(
  db: Kysely<DB>,
  config: Pick<Config, "authSecret" | "publicUrl" | "mail">,
  teamId: string,
  actorId: string,
  before: Map<string, ScheduleEventRow>,
  changed: readonly ScheduleEventRow[],
  now: Date,
  o: { withinMs: number; added: boolean } = { withinMs: ANNOUNCE_WITHIN_MS, added: false },
): Promise<number> {
  const soon = now.getTime() + o.withinMs;
  const told: { row: ScheduleEventRow; change: Changed }[] = [];
  for (const row of changed) {
    const prior = before.get(row.id);
    const near = prior !== undefined || (Date.parse(row.starts_at) <= soon && Date.parse(row.ends_at) > now.getTime());
    const change = !near ? null : o.added ? "added" : changeOf(prior, row);
    if (change) told.push({ row, change });
  }
  if (told.length === 0) return 0;
  const team = await teamNameAndZone(db, teamId);
  // Notifications to devices, mail set up or not (push/schedule-notices.ts).
  for (const { row, change } of told) {
    await queueChangePush(db, {
      event: { id: row.id, teamId, teamName: team.name, startsAt: row.starts_at },
      sequence: Number(row.sequence),
      headline: headlineOf(row, change),
      actorId,
      endsAt: row.ends_at,
      now,
    });
  }
  let count = 0;
  if (config.mail) {
    // Everyone on the team but the actor, and the players' guardians (they drive), each once.
    const recipients = await teamMailRecipients(db, teamId, "changes", actorId);
    for (const { row, change } of told) {
      // The event's mails in one statement: one commit, not one per member, inside the coach's request.
      const mails = recipients.map((to) => changeMail(config, row, change, to, team.name, team.timeZone));
      count += await enqueueMails(db, mails, now.toISOString());
    }
    return count;
  }
  const members = (await teamMembersFor(db, teamId, "changes")).filter((m) => m.userId !== actorId && m.wantsReminders);
  for (const { row, change } of told) {
    for (const m of members) {
      const key = `change:${row.id}:${Number(row.sequence)}:${m.userId}`;
      if (!(await takeReminderNoticeKey(db, key))) continue;
      const params: Omit<NoticeParams, "teamName"> = {
        eventId: row.id,
        eventKind: row.kind,
        eventDate: row.local_date,
        eventTime: row.start_time,
        opponent: row.opponent,
        change,
      };
      await addNotice(db, m.userId, teamId, "event_changed", params);
      count += 1;
    }
  }
  return count;
}

/**
 * The schedule's PATCH (routes/schedule.ts): changes the event as db/schedule.ts updateScheduleEvent does and, in
 * the same transaction, announces what changed within 48 hours of an event.
 */
export async function updateScheduleEventAndAnnounce(
  services: { database: { db: Kysely<DB> }; config: Pick<Config, "authSecret" | "publicUrl" | "mail"> },
  viewer: { teamId: string; userId: string },
  id: string,
  change: ScheduleEventChange,
  now: Date = new Date(),
  withinMs: number = ANNOUNCE_WITHIN_MS,
): Promise<UpdateOutcome> {
  return inTransaction(services.database.db, async (trx) => {
    const until = new Date(now.getTime() + withinMs).toISOString();
    const near = await openEventsStartingBy(trx, viewer.teamId, now.toISOString(), until);
    const outcome = await updateScheduleEvent(trx, viewer.teamId, id, change);
    if (outcome.kind === "ok" && outcome.changed.length > 0) {
      const before = new Map(near.map((row) => [row.id, row]));
      await announce(trx, services.config, viewer.teamId, viewer.userId, before, outcome.changed, now, {
        withinMs,
        added: false,
      });
    }
    return outcome;
  });
}

/**
 * A game a league added to a schedule it had already published (leagues/publish.ts): told to the team as a new
 * game, whenever it is, in the transaction that wrote it.
 */
export async function announceAddedGames(
  db: Kysely<DB>,
  config: Pick<Config, "authSecret" | "publicUrl" | "mail">,
  teamId: string,
  actorId: string,
  rows: readonly ScheduleEventRow[],
  now: Date = new Date(),
): Promise<number> {
  return announce(db, config, teamId, actorId, new Map(), rows, now, { withinMs: ANNOUNCE_ANY_TIME_MS, added: true });
}
