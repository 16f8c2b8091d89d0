import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { SessionImpact } from "#domain/api/sessions.js";
import type { TeamSessionSummary } from "#domain/api/team.js";
import { currentPeriod, periodChange, type PeriodStart } from "#domain/periods.js";
import { bumpAttendance } from "./attendance.js";
import { engineOf, inTransaction, nowIso } from "./dialect.js";
import { countOf } from "./rows.js";
import { moveSessionTallies } from "./tallies/upkeep.js";
import type { DB, SessionKind, TeamSessionRecord } from "./schema.js";
import { seasonForNewSession } from "./seasons.js";
import { prepared } from "./prepared.js";

/** A practice or a game. */
export interface TeamSession {
  id: string;
  teamId: string;
  kind: SessionKind;
  /** YYYY-MM-DD */
  date: string;
  opponent: string | null;
  /** Games only: played at home or away (null: not said). */
  homeAway: HomeAway | null;
  location: string | null;
  notes: string | null;
  createdBy: string;
  createdAt: string;
}

type HomeAway = "home" | "away";

function toTeamSession(r: TeamSessionRecord): TeamSession {
  return {
    id: r.id,
    teamId: r.team_id,
    kind: r.kind,
    date: r.date,
    opponent: r.opponent,
    homeAway: r.home_away,
    location: r.location,
    notes: r.notes,
    createdBy: r.created_by,
    createdAt: r.created_at,
  };
}

export interface NewTeamSession {
  /** Made by the client (the offline logger), or by the server when absent. */
  id?: string;
  teamId: string;
  kind: SessionKind;
  date: string;
  opponent?: string | null;
  homeAway?: HomeAway | null;
  location?: string | null;
  notes?: string | null;
  createdBy: string;
}

export async function createTeamSession(db: Kysely<DB>, s: NewTeamSession): Promise<TeamSession> {
  const values = sessionValues(s, await seasonForNewSession(db, s.teamId));
  const row = await db.insertInto("team_sessions").values(values).returningAll().executeTakeFirstOrThrow();
  return toTeamSession(row);
}

/** A new session's row; it goes to the team's current season (decision 0013: the server assigns it). */
function sessionValues(s: NewTeamSession, seasonId: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s.date))
    throw new RangeError(`session date must be YYYY-MM-DD: ${JSON.stringify(s.date)}`);
  return {
    id: s.id ?? randomUUID(),
    team_id: s.teamId,
    kind: s.kind,
    date: s.date,
    opponent: s.opponent ?? null,
    home_away: s.kind === "game" ? (s.homeAway ?? null) : null,
    location: s.location ?? null,
    notes: s.notes ?? null,
    created_by: s.createdBy,
    created_at: nowIso(),
    season_id: seasonId,
  };
}

/**
 * Creates a session with a client-made id, once: sending the same id again (a retry, the offline outbox) answers
 * with the session the team already has under it, unchanged (created: false). "taken" when another team's session
 * has this id (the caller learns nothing else about it).
 */
export async function createTeamSessionOnce(
  db: Kysely<DB>,
  s: NewTeamSession & { id: string },
): Promise<{ session: TeamSession; created: boolean } | "taken"> {
  const row = await db
    .insertInto("team_sessions")
    .values(sessionValues(s, await seasonForNewSession(db, s.teamId)))
    .onConflict((oc) => oc.column("id").doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row) return { session: toTeamSession(row), created: true };
  const existing = await db.selectFrom("team_sessions").selectAll().where("id", "=", s.id).executeTakeFirst();
  if (!existing || existing.team_id !== s.teamId) return "taken";
  return { session: toTeamSession(existing), created: false };
}

const teamSessionRow = prepared((db, p: { id: string; teamId: string }) =>
  db.selectFrom("team_sessions").selectAll().where("id", "=", p.id).where("team_id", "=", p.teamId),
);

