import type { Kysely, Selectable } from "kysely";
import type { AvailabilityCounts, PlayerAnswer, ScheduleEvent } from "#domain/api/schedule.js";
import { DEFAULT_TIME_ZONE, minimumPlayers, type AvailabilityAnswer } from "#domain/schedule.js";
import type { DB } from "./schema.js";

/*
 * The team's schedule as it is read (migration 016; writes in schedule.ts): the events with their availability
 * counts, the caller's own answer, and a coach's list of every roster player's answer. The roster a count is over
 * is the team's players as every list has them: role player, confirmed, on this team (a roster place a coach added
 * and nobody claimed yet is confirmed, so it counts too). An answer of someone no longer on the roster is kept but
 * counts nowhere.
 */

export type ScheduleEventRow = Selectable<DB["schedule_events"]>;

/** The team's zone and its minimum players as the API gives them (the default filled in). */
export interface TeamScheduleSettings {
  timeZone: string;
  minPlayers: number;
  /** The stored setting: null when the team uses the default. */
  minPlayersSetting: number | null;
}

export async function teamScheduleSettings(db: Kysely<DB>, teamId: string): Promise<TeamScheduleSettings> {
  const row = await db
    .selectFrom("teams")
    .select(["time_zone", "min_players"])
    .where("id", "=", teamId)
    .executeTakeFirst();
  const setting = row?.min_players ?? null;
  return {
    timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE,
    minPlayers: minimumPlayers(setting),
    minPlayersSetting: setting,
  };
}

const NO_ANSWERS: AvailabilityCounts = Object.freeze({ going: 0, maybe: 0, no: 0, unanswered: 0 });

/** The availability counts of these events of the team, in one query whatever their number. */
async function availabilityOf(
  db: Kysely<DB>,
  teamId: string,
  eventIds: readonly string[],
): Promise<Map<string, AvailabilityCounts>> {
  const out = new Map<string, AvailabilityCounts>();
  if (eventIds.length === 0) return out;
  const rows = await db
    .selectFrom("schedule_events as e")
    .innerJoin("profiles as p", (join) =>
      join.onRef("p.team_id", "=", "e.team_id").on("p.role", "=", "player").on("p.confirmed", "=", 1),
    )
    .leftJoin("schedule_answers as a", (join) =>
      join.onRef("a.event_id", "=", "e.id").onRef("a.player_id", "=", "p.user_id"),
    )
    .select((eb) => {
      // count() of a CASE without ELSE counts the rows it gives 1 (the others are null): one pass, both engines.
      const answered = (answer: AvailabilityAnswer) =>
        eb.fn.count<number | string>(eb.case().when("a.answer", "=", answer).then(1).end());
      return [
        "e.id",
        eb.fn.count<number | string>("p.user_id").as("roster"),
        answered("going").as("going"),
        answered("maybe").as("maybe"),
        answered("no").as("no"),
      ];
    })
    .where("e.team_id", "=", teamId)
    .where("e.id", "in", eventIds)
    .groupBy("e.id")
    .execute();
  for (const r of rows) {
    const [roster, going, maybe, no] = [r.roster, r.going, r.maybe, r.no].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    out.set(r.id, { going, maybe, no, unanswered: roster - going - maybe - no });
  }
  return out;
}

/** The player's own answers to these events (none for a coach). */
async function answersOf(
  db: Kysely<DB>,
  eventIds: readonly string[],
  playerId: string | null,
): Promise<Map<string, { answer: AvailabilityAnswer; note: string | null }>> {
  const out = new Map<string, { answer: AvailabilityAnswer; note: string | null }>();
  if (playerId === null || eventIds.length === 0) return out;
  const rows = await db
    .selectFrom("schedule_answers")
    .select(["event_id", "answer", "note"])
    .where("player_id", "=", playerId)
    .where("event_id", "in", eventIds)
    .execute();
  for (const r of rows) out.set(r.event_id, { answer: r.answer, note: r.note });
  return out;
}

/**
 * The API's events for these rows, in their order: each with its counts and, for a player (`playerId`), their own
 * answer. Two queries whatever the number of rows.
 */
export async function scheduleEventsOf(
  db: Kysely<DB>,
  teamId: string,
  rows: readonly ScheduleEventRow[],
  playerId: string | null,
): Promise<ScheduleEvent[]> {
  const ids = rows.map((r) => r.id);
  const [counts, mine] = await Promise.all([availabilityOf(db, teamId, ids), answersOf(db, ids, playerId)]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    date: r.local_date,
    startTime: r.start_time,
    arriveBy: r.arrive_by,
    durationMinutes: Number(r.duration_minutes),
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    placeName: r.place_name,
    address: r.address,
    field: r.field,
    mapUrl: r.map_url,
    opponent: r.opponent,
    homeAway: r.home_away,
    notes: r.notes,
    seriesId: r.series_id,
    sessionId: r.session_id,
    sequence: Number(r.sequence),
    updatedAt: r.updated_at,
    cancelledAt: r.cancelled_at,
    availability: counts.get(r.id) ?? { ...NO_ANSWERS },
    myAnswer: mine.get(r.id) ?? null,
  }));
}

export type ScheduleWhen = "upcoming" | "past" | "all";

/**
 * The team's events: upcoming (not yet ended, soonest first), past (ended, latest first) or all (by start).
 * Cancelled events are listed too, with their status.
 */
export async function listScheduleRows(
  db: Kysely<DB>,
  teamId: string,
  opts: { when: ScheduleWhen; limit: number; now: string },
): Promise<ScheduleEventRow[]> {
  let query = db.selectFrom("schedule_events").selectAll().where("team_id", "=", teamId);
  if (opts.when === "upcoming") query = query.where("ends_at", ">", opts.now);
  if (opts.when === "past") query = query.where("ends_at", "<=", opts.now);
  const direction = opts.when === "past" ? "desc" : "asc";
  return query.orderBy("starts_at", direction).orderBy("id", direction).limit(opts.limit).execute();
}

/** One event of the team; null for an unknown id or another team's. */
export async function getScheduleRow(db: Kysely<DB>, teamId: string, id: string): Promise<ScheduleEventRow | null> {
  const row = await db
    .selectFrom("schedule_events")
    .selectAll()
    .where("team_id", "=", teamId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** Every roster player of the team with their answer to the event (null: not answered), by name. */
export async function scheduleEventAnswers(db: Kysely<DB>, teamId: string, eventId: string): Promise<PlayerAnswer[]> {
  const rows = await db
    .selectFrom("profiles as p")
    .leftJoin("schedule_answers as a", (join) =>
      join.onRef("a.player_id", "=", "p.user_id").on("a.event_id", "=", eventId),
    )
    .select(["p.user_id", "p.full_name", "p.jersey_number", "a.answer", "a.note", "a.answered_at", "a.answered_by"])
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "player")
    .where("p.confirmed", "=", 1)
    .orderBy("p.full_name")
    .orderBy("p.user_id")
    .execute();
  return rows.map((r) => ({
    playerId: r.user_id,
    fullName: r.full_name,
    jerseyNumber: r.jersey_number,
    answer: r.answer ?? null,
    note: r.note ?? null,
    answeredAt: r.answered_at ?? null,
    byCoach: r.answered_by !== null && r.answered_by !== r.user_id,
  }));
}

/** Whether the user is a player on the team's roster (role player, confirmed, on this team). */
export async function isRosterPlayer(db: Kysely<DB>, teamId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("profiles")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("team_id", "=", teamId)
    .where("role", "=", "player")
    .where("confirmed", "=", 1)
    .executeTakeFirst();
  return row !== undefined;
}
