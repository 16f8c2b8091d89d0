import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, {
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalCalendar,
  type ICalTemporalInstantStub,
  type ICalTemporalPlainDateTimeStub,
  type ICalTemporalZonedDateTimeStub,
} from "ical-generator";
import { wallClockOf } from "#domain/schedule.js";
import type { CalendarEventRow } from "../db/calendar-feeds.js";

/*
 * The team's schedule as iCalendar (RFC 5545), written by ical-generator (docs/product.md §12, issue #29). Each
 * event: UID `<event id>@<host>` (stable across every change), SEQUENCE (raised on every change), DTSTAMP and
 * LAST-MODIFIED (its last change), CREATED, DTSTART/DTEND in the team's zone with the zone's VTIMEZONE
 * (@touch4it/ical-timezones; UTC times for UTC or a zone it does not know), STATUS (a cancelled event is kept,
 * CANCELLED), SUMMARY, LOCATION, DESCRIPTION and URL back to the event in the app. What a feed shows is the
 * schedule only: never a player's name or answer.
 *
 * Times: ical-generator writes a native Date in a zone with the process's own zone (Date#getHours), so the
 * event's start and end are given as Temporal-shaped values (its documented ICalTemporalZonedDateTimeStub) that
 * hold the wall-clock fields in the team's zone, computed with the domain's zone arithmetic: the output is the
 * same whatever TZ the server runs with. Decision 0027.
 */

/** How often a subscribed calendar should read the feed again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
export const REFRESH_SECONDS = 60 * 60;

export interface CalendarContext {
  /** PUBLIC_URL, no trailing slash: the events' URLs and UIDs are made from it. */
  publicUrl: string;
  /** The person the calendar is for: their role picks the app's page an event links to. */
  role: "coach" | "player";
  team: { name: string; timeZone: string };
}

const vtimezones = new Map<string, string | null>();