export async function getTeamSession(db: Kysely<DB>, key: { id: string; teamId: string }): Promise<TeamSession | null> {
  const [row] = await teamSessionRow(db, { id: key.id, teamId: key.teamId });
  return row ? toTeamSession(row) : null;
}

/** A team's sessions, latest date first. */
export async function listTeamSessions(db: Kysely<DB>, teamId: string): Promise<TeamSession[]> {
  const rows = await db
    .selectFrom("team_sessions")
    .selectAll()
    .where("team_id", "=", teamId)
    .orderBy("date", "desc")
    .orderBy("created_at", "desc")
    .execute();
  return rows.map(toTeamSession);
}

/**
 * Deletes a session of the team. Its attendance marks go too, and the players' attendance counters with them
 * (a plain DELETE would let the foreign key's cascade remove marks behind the counters' back). Its events
 * stay, with session_id set to null. Returns whether the session existed.
 */
export async function deleteTeamSession(db: Kysely<DB>, key: { id: string; teamId: string }): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    let find = trx.selectFrom("team_sessions").select("id").where("id", "=", key.id).where("team_id", "=", key.teamId);
    // FOR UPDATE conflicts with the key-share lock a concurrent attendance insert takes on this row, so no
    // new mark can slip in between our clearing the marks and deleting the session.
    if (engineOf(trx) === "postgres") find = find.forUpdate();
    if (!(await find.executeTakeFirst())) return false;

    const marks = await trx
      .deleteFrom("attendance")
      .where("session_id", "=", key.id)
      .returning(["player_id", "present"])
      .execute();
    for (const m of marks) await bumpAttendance(trx, m.player_id, key.id, -1, -Number(m.present));
    // Its events stay without a session, and its snaps' events stay as events logged on their own (the foreign
    // keys' set null): their tallies move with them.
    await moveSessionTallies(trx, key.id, { asLoose: true });
    await trx.deleteFrom("team_sessions").where("id", "=", key.id).where("team_id", "=", key.teamId).execute();
    return true;
  });
}

/** The fields of a session a coach may change (the caller has merged the patch into the current values). */
export interface SessionFields {
  kind: SessionKind;
  date: string;
  opponent: string | null;
  homeAway: HomeAway | null;
  location: string | null;
  notes: string | null;
}

/**
 * Writes a session's fields. Returns false when the team has no such session. A session that is (now) a practice
 * keeps no home/away and no final score.
 */
