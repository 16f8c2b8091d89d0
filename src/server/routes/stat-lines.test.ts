import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StatLinesResponse } from "#domain/api/game.js";
import { eventsOfSnap, participantsOfSnap, type SnapDetail } from "#domain/snaps.js";
import { recordEvent } from "../db/events.js";
import { createTeamSession } from "../db/team-sessions.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, signUpCoach, signUpPlayer, TestClient } from "#tests/server/support/test-client.js";

/*
 * GET /api/team/players/{id}/stat-lines and GET /api/me/stat-lines on both engines, with hand-worked numbers.
 * Snaps are written straight into snaps, snap_players and events (with the events the snap implies, as the
 * snap writer does), so these tests do not depend on the snap write path.
 */

type App = ReturnType<typeof createTestApp>["app"];

describe.each(testEngines())("football stat lines on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
  });
  afterAll(async () => database?.cleanup());

  let clock = Date.parse("2026-10-01T12:00:00.000Z");
  const nextTime = () => new Date((clock += 1000)).toISOString();

  /** A snap as the snap writer stores it: the row, its participants and the events it implies. */
  async function snap(teamId: string, sessionId: string, createdBy: string, detail: SnapDetail) {
    const id = randomUUID();
    const at = nextTime();
    await database.db
      .insertInto("snaps")
      .values({
        id,
        team_id: teamId,
        session_id: sessionId,
        play_id: null,
        kind: detail.kind,
        detail: JSON.stringify(detail),
        period: 1,
        first_down: 0,
        our_points: 0,
        their_points: 0,
        occurred_at: at,
        created_by: createdBy,
        created_at: at,
        edited_at: null,
        edited_by: null,
      })
      .execute();
    const players = participantsOfSnap(detail).map((p) => ({ snap_id: id, player_id: p.playerId, role: p.role }));
    if (players.length) await database.db.insertInto("snap_players").values(players).execute();
    for (const e of eventsOfSnap(detail)) {
      await database.db
        .insertInto("events")
        .values({
          id: randomUUID(),
          team_id: teamId,
          player_id: e.playerId,
          session_id: sessionId,
          play_id: null,
          event_type: e.eventType,
          yards: e.yards,
          occurred_at: at,
          created_by: createdBy,
          created_at: at,
          snap_id: id,
          season_id: sql<string>`(select season_id from team_sessions where id = ${sessionId})`,
        })
        .execute();
    }
    return id;
  }

  /** An event logged on its own (before snaps existed), through the event store with its counters. */
  function loose(teamId: string, createdBy: string) {
    return (playerId: string, eventType: string, yards: number | null = null, sessionId: string | null = null) =>
      recordEvent(database.db, {
        id: randomUUID(),
        teamId,
        playerId,
        eventType,
        yards,
        sessionId,
        occurredAt: nextTime(),
        createdBy,
      });
  }

  async function setFinal(sessionId: string, us: number, them: number) {
    await database.db
      .updateTable("team_sessions")
      .set({ final_us: us, final_them: them, ended_at: nextTime() })
      .where("id", "=", sessionId)
      .execute();
  }

  let coach: Awaited<ReturnType<typeof signUpCoach>>;
  let quinn: Awaited<ReturnType<typeof signUpPlayer>>;
  let wren: Awaited<ReturnType<typeof signUpPlayer>>;
  let cole: Awaited<ReturnType<typeof signUpPlayer>>;
  let otherCoach: Awaited<ReturnType<typeof signUpCoach>>;
  let outsider: Awaited<ReturnType<typeof signUpPlayer>>;
  const games: Record<"a" | "b" | "c", string> = { a: "", b: "", c: "" };
  let practice = "";

  beforeAll(async () => {
    coach = await signUpCoach(app, "Falcons");
    const code = coach.me.team!.code;
    quinn = await signUpPlayer(app, code, { fullName: "Quinn Passer", primaryPosition: "qb", jerseyNumber: 7 });
    wren = await signUpPlayer(app, code, { fullName: "Wren Wideout", primaryPosition: "wr", jerseyNumber: 11 });
    cole = await signUpPlayer(app, code, { fullName: "Cole Corner", primaryPosition: "cb", jerseyNumber: 24 });
    otherCoach = await signUpCoach(app, "Eagles");
    outsider = await signUpPlayer(app, otherCoach.me.team!.code, { fullName: "Otto Outsider", primaryPosition: "qb" });

    const teamId = coach.me.team!.id;
    const by = coach.me.id;
    const session = async (kind: "game" | "practice", date: string, opponent: string | null) =>
      (await createTeamSession(database.db, { teamId, kind, date, opponent, createdBy: by })).id;
    games.a = await session("game", "2026-10-03", "Eagles");
    games.b = await session("game", "2026-10-10", "Hawks");
    games.c = await session("game", "2026-10-17", "Owls");
    practice = await session("practice", "2026-10-05", null);
    const q = quinn.me.id;
    const w = wren.me.id;
    const c = cole.me.id;

    // Game A (won 21-14): Quinn 3 of 5 for 40 yards (12, 8 and a 20-yard touchdown), one interception.
    await snap(teamId, games.a, by, { kind: "pass", passerId: q, targetId: w, result: "complete", yards: 12 });
    await snap(teamId, games.a, by, { kind: "pass", passerId: q, targetId: w, result: "complete", yards: 8 });
    await snap(teamId, games.a, by, { kind: "pass", passerId: q, targetId: w, result: "touchdown", yards: 20 });
    await snap(teamId, games.a, by, { kind: "pass", passerId: q, targetId: w, result: "incomplete", yards: null });
    await snap(teamId, games.a, by, { kind: "pass", passerId: q, targetId: null, result: "intercepted", yards: null });
    await snap(teamId, games.a, by, { kind: "flag_pull", defenderId: c, yards: null });
    await snap(teamId, games.a, by, { kind: "interception", defenderId: c, returnTouchdown: false, yards: null });
    await snap(teamId, games.a, by, { kind: "pass_defended", defenderId: c });
    await setFinal(games.a, 21, 14);

    // Game B (no final score yet): three completions of 12, 8 and unlogged yards; Wren runs for 5.
    await snap(teamId, games.b, by, { kind: "pass", passerId: q, targetId: w, result: "complete", yards: 12 });
    await snap(teamId, games.b, by, { kind: "pass", passerId: q, targetId: w, result: "complete", yards: 8 });
    await snap(teamId, games.b, by, { kind: "pass", passerId: q, targetId: w, result: "complete", yards: null });
    await snap(teamId, games.b, by, { kind: "run", runnerId: w, yards: 5, touchdown: false });

    // Legacy events, logged on their own: a practice completion, a TD pass outside any session, Wren's catch in
    // game A, and Cole's sack in game C (a 7-7 tie) where he has no snap.
    const log = loose(teamId, by);
    await log(q, "Pass Completion", 15, practice);
    await log(q, "Pass TD", 10);
    await log(w, "Catch", 6, games.a);
    await log(c, "Sack", null, games.c);
    await setFinal(games.c, 7, 7);

    // Another team's game and snap: never counted for anyone of the Falcons.
    const otherSession = await createTeamSession(database.db, {
      teamId: otherCoach.me.team!.id,
      kind: "game",
      date: "2026-10-03",
      opponent: "Falcons",
      createdBy: otherCoach.me.id,
    });
    await snap(otherCoach.me.team!.id, otherSession.id, otherCoach.me.id, {
      kind: "pass",
      passerId: outsider.me.id,
      targetId: null,
      result: "incomplete",
      yards: null,
    });
  });

  const linesOf = (client: TestClient, id: string) =>
    client.get<StatLinesResponse>(`/api/team/players/${encodeURIComponent(id)}/stat-lines`);

  it("a quarterback's game line: completions include the touchdown, yards, passer rating against a hand count", async () => {
    const res = await linesOf(coach.client, quinn.me.id);
    expect(res.status).toBe(200);
    const gameA = res.body.games.find((g) => g.sessionId === games.a)!;
    expect(gameA).toMatchObject({ date: "2026-10-03", opponent: "Eagles", result: "W" });
    expect(gameA.stat.groups).toEqual(["passing"]);
    expect(gameA.stat.line).toMatchObject({
      passAttempts: 5,
      completions: 3,
      passYards: 40,
      passYardsKnown: 3,
      passTouchdowns: 1,
      interceptionsThrown: 1,
    });
    // NFL formula: a = (3/5 - 0.3) * 5 = 1.5; b = (40/5 - 3) * 0.25 = 1.25; c = 1/5 * 20 = 4, capped at 2.375;
    // d = 2.375 - 1/5 * 25 < 0, floored at 0. (1.5 + 1.25 + 2.375 + 0) / 6 * 100 = 85.41... -> 85.4.
    expect(gameA.stat.figures).toMatchObject({
      completionPct: 60,
      passYards: 40,
      yardsPerAttempt: 8,
      passerRating: 85.4,
    });
  });

  it("yards-based figures are null unless every completion's yards were logged (12, 8 and none)", async () => {
    const res = await linesOf(coach.client, quinn.me.id);
    const gameB = res.body.games.find((g) => g.sessionId === games.b)!;
    expect(gameB).toMatchObject({ date: "2026-10-10", opponent: "Hawks", result: null });
    expect(gameB.stat.line).toMatchObject({ passAttempts: 3, completions: 3, passYards: 20, passYardsKnown: 2 });
    expect(gameB.stat.figures).toMatchObject({
      completionPct: 100,
      passYards: null,
      yardsPerAttempt: null,
      passerRating: null,
    });
  });

  it("the season adds legacy events to the snaps, and lists the games newest first", async () => {
    const res = await linesOf(coach.client, quinn.me.id);
    // Snaps 8 attempts, 6 completions (5 with yards: 12 + 8 + 20 + 12 + 8); legacy 15-yard completion and
    // 10-yard TD pass: 10 attempts, 8 completions, 7 with yards, 85 yards, 2 TD, 1 INT.
    expect(res.body.season.line).toMatchObject({
      passAttempts: 10,
      completions: 8,
      passYards: 85,
      passYardsKnown: 7,
      passTouchdowns: 2,
      interceptionsThrown: 1,
      targets: 0,
      catches: 0,
    });
    expect(res.body.season.figures).toMatchObject({ completionPct: 80, passYards: null, passerRating: null });
    expect(res.body.season.groups).toEqual(["passing"]);
    // The practice and the session-less event count for the season only; game C had nothing of Quinn's.
    expect(res.body.games.map((g) => g.sessionId)).toEqual([games.b, games.a]);
  });

  it("a receiver's line counts snaps and legacy catches once each, never the events a snap implied", async () => {
    const res = await linesOf(coach.client, wren.me.id);
    expect(res.status).toBe(200);
    // Game A: targets on 4 snaps (12, 8, TD 20, incomplete) plus a legacy 6-yard catch.
    const gameA = res.body.games.find((g) => g.sessionId === games.a)!;
    expect(gameA.stat.line).toMatchObject({
      targets: 5,
      catches: 4,
      receivingYards: 46,
      receivingTouchdowns: 1,
      passAttempts: 0,
    });
    expect(gameA.stat.figures).toMatchObject({ receivingYards: 46, yardsPerCatch: 11.5 });
    expect(gameA.stat.groups).toEqual(["receiving"]);
    const gameB = res.body.games.find((g) => g.sessionId === games.b)!;
    expect(gameB.stat.line).toMatchObject({ targets: 3, catches: 3, carries: 1, rushingYards: 5 });
    expect(gameB.stat.figures).toMatchObject({ receivingYards: null, rushingYards: 5, yardsPerCarry: 5 });
    expect(res.body.season.groups).toEqual(["receiving", "rushing"]);
    expect(res.body.season.line).toMatchObject({ targets: 8, catches: 7, receivingYards: 66, carries: 1 });
  });

  it("a corner's defense leads, and a game with only a legacy event is listed with its tie", async () => {
    const res = await linesOf(coach.client, cole.me.id);
    expect(res.body.season.groups).toEqual(["defense"]);
    expect(res.body.season.line).toMatchObject({ flagPulls: 1, interceptions: 1, passesDefended: 1, sacks: 1 });
    expect(res.body.games.map((g) => [g.sessionId, g.result])).toEqual([
      [games.c, "T"],
      [games.a, "W"],
    ]);
    expect(res.body.games[0]!.stat.line).toMatchObject({ sacks: 1, flagPulls: 0 });
  });

  it("a player with nothing logged gets zero lines and no games", async () => {
    const rookie = await signUpPlayer(app, coach.me.team!.code, { fullName: "Rae Rookie", primaryPosition: "rb" });
    const res = await linesOf(coach.client, rookie.me.id);
    expect(res.status).toBe(200);
    expect(res.body.games).toEqual([]);
    expect(res.body.season.groups).toEqual(["rushing"]);
    expect(res.body.season.line.carries).toBe(0);
    expect(res.body.season.figures.rushingYards).toBeNull();
  });

  it("another team's player, or an unknown id, answers 404 like the player detail", async () => {
    for (const id of [outsider.me.id, "no-such-player", coach.me.id]) {
      const res = await coach.client.get<{ error: { code: string } }>(
        `/api/team/players/${encodeURIComponent(id)}/stat-lines`,
      );
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    // And the other team's coach cannot read ours.
    expect((await linesOf(otherCoach.client, quinn.me.id)).status).toBe(404);
    expect((await linesOf(otherCoach.client, outsider.me.id)).status).toBe(200);
  });

  it("a player reads only their own lines, at /api/me/stat-lines; never /api/team/...", async () => {
    const own = await quinn.client.get<StatLinesResponse>("/api/me/stat-lines");
    expect(own.status).toBe(200);
    expect(own.body).toEqual((await linesOf(coach.client, quinn.me.id)).body);

    expect((await linesOf(quinn.client, quinn.me.id)).status).toBe(403);
    expect((await linesOf(quinn.client, wren.me.id)).status).toBe(403);
    expect((await coach.client.get("/api/me/stat-lines")).status).toBe(403);
    const anonymous = new TestClient(app);
    expect((await anonymous.get("/api/me/stat-lines")).status).toBe(401);
    expect((await linesOf(anonymous, quinn.me.id)).status).toBe(401);
  });

  it("both endpoints are in the OpenAPI document, with their answers", async () => {
    const res = await new TestClient(app).get("/api/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    // 421: the Host check; 429: an API token's rate limit; 503: the database out of reach (http/openapi-document.ts,
    // http/bearer-token.ts).
    expect(Object.keys(paths["/api/team/players/{id}/stat-lines"]!.get!.responses).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "421",
      "429",
      "503",
    ]);
    expect(paths["/api/me/stat-lines"]!.get!.responses["200"]).toBeDefined();
    expect(res.body.components.schemas.StatLines).toBeDefined();
  });

  it("the other team's player sees only their own team's snaps", async () => {
    const res = await outsider.client.get<StatLinesResponse>("/api/me/stat-lines");
    expect(res.status).toBe(200);
    expect(res.body.season.line).toMatchObject({ passAttempts: 1, completions: 0 });
    expect(res.body.games).toHaveLength(1);
  });
});
