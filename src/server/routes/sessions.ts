import { createRoute, z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import {
  SESSION_EVENTS_SHOWN,
  attendanceInputSchema,
  attendanceResponseSchema,
  createSessionSchema,
  sessionDetailResponseSchema,
  sessionResponseSchema,
  updateSessionSchema,
  type AttendanceEntry,
  type SessionEvent,
  type TeamSessionDto,
} from "../../domain/api/logger.js";
import { effectivePosition } from "../../domain/positions.js";
import { eventPoints } from "../../domain/scoring.js";
import { clearAttendance, setAttendance } from "../db/attendance.js";
import type { DB } from "../db/schema.js";
import { parseStringList } from "../db/summaries.js";
import { createTeamSession, deleteTeamSession, getTeamSession, type TeamSession } from "../db/team-sessions.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { coachOnly, requireCoach } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import { retryOnDeadlock } from "./events.js";

/*
 * Team sessions (practices and games) and their attendance, coaches only. The list of sessions
 * (GET /api/team/sessions) lives with the coach analytics in team.ts.
 *
 * Attendance is marked explicitly: a new session has no marks, and a player's attendance total counts only the
 * sessions they were marked for (present or absent). Deleting a session removes its marks (and the players'
 * attendance counters with them, in one transaction) but keeps its events: they stay in the players' stats and
 * history, with no session.
 */

const sessionIdParam = z.object({
  id: z.uuid({ error: "Session id must be a UUID." }).openapi({ param: { name: "id", in: "path" } }),
});

// Domain schemas are plain zod (the domain does not import @hono/zod-openapi), so they carry no component names.
const SessionResponse = sessionResponseSchema;
const AttendanceResponse = attendanceResponseSchema;

const createSession = createRoute({
  method: "post",
  path: "/api/team/sessions",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Create a practice or a game (no attendance marks yet)",
  request: { body: { required: true, content: { "application/json": { schema: createSessionSchema } } } },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: SessionResponse } } },
    ...errorResponses(400, 401, 403, 415),
  },
});

