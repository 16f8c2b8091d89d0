/**
 * What is wrong with a league schedule (issue "Leagues"): a sub-field booked twice at once, a team in two games at
 * once or without its rest between games, a team playing on a date it blacked out, a game of a team against itself,
 * a game in a slot that does not exist. The independent check of the schedule generator's output (it shares no code with
 * schedule-generator.ts, on purpose) and the check of a league admin's hand edits.
 *
 * Each team's games, and each sub-field's, are sorted by time and walked once: a game that starts before the latest
 * end so far on its date overlaps it (the games that overlap one another form one conflict); otherwise the gap to
 * that latest end is the team's rest. O(n log n) in the games.
 */
import { formatMinute, placeKey, type LeagueSlot } from "./slots.js";

export type ScheduleConflict =
  | {
      /** Games on one sub-field at overlapping times: in the same slot, or in slots of it whose times overlap. */
      readonly kind: "slot_double_booked";
      /** The first game's slot. */
      readonly slotId: string;
      /** Earliest first. */
      readonly gameIds: string[];
      /** That slot's date and start, for the sentence. */
      readonly date: string;
      readonly startMinute: number;
    }
  | {
      readonly kind: "team_overlap";
      readonly teamId: string;
      /** The games that overlap one another, earliest first. */
      readonly gameIds: string[];
      /** The first of them's date and start. */
      readonly date: string;
      readonly startMinute: number;
    }
  | {
      readonly kind: "rest_too_short";
      readonly teamId: string;
      /** The earlier game (the one ending last before the later one) and the later one. */
      readonly gameIds: string[];
      readonly restMinutes: number;
      /** The later game's date and start. */
      readonly date: string;
      readonly startMinute: number;
    }
  | { readonly kind: "blackout"; readonly teamId: string; readonly gameId: string; readonly date: string }
  | { readonly kind: "same_team"; readonly gameId: string; readonly teamId: string }
  | { readonly kind: "unknown_slot"; readonly gameId: string; readonly slotId: string };

export interface CheckedGame {
  readonly id: string;
  readonly homeTeamId: string;
  readonly awayTeamId: string;
  readonly slotId: string;
}

export interface ConflictInput {
  readonly games: readonly CheckedGame[];
  readonly slots: readonly LeagueSlot[];
  readonly minRestMinutes: number;
  /** Team id → the dates (YYYY-MM-DD) it cannot play. */
  readonly blackouts?: ReadonlyMap<string, readonly string[]>;
}

interface Booking {
  readonly gameId: string;
  readonly slotId: string;
  readonly date: string;
  readonly start: number;
  readonly end: number;
}

const byTime = (a: Booking, b: Booking) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.start - b.start || a.end - b.end || (a.gameId < b.gameId ? -1 : 1);

/**
 * Walks bookings sorted by time: `overlap` gets each group of two or more that overlap one another (a booking
 * joins the group when it starts before the latest end in it), `gap` each next booking with the one ending last
 * before it on the same date.
 */
function walk(
  bookings: readonly Booking[],
  overlap: (group: Booking[]) => void,
  gap: (before: Booking, after: Booking) => void = () => {},
) {
  let group: Booking[] = [];
  let latest: Booking | null = null; // the booking of the group that ends last
  for (const booking of bookings) {
    if (latest && latest.date === booking.date && booking.start < latest.end) {
      group.push(booking);
      if (booking.end > latest.end) latest = booking;
      continue;
    }
    if (group.length > 1) overlap(group);
    if (latest && latest.date === booking.date) gap(latest, booking);
    group = [booking];
    latest = booking;
  }
  if (group.length > 1) overlap(group);
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Every conflict of a schedule, in this order: games against themselves and games in unknown slots (in the games'
 * order); double bookings of a sub-field, the same slot or slots of it whose times overlap (chronologically); then
 * each team's overlaps, short rests and blackouts (teams in the order they first appear, each one's conflicts
 * chronologically). A game in an unknown slot is checked no further; a game against itself counts once for its team.
 */
