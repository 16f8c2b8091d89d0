import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, TestClient } from "#tests/server/support/test-client.js";
import { anEvent, countersMatchSource, loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";

describe.each(testEngines())("team sessions and attendance on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let a: LoggerTeam;
  let b: LoggerTeam;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
    a = await loggerTeam(app, "Falcons A", 3);
    b = await loggerTeam(app, "Bears B", 1);
  });
  afterAll(async () => database?.cleanup());

  const playerA = (i: number) => a.players[i]!.me.id;

  async function newSession(
    client: TestClient,
    body: Record<string, unknown> = { kind: "practice", date: "2026-10-01" },
  ) {
    const res = await client.post("/api/team/sessions", body);
    expect(res.status).toBe(201);
    return res.body.session as { id: string; kind: string; date: string; opponent: string | null };
  }

  async function attendanceOf(playerId: string): Promise<number> {
    const res = await a.head.get("/api/team/players");
    expect(res.status).toBe(200);
    return res.body.players.find((p: { id: string }) => p.id === playerId).attendancePercentage;
  }

  const mark = (sessionId: string, marks: { playerId: string; present: boolean | null }[], client = a.head) =>
    client.request("PUT", `/api/team/sessions/${sessionId}/attendance`, { json: { marks } });

  it("creates a game and a practice; blank text is stored as null", async () => {
    const game = await a.head.post("/api/team/sessions", {
      kind: "game",
      date: "2026-10-03",
      opponent: "  Eagles ",
      location: "North Field",
      notes: "",
    });
    expect(game.status).toBe(201);
    expect(game.body.session).toEqual({
      id: expect.any(String),
      kind: "game",
      date: "2026-10-03",
      opponent: "Eagles",
      homeAway: null,
      location: "North Field",
      notes: null,
      createdAt: expect.any(String),
    });
    const practice = await newSession(a.assistant, { kind: "practice", date: "2026-10-01", location: null });
    expect(practice).toMatchObject({ kind: "practice", opponent: null });
  });

  it.each([
    [{ kind: "scrimmage", date: "2026-10-01" }, "kind"],
    [{ kind: "game", date: "03/10/2026" }, "date"],
    [{ kind: "game", date: "2026-02-30" }, "date"],
    [{ kind: "game" }, "date"],
    [{ kind: "practice", date: "2026-10-01", opponent: "Eagles" }, "opponent"],
    [{ kind: "game", date: "2026-10-01", notes: "x".repeat(2001) }, "notes"],
  ])("refuses %j beside the field %s", async (body, field) => {
    const res = await a.head.post("/api/team/sessions", body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_input");
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
  });

  it("a new session lists every current player unmarked, and its events newest first with points", async () => {
    const session = await newSession(a.head, { kind: "game", date: "2026-10-04", opponent: "Hawks" });
    const detail = await a.head.get(`/api/team/sessions/${session.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.session.id).toBe(session.id);
    expect(detail.body.attendance).toEqual(a.players.map((p) => ({ playerId: p.me.id, present: null })));
    expect(detail.body.events).toEqual([]);
    expect(detail.body.eventCount).toBe(0);

    // Player A is a qb (Pass TD 8 + 0.1), player B a wr (Catch 1.5 + 0.1).
    const older = anEvent(playerA(0), {
      eventType: "Pass TD",
      yards: 20,
      sessionId: session.id,
      occurredAt: "2026-10-04T15:00:00Z",
    });
    const newer = anEvent(playerA(1), {
      eventType: "Catch",
      yards: 20,
      sessionId: session.id,
      occurredAt: "2026-10-04T15:00:05Z",
    });
    const elsewhere = anEvent(playerA(1), { eventType: "Catch" });
    expect((await a.head.post("/api/team/events", { events: [older, newer, elsewhere] })).status).toBe(200);

    const after = await a.head.get(`/api/team/sessions/${session.id}`);
    expect(after.body.eventCount).toBe(2);
    expect(after.body.events).toEqual([
      {
        id: newer.id,
        playerId: playerA(1),
        playerName: "Player B",
        eventType: "Catch",
        yards: 20,
        playId: null,
        occurredAt: "2026-10-04T15:00:05.000Z",
        points: 1.6,
      },
      {
        id: older.id,
        playerId: playerA(0),
        playerName: "Player A",
        eventType: "Pass TD",
        yards: 20,
        playId: null,
        occurredAt: "2026-10-04T15:00:00.000Z",
        points: 8.1,
      },
    ]);
  });

  it("updates only what is sent; a session that becomes a practice loses its opponent", async () => {
    const session = await newSession(a.head, { kind: "game", date: "2026-10-05", opponent: "Owls", notes: "Away" });
    const patched = await a.assistant.request("PATCH", `/api/team/sessions/${session.id}`, {
      json: { location: "Stadium", notes: null },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.session).toMatchObject({
      kind: "game",
      opponent: "Owls",
      location: "Stadium",
      notes: null,
      date: "2026-10-05",
    });

    const toPractice = await a.head.request("PATCH", `/api/team/sessions/${session.id}`, {
      json: { kind: "practice" },
    });
    expect(toPractice.body.session).toMatchObject({ kind: "practice", opponent: null, location: "Stadium" });

    const opponentOnPractice = await a.head.request("PATCH", `/api/team/sessions/${session.id}`, {
      json: { opponent: "Owls" },
    });
    expect(opponentOnPractice.status).toBe(400);
    expect(opponentOnPractice.body.error.fields).toEqual({ opponent: "Only a game has an opponent." });

    const back = await a.head.request("PATCH", `/api/team/sessions/${session.id}`, {
      json: { kind: "game", opponent: "Owls", date: "2026-10-06" },
    });
    expect(back.body.session).toMatchObject({ kind: "game", opponent: "Owls", date: "2026-10-06" });
    const stored = await a.head.get(`/api/team/sessions/${session.id}`);
    expect(stored.body.session).toEqual(back.body.session);

    const nothing = await a.head.request("PATCH", `/api/team/sessions/${session.id}`, { json: {} });
    expect(nothing.status).toBe(400);
    expect((await a.head.get(`/api/team/sessions/${session.id}`)).body.session).toEqual(back.body.session);

    const bad = await a.head.request("PATCH", `/api/team/sessions/${session.id}`, { json: { date: "2026-13-01" } });
    expect(bad.status).toBe(400);
    expect((await a.head.request("PATCH", `/api/team/sessions/${randomUUID()}`, { json: { notes: "x" } })).status).toBe(
      404,
    );
  });

  it("marking, flipping and clearing attendance moves attendancePercentage", async () => {
    const player = playerA(2);
    const base = await attendanceOf(player);
    expect(base).toBe(0);
    const s1 = await newSession(a.head, { kind: "practice", date: "2026-09-01" });
    const s2 = await newSession(a.head, { kind: "practice", date: "2026-09-02" });

    const first = await mark(s1.id, [{ playerId: player, present: true }]);
    expect(first.status).toBe(200);
    expect(first.body.attendance).toContainEqual({ playerId: player, present: true });
    expect(first.body.attendance).toHaveLength(a.players.length);
    expect(await attendanceOf(player)).toBe(100);

    expect((await mark(s2.id, [{ playerId: player, present: false }], a.assistant)).status).toBe(200);
    expect(await attendanceOf(player)).toBe(50);

    // Flip: present at both.
    await mark(s2.id, [{ playerId: player, present: true }]);
    expect(await attendanceOf(player)).toBe(100);
    // Same mark again changes nothing.
    await mark(s2.id, [{ playerId: player, present: true }]);
    expect(await attendanceOf(player)).toBe(100);
    // Absent at s1, cleared at s2: 0 of 1.
    await mark(s1.id, [{ playerId: player, present: false }]);
    const cleared = await mark(s2.id, [{ playerId: player, present: null }]);
    expect(cleared.body.attendance).toContainEqual({ playerId: player, present: null });
    expect(await attendanceOf(player)).toBe(0);
    // Clearing what is not marked is fine.
    expect((await mark(s2.id, [{ playerId: player, present: null }])).status).toBe(200);

    const detail = await a.head.get(`/api/team/sessions/${s1.id}`);
    expect(detail.body.attendance).toContainEqual({ playerId: player, present: false });
    const { stored, recount } = await countersMatchSource(database);
    expect(stored).toEqual(recount);
  });

  it("marks several players at once; players not listed keep their marks", async () => {
    const s = await newSession(a.head, { kind: "game", date: "2026-09-10", opponent: "Rams" });
    await mark(s.id, [
      { playerId: playerA(0), present: true },
      { playerId: playerA(1), present: false },
    ]);
    const res = await mark(s.id, [{ playerId: playerA(2), present: true }]);
    expect(res.body.attendance).toEqual([
      { playerId: playerA(0), present: true },
      { playerId: playerA(1), present: false },
      { playerId: playerA(2), present: true },
    ]);
  });

  it("refuses players who are not on the team, naming them, and changes nothing", async () => {
    const s = await newSession(a.head);
    const stranger = b.players[0]!.me.id;
    const res = await mark(s.id, [
      { playerId: playerA(0), present: true },
      { playerId: stranger, present: true },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ "marks.1.playerId": `Player ${stranger} is not on your team.` });
    expect(res.body.error.message).toContain(stranger);
    const coach = await mark(s.id, [{ playerId: a.headMe.id, present: true }]);
    expect(coach.status).toBe(400);
    const twice = await mark(s.id, [
      { playerId: playerA(0), present: true },
      { playerId: playerA(0), present: false },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.error.fields).toEqual({ "marks.1.playerId": "This player is marked twice." });
    const detail = await a.head.get(`/api/team/sessions/${s.id}`);
    expect(detail.body.attendance.every((m: { present: unknown }) => m.present === null)).toBe(true);
  });

  it("deleting a session removes its marks from the counters and keeps its events without a session", async () => {
    const player = playerA(1);
    const s = await newSession(a.head, { kind: "game", date: "2026-08-01", opponent: "Lions" });
    await mark(s.id, [
      { playerId: player, present: true },
      { playerId: playerA(0), present: false },
    ]);
    const e = anEvent(player, { eventType: "TD Catch", yards: 15, sessionId: s.id });
    expect((await a.head.post("/api/team/events", { events: [e] })).status).toBe(200);
    const before = await a.head.get("/api/team/players");
    const eventsBefore = before.body.players.find((p: { id: string }) => p.id === player).eventCount;

    const del = await a.assistant.delete(`/api/team/sessions/${s.id}`);
    expect(del.status).toBe(204);
    expect((await a.head.get(`/api/team/sessions/${s.id}`)).status).toBe(404);
    expect((await a.head.delete(`/api/team/sessions/${s.id}`)).status).toBe(404);

    const row = await database.db.selectFrom("events").selectAll().where("id", "=", e.id).executeTakeFirstOrThrow();
    expect(row.session_id).toBeNull();
    const after = await a.head.get("/api/team/players");
    expect(after.body.players.find((p: { id: string }) => p.id === player).eventCount).toBe(eventsBefore);
    const { stored, recount } = await countersMatchSource(database);
    expect(stored).toEqual(recount);
  });

  it("concurrent attendance marks and session deletes keep the counters equal to a recount", async () => {
    const sessions = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        newSession(i % 2 ? a.head : a.assistant, { kind: "practice", date: `2026-07-0${i + 1}` }),
      ),
    );
    const calls: Promise<{ status: number }>[] = [];
    for (let round = 0; round < 5; round++) {
      for (const [i, s] of sessions.entries()) {
        const coach = (round + i) % 2 ? a.head : a.assistant;
        const marks = a.players.map((p, j) => ({
          playerId: p.me.id,
          present: (round + i + j) % 3 === 0 ? null : (round + j) % 2 === 0,
        }));
        calls.push(mark(s.id, [...marks].reverse().slice(round % 2), coach));
      }
    }
    calls.push(
      a.head.delete(`/api/team/sessions/${sessions[0]!.id}`),
      a.assistant.delete(`/api/team/sessions/${sessions[1]!.id}`),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    // A mark for a session deleted meanwhile is a 404; nothing else fails.
    expect(statuses.filter((s) => ![200, 204, 404].includes(s))).toEqual([]);
    const { stored, recount } = await countersMatchSource(database);
    expect(stored).toEqual(recount);
  });

  describe("authorization", () => {
    let session: string;
    beforeAll(async () => {
      session = (await newSession(a.head, { kind: "game", date: "2026-10-10", opponent: "Bulls" })).id;
    });

    it("signed out: 401 on every endpoint", async () => {
      const anon = new TestClient(app);
      const responses = [
        await anon.post("/api/team/sessions", { kind: "practice", date: "2026-10-01" }),
        await anon.get(`/api/team/sessions/${session}`),
        await anon.request("PATCH", `/api/team/sessions/${session}`, { json: { notes: "x" } }),
        await anon.delete(`/api/team/sessions/${session}`),
        await anon.request("PUT", `/api/team/sessions/${session}/attendance`, { json: { marks: [] } }),
      ];
      expect(responses.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    });

    it("players: 403 on every endpoint, nothing changes", async () => {
      const player = a.players[0]!.client;
      const responses = [
        await player.post("/api/team/sessions", { kind: "practice", date: "2026-10-01" }),
        await player.get(`/api/team/sessions/${session}`),
        await player.request("PATCH", `/api/team/sessions/${session}`, { json: { notes: "mine now" } }),
        await player.delete(`/api/team/sessions/${session}`),
        await player.request("PUT", `/api/team/sessions/${session}/attendance`, {
          json: { marks: [{ playerId: playerA(0), present: true }] },
        }),
      ];
      expect(responses.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
      const detail = await a.head.get(`/api/team/sessions/${session}`);
      expect(detail.body.session.notes).toBeNull();
      expect(detail.body.attendance.every((m: { present: unknown }) => m.present === null)).toBe(true);
    });

    it("a coach of team B gets 404 on team A's session, and 400 for team A's players", async () => {
      const responses = [
        await b.head.get(`/api/team/sessions/${session}`),
        await b.head.request("PATCH", `/api/team/sessions/${session}`, { json: { notes: "ours" } }),
        await b.head.delete(`/api/team/sessions/${session}`),
        await b.head.request("PUT", `/api/team/sessions/${session}/attendance`, {
          json: { marks: [{ playerId: b.players[0]!.me.id, present: true }] },
        }),
      ];
      expect(responses.map((r) => r.status)).toEqual([404, 404, 404, 404]);
      expect((await a.head.get(`/api/team/sessions/${session}`)).status).toBe(200);

      const own = await newSession(b.head);
      const res = await b.head.request("PUT", `/api/team/sessions/${own.id}/attendance`, {
        json: { marks: [{ playerId: playerA(0), present: true }] },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields["marks.0.playerId"]).toContain(playerA(0));
    });

    it("a malformed session id is a 400", async () => {
      expect((await a.head.get("/api/team/sessions/nope")).status).toBe(400);
    });
  });
});
