/**
 * The team's schedule (docs/product.md §12 "The team's week"): games and practices planned ahead, in the team's
 * time zone, and who is coming. Pure rules shared by the server (which stores and checks them) and the web (which
 * shows them): free of zod, so a screen that only shows an answer's label does not load the schemas.
 *
 * An event is kept as its local day and wall-clock time in the team's zone, and its UTC start is computed from
 * them, per occurrence. A practice at 18:00 therefore stays at 18:00 local across a daylight-saving change: the
 * UTC instant moves by an hour instead.
 */

export const SCHEDULE_KINDS = ["game", "practice"] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

export const SCHEDULE_STATUSES = ["scheduled", "cancelled"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const HOME_AWAY = ["home", "away"] as const;
export type HomeAway = (typeof HOME_AWAY)[number];

/** A player's answer to "are you coming?". */
export const AVAILABILITY_ANSWERS = ["going", "maybe", "no"] as const;
export type AvailabilityAnswer = (typeof AVAILABILITY_ANSWERS)[number];

export const AVAILABILITY_LABELS: Readonly<Record<AvailabilityAnswer, string>> = Object.freeze({
  going: "Going",
  maybe: "Maybe",
  no: "Can't go",
});

/** Limits of the schedule (docs/product.md §9 Limits). */
export const SCHEDULE_LIMITS = Object.freeze({
  /** Text fields. */
  placeNameMax: 120,
  addressMax: 200,
  fieldMax: 40,
  mapUrlMax: 500,
  opponentMax: 80,
  notesMax: 1000,
  availabilityNoteMax: 200,
  /** Duration of an event, minutes. */
  durationMin: 15,
  durationMax: 12 * 60,
  defaultDurationMinutes: 60,
  /** How far a repeating series may reach, and how many events it may make. */
  seriesMaxDays: 366,
  seriesMaxEvents: 200,
  /** The minimum-players setting: at least the players on the field (NFL FLAG: 5). */
  minPlayersFloor: 1,
  minPlayersMax: 99,
  defaultMinPlayers: 5,
});

/** The team's zone when the coach has not chosen one. */
export const DEFAULT_TIME_ZONE = "UTC";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A wall-clock time written HH:MM, 24-hour. */
export function isWallTime(value: string): boolean {
  return TIME.test(value);
}

/** An IANA zone name this runtime knows ("Europe/Berlin"); "UTC" included. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in minutes east of UTC. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of zoneFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant of a local day and wall-clock time in a zone. A time that does not exist (the hour skipped when
 * clocks go forward) is read with the offset before the change, so 02:30 on that night becomes 03:30; a time that
 * happens twice (clocks go back) is the first of the two.
 */
export function zonedTimeToUtc(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  // The offsets a day either side cover any change on this day (zones change at most once a day). Each gives a
  // candidate instant; keep those that really show this wall time, the earlier first.
  const before = wall - zoneOffsetMinutes(new Date(wall - 86_400_000), timeZone) * 60_000;
  const after = wall - zoneOffsetMinutes(new Date(wall + 86_400_000), timeZone) * 60_000;
  const wanted = `${day} ${time}`;
  const shown = [before, after].filter((candidate) => wallTimeOf(new Date(candidate), timeZone) === wanted);
  if (shown.length > 0) return new Date(Math.min(...shown));
  // A skipped time: read it with the offset before the change.
  return new Date(before);
}

/** The wall clock of an instant in a zone, as a Date whose UTC fields are the local ones. */
export function wallClockOf(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
}

/** The local day and time ("YYYY-MM-DD HH:MM") of an instant in a zone. */
export function wallTimeOf(instant: Date, timeZone: string): string {
  return wallClockOf(instant, timeZone).toISOString().slice(0, 16).replace("T", " ");
}

/** Today's day in a zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return wallTimeOf(now, timeZone).slice(0, 10);
}

/** Days between two calendar days (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** A day moved by a number of days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Weekdays as numbers: 0 Monday … 6 Sunday (ISO order, the order a week is shown in), with their short labels.
 */
export const WEEKDAY_LABELS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** The ISO weekday (0 Monday … 6 Sunday) of a calendar day. */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * The days of a weekly series: every chosen weekday from `from` to `until`, both included, in order. The caller
 * has checked the span (SCHEDULE_LIMITS.seriesMaxDays); the result is capped at seriesMaxEvents.
 */
export function weeklyDays(from: string, until: string, weekdays: readonly number[]): string[] {
  const chosen = new Set(weekdays);
  const days: string[] = [];
  const span = daysBetween(from, until);
  for (let offset = 0; offset <= span && days.length < SCHEDULE_LIMITS.seriesMaxEvents; offset += 1) {
    const day = addDays(from, offset);
    if (chosen.has(weekdayOf(day))) days.push(day);
  }
  return days;
}

/** The minimum players a team wants for an event: the coach's own number, else the default (5 on the field). */
export function minimumPlayers(setting: number | null | undefined): number {
  return setting ?? SCHEDULE_LIMITS.defaultMinPlayers;
}

/** Whether too few players are coming: those going are below the minimum. Maybes do not count as coming. */
export function isShortOfPlayers(going: number, minimum: number): boolean {
  return going < minimum;
}
