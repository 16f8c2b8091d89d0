import type { Kysely } from "kysely";
import type { HomeAway } from "#domain/schedule.js";
import { addDays, todayIn, weekdayOf } from "#domain/schedule.js";
import {
  answerScheduleEvent,
  createScheduleEvents,
  updateScheduleEvent,
  updateScheduleSettings,
} from "../db/schedule.js";
import { linkScheduledEvent } from "../db/schedule-sessions.js";
import type { DB } from "../db/schema.js";

/*
 * The demo team's schedule (docs/product.md §12): every practice and game of its season was planned ahead and is
 * linked to what was logged for it, and the coming weeks are planned too: practices every Tuesday and Thursday
 * (one cancelled for a closed field), a game every Saturday, and the players' answers. The next practice is short
 * of players, so the coach dashboard shows its warning; the next game is answered by most of the team.
 */

const PRACTICE_PLACE = { placeName: "Riverside Park", field: "2", address: "400 River Rd" };
const UPCOMING_OPPONENTS: ReadonlyArray<{ name: string; homeAway: HomeAway; place: string }> = [
  { name: "Lakeview Sharks", homeAway: "away", place: "Lakeview Community Fields" },
  { name: "Northside Hawks", homeAway: "home", place: "Riverside Park" },
  { name: "Cedar Hill Mustangs", homeAway: "away", place: "Cedar Hill Park" },
];

export interface DemoScheduleInput {
  teamId: string;
  coachId: string;
  playerIds: readonly string[];
  /** The season as logged: each session gets the scheduled event it was played for. */
  sessions: ReadonlyArray<{
    id: string;
    kind: "game" | "practice";
    date: string;
    opponent: string | null;
    homeAway: HomeAway | null;
    location: string;
  }>;
  /** The server's own zone: the demo dates its sessions in it. */
  timeZone: string;
  today: Date;
}

export interface DemoSchedule {
  events: number;
  upcoming: number;
  cancelled: number;
  answers: number;
}

/** The next `weekday` (0 Monday … 6 Sunday) strictly after `day`. */
function nextWeekday(day: string, weekday: number): string {
  const ahead = (weekday - weekdayOf(day) + 7) % 7 || 7;
  return addDays(day, ahead);
}

export async function seedDemoSchedule(db: Kysely<DB>, input: DemoScheduleInput): Promise<DemoSchedule> {
  const { teamId, coachId, playerIds } = input;
  await updateScheduleSettings(db, teamId, { timeZone: input.timeZone });
  let events = 0;
  let answers = 0;

  // What was played was planned: one event per session, linked to it (a past game opens its box score).
  for (const s of input.sessions) {
    const game = s.kind === "game";
    const made = await createScheduleEvents(db, teamId, coachId, {
      kind: s.kind,
      date: s.date,
      startTime: game ? "10:00" : "17:30",
      arriveBy: game ? "09:15" : "17:15",
      durationMinutes: game ? 60 : 90,
      placeName: s.location,
      opponent: s.opponent,
      homeAway: s.homeAway,
    });
    for (const event of made ?? []) await linkScheduledEvent(db, teamId, event.id, s.id);
    events += made?.length ?? 0;
  }

  // The coming weeks: practices on Tuesdays and Thursdays for six weeks, a game every Saturday for three.
  const today = todayIn(input.timeZone, input.today);
  const practices =
    (await createScheduleEvents(db, teamId, coachId, {
      kind: "practice",
      date: addDays(today, 1),
      startTime: "17:30",
      arriveBy: "17:15",
      durationMinutes: 90,
      ...PRACTICE_PLACE,
      notes: "Bring water and both jerseys.",
      repeat: { weekdays: [1, 3], until: addDays(today, 42) },
    })) ?? [];
  const games = [];
  let saturday = today;
  for (const opponent of UPCOMING_OPPONENTS) {
    saturday = nextWeekday(saturday, 5);
    const made = await createScheduleEvents(db, teamId, coachId, {
      kind: "game",
      date: saturday,
      startTime: "10:00",
      arriveBy: "09:15",
      durationMinutes: 60,
      placeName: opponent.place,
      opponent: opponent.name,
      homeAway: opponent.homeAway,
    });
    games.push(...(made ?? []));
  }
  events += practices.length + games.length;

  // A practice in the third week is called off: still listed, marked cancelled.
  const called = practices[4];
  if (called) await updateScheduleEvent(db, teamId, called.id, { status: "cancelled", notes: "Field closed." });

  const answer = async (eventId: string, playerId: string, value: "going" | "maybe" | "no", note?: string) => {
    await answerScheduleEvent(db, { eventId, playerId, answer: value, note: note ?? null, answeredBy: playerId });
    answers += 1;
  };
  // The next practice: four going, so the coach sees they are short (the minimum is 5).
  const next = practices[0];
  if (next) {
    for (const id of playerIds.slice(0, 4)) await answer(next.id, id, "going");
    await answer(next.id, playerIds[4]!, "maybe", "Dentist at 4, will try");
    for (const id of playerIds.slice(5, 8)) await answer(next.id, id, "no");
  }
  // The next game: most of the team is coming; two have not answered yet.
  const game = games[0];
  if (game) {
    for (const id of playerIds.slice(0, 9)) await answer(game.id, id, "going");
    await answer(game.id, playerIds[9]!, "no", "Family trip");
  }

  return { events, upcoming: practices.length + games.length, cancelled: called ? 1 : 0, answers };
}
