import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { fieldLabel } from "#domain/leagues/league.js";
import { zonedTimeToUtc } from "#domain/schedule.js";
import { REFRESH_SECONDS, vtimezoneOf, zoned } from "./calendar-ics.js";

/*
 * A league's public calendar feed (docs/product.md §17): its published games, all of them or one team's or one
 * field's, as iCalendar written by ical-generator like the team's feed (http/calendar-ics.ts, decision 0027), in
 * the league's zone. Team names, fields and confirmed scores only: a parent subscribes without an account.
 */

export interface LeagueCalendarGame {
  id: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  homeTeam: string;
  awayTeam: string;
  field: { name: string; address: string | null };
  subField: string;
  division: string;
  cancelled: boolean;
  /** Raised on every change of the game as published: the event's SEQUENCE. */
  revision: number;
  updatedAt: string;
  score: string | null;
}

export function renderLeagueCalendar(
  league: { name: string; timeZone: string; publicUrl: string; pageUrl: string },
  title: string,
  games: readonly LeagueCalendarGame[],
): string {
  const calendar = ical({
    name: title,
    prodId: { company: "Flagline", product: "Flagline", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
    url: league.pageUrl,
  });
  const inZone = vtimezoneOf(league.timeZone) !== null;
  if (inZone) calendar.timezone({ name: null, generator: vtimezoneOf });
  const host = new URL(league.publicUrl).hostname;
  for (const game of games) {
    const starts = zonedTimeToUtc(game.date, game.startTime, league.timeZone);
    const ends = new Date(starts.getTime() + game.durationMinutes * 60_000);
    const summary = `${game.homeTeam} v ${game.awayTeam}`;
    const lines = [`${league.name}, ${game.division}`];
    if (game.score) lines.push(`Result: ${game.score}`);
    lines.push("", `Schedule and standings: ${league.pageUrl}`);
    calendar.createEvent({
      id: `league-game-${game.id}@${host}`,
      sequence: game.revision,
      stamp: new Date(game.updatedAt),
      lastModified: new Date(game.updatedAt),
      start: inZone ? zoned(starts, league.timeZone) : starts,
      end: inZone ? zoned(ends, league.timeZone) : ends,
      timezone: inZone ? league.timeZone : null,
      status: game.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      summary: game.cancelled ? `Cancelled: ${summary}` : summary,
      location: [fieldLabel(game.field.name, game.subField), game.field.address].filter(Boolean).join(", "),
      description: lines.join("\n"),
      url: league.pageUrl,
    });
  }
  return calendar.toString();
}