export function scheduleConflicts(input: ConflictInput): ScheduleConflict[] {
  const slotById = new Map(input.slots.map((s) => [s.id, s]));
  const out: ScheduleConflict[] = [];
  const byPlace = new Map<string, Booking[]>();
  const byTeam = new Map<string, Booking[]>();
  for (const game of input.games) {
    if (game.homeTeamId === game.awayTeamId) out.push({ kind: "same_team", gameId: game.id, teamId: game.homeTeamId });
    const slot = slotById.get(game.slotId);
    if (!slot) {
      out.push({ kind: "unknown_slot", gameId: game.id, slotId: game.slotId });
      continue;
    }
    const { date, startMinute: start } = slot;
    const booking = { gameId: game.id, slotId: slot.id, date, start, end: start + slot.durationMinutes };
    push(byPlace, placeKey(slot), booking);
    for (const teamId of new Set([game.homeTeamId, game.awayTeamId])) push(byTeam, teamId, booking);
  }
  const doubleBooked: Extract<ScheduleConflict, { kind: "slot_double_booked" }>[] = [];
  for (const bookings of byPlace.values())
    walk(bookings.sort(byTime), (group) =>
      doubleBooked.push({
        kind: "slot_double_booked",
        slotId: group[0]!.slotId,
        gameIds: group.map((b) => b.gameId),
        date: group[0]!.date,
        startMinute: group[0]!.start,
      }),
    );
  doubleBooked.sort((a, b) =>
    a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.startMinute - b.startMinute || (a.slotId < b.slotId ? -1 : 1),
  );
  out.push(...doubleBooked);
  for (const [teamId, bookings] of byTeam) {
    walk(
      bookings.sort(byTime),
      (group) =>
        out.push({
          kind: "team_overlap",
          teamId,
          gameIds: group.map((b) => b.gameId),
          date: group[0]!.date,
          startMinute: group[0]!.start,
        }),
      (before, after) => {
        if (after.start - before.end < input.minRestMinutes)
          out.push({
            kind: "rest_too_short",
            teamId,
            gameIds: [before.gameId, after.gameId],
            restMinutes: after.start - before.end,
            date: after.date,
            startMinute: after.start,
          });
      },
    );
    const blackedOut = new Set(input.blackouts?.get(teamId) ?? []);
    if (blackedOut.size === 0) continue;
    for (const b of bookings)
      if (blackedOut.has(b.date)) out.push({ kind: "blackout", teamId, gameId: b.gameId, date: b.date });
  }
  return out;
}

const at = (date: string, minute: number) => `at ${formatMinute(minute)} on ${date}`;
const times = (n: number) => (n === 2 ? "twice" : `${n} games`);

/**
 * The conflict as a sentence a league admin reads, e.g. "Lions play twice at 09:00 on 2027-03-06." `place` names a
 * slot's field ("Riverside Park, field A"), when the caller knows it.
 */
export function describeConflict(
  c: ScheduleConflict,
  names: (teamId: string) => string,
  place?: (slotId: string) => string | undefined,
): string {
  switch (c.kind) {
    case "slot_double_booked":
      return `${place?.(c.slotId) ?? "One field"} is booked for ${c.gameIds.length} games ${at(c.date, c.startMinute)}.`;
    case "team_overlap":
      return `${names(c.teamId)} play ${times(c.gameIds.length)} ${c.gameIds.length === 2 ? "" : "at once "}${at(c.date, c.startMinute)}.`;
    case "rest_too_short":
      return c.restMinutes === 0
        ? `${names(c.teamId)} have no rest before their game ${at(c.date, c.startMinute)}.`
        : `${names(c.teamId)} have only ${c.restMinutes} minute${c.restMinutes === 1 ? "" : "s"} of rest before their game ${at(c.date, c.startMinute)}.`;
    case "blackout":
      return `${names(c.teamId)} play on ${c.date}, a date they cannot play.`;
    case "same_team":
      return `${names(c.teamId)} are set to play against themselves.`;
    case "unknown_slot":
      return `A game is booked into a field and time that no longer exists.`;
  }
}
