import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameSheetResponse, NewSnapInput } from "#domain/api/game.js";
import { DEFAULT_LEAGUE_RULES } from "#domain/league-rules.js";
import { eventsOfSnap, pointsOfSnap, type SnapDetail } from "#domain/snaps.js";
import { checkIntegrity } from "#server/db/integrity.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp } from "#tests/server/support/test-client.js";
import {
  countersMatchSource,
  eventCount,
  insertPlay,
  loggerTeam,
  type LoggerTeam,
} from "#tests/server/support/logger-fixtures.js";
import { SNAP_ID_TAKEN } from "./snaps.js";

describe.each(testEngines())("snaps API on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let a: LoggerTeam;
  let b: LoggerTeam;
  let gameA: string;
  let practiceA: string;
  let gameB: string;
  const heard: string[] = [];

  beforeAll(async () => {
    database = await create({ poolMax: 12 });
    const built = createTestApp(database);
    app = built.app;
    a = await loggerTeam(app, "Falcons A", 4);
    b = await loggerTeam(app, "Bears B", 1);
    built.services.hub.subscribe(a.teamId, (change) => heard.push(change.kind));
    gameA = (await a.head.post("/api/team/sessions", { kind: "game", date: "2026-10-03", opponent: "Eagles" })).body
      .session.id;
    practiceA = (await a.head.post("/api/team/sessions", { kind: "practice", date: "2026-10-02" })).body.session.id;
    gameB = (await b.head.post("/api/team/sessions", { kind: "game", date: "2026-10-03", opponent: "Hawks" })).body
      .session.id;
  });
  afterAll(async () => database?.cleanup());

  const p = (i: number) => a.players[i]!.me.id;

  let tick = 0;
  /** A snap a few minutes in the past, each one a little later than the last. */
  function aSnap(detail: SnapDetail, over: Partial<NewSnapInput> = {}): NewSnapInput {
    tick += 1;
    return {
      id: randomUUID(),
      sessionId: gameA,
      period: 1,
      occurredAt: new Date(Date.now() - 30 * 60_000 + tick * 10).toISOString(),
      detail,
      ...over,
    };
  }
  const complete = (passer: number, target: number, yards = 12): SnapDetail => ({
    kind: "pass",
    passerId: p(passer),
    targetId: p(target),
    result: "complete",
    yards,
  });

  async function sheet(sessionId = gameA) {
    const res = await a.head.get(`/api/team/sessions/${sessionId}/snaps`);
    expect(res.status).toBe(200);
    return res.body as GameSheetResponse;
  }

  async function rowCounts() {
    const n = async (table: "snaps" | "snap_players" | "events") =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string | number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { snaps: await n("snaps"), participants: await n("snap_players"), events: await n("events") };
  }

  async function expectConsistent() {
    const { stored, recount } = await countersMatchSource(database);
    expect(stored).toEqual(recount);
    const report = await checkIntegrity(database.db);
    expect(report.drift).toEqual([]);
    expect(report.snapMismatches).toEqual([]);
  }

  it("a batch writes each snap with its events (by the caller, at the snap's time); a replay is all duplicate", async () => {
    const playId = await insertPlay(database, a.teamId);
    const batch = [
      aSnap(complete(0, 1, 25), { playId, firstDown: true }),
      aSnap({ kind: "run", runnerId: p(2), yards: 4, touchdown: true }),
      aSnap({ kind: "try", points: 1, method: "pass", good: true, passerId: p(0), scorerId: p(1) }),
      aSnap({ kind: "flag_pull", defenderId: p(3), yards: null }),
      aSnap({ kind: "opponent_score", score: "touchdown" }),
      aSnap({ kind: "penalty", on: "us", yards: 5, effect: "none", playerId: p(1) }, { sessionId: practiceA }),
    ];
    const implied = batch.reduce((n, s) => n + eventsOfSnap(s.detail as SnapDetail).length, 0);
    const eventsBefore = await eventCount(database, a.teamId);
    heard.length = 0;

    const first = await a.head.post("/api/team/snaps", { snaps: batch });
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual(batch.map((s) => ({ id: s.id, status: "created" })));
    expect(await eventCount(database, a.teamId)).toBe(eventsBefore + implied);
    expect(heard).toContain("events");

    const events = await database.db
      .selectFrom("events")
      .selectAll()
      .where("snap_id", "=", batch[0]!.id)
      .orderBy("event_type")
      .execute();
    expect(events.map((e) => [e.event_type, e.player_id, e.yards])).toEqual([
      ["Catch", p(1), 25],
      ["Pass Completion", p(0), 25],
    ]);
    for (const e of events) {
      expect(e).toMatchObject({
        session_id: gameA,
        play_id: playId,
        occurred_at: batch[0]!.occurredAt,
        created_by: a.headMe.id,
        team_id: a.teamId,
      });
    }

    const before = await rowCounts();
    const counters = await countersMatchSource(database);
    heard.length = 0;
    const again = await a.assistant.post("/api/team/snaps", { snaps: batch });
    expect(again.status).toBe(200);
    expect(again.body.results).toEqual(batch.map((s) => ({ id: s.id, status: "duplicate" })));
    expect(await rowCounts()).toEqual(before);
    expect(await countersMatchSource(database)).toEqual(counters);
    expect(heard).toEqual([]);
    await expectConsistent();

    const practice = await sheet(practiceA);
    expect(practice.scoreboard.kind).toBe("practice");
    expect(practice.snaps.map((s) => s.id)).toEqual([batch[5]!.id]);
  });

  it("all or nothing: one snap naming another team's player, session or play writes nothing (400 by field)", async () => {
    const before = await rowCounts();
    const playB = await insertPlay(database, b.teamId);
    const res = await a.head.post("/api/team/snaps", {
      snaps: [
        aSnap(complete(0, 1)),
        aSnap({ kind: "pass", passerId: p(0), targetId: b.players[0]!.me.id, result: "complete", yards: 3 }),
        aSnap({ kind: "sack", defenderId: p(2) }, { sessionId: gameB }),
        aSnap({ kind: "sack", defenderId: p(2) }, { playId: playB }),
        aSnap({ kind: "stop", defenderId: a.headMe.id }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_reference");
    expect(res.body.error.fields).toEqual({
      "snaps.1.detail.targetId": "This player is not on your team.",
      "snaps.2.sessionId": "This session is not your team's.",
      "snaps.3.playId": "This play is not in your team's playbook.",
      "snaps.4.detail.defenderId": "This player is not on your team.",
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("game day: a player removed mid-game is refused on the next snap, though the snaps before named them", async () => {
    const t = await loggerTeam(app, "Owls C", 3);
    const game = (await t.head.post("/api/team/sessions", { kind: "game", date: "2026-10-03", opponent: "Kites" })).body
      .session.id;
    const [passer, stays, leaves] = t.players.map((x) => x.me.id);
    const to = (targetId: string | undefined): NewSnapInput => ({
      ...aSnap({ kind: "pass", passerId: passer!, targetId: targetId!, result: "complete", yards: 5 }),
      sessionId: game,
    });
    for (let i = 0; i < 2; i++) {
      const res = await t.head.post("/api/team/snaps", { snaps: [to(stays), to(leaves)] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // Another team's player is asked about, though the game and this team's players are known by now.
    const stranger = await t.head.post("/api/team/snaps", { snaps: [to(b.players[0]!.me.id)] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.fields).toEqual({ "snaps.0.detail.targetId": "This player is not on your team." });
    expect((await t.head.delete(`/api/team/players/${leaves}`)).status).toBe(204);

    const refused = await t.head.post("/api/team/snaps", { snaps: [to(stays), to(leaves)] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ "snaps.1.detail.targetId": "This player is not on your team." });
    expect((await t.head.post("/api/team/snaps", { snaps: [to(stays)] })).status).toBe(200);
  });

  it("a snap the domain finds impossible is a 400 by field", async () => {
    const res = await a.head.post("/api/team/snaps", {
      snaps: [aSnap({ kind: "pass", passerId: p(0), targetId: p(0), result: "complete", yards: 5 })],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields["snaps.0.detail.targetId"]).toMatch(/himself/);
  });

  it("an id of another team's snap answers 409 and writes nothing; an id twice in one batch is created once", async () => {
    const theirs = {
      id: randomUUID(),
      sessionId: gameB,
      period: 1,
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      detail: { kind: "sack", defenderId: b.players[0]!.me.id },
    };
    expect((await b.head.post("/api/team/snaps", { snaps: [theirs] })).status).toBe(200);
    const before = await rowCounts();
    const res = await a.head.post("/api/team/snaps", {
      snaps: [aSnap(complete(1, 2)), { ...theirs, sessionId: gameA, detail: { kind: "sack", defenderId: p(0) } }],
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: "snap_id_taken",
      message: SNAP_ID_TAKEN,
      fields: { "snaps.1.id": SNAP_ID_TAKEN },
      requestId: res.headers.get("x-request-id"),
    });
    expect(await rowCounts()).toEqual(before);

    const twice = aSnap({ kind: "stop", defenderId: p(3) });
    const res2 = await a.head.post("/api/team/snaps", { snaps: [twice, { ...twice }] });
    expect(res2.body.results.map((r: { status: string }) => r.status)).toEqual(["created", "duplicate"]);
  });

  it("edit then edit back returns events and counters to the same state; a replayed edit changes nothing", async () => {
    const s = aSnap(complete(0, 1, 9));
    await a.head.post("/api/team/snaps", { snaps: [s] });
    const contents = async () =>
      (await database.db.selectFrom("events").selectAll().where("team_id", "=", a.teamId).execute())
        .map((e) => [e.snap_id, e.player_id, e.event_type, e.yards, e.play_id, e.occurred_at].join(" "))
        .sort();
    const before = { events: await contents(), counters: await countersMatchSource(database) };

    const edit = {
      period: 2,
      detail: { kind: "pass", passerId: p(2), targetId: p(3), result: "touchdown", yards: 40 },
    };
    heard.length = 0;
    const first = await a.assistant.request("PUT", `/api/team/snaps/${s.id}`, { json: edit });
    expect(first.status).toBe(200);
    expect(first.body.snap).toMatchObject({
      id: s.id,
      period: 2,
      detail: edit.detail,
      points: { us: 6, them: 0 },
      loggedBy: { id: a.headMe.id, name: "Casey Coach" },
    });
    expect(first.body.snap.editedAt).not.toBeNull();
    expect(heard).toEqual(["events"]);
    await expectConsistent();
    expect(await contents()).not.toEqual(before.events);

    heard.length = 0;
    const replay = await a.assistant.request("PUT", `/api/team/snaps/${s.id}`, { json: edit });
    expect(replay.status).toBe(200);
    expect(replay.body.snap).toEqual(first.body.snap);
    expect(heard).toEqual([]);

    const back = await a.head.request("PUT", `/api/team/snaps/${s.id}`, { json: { period: 1, detail: s.detail } });
    expect(back.status).toBe(200);
    expect(back.body.snap.points).toEqual({ us: 0, them: 0 });
    expect({ events: await contents(), counters: await countersMatchSource(database) }).toEqual(before);
  });

  it("edit: 404 for an unknown snap or another team's; 400 for a player not on the team", async () => {
    const s = aSnap({ kind: "sack", defenderId: p(0) });
    await a.head.post("/api/team/snaps", { snaps: [s] });
    const body = { period: 1, detail: { kind: "sack", defenderId: p(1) } };
    expect((await a.head.request("PUT", `/api/team/snaps/${randomUUID()}`, { json: body })).status).toBe(404);
    const cross = await b.head.request("PUT", `/api/team/snaps/${s.id}`, {
      json: { period: 1, detail: { kind: "sack", defenderId: b.players[0]!.me.id } },
    });
    expect(cross.status).toBe(404);
    const foreign = await a.head.request("PUT", `/api/team/snaps/${s.id}`, {
      json: { period: 1, detail: { kind: "sack", defenderId: b.players[0]!.me.id } },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toEqual({ "detail.defenderId": "This player is not on your team." });
    expect((await a.players[0]!.client.request("PUT", `/api/team/snaps/${s.id}`, { json: body })).status).toBe(403);
    const row = await database.db.selectFrom("snaps").select("detail").where("id", "=", s.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.detail)).toEqual(s.detail);
  });

  it("delete removes the snap, its events and participants; counters equal a recount; then 404", async () => {
    const s = aSnap({ kind: "interception", defenderId: p(3), returnTouchdown: true, yards: 22 });
    await a.head.post("/api/team/snaps", { snaps: [s] });
    expect((await b.head.delete(`/api/team/snaps/${s.id}`)).status).toBe(404);
    expect((await a.players[3]!.client.delete(`/api/team/snaps/${s.id}`)).status).toBe(403);
    heard.length = 0;
    const res = await a.assistant.delete(`/api/team/snaps/${s.id}`);
    expect(res.status).toBe(204);
    expect(heard).toEqual(["events"]);
    expect(await database.db.selectFrom("events").select("id").where("snap_id", "=", s.id).execute()).toEqual([]);
    expect(
      await database.db.selectFrom("snap_players").select("player_id").where("snap_id", "=", s.id).execute(),
    ).toEqual([]);
    expect((await sheet()).snaps.some((x) => x.id === s.id)).toBe(false);
    await expectConsistent();
    expect((await a.head.delete(`/api/team/snaps/${s.id}`)).status).toBe(404);
  });

  it("a deleted snap is created again with its id and time (Undo after a delete): its events and counters come back", async () => {
    const s = aSnap(complete(0, 2, 7));
    expect((await a.head.post("/api/team/snaps", { snaps: [s] })).body.results).toEqual([
      { id: s.id, status: "created" },
    ]);
    const before = await eventCount(database, a.teamId);
    expect((await a.head.delete(`/api/team/snaps/${s.id}`)).status).toBe(204);
    expect(await eventCount(database, a.teamId)).toBe(before - 2);

    const again = await a.head.post("/api/team/snaps", { snaps: [s] });
    expect(again.status).toBe(200);
    expect(again.body.results).toEqual([{ id: s.id, status: "created" }]);
    const back = (await sheet()).snaps.find((x) => x.id === s.id);
    expect(back).toMatchObject({ occurredAt: s.occurredAt, detail: s.detail, editedAt: null });
    expect(await eventCount(database, a.teamId)).toBe(before);
    await expectConsistent();
    // A replay of the re-create is a duplicate, as any replay.
    expect((await a.head.post("/api/team/snaps", { snaps: [s] })).body.results).toEqual([
      { id: s.id, status: "duplicate" },
    ]);
  });

  it("an event a snap implies cannot be deleted or retagged on its own (409, nothing changes); the snap's delete takes it", async () => {
    const s = aSnap(complete(0, 1, 9));
    await a.head.post("/api/team/snaps", { snaps: [s] });
    const implied = await database.db.selectFrom("events").select("id").where("snap_id", "=", s.id).execute();
    expect(implied).toHaveLength(2);
    const res = await a.head.delete(`/api/team/events/${implied[0]!.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("event_of_snap");
    expect(res.body.error.message).toMatch(/part of a snap/);
    expect(await database.db.selectFrom("events").select("id").where("snap_id", "=", s.id).execute()).toHaveLength(2);
    // Nor can it be tagged with a play on its own: the snap's play is the play of all its events.
    const play = await insertPlay(database, a.teamId);
    const retag = await a.head.request("PATCH", `/api/team/events/${implied[0]!.id}/play`, { json: { playId: play } });
    expect(retag.status).toBe(409);
    expect(retag.body.error.code).toBe("event_of_snap");
    await expectConsistent();
    expect((await a.head.delete(`/api/team/snaps/${s.id}`)).status).toBe(204);
    expect((await a.head.delete(`/api/team/events/${implied[0]!.id}`)).status).toBe(404);
  });

  it("two coaches posting to one game at once: every snap lands and the score is their sum", async () => {
    const game = (await a.head.post("/api/team/sessions", { kind: "game", date: "2026-10-10", opponent: "Owls" })).body
      .session.id;
    const details: SnapDetail[] = [
      complete(0, 1, 7),
      { kind: "pass", passerId: p(0), targetId: p(2), result: "touchdown", yards: 15 },
      { kind: "run", runnerId: p(1), yards: 3, touchdown: false },
      { kind: "try", points: 2, method: "run", good: true, passerId: null, scorerId: p(2) },
      { kind: "opponent_score", score: "touchdown" },
      { kind: "safety", defenderId: p(3) },
      { kind: "sack", defenderId: p(3) },
      { kind: "interception", defenderId: p(1), returnTouchdown: true, yards: 35 },
    ];
    const requests = Array.from({ length: 40 }, (_, i) => {
      const snaps = Array.from({ length: 1 + (i % 3) }, (_, j) =>
        aSnap(details[(i * 3 + j) % details.length]!, { sessionId: game }),
      );
      return { client: i % 2 === 0 ? a.head : a.assistant, snaps };
    });
    const answers = await Promise.all(requests.map((r) => r.client.post("/api/team/snaps", { snaps: r.snaps })));
    expect(answers.map((r) => r.status)).toEqual(requests.map(() => 200));
    const all = requests.flatMap((r) => r.snaps);
    const expected = all.reduce(
      (sum, s) => {
        const pts = pointsOfSnap(s.detail as SnapDetail, DEFAULT_LEAGUE_RULES);
        return { us: sum.us + pts.us, them: sum.them + pts.them };
      },
      { us: 0, them: 0 },
    );
    const result = await sheet(game);
    expect(result.scoreboard.snapCount).toBe(all.length);
    expect(result.scoreboard.score).toEqual(expected);
    expect(new Set(result.snaps.map((s) => s.id))).toEqual(new Set(all.map((s) => s.id)));
    const loggers = new Set(result.snaps.map((s) => s.loggedBy.name));
    expect(loggers).toEqual(new Set(["Casey Coach", "Alex Assistant"]));
    await expectConsistent();
  });

  it("the game sheet: snaps in game order (time, then id), who logged each, and the named players", async () => {
    const game = (await a.head.post("/api/team/sessions", { kind: "game", date: "2026-10-11", opponent: "Rams" })).body
      .session.id;
    const at = (m: number) => new Date(Date.UTC(2026, 9, 11, 15, m)).toISOString();
    const [lo, hi] = [randomUUID(), randomUUID()].sort();
    const s3 = { id: randomUUID(), sessionId: game, period: 2, occurredAt: at(30), detail: complete(0, 1, 5) };
    const s1 = { id: hi!, sessionId: game, period: 1, occurredAt: at(5), detail: { kind: "sack", defenderId: p(2) } };
    const s0 = { id: lo!, sessionId: game, period: 1, occurredAt: at(5), detail: { kind: "stop", defenderId: p(3) } };
    // Halftime at :20 (the game owns its period, decision 0022).
    await a.head.request("PUT", `/api/team/sessions/${game}/period`, { json: { period: 2, at: at(20) } });
    await a.assistant.post("/api/team/snaps", { snaps: [s3] });
    await a.head.post("/api/team/snaps", { snaps: [s1, s0] });

    const res = await a.players[0]!.client.get(`/api/team/sessions/${game}/snaps`);
    expect(res.status).toBe(200);
    const body = res.body as GameSheetResponse;
    expect(body.snaps.map((s) => s.id)).toEqual([s0.id, s1.id, s3.id]);
    expect(body.snaps.map((s) => s.loggedBy.name)).toEqual(["Casey Coach", "Casey Coach", "Alex Assistant"]);
    expect(body.snaps[2]).toMatchObject({
      sessionId: game,
      playId: null,
      period: 2,
      firstDown: false,
      occurredAt: s3.occurredAt,
      points: { us: 0, them: 0 },
      editedAt: null,
      loggedBy: { id: expect.any(String), name: "Alex Assistant" },
    });
    expect(body.scoreboard).toMatchObject({
      sessionId: game,
      kind: "game",
      date: "2026-10-11",
      opponent: "Rams",
      homeAway: null,
      score: { us: 0, them: 0 },
      final: null,
      result: null,
      period: 2,
      periodLabel: "2nd half",
      down: null,
      snapCount: 3,
    });
    expect(body.rules).toEqual(DEFAULT_LEAGUE_RULES);
    expect(body.players.map((x) => x.id).sort()).toEqual([p(0), p(1), p(2), p(3)].sort());
    expect(body.players.find((x) => x.id === p(0))).toMatchObject({ name: "Player A", jerseyNumber: 10 });

    expect((await b.head.get(`/api/team/sessions/${game}/snaps`)).status).toBe(404);
    expect((await b.players[0]!.client.get(`/api/team/sessions/${game}/snaps`)).status).toBe(404);
    expect((await a.head.get(`/api/team/sessions/${randomUUID()}/snaps`)).status).toBe(404);
  });

  it("players may read but never write snaps", async () => {
    const res = await a.players[1]!.client.post("/api/team/snaps", { snaps: [aSnap(complete(0, 1))] });
    expect(res.status).toBe(403);
  });
});
