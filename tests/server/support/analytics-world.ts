/* Test utilities for the coach analytics: seeded random activity and brute-force recounts. Not used by the server. */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { EVENT_TYPES } from "#domain/event-types.js";
import { sortPlayers } from "#domain/player-search.js";
import { buildPlayerSummary, type PlayerSummary } from "#domain/player-summary.js";
import { setAttendance } from "#server/db/attendance.js";
import { recordEvent, type NewEvent } from "#server/db/events.js";
import type { DB, EventRecord } from "#server/db/schema.js";
import { parseStringList } from "#server/db/rows.js";
import { createTeamSession, type TeamSession } from "#server/db/team-sessions.js";

/** mulberry32: a small seeded generator, so a failing world can be rebuilt from its seed. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}
export type Rng = ReturnType<typeof rng>;

/** Every spec type, plus one the spec does not list (it scores the default weight). */
export const ANY_EVENT_TYPES: readonly string[] = [...EVENT_TYPES, "Trick Play"];

const DAY_MS = 24 * 60 * 60 * 1000;

export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export interface ActivityOptions {
  teamId: string;
  playerIds: readonly string[];
  createdBy: string;
  random: Rng;
  sessions?: number;
  events?: number;
  /** Events fall within this many days before `now` (default 60). */
  days?: number;
  now?: Date;
}

/**
 * Random sessions (practices and games over the last `days`), random attendance marks, and random events of
 * every type with random yards, some in a session and some not, a few sharing one timestamp.
 */
export async function seedActivity(
  db: Kysely<DB>,
  o: ActivityOptions,
): Promise<{ sessions: TeamSession[]; events: NewEvent[] }> {
  const now = (o.now ?? new Date()).getTime();
  const days = o.days ?? 60;
  const r = o.random;
  const sessions: TeamSession[] = [];
  for (let i = 0; i < (o.sessions ?? 5); i++) {
    const kind = r.chance(0.5) ? "game" : "practice";
    sessions.push(
      await createTeamSession(db, {
        teamId: o.teamId,
        kind,
        date: isoDay(new Date(now - r.int(0, days) * DAY_MS)),
        opponent: kind === "game" ? r.pick(["Eagles", "Hawks", "Owls"]) : null,
        location: r.chance(0.5) ? "Field 2" : null,
        createdBy: o.createdBy,
      }),
    );
  }
  for (const s of sessions) {
    for (const playerId of o.playerIds) {
      if (r.chance(0.7)) await setAttendance(db, { sessionId: s.id, playerId, present: r.chance(0.75) });
    }
  }
  const events: NewEvent[] = [];
  let shared: string | null = null;
  for (let i = 0; i < (o.events ?? 60); i++) {
    let occurredAt = new Date(now - Math.floor(r.next() * days * DAY_MS)).toISOString();
    if (shared && r.chance(0.15)) occurredAt = shared;
    shared = occurredAt;
    const e: NewEvent = {
      id: randomUUID(),
      teamId: o.teamId,
      playerId: r.pick(o.playerIds),
      eventType: r.pick(ANY_EVENT_TYPES),
      yards: r.chance(0.6) ? r.int(-10, 80) : null,
      sessionId: sessions.length && r.chance(0.7) ? r.pick(sessions).id : null,
      occurredAt,
      createdBy: o.createdBy,
    };
    await recordEvent(db, e);
    events.push(e);
  }
  return { sessions, events };
}

/**
 * The summaries of the team's players recomputed by brute force from the raw rows: the events that pass
 * `include` counted in JS, attendance from every mark. Best score first.
 */
export async function bruteForceSummaries(
  db: Kysely<DB>,
  teamId: string,
  include: (e: EventRecord) => boolean = () => true,
): Promise<PlayerSummary[]> {
  const profiles = await db
    .selectFrom("profiles")
    .selectAll()
    .where("team_id", "=", teamId)
    .where("role", "=", "player")
    .execute();
  const events = await db.selectFrom("events").selectAll().execute();
  const marks = await db.selectFrom("attendance").selectAll().execute();
  return sortPlayers(
    profiles.map((p) => {
      const byType = new Map<string, { count: number; yards: number }>();
      let last: string | null = null;
      for (const e of events) {
        if (e.player_id !== p.user_id || !include(e)) continue;
        const c = byType.get(e.event_type) ?? { count: 0, yards: 0 };
        c.count += 1;
        c.yards += e.yards ?? 0;
        byType.set(e.event_type, c);
        if (last === null || e.occurred_at > last) last = e.occurred_at;
      }
      const mine = marks.filter((m) => m.player_id === p.user_id);
      return buildPlayerSummary(
        {
          id: p.user_id,
          fullName: p.full_name,
          jerseyNumber: p.jersey_number,
          primaryPosition: p.primary_position,
          positions: parseStringList(p.positions),
          photoUrl: p.photo_file_id ? `/api/files/${p.photo_file_id}` : null,
        },
        {
          counters: [...byType].map(([eventType, c]) => ({ eventType, ...c })),
          attendance: { total: mine.length, attended: mine.filter((m) => Number(m.present) === 1).length },
          lastEventAt: last,
        },
      );
    }),
    "performanceScore",
    "desc",
  );
}
