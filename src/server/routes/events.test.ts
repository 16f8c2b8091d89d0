import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_EVENTS_PER_REQUEST } from "#domain/api/logger.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, PASSWORD, TestClient } from "#tests/server/support/test-client.js";
import { EVENT_ID_TAKEN } from "./events.js";
import {
  anEvent,
  countersMatchSource,
  eventCount,
  insertPlay,
  loggerTeam,
  type LoggerTeam,
} from "#tests/server/support/logger-fixtures.js";

describe.each(testEngines())("event logger API on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let a: LoggerTeam;
  let b: LoggerTeam;
  let sessionA: string;
  let sessionB: string;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
    a = await loggerTeam(app, "Falcons A");
    b = await loggerTeam(app, "Bears B", 1);
    sessionA = (await a.head.post("/api/team/sessions", { kind: "game", date: "2026-10-03", opponent: "Eagles" })).body
      .session.id;
    sessionB = (await b.head.post("/api/team/sessions", { kind: "practice", date: "2026-10-03" })).body.session.id;
  });
  afterAll(async () => database?.cleanup());

  const playerA = (i = 0) => a.players[i]!.me.id;

  async function teamPlayers(client: TestClient) {
    const res = await client.get("/api/team/players");
    expect(res.status).toBe(200);
    return new Map<string, { eventCount: number; attendancePercentage: number; lastActive: string | null }>(
      res.body.players.map((p: { id: string }) => [p.id, p]),
    );
  }

  it("the same batch posted twice: created once, then all duplicate; stored and counted once", async () => {
    const before = await eventCount(database, a.teamId);
    const playersBefore = await teamPlayers(a.head);
    const batch = [
      anEvent(playerA(0), { eventType: "Pass TD", yards: 25, sessionId: sessionA }),
      anEvent(playerA(1), { eventType: "Catch", yards: 12, sessionId: sessionA }),
      anEvent(playerA(1), { eventType: "Flag Pull", yards: null }),
      anEvent(playerA(2), { eventType: "Sack" }),
    ];
    const first = await a.head.post("/api/team/events", { events: batch });
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual(batch.map((e) => ({ id: e.id, status: "created" })));

    const again = await a.assistant.post("/api/team/events", { events: batch });
    expect(again.status).toBe(200);
    expect(again.body.results).toEqual(batch.map((e) => ({ id: e.id, status: "duplicate" })));

    expect(await eventCount(database, a.teamId)).toBe(before + batch.length);
    const playersAfter = await teamPlayers(a.head);
    expect(playersAfter.get(playerA(1))!.eventCount - playersBefore.get(playerA(1))!.eventCount).toBe(2);
    const { stored, recount } = await countersMatchSource(database);
    expect(stored).toEqual(recount);
  });

  it("a single event replayed is a duplicate; an id twice in one batch is created then duplicate", async () => {
    const e = anEvent(playerA(0), { eventType: "Interception" });
    expect((await a.head.post("/api/team/events", { events: [e] })).body.results).toEqual([
      { id: e.id, status: "created" },
    ]);
    expect((await a.head.post("/api/team/events", { events: [e] })).body.results).toEqual([
      { id: e.id, status: "duplicate" },
    ]);

    const twice = anEvent(playerA(1), { eventType: "Defensive Stop" });
    const res = await a.head.post("/api/team/events", { events: [twice, { ...twice }] });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(["created", "duplicate"]);
    const { stored, recount } = await countersMatchSource(database);
    expect(stored).toEqual(recount);
  });

  it("game day on the sideline: a player removed mid-game is refused on the next event, though events before named them", async () => {
    const t = await loggerTeam(app, "Owls E", 2);
    const game = (await t.head.post("/api/team/sessions", { kind: "game", date: "2026-10-03", opponent: "Kites" })).body
      .session.id;
    const [stays, leaves] = t.players.map((x) => x.me.id);
    const catchBy = (playerId: string, playId?: string) =>
      anEvent(playerId, { eventType: "Catch", yards: 5, sessionId: game, ...(playId ? { playId } : {}) });
    for (let i = 0; i < 2; i++) {
      const res = await t.head.post("/api/team/events", { events: [catchBy(stays!), catchBy(leaves!)] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // Another team's player is asked about, though the game and this team's players are known by now.
    const stranger = await t.head.post("/api/team/events", { events: [catchBy(b.players[0]!.me.id)] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.fields).toEqual({ "events.0.playerId": "This player is not on your team." });
    // A play made after that is found, not refused for being new.
    const playId = await insertPlay(database, t.teamId);
    expect((await t.head.post("/api/team/events", { events: [catchBy(stays!, playId)] })).status).toBe(200);
    expect((await t.head.delete(`/api/team/players/${leaves}`)).status).toBe(204);

    const refused = await t.head.post("/api/team/events", { events: [catchBy(stays!), catchBy(leaves!)] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ "events.1.playerId": "This player is not on your team." });
    expect((await t.head.post("/api/team/events", { events: [catchBy(stays!)] })).status).toBe(200);
  });

  it("times are stored normalised to UTC with milliseconds", async () => {
    const e = anEvent(playerA(2), { eventType: "Rush TD", yards: 3, occurredAt: "2026-01-10T09:30:00+02:00" });
    expect((await a.head.post("/api/team/events", { events: [e] })).status).toBe(200);
    const row = await database.db
      .selectFrom("events")
      .select("occurred_at")
      .where("id", "=", e.id)
      .executeTakeFirstOrThrow();
    expect(row.occurred_at).toBe("2026-01-10T07:30:00.000Z");
  });

  it("undo: deleting events takes them out of the counters; a second delete is 404", async () => {
    const player = playerA(0);
    const logged = [
      anEvent(player, { eventType: "Pass Completion", yards: 10 }),
      anEvent(player, { eventType: "Pass Completion", yards: 4 }),
      anEvent(player, { eventType: "Pass TD", yards: 30 }),
    ];
    const before = (await teamPlayers(a.head)).get(player)!;
    expect((await a.head.post("/api/team/events", { events: logged })).status).toBe(200);
    const mid = (await teamPlayers(a.head)).get(player)!;
    expect(mid.eventCount).toBe(before.eventCount + 3);
    expect(mid.lastActive).toBe(logged[2]!.occurredAt);

    const undo = await a.assistant.delete(`/api/team/events/${logged[2]!.id}`);
    expect(undo.status).toBe(204);
    expect(undo.body).toBeNull();
    const after = (await teamPlayers(a.head)).get(player)!;
    expect(after.eventCount).toBe(before.eventCount + 2);
    expect(after.lastActive! < logged[2]!.occurredAt).toBe(true);

    expect((await a.head.delete(`/api/team/events/${logged[2]!.id}`)).status).toBe(404);
    const { stored, recount } = await countersMatchSource(database);
    expect(stored).toEqual(recount);

    // Undone, the id may be sent again (the outbox replaying an old write) and is created anew.
    const replay = await a.head.post("/api/team/events", { events: [logged[2]] });
    expect(replay.body.results[0].status).toBe("created");
  });

  describe("validation: 400 with the error shape and nothing stored", () => {
    const cases: [string, () => unknown, (fields: Record<string, string>) => void][] = [
      [
        "an unknown event type",
        () => ({ events: [anEvent(playerA(), { eventType: "Touchdown Dance" as never })] }),
        (f) => expect(f["events.0.eventType"]).toBe("Unknown event type."),
      ],
      [
        "yards on a type without yards",
        () => ({ events: [anEvent(playerA()), anEvent(playerA(), { eventType: "Flag Pull", yards: 5 })] }),
        (f) => expect(f["events.1.yards"]).toBe("Flag Pull does not take yards."),
      ],
      [
        "yards out of range",
        () => ({ events: [anEvent(playerA(), { yards: 151 })] }),
        (f) => expect(f["events.0.yards"]).toMatch(/between -99 and 150/),
      ],
      [
        "fractional yards",
        () => ({ events: [anEvent(playerA(), { yards: 2.5 })] }),
        (f) => expect(f["events.0.yards"]).toMatch(/whole/),
      ],
      [
        "a malformed event id",
        () => ({ events: [anEvent(playerA(), { id: "not-a-uuid" })] }),
        (f) => expect(f["events.0.id"]).toBe("Event id must be a UUID."),
      ],
      [
        "a malformed session id",
        () => ({ events: [anEvent(playerA(), { sessionId: "123" })] }),
        (f) => expect(f["events.0.sessionId"]).toBe("Session id must be a UUID."),
      ],
      [
        "a time in the future",
        () => ({ events: [anEvent(playerA(), { occurredAt: new Date(Date.now() + 10 * 60_000).toISOString() })] }),
        (f) => expect(f["events.0.occurredAt"]).toBe("That time is in the future."),
      ],
      [
        "a time before 2000",
        () => ({ events: [anEvent(playerA(), { occurredAt: "1999-12-31T23:59:59Z" })] }),
        (f) => expect(f["events.0.occurredAt"]).toBe("That time is before 2000."),
      ],
      [
        "a time that is not a time",
        () => ({ events: [anEvent(playerA(), { occurredAt: "yesterday" })] }),
        (f) => expect(f["events.0.occurredAt"]).toBeDefined(),
      ],
      [
        "a time without a zone",
        () => ({ events: [anEvent(playerA(), { occurredAt: "2026-01-10T09:30:00" })] }),
        (f) => expect(f["events.0.occurredAt"]).toBeDefined(),
      ],
      ["no events", () => ({ events: [] }), (f) => expect(f["events"]).toBe("Send at least one event.")],
      [
        `more than ${MAX_EVENTS_PER_REQUEST} events`,
        () => ({ events: Array.from({ length: MAX_EVENTS_PER_REQUEST + 1 }, () => ({})) }),
        (f) => expect(f["events"]).toBe(`Send at most ${MAX_EVENTS_PER_REQUEST} events at a time.`),
      ],
      [
        "a player of another team",
        () => ({ events: [anEvent(playerA()), anEvent(b.players[0]!.me.id)] }),
        (f) => expect(f).toEqual({ "events.1.playerId": "This player is not on your team." }),
      ],
      [
        "a coach as the player",
        () => ({ events: [anEvent(a.headMe.id)] }),
        (f) => expect(f).toEqual({ "events.0.playerId": "This player is not on your team." }),
      ],
      [
        "a session of another team",
        () => ({ events: [anEvent(playerA(), { sessionId: sessionA }), anEvent(playerA(), { sessionId: sessionB })] }),
        (f) => expect(f).toEqual({ "events.1.sessionId": "This session is not your team's." }),
      ],
      [
        "a session that does not exist",
        () => ({ events: [anEvent(playerA(), { sessionId: randomUUID() })] }),
        (f) => expect(f).toEqual({ "events.0.sessionId": "This session is not your team's." }),
      ],
    ];

    it.each(cases)("%s", async (_name, body, checkFields) => {
      const before = await eventCount(database);
      const res = await a.head.post("/api/team/events", body());
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      checkFields(res.body.error.fields);
      expect(await eventCount(database)).toBe(before);
    });

    it("a play of another team", async () => {
      const playA = await insertPlay(database, a.teamId);
      const playB = await insertPlay(database, b.teamId);
      const before = await eventCount(database);
      const res = await a.head.post("/api/team/events", {
        events: [anEvent(playerA(), { playId: playA }), anEvent(playerA(), { playId: playB })],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ "events.1.playId": "This play is not in your team's playbook." });
      expect(await eventCount(database)).toBe(before);
      const ok = await a.head.post("/api/team/events", { events: [anEvent(playerA(), { playId: playA })] });
      expect(ok.status).toBe(200);
    });

    it("a body that is not an object of events", async () => {
      const res = await a.head.post("/api/team/events", [anEvent(playerA())]);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_input");
    });
  });

  it("an id already used by another team is a 409 that changes nothing, single or in a batch", async () => {
    const mine = anEvent(playerA(0), { eventType: "Catch", yards: 9 });
    expect((await a.head.post("/api/team/events", { events: [mine] })).status).toBe(200);
    const before = await eventCount(database);
    const totalsBefore = await countersMatchSource(database);

    const single = await b.head.post("/api/team/events", {
      events: [{ ...anEvent(b.players[0]!.me.id), id: mine.id }],
    });
    expect(single.status).toBe(409);
    expect(single.body.error).toMatchObject({ code: "event_id_taken", message: EVENT_ID_TAKEN });

    const batch = await b.head.post("/api/team/events", {
      events: [anEvent(b.players[0]!.me.id), { ...anEvent(b.players[0]!.me.id), id: mine.id }],
    });
    expect(batch.status).toBe(409);
    expect(batch.body.error.fields).toEqual({ "events.1.id": EVENT_ID_TAKEN });

    expect(await eventCount(database)).toBe(before);
    expect(await countersMatchSource(database)).toEqual(totalsBefore);
    const row = await database.db.selectFrom("events").selectAll().where("id", "=", mine.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ team_id: a.teamId, player_id: playerA(0), yards: 9 });
  });

  it("a full batch of 500 (the outbox catching up) is written in one request", async () => {
    const before = await eventCount(database, a.teamId);
    const events = Array.from({ length: MAX_EVENTS_PER_REQUEST }, (_, i) =>
      anEvent(
        playerA(i % 3),
        i % 2 ? { eventType: "Flag Pull", yards: null } : { eventType: "Rush Attempt", yards: (i % 20) - 5 },
      ),
    );
    const res = await a.head.post("/api/team/events", { events });
    expect(res.status).toBe(200);
    expect(res.body.results.every((r: { status: string }) => r.status === "created")).toBe(true);
    expect(await eventCount(database, a.teamId)).toBe(before + MAX_EVENTS_PER_REQUEST);
    const { stored, recount } = await countersMatchSource(database);
    expect(stored).toEqual(recount);
  });

  it("concurrent posts and deletes from several coaches keep every counter equal to a recount", async () => {
    // A third coach of team A, joined with the invite code.
    const coachC = new TestClient(app);
    const joined = await coachC.post("/api/signup", {
      role: "coach",
      fullName: "Chris Third",
      email: `third.${randomUUID()}@example.com`,
      password: PASSWORD,
      coachInviteCode: a.headMe.team!.coachInviteCode,
    });
    expect(joined.status).toBe(201);
    const coaches = [a.head, a.assistant, coachC];

    // Events to delete during the storm.
    const seed = Array.from({ length: 60 }, (_, i) =>
      anEvent(playerA(i % 3), { eventType: i % 2 ? "Catch" : "Pass TD", yards: i }),
    );
    expect((await a.head.post("/api/team/events", { events: seed })).status).toBe(200);

    const fresh = Array.from({ length: 90 }, (_, i) =>
      anEvent(playerA(i % 3), {
        eventType: ["Catch", "Flag Pull", "Rush TD", "Sack"][i % 4] as never,
        yards: i % 4 === 0 || i % 4 === 2 ? i : null,
        sessionId: i % 5 ? sessionA : null,
      }),
    );
    // 60 deletes, 90 single events, 20 batches of 3 (overlapping the singles) and 30 replays of singles.
    const requests: (() => Promise<{ status: number }>)[] = [];
    for (let i = 0; i < 200; i++) {
      const coach = coaches[i % coaches.length]!;
      if (i < 60) requests.push(() => coach.delete(`/api/team/events/${seed[i]!.id}`));
      else if (i < 150) requests.push(() => coach.post("/api/team/events", { events: [fresh[i - 60]!] }));
      else if (i < 170)
        requests.push(() => coach.post("/api/team/events", { events: fresh.slice((i - 150) * 3, (i - 150) * 3 + 3) }));
      else requests.push(() => coach.post("/api/team/events", { events: [fresh[i - 170]!] }));
    }
    // Interleave the kinds (a fixed shuffle) so deletes, singles and batches really overlap.
    const order = requests.map((_, i) => (i * 73) % requests.length);
    expect(new Set(order).size).toBe(requests.length);
    const statuses = (await Promise.all(order.map((i) => requests[i]!()))).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 204)).toEqual([]);

    for (const e of fresh) {
      const row = await database.db.selectFrom("events").select("id").where("id", "=", e.id).executeTakeFirst();
      expect(row).toBeDefined();
    }
    for (const e of seed) {
      const row = await database.db.selectFrom("events").select("id").where("id", "=", e.id).executeTakeFirst();
      expect(row).toBeUndefined();
    }
    const { stored, recount } = await countersMatchSource(database);
    expect(stored).toEqual(recount);
  });

  describe("authorization", () => {
    it("signed out: 401 on every write", async () => {
      const anon = new TestClient(app);
      for (const res of [
        await anon.post("/api/team/events", { events: [anEvent(playerA())] }),
        await anon.delete(`/api/team/events/${randomUUID()}`),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe("unauthenticated");
      }
    });

    it("players: 403 on every write, nothing stored", async () => {
      const player = a.players[0]!.client;
      const mine = anEvent(playerA());
      expect((await a.head.post("/api/team/events", { events: [mine] })).status).toBe(200);
      const before = await eventCount(database);
      const post = await player.post("/api/team/events", { events: [anEvent(playerA())] });
      const del = await player.delete(`/api/team/events/${mine.id}`);
      for (const res of [post, del]) {
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe("forbidden");
      }
      expect(await eventCount(database)).toBe(before);
    });

    it("a coach of team B cannot touch team A's events or players", async () => {
      const mine = anEvent(playerA());
      expect((await a.head.post("/api/team/events", { events: [mine] })).status).toBe(200);
      const del = await b.head.delete(`/api/team/events/${mine.id}`);
      expect(del.status).toBe(404);
      expect(
        await database.db.selectFrom("events").select("id").where("id", "=", mine.id).executeTakeFirst(),
      ).toBeDefined();
      const post = await b.head.post("/api/team/events", { events: [anEvent(playerA())] });
      expect(post.status).toBe(400);
      expect(post.body.error.fields).toEqual({ "events.0.playerId": "This player is not on your team." });
    });

    it("a malformed id in the path is a 400", async () => {
      const res = await a.head.delete("/api/team/events/not-a-uuid");
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_input");
    });
  });

  it("declares its endpoints in the OpenAPI document", async () => {
    const res = await new TestClient(app).get("/api/openapi.json");
    expect(res.body.paths["/api/team/events"].post).toBeDefined();
    expect(res.body.paths["/api/team/events/{id}"].delete).toBeDefined();
    expect(res.body.paths["/api/team/stream"].get).toBeDefined();
  });
});