/** The zone's VTIMEZONE component, read once per zone; null for UTC and for a zone the library does not know. */
export function vtimezoneOf(timeZone: string): string | null {
  if (timeZone === "UTC" || timeZone === "Etc/UTC") return null;
  let component = vtimezones.get(timeZone);
  if (component === undefined) {
    component = getVtimezoneComponent(timeZone);
    vtimezones.set(timeZone, component);
  }
  return component;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** An instant as ical-generator's Temporal ZonedDateTime: the wall-clock fields of `instant` in `timeZone`. */
export function zoned(instant: Date, timeZone: string): ICalTemporalZonedDateTimeStub {
  const wall = wallClockOf(instant, timeZone);
  const fields = {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
  const text = `${pad(fields.year, 4)}-${pad(fields.month)}-${pad(fields.day)}T${pad(fields.hour)}:${pad(fields.minute)}:${pad(fields.second)}`;
  const instantStub: ICalTemporalInstantStub = {
    epochMilliseconds: instant.getTime(),
    toJSON: () => instant.toISOString(),
    toString: () => instant.toISOString(),
    toZonedDateTimeISO: (zone: string) => zoned(instant, zone),
  };
  const plain: ICalTemporalPlainDateTimeStub = {
    ...fields,
    toJSON: () => text,
    toString: () => text,
    toPlainDate: () => ({
      year: fields.year,
      month: fields.month,
      day: fields.day,
      toJSON: () => text.slice(0, 10),
      toString: () => text.slice(0, 10),
    }),
    toZonedDateTime: (zone: string) => {
      if (zone !== timeZone) throw new Error(`calendar-ics: a wall time of ${timeZone} asked in ${zone}`);
      return self;
    },
  };
  const self: ICalTemporalZonedDateTimeStub = {
    ...fields,
    timeZoneId: timeZone,
    toInstant: () => instantStub,
    toJSON: () => `${text}[${timeZone}]`,
    toString: () => `${text}[${timeZone}]`,
    toPlainDateTime: () => plain,
    withTimeZone: (zone: string) => (zone === timeZone ? self : zoned(instant, zone)),
  };
  return self;
}

function summaryOf(row: CalendarEventRow): string {
  let title = "Practice";
  if (row.kind === "game") {
    title = row.opponent ? `Game ${row.home_away === "away" ? "at" : "vs"} ${row.opponent}` : "Game";
  }
  return row.status === "cancelled" ? `Cancelled: ${title}` : title;
}

function locationOf(row: CalendarEventRow): string | null {
  const parts = [row.place_name, row.field ? `Field ${row.field}` : null, row.address].filter((part): part is string =>
    Boolean(part),
  );
  return parts.length > 0 ? parts.join(", ") : null;
}

function descriptionOf(row: CalendarEventRow, url: string): string {
  const lines: string[] = [];
  if (row.status === "cancelled") lines.push("Cancelled.");
  if (row.kind === "game") {
    if (row.opponent) lines.push(`Opponent: ${row.opponent}`);
    if (row.home_away) lines.push(row.home_away === "home" ? "Home game" : "Away game");
  }
  if (row.arrive_by) lines.push(`Arrive by ${row.arrive_by}`);
  if (row.map_url) lines.push(`Map: ${row.map_url}`);
  if (row.notes) lines.push("", row.notes);
  lines.push("", `In Flagline: ${url}`);
  return lines.join("\n").replace(/^\n+/, "");
}

function addEvent(calendar: ICalCalendar, row: CalendarEventRow, context: CalendarContext, host: string): void {
  const timeZone = context.team.timeZone;
  const inZone = vtimezoneOf(timeZone) !== null;
  const starts = new Date(row.starts_at);
  const ends = new Date(row.ends_at);
  const url = `${context.publicUrl}/${context.role}/schedule/${encodeURIComponent(row.id)}`;
  calendar.createEvent({
    id: `${row.id}@${host}`,
    sequence: Number(row.sequence),
    stamp: new Date(row.updated_at),
    lastModified: new Date(row.updated_at),
    created: new Date(row.created_at),
    start: inZone ? zoned(starts, timeZone) : starts,
    end: inZone ? zoned(ends, timeZone) : ends,
    timezone: inZone ? timeZone : null,
    status: row.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary: summaryOf(row),
    location: locationOf(row),
    description: descriptionOf(row, url),
    url,
  });
}

function newCalendar(context: CalendarContext, name: string): ICalCalendar {
  const calendar = ical({
    name,
    prodId: { company: "Flagline", product: "Flagline", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
  });
  // The generator writes the VTIMEZONE of every zone an event names. The calendar itself gets no zone name:
  // ical-generator writes DTSTAMP, CREATED and LAST-MODIFIED in the calendar's zone with the process's clock
  // fields (no Z), where RFC 5545 wants UTC; without one they are UTC.
  if (vtimezoneOf(context.team.timeZone) !== null) calendar.timezone({ name: null, generator: vtimezoneOf });
  return calendar;
}

/** A subscription feed: every event given, with the calendar's name and how often to read it again. */
export function renderCalendarFeed(context: CalendarContext, rows: readonly CalendarEventRow[]): string {
  const calendar = newCalendar(context, context.team.name);
  calendar.ttl(REFRESH_SECONDS);
  const host = new URL(context.publicUrl).hostname;
  for (const row of rows) addEvent(calendar, row, context, host);
  return calendar.toString();
}

/** The calendar of a person on no team (any more): valid, named, and empty. */
export function renderEmptyCalendar(publicUrl: string): string {
  return ical({
    name: "Flagline",
    prodId: { company: "Flagline", product: "Flagline", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
    url: publicUrl,
  }).toString();
}

/** One event, for "Add to calendar". */
export function renderCalendarEvent(context: CalendarContext, row: CalendarEventRow): string {
  const calendar = newCalendar(context, context.team.name);
  addEvent(calendar, row, context, new URL(context.publicUrl).hostname);
  return calendar.toString();
}

/** The file name of one event's download: ASCII only ("game-2026-04-11.ics"). */
export function eventFileName(row: CalendarEventRow): string {
  return `${row.kind}-${row.local_date}.ics`;
}
