import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { AvailabilityAnswer, HomeAway, ScheduleKind, ScheduleStatus } from "#domain/schedule.js";
import { SCHEDULE_LIMITS, weeklyDays, zonedTimeToUtc } from "#domain/schedule.js";
import { engineOf, inTransaction, nowIso } from "./dialect.js";
import type { ScheduleEventRow } from "./schedule-reads.js";
import type { DB } from "./schema.js";

/*
 * The team's schedule as it is written (migration 016; reads in schedule-reads.ts): making events (one, or a
 * weekly series), changing and cancelling them (never deleting), the players' answers and the team's zone. Every
 * change raises the changed events' `sequence` (the calendar feed's SEQUENCE) and `updated_at`. An event's UTC
 * start and end are computed from its local day and time in the team's zone whenever those change, and for every
 * event not yet ended when the zone changes.
 */

/** An event's start and end instants (ISO-8601 UTC with milliseconds) from its local day, time and length. */
function eventInstants(
  day: string,
  time: string,
  durationMinutes: number,
  timeZone: string,
): { starts_at: string; ends_at: string } {
  const start = zonedTimeToUtc(day, time, timeZone);
  return {
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + durationMinutes * 60_000).toISOString(),
  };
}

async function teamZone(db: Kysely<DB>, teamId: string): Promise<string> {
  let query = db.selectFrom("teams").select("time_zone").where("id", "=", teamId);
  // The zone is read and used in one transaction: a zone change meanwhile waits (PostgreSQL; SQLite writes one at a time).
  if (engineOf(db) === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  return row.time_zone;
}

/** The descriptive fields of an event; undefined: not given (create: null; update: unchanged). */
interface EventFieldsInput {
  arriveBy?: string | null;
  durationMinutes?: number;
  placeName?: string | null;
  address?: string | null;
  field?: string | null;
  mapUrl?: string | null;
  opponent?: string | null;
  homeAway?: HomeAway | null;
  notes?: string | null;
}

export interface NewScheduleEvents extends EventFieldsInput {
  kind: ScheduleKind;
  date: string;
  startTime: string;
  repeat?: { weekdays: number[]; until: string };
  /** The league game it shows (leagues/publish.ts). */
  leagueGameId?: string;
}

/**
 * Makes one event, or one per day of a weekly series (all sharing a new series id), in one transaction. Null when a
 * series has no day at all (none of its weekdays falls in its span).
 */
export async function createScheduleEvents(
  db: Kysely<DB>,
  teamId: string,
  createdBy: string,
  input: NewScheduleEvents,
): Promise<ScheduleEventRow[] | null> {
  const days = input.repeat ? weeklyDays(input.date, input.repeat.until, input.repeat.weekdays) : [input.date];
  if (days.length === 0) return null;
  return inTransaction(db, async (trx) => {
    const zone = await teamZone(trx, teamId);
    const now = nowIso();
    const seriesId = input.repeat ? randomUUID() : null;
    const duration = input.durationMinutes ?? SCHEDULE_LIMITS.defaultDurationMinutes;
    const game = input.kind === "game";
    const rows: ScheduleEventRow[] = days.map((day) => ({
      id: randomUUID(),
      team_id: teamId,
      series_id: seriesId,
      kind: input.kind,
      status: "scheduled",
      local_date: day,
      start_time: input.startTime,
      arrive_by: input.arriveBy ?? null,
      duration_minutes: duration,
      ...eventInstants(day, input.startTime, duration, zone),
      place_name: input.placeName ?? null,
      address: input.address ?? null,
      field: input.field ?? null,
      map_url: input.mapUrl ?? null,
      opponent: game ? (input.opponent ?? null) : null,
      home_away: game ? (input.homeAway ?? null) : null,
      notes: input.notes ?? null,
      session_id: null,
      sequence: 0,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
      cancelled_at: null,
      league_game_id: input.leagueGameId ?? null,
    }));
    await trx.insertInto("schedule_events").values(rows).execute();
    return rows;
  });
}

export interface ScheduleEventChange extends EventFieldsInput {
  date?: string;
  startTime?: string;
  status?: ScheduleStatus;
  scope?: "this" | "following";
}

export type UpdateOutcome =
  | { kind: "not_found" }
  /** The change would put an event's arrive-by time after its start. */
  | { kind: "arrive_after_start" }
  /** The events changed (empty when nothing differed), and the event named. */
  | { kind: "ok"; changed: ScheduleEventRow[]; event: ScheduleEventRow };

const TEXT_FIELDS = [
  ["placeName", "place_name"],
  ["address", "address"],
  ["field", "field"],
  ["mapUrl", "map_url"],
  ["notes", "notes"],
] as const;

/** One event as the change leaves it (`withDate`: the date applies to this one). */
function changedRow(
  row: ScheduleEventRow,
  change: ScheduleEventChange,
  withDate: boolean,
  zone: string,
  now: string,
): ScheduleEventRow {
  const next: ScheduleEventRow = { ...row };
  if (withDate && change.date !== undefined) next.local_date = change.date;
  if (change.startTime !== undefined) next.start_time = change.startTime;
  if (change.arriveBy !== undefined) next.arrive_by = change.arriveBy;
  if (change.durationMinutes !== undefined) next.duration_minutes = change.durationMinutes;
  for (const [key, column] of TEXT_FIELDS) {
    const value = change[key];
    if (value !== undefined) next[column] = value;
  }
  // A practice has no opponent and no home/away: a change naming them leaves it without.
  if (row.kind === "game") {
    if (change.opponent !== undefined) next.opponent = change.opponent;
    if (change.homeAway !== undefined) next.home_away = change.homeAway;
  }
  if (change.status !== undefined && change.status !== row.status) {
    next.status = change.status;
    next.cancelled_at = change.status === "cancelled" ? now : null;
  }
  const moved =
    next.local_date !== row.local_date ||
    next.start_time !== row.start_time ||
    Number(next.duration_minutes) !== Number(row.duration_minutes);
  if (moved) Object.assign(next, eventInstants(next.local_date, next.start_time, Number(next.duration_minutes), zone));
  return next;
}

const COMPARED = [
  "local_date",
  "start_time",
  "arrive_by",
  "duration_minutes",
  "place_name",
  "address",
  "field",
  "map_url",
  "opponent",
  "home_away",
  "notes",
  "status",
] as const;

/**
 * Changes an event, or (scope "following") this one and every later one (by day) of its series: the date only
 * ever moves the event named. Each event that differs afterwards is written with its sequence raised; the others
 * are left as they were. One transaction.
 */
export async function updateScheduleEvent(
  db: Kysely<DB>,
  teamId: string,
  id: string,
  change: ScheduleEventChange,
): Promise<UpdateOutcome> {
  return inTransaction(db, async (trx): Promise<UpdateOutcome> => {
    const zone = await teamZone(trx, teamId);
    const anchor = await trx
      .selectFrom("schedule_events")
      .selectAll()
      .where("team_id", "=", teamId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!anchor) return { kind: "not_found" };
    let targets = [anchor];
    if (change.scope === "following" && anchor.series_id !== null) {
      const later = await trx
        .selectFrom("schedule_events")
        .selectAll()
        .where("team_id", "=", teamId)
        .where("series_id", "=", anchor.series_id)
        .where("local_date", ">", anchor.local_date)
        .where("id", "<>", anchor.id)
        .orderBy("local_date")
        .orderBy("id")
        .execute();
      targets = [anchor, ...later];
    }
    const now = nowIso();
    const next = targets.map((row) => changedRow(row, change, row.id === anchor.id, zone, now));
    if (next.some((row) => row.arrive_by !== null && row.arrive_by > row.start_time)) {
      return { kind: "arrive_after_start" };
    }
    const changed: ScheduleEventRow[] = [];
    for (const [i, row] of next.entries()) {
      const before = targets[i]!;
      if (!COMPARED.some((column) => String(row[column]) !== String(before[column]))) continue;
      const written = await trx
        .updateTable("schedule_events")
        .set({
          local_date: row.local_date,
          start_time: row.start_time,
          arrive_by: row.arrive_by,
          duration_minutes: row.duration_minutes,
          starts_at: row.starts_at,
          ends_at: row.ends_at,
          place_name: row.place_name,
          address: row.address,
          field: row.field,
          map_url: row.map_url,
          opponent: row.opponent,
          home_away: row.home_away,
          notes: row.notes,
          status: row.status,
          cancelled_at: row.cancelled_at,
          sequence: sql<number>`sequence + 1`,
          updated_at: now,
        })
        .where("id", "=", row.id)
        .where("team_id", "=", teamId)
        .returningAll()
        .executeTakeFirstOrThrow();
      changed.push(written);
    }
    const event = changed.find((row) => row.id === anchor.id) ?? anchor;
    return { kind: "ok", changed, event };
  });
}

/** A player's answer to an event, given or changed (`answeredBy`: the player, or the coach who answered). */
export async function answerScheduleEvent(
  db: Kysely<DB>,
  a: { eventId: string; playerId: string; answer: AvailabilityAnswer; note: string | null; answeredBy: string },
): Promise<void> {
  const values = {
    event_id: a.eventId,
    player_id: a.playerId,
    answer: a.answer,
    note: a.note,
    answered_by: a.answeredBy,
    answered_at: nowIso(),
  };
  await db
    .insertInto("schedule_answers")
    .values(values)
    .onConflict((oc) =>
      oc.columns(["event_id", "player_id"]).doUpdateSet({
        answer: values.answer,
        note: values.note,
        answered_by: values.answered_by,
        answered_at: values.answered_at,
      }),
    )
    .execute();
}

/**
 * Changes the team's zone and minimum players. A new zone moves every event that has not ended yet to the same
 * local day and time in it (their instants recomputed, their sequence raised); ended ones keep theirs. Returns
 * how many events moved.
 */
export async function updateScheduleSettings(
  db: Kysely<DB>,
  teamId: string,
  change: { timeZone?: string; minPlayers?: number | null },
): Promise<{ moved: number; changed: boolean }> {
  return inTransaction(db, async (trx) => {
    const zone = await teamZone(trx, teamId);
    const current = await trx
      .selectFrom("teams")
      .select("min_players")
      .where("id", "=", teamId)
      .executeTakeFirstOrThrow();
    const newZone = change.timeZone !== undefined && change.timeZone !== zone ? change.timeZone : null;
    const newMin = change.minPlayers !== undefined && change.minPlayers !== current.min_players;
    if (newZone === null && !newMin) return { moved: 0, changed: false };
    await trx
      .updateTable("teams")
      .set({
        ...(newZone === null ? {} : { time_zone: newZone }),
        ...(newMin ? { min_players: change.minPlayers ?? null } : {}),
      })
      .where("id", "=", teamId)
      .execute();
    if (newZone === null) return { moved: 0, changed: true };
    const now = nowIso();
    const open = await trx
      .selectFrom("schedule_events")
      .select(["id", "local_date", "start_time", "duration_minutes", "starts_at"])
      .where("team_id", "=", teamId)
      .where("ends_at", ">", now)
      .execute();
    let moved = 0;
    for (const row of open) {
      const instants = eventInstants(row.local_date, row.start_time, Number(row.duration_minutes), newZone);
      if (instants.starts_at === row.starts_at) continue;
      await trx
        .updateTable("schedule_events")
        .set({ ...instants, sequence: sql<number>`sequence + 1`, updated_at: now })
        .where("id", "=", row.id)
        .execute();
      moved += 1;
    }
    return { moved, changed: true };
  });
}