const getSession = createRoute({
  method: "get",
  path: "/api/team/sessions/{id}",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "One session: every current player's mark (null: not marked) and its events, newest first",
  request: { params: sessionIdParam },
  responses: {
    200: {
      description: "The session",
      content: { "application/json": { schema: sessionDetailResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const updateSession = createRoute({
  method: "patch",
  path: "/api/team/sessions/{id}",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Change a session's kind, date, opponent, location or notes",
  request: {
    params: sessionIdParam,
    body: { required: true, content: { "application/json": { schema: updateSessionSchema } } },
  },
  responses: {
    200: { description: "Updated", content: { "application/json": { schema: SessionResponse } } },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const deleteSession = createRoute({
  method: "delete",
  path: "/api/team/sessions/{id}",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Delete a session and its attendance marks; its events are kept, without a session",
  request: { params: sessionIdParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404),
  },
});

const putAttendance = createRoute({
  method: "put",
  path: "/api/team/sessions/{id}/attendance",
  tags: ["logger"],
  middleware: [coachOnly] as const,
  summary: "Mark players present (true) or absent (false), or clear a mark (null); unlisted players keep theirs",
  request: {
    params: sessionIdParam,
    body: { required: true, content: { "application/json": { schema: attendanceInputSchema } } },
  },
  responses: {
    200: { description: "Every current player's mark", content: { "application/json": { schema: AttendanceResponse } } },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

function toDto(s: TeamSession): TeamSessionDto {
  return {
    id: s.id,
    kind: s.kind,
    date: s.date,
    opponent: s.opponent,
    location: s.location,
    notes: s.notes,
    createdAt: s.createdAt,
  };
}

/** Every current player of the team with their mark for the session, by name. */
async function sessionAttendance(db: Kysely<DB>, teamId: string, sessionId: string): Promise<AttendanceEntry[]> {
  const rows = await db
    .selectFrom("profiles as p")
    .leftJoin("attendance as a", (join) => join.onRef("a.player_id", "=", "p.user_id").on("a.session_id", "=", sessionId))
    .select(["p.user_id", "a.present"])
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "player")
    .orderBy("p.full_name")
    .orderBy("p.user_id")
    .execute();
  return rows.map((r) => ({ playerId: r.user_id, present: r.present === null || r.present === undefined ? null : Number(r.present) === 1 }));
}

function positionOf(row: { primary_position: string | null; positions: string }): string {
  let positions: string[] = [];
  try {
    positions = parseStringList(row.positions);
  } catch {
    // A damaged list falls back to the primary position (SPEC §8 spirit: one bad profile breaks nothing).
  }
  return effectivePosition({ primaryPosition: row.primary_position, positions });
}

async function sessionEvents(
  db: Kysely<DB>,
  teamId: string,
  sessionId: string,
): Promise<{ events: SessionEvent[]; eventCount: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("events as e")
      .innerJoin("profiles as p", "p.user_id", "e.player_id")
      .select([
        "e.id",
        "e.player_id",
        "e.event_type",
        "e.yards",
        "e.play_id",
        "e.occurred_at",
        "p.full_name",
        "p.primary_position",
        "p.positions",
      ])
      .where("e.team_id", "=", teamId)
      .where("e.session_id", "=", sessionId)
      .orderBy("e.occurred_at", "desc")
      .orderBy("e.id", "desc")
      .limit(SESSION_EVENTS_SHOWN)
      .execute(),
    db
      .selectFrom("events")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("team_id", "=", teamId)
      .where("session_id", "=", sessionId)
      .executeTakeFirstOrThrow(),
  ]);
  const events = rows.map((r) => ({
    id: r.id,
    playerId: r.player_id,
    playerName: r.full_name,
    eventType: r.event_type,
    yards: r.yards === null ? null : Number(r.yards),
    playId: r.play_id,
    occurredAt: r.occurred_at,
    points: eventPoints(r.event_type, positionOf(r)),
  }));
  return { events, eventCount: Number(total.n) };
}

async function requireSession(db: Kysely<DB>, teamId: string, id: string): Promise<TeamSession> {
  const session = await getTeamSession(db, { id, teamId });
  if (!session) throw notFound("That session");
  return session;
}

export function teamSessionRoutes() {
  return createRouter()
    .openapi(createSession, async (c) => {
      const viewer = await requireCoach(c);
      const input = c.req.valid("json");
      const { database, hub } = c.get("services");
      const session = await createTeamSession(database.db, {
        teamId: viewer.teamId,
        kind: input.kind,
        date: input.date,
        opponent: input.kind === "game" ? (input.opponent ?? null) : null,
        location: input.location ?? null,
        notes: input.notes ?? null,
        createdBy: viewer.userId,
      });
      hub.publish(viewer.teamId, changeNow("sessions"));
      return c.json({ session: toDto(session) }, 201);
    })
    .openapi(getSession, async (c) => {
      const viewer = await requireCoach(c);
      const { id } = c.req.valid("param");
      const { db } = c.get("services").database;
      const session = await requireSession(db, viewer.teamId, id);
      const [attendance, { events, eventCount }] = await Promise.all([
        sessionAttendance(db, viewer.teamId, id),
        sessionEvents(db, viewer.teamId, id),
      ]);
      return c.json({ session: toDto(session), attendance, events, eventCount }, 200);
    })
    .openapi(updateSession, async (c) => {
      const viewer = await requireCoach(c);
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const { database, hub } = c.get("services");
      const current = await requireSession(database.db, viewer.teamId, id);

      const kind = input.kind ?? current.kind;
      const opponent = kind === "practice" ? null : input.opponent !== undefined ? input.opponent : current.opponent;
      if (kind === "practice" && input.opponent) {
        // Caught by the schema when kind is sent too; here the stored kind is a practice.
        throw new ApiError(400, "invalid_input", "Only a game has an opponent.", { opponent: "Only a game has an opponent." });
      }
      const next = {
        kind,
        date: input.date ?? current.date,
        opponent,
        location: input.location !== undefined ? input.location : current.location,
        notes: input.notes !== undefined ? input.notes : current.notes,
      };
      const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== current[k]);
      if (!changed) return c.json({ session: toDto(current) }, 200);

      const row = await database.db
        .updateTable("team_sessions")
        .set(next)
        .where("id", "=", id)
        .where("team_id", "=", viewer.teamId)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound("That session");
      hub.publish(viewer.teamId, changeNow("sessions"));
      return c.json({ session: toDto({ ...current, ...next }) }, 200);
    })
    .openapi(deleteSession, async (c) => {
      const viewer = await requireCoach(c);
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      const db = database.db;
      // Which views the deletion touches, for the live update only (a mark made meanwhile just widens it).
      const [marks, events] = await Promise.all([
        db.selectFrom("attendance").select("player_id").where("session_id", "=", id).limit(1).execute(),
        db.selectFrom("events").select("id").where("session_id", "=", id).where("team_id", "=", viewer.teamId).limit(1).execute(),
      ]);
      if (!(await retryOnDeadlock(() => deleteTeamSession(db, { id, teamId: viewer.teamId })))) throw notFound("That session");
      hub.publish(viewer.teamId, changeNow("sessions"));
      if (marks.length) hub.publish(viewer.teamId, changeNow("attendance"));
      if (events.length) hub.publish(viewer.teamId, changeNow("events"));
      return c.body(null, 204);
    })
    .openapi(putAttendance, async (c) => {
      const viewer = await requireCoach(c);
      const { id } = c.req.valid("param");
      const { marks } = c.req.valid("json");
      const { database, hub } = c.get("services");
      const db = database.db;
      await requireSession(db, viewer.teamId, id);

      const playerIds = marks.map((m) => m.playerId);
      const members = new Set(
        playerIds.length
          ? (
              await db
                .selectFrom("profiles")
                .select("user_id")
                .where("team_id", "=", viewer.teamId)
                .where("role", "=", "player")
                .where("user_id", "in", playerIds)
                .execute()
            ).map((r) => r.user_id)
          : [],
      );
      const fields: Record<string, string> = {};
      marks.forEach((m, i) => {
        if (!members.has(m.playerId)) fields[`marks.${i}.playerId`] = `Player ${m.playerId} is not on your team.`;
      });
      const bad = Object.values(fields);
      if (bad.length) {
        throw new ApiError(400, "invalid_reference", bad.length === 1 ? bad[0]! : "Some players are not on your team.", fields);
      }

      // One player after another in id order, so concurrent requests lock their counter rows in the same order.
      const ordered = [...marks].sort((x, y) => (x.playerId < y.playerId ? -1 : x.playerId > y.playerId ? 1 : 0));
      const changed = await retryOnDeadlock(() => db.transaction().execute(async (trx) => {
        // Holds off a concurrent delete of the session (its FOR UPDATE waits for us), so no mark is written
        // for a session being deleted; SQLite runs one transaction at a time anyway.
        let find = trx.selectFrom("team_sessions").select("id").where("id", "=", id).where("team_id", "=", viewer.teamId);
        if (database.engine === "postgres") find = find.forKeyShare();
        if (!(await find.executeTakeFirst())) throw notFound("That session");

        const before = new Map(
          playerIds.length
            ? (
                await trx
                  .selectFrom("attendance")
                  .select(["player_id", "present"])
                  .where("session_id", "=", id)
                  .where("player_id", "in", playerIds)
                  .execute()
              ).map((r) => [r.player_id, Number(r.present) === 1])
            : [],
        );
        let any = false;
        for (const m of ordered) {
          // Applied even when it looks unchanged: a concurrent request may have changed the mark since we read
          // it, and these calls move the counters by whatever transition really happens.
          if (m.present === null) await clearAttendance(trx, { sessionId: id, playerId: m.playerId });
          else await setAttendance(trx, { sessionId: id, playerId: m.playerId, present: m.present });
          const was = before.has(m.playerId) ? before.get(m.playerId)! : null;
          if (was !== m.present) any = true;
        }
        return any;
      }));

      if (changed) hub.publish(viewer.teamId, changeNow("attendance"));
      return c.json({ attendance: await sessionAttendance(db, viewer.teamId, id) }, 200);
    });
}