export async function updateTeamSession(
  db: Kysely<DB>,
  key: { id: string; teamId: string },
  next: SessionFields,
): Promise<boolean> {
  const { homeAway, ...fields } = next;
  const practice = next.kind === "practice";
  const row = await db
    .updateTable("team_sessions")
    .set({
      ...fields,
      home_away: practice ? null : homeAway,
      ...(practice ? { final_us: null, final_them: null, final_corrected: 0, ended_at: null, ended_by: null } : {}),
    })
    .where("id", "=", key.id)
    .where("team_id", "=", key.teamId)
    .returningAll()
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts of what a session holds: the marks and snaps its deletion removes, the events it keeps. */
export async function sessionImpact(db: Kysely<DB>, key: { id: string; teamId: string }): Promise<SessionImpact> {
  const [marks, snaps, events] = await Promise.all([
    db
      .selectFrom("attendance")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("session_id", "=", key.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("snaps")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("session_id", "=", key.id)
      .where("team_id", "=", key.teamId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("events")
      .select((eb) => [
        eb.fn.countAll<number | string>().as("n"),
        sql<number | string>`count(distinct ${sql.ref("player_id")})`.as("players"),
      ])
      .where("session_id", "=", key.id)
      .where("team_id", "=", key.teamId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    marks: countOf(marks.n),
    snaps: countOf(snaps.n),
    events: countOf(events.n),
    eventPlayers: countOf(events.players),
  };
}

/** A session as GET /api/team/sessions lists it. */
export type SessionWithCounts = TeamSessionSummary;

/**
 * The team's sessions, newest first, with their event and attendance counts (one query): those of one season
 * when `seasonId` is given, else every season's.
 */
export async function teamSessionsWithCounts(
  db: Kysely<DB>,
  teamId: string,
  seasonId?: string,
): Promise<SessionWithCounts[]> {
  let q = db
    .selectFrom("team_sessions as s")
    .select((eb) => [
      "s.id",
      "s.kind",
      "s.date",
      "s.opponent",
      "s.location",
      // From the tallies (decision 0015): the session's rows, not its events.
      eb
        .selectFrom("session_tallies as e")
        .select((e) => e.fn.sum<number | string>("e.count").as("n"))
        .whereRef("e.session_key", "=", "s.id")
        .as("event_count"),
      eb
        .selectFrom("attendance as a")
        .select((a) => a.fn.countAll<number | string>().as("n"))
        .whereRef("a.session_id", "=", "s.id")
        .where("a.present", "=", 1)
        .as("present_count"),
      eb
        .selectFrom("attendance as a")
        .select((a) => a.fn.countAll<number | string>().as("n"))
        .whereRef("a.session_id", "=", "s.id")
        .as("attendance_count"),
    ])
    .where("s.team_id", "=", teamId);
  if (seasonId !== undefined) q = q.where("s.season_id", "=", seasonId);
  const rows = await q.orderBy("s.date", "desc").orderBy("s.created_at", "desc").orderBy("s.id", "desc").execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    date: r.date,
    opponent: r.opponent,
    location: r.location,
    eventCount: Number(r.event_count ?? 0),
    presentCount: Number(r.present_count ?? 0),
    attendanceCount: Number(r.attendance_count ?? 0),
  }));
}

/** The period timelines of these sessions (decision 0022): when each period after the first started. */
export async function sessionPeriods(
  db: Kysely<DB>,
  sessionIds: readonly string[],
): Promise<Map<string, PeriodStart[]>> {
  const ids = [...new Set(sessionIds)];
  const out = new Map<string, PeriodStart[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom("session_periods")
    .select(["session_id", "period", "started_at"])
    .where("session_id", "in", ids)
    .execute();
  for (const r of rows) out.get(r.session_id)?.push({ period: Number(r.period), startedAt: r.started_at });
  return out;
}

/**
 * Sets the period of a session of the team as of `at` (domain/periods.ts periodChange: a step back takes later
 * periods' starts back, a step forward starts the period unless it had started earlier). Returns the session's
 * period now, or null when the team has no such session.
 */
export async function setSessionPeriod(
  db: Kysely<DB>,
  key: { id: string; teamId: string },
  period: number,
  at: string,
): Promise<number | null> {
  return inTransaction(db, async (trx) => {
    let find = trx.selectFrom("team_sessions").select("id").where("id", "=", key.id).where("team_id", "=", key.teamId);
    // Two coaches changing the period at once take turns (SQLite has one writer anyway).
    if (engineOf(trx) === "postgres") find = find.forUpdate();
    if (!(await find.executeTakeFirst())) return null;
    const timeline = (await sessionPeriods(trx, [key.id])).get(key.id) ?? [];
    const change = periodChange(timeline, period, at);
    if (change.remove.length > 0)
      await trx
        .deleteFrom("session_periods")
        .where("session_id", "=", key.id)
        .where("period", "in", change.remove)
        .execute();
    const { start } = change;
    if (start)
      await trx
        .insertInto("session_periods")
        .values({ session_id: key.id, period: start.period, started_at: start.startedAt })
        .onConflict((oc) => oc.columns(["session_id", "period"]).doUpdateSet({ started_at: start.startedAt }))
        .execute();
    const after = timeline.filter((p) => !change.remove.includes(p.period) && p.period !== start?.period);
    return currentPeriod(start ? [...after, start] : after);
  });
}
