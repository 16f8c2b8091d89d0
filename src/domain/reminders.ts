/**
 * Reminders (docs/product.md §12 "The team's week", issue #29): when a team's reminders fall, and which mails a
 * person may turn off. Pure and zod-free: the server's reminder tick and the web's settings form share them.
 */
import { addDays, weekdayOf, zonedTimeToUtc } from "./schedule.js";

/** A team's reminder times. */
export interface ReminderSettings {
  /** Days before the event of the first reminder (1 to 7); null: no first reminder. */
  firstDaysBefore: number | null;
  /** HH:MM of the first reminder in the team's zone; null: the event's own start time. */
  firstTime: string | null;
  /** HH:MM of the reminder on the event's day, to those still without an answer; null: none. */
  sameDayTime: string | null;
  /** Warn the coaches when fewer than the minimum are going, at the first reminder's time. */
  coachWarning: boolean;
  /** The weekly digest's ISO weekday (0 Monday … 6 Sunday) in the team's zone; null: no digest. */
  digestWeekday: number | null;
  /** HH:MM of the weekly digest in the team's zone. */
  digestTime: string;
}

/** The defaults (issue #29): two days before at the event's time of day, and the morning of at 08:00. */
export const DEFAULT_REMINDER_SETTINGS: Readonly<ReminderSettings> = Object.freeze({
  firstDaysBefore: 2,
  firstTime: null,
  sameDayTime: "08:00",
  coachWarning: true,
  digestWeekday: 6,
  digestTime: "18:00",
});

export const REMINDER_LIMITS = Object.freeze({ daysBeforeMin: 1, daysBeforeMax: 7 });

/** The mails a person may choose to get or not; all on by default. */
export const MAIL_KINDS = ["reminders", "changes", "digest", "announcements"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export type MailPreferences = Record<MailKind, boolean>;

/** Each kind of mail as the account's Emails section and the unsubscribe page name it. */
export const MAIL_KIND_LABELS: Readonly<Record<MailKind, string>> = Object.freeze({
  reminders: "Reminders to answer",
  changes: "Changes to events within 48 hours",
  digest: "Weekly digest",
  announcements: "Team announcements",
});

/** What each kind of mail is, in a sentence. */
export const MAIL_KIND_DESCRIPTIONS: Readonly<Record<MailKind, string>> = Object.freeze({
  reminders: "Before each game and practice you have not answered, a mail with a link to say whether you are coming.",
  changes:
    "A mail when a game or practice within 48 hours of its start gets a new time or place, is cancelled or restored.",
  digest: "Once a week, the team's games and practices of the next seven days.",
  announcements: "A mail with each announcement a coach posts to the team.",
});

/** The reminders of one event: the first (days before) and the one on its day. */
export type ReminderSlot = "first" | "sameday";

/** The event as the reminder rules need it: its local day and start time in the team's zone. */
export interface RemindedEvent {
  localDate: string;
  startTime: string;
  startsAt: string;
}

/** When each reminder of the event falls (UTC), in order; a slot the settings turn off is left out. */
function reminderInstants(
  event: RemindedEvent,
  settings: ReminderSettings,
  timeZone: string,
): { slot: ReminderSlot; at: Date }[] {
  const out: { slot: ReminderSlot; at: Date }[] = [];
  if (settings.firstDaysBefore !== null) {
    const day = addDays(event.localDate, -settings.firstDaysBefore);
    out.push({ slot: "first", at: zonedTimeToUtc(day, settings.firstTime ?? event.startTime, timeZone) });
  }
  if (settings.sameDayTime !== null) {
    out.push({ slot: "sameday", at: zonedTimeToUtc(event.localDate, settings.sameDayTime, timeZone) });
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * The reminder due at `now`, if any: the latest slot whose time has come, while the event has not started. A
 * reminder whose time passed while no server ran goes out when one runs again, unless a later one is due by then
 * (which replaces it: one mail, not two at once).
 */
export function dueReminder(
  event: RemindedEvent,
  settings: ReminderSettings,
  timeZone: string,
  now: Date,
): ReminderSlot | null {
  if (now.getTime() >= Date.parse(event.startsAt)) return null;
  let due: ReminderSlot | null = null;
  for (const { slot, at } of reminderInstants(event, settings, timeZone)) {
    if (at.getTime() <= now.getTime() && at.getTime() < Date.parse(event.startsAt)) due = slot;
  }
  return due;
}

/**
 * When the coaches' warning about too few players falls: with the first reminder (two days before by default);
 * null when the warning or the first reminder is off. Due from then until the event starts.
 */
export function coachWarningAt(event: RemindedEvent, settings: ReminderSettings, timeZone: string): Date | null {
  if (!settings.coachWarning || settings.firstDaysBefore === null) return null;
  return reminderInstants(event, settings, timeZone).find((r) => r.slot === "first")!.at;
}

/** The digest covers this long from its own instant. */
export const DIGEST_SPAN_MS = 7 * 86_400_000;
/** A digest whose instant passed longer ago than this (no server ran) is skipped, not sent late. */
export const DIGEST_LATE_MS = 12 * 60 * 60_000;

/**
 * The instant of this week's digest at `now`: the latest digest weekday at or before today in the team's zone, at
 * the digest time; null when the team has none.
 */
export function digestInstant(settings: ReminderSettings, timeZone: string, now: Date, today: string): Date | null {
  if (settings.digestWeekday === null) return null;
  const back = (weekdayOf(today) - settings.digestWeekday + 7) % 7;
  let at = zonedTimeToUtc(addDays(today, -back), settings.digestTime, timeZone);
  if (at.getTime() > now.getTime()) at = zonedTimeToUtc(addDays(today, -back - 7), settings.digestTime, timeZone);
  return at;
}

/** How far ahead the reminder tick looks: the furthest first reminder, and a day for zones. */
export const REMINDER_HORIZON_DAYS = REMINDER_LIMITS.daysBeforeMax + 1;
