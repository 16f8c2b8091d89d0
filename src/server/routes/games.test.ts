import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GamesResponse, NewSnapInput, ScoreboardDto } from "#domain/api/game.js";
import { DEFAULT_LEAGUE_RULES } from "#domain/league-rules.js";
import { seedProfile, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp } from "#tests/server/support/test-client.js";
import { aSnap, anEvent, loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";
import { SESSION_ID_TAKEN } from "./team-sessions.js";

describe.each(testEngines())("games API on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let a: LoggerTeam;
  let b: LoggerTeam;
  const heard: string[] = [];

  beforeAll(async () => {
    database = await create();
    const built = createTestApp(database);
    app = built.app;
    a = await loggerTeam(app, "Falcons A", 3);
    b = await loggerTeam(app, "Bears B", 1);
    built.services.hub.subscribe(a.teamId, (change) => heard.push(change.kind));
  });
  afterAll(async () => database?.cleanup());

  const p = (i: number) => a.players[i]!.me.id;
  const touchdown = (sessionId: string) =>
    aSnap(sessionId, { kind: "pass", passerId: p(0), targetId: p(1), result: "touchdown", yards: 20 });
  const theirTouchdown = (sessionId: string) => aSnap(sessionId, { kind: "opponent_score", score: "touchdown" });

  async function newGame(date: string, opponent: string, over: Record<string, unknown> = {}) {
    const res = await a.head.post("/api/team/sessions", { kind: "game", date, opponent, ...over });
    expect(res.status).toBe(201);
    return res.body.session.id as string;
  }
  async function logSnaps(snaps: NewSnapInput[]) {
    const res = await a.head.post("/api/team/snaps", { snaps });
    expect(res.status).toBe(200);
  }
  const today = () => new Date().toISOString().slice(0, 10);

  describe("sessions", () => {
    it("a client-made id: created once (201), a replay answers 200 with it unchanged, another team's id 409", async () => {
      const id = randomUUID();
      const body = { id, kind: "game", date: "2026-09-05", opponent: "Owls", homeAway: "away" };
      heard.length = 0;
      const first = await a.head.post("/api/team/sessions", body);
      expect(first.status).toBe(201);
      expect(first.body.session).toMatchObject({ id, kind: "game", opponent: "Owls", homeAway: "away" });
      expect(heard).toEqual(["sessions"]);

      heard.length = 0;
      const again = await a.assistant.post("/api/team/sessions", { ...body, opponent: "Someone else" });
      expect(again.status).toBe(200);
      expect(again.body.session).toEqual(first.body.session);
      expect(heard).toEqual([]);

      const taken = await b.head.post("/api/team/sessions", { ...body, opponent: "Hawks" });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toEqual({
        code: "session_id_taken",
        message: SESSION_ID_TAKEN,
        fields: { id: SESSION_ID_TAKEN },
        requestId: taken.headers.get("x-request-id"),
      });
      expect(JSON.stringify(taken.body)).not.toContain("Owls");
      const stored = await database.db.selectFrom("team_sessions").selectAll().where("id", "=", id).execute();
      expect(stored.map((s) => [s.team_id, s.opponent])).toEqual([[a.teamId, "Owls"]]);
    });

    it("home or away: games only; a PATCH sets and clears it; a game turned practice loses it and its final", async () => {
      const practice = await a.head.post("/api/team/sessions", {
        kind: "practice",
        date: "2026-09-06",
        homeAway: "home",
      });
      expect(practice.status).toBe(400);
      expect(practice.body.error.fields).toEqual({ homeAway: "Only a game is played at home or away." });
      expect(
        (await a.head.post("/api/team/sessions", { kind: "game", date: "2026-09-06", homeAway: "neutral" })).status,
      ).toBe(400);

      const id = await newGame("2026-09-06", "Lynx", { homeAway: "home" });
      heard.length = 0;
      const patched = await a.head.request("PATCH", `/api/team/sessions/${id}`, { json: { homeAway: "away" } });
      expect(patched.status).toBe(200);
      expect(patched.body.session.homeAway).toBe("away");
      expect(heard).toEqual(["sessions"]);
      expect((await a.head.get(`/api/team/sessions/${id}`)).body.session.homeAway).toBe("away");

      await logSnaps([touchdown(id)]);
      expect((await a.head.post(`/api/team/sessions/${id}/final`, { us: 6, them: 0 })).status).toBe(200);
      const turned = await a.head.request("PATCH", `/api/team/sessions/${id}`, { json: { kind: "practice" } });
      expect(turned.status).toBe(200);
      expect(turned.body.session).toMatchObject({ kind: "practice", homeAway: null, opponent: null });
      const sheet = (await a.head.get(`/api/team/sessions/${id}/snaps`)).body;
      expect(sheet.scoreboard).toMatchObject({
        kind: "practice",
        final: null,
        homeAway: null,
        score: { us: 6, them: 0 },
      });
      const refused = await a.head.request("PATCH", `/api/team/sessions/${id}`, { json: { homeAway: "home" } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({ homeAway: "Only a game is played at home or away." });
    });
  });

  describe("final score", () => {
    it("ends a game with the snaps' total (not corrected), or with another score (corrected); reopens; overwrites", async () => {
      const id = await newGame("2026-09-12", "Wolves", { homeAway: "home" });
      await logSnaps([touchdown(id), theirTouchdown(id), touchdown(id)]);

      heard.length = 0;
      const ended = await a.assistant.post(`/api/team/sessions/${id}/final`, { us: 12, them: 6 });
      expect(ended.status).toBe(200);
      const board = ended.body.scoreboard as ScoreboardDto;
      expect(board).toMatchObject({
        sessionId: id,
        score: { us: 12, them: 6 },
        final: { us: 12, them: 6, corrected: false, endedBy: "Alex Assistant" },
        result: "W",
        homeAway: "home",
        snapCount: 3,
      });
      expect(Date.parse(board.final!.endedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(heard).toEqual(["sessions"]);

      const corrected = await a.head.post(`/api/team/sessions/${id}/final`, { us: 12, them: 14 });
      expect(corrected.body.scoreboard).toMatchObject({
        score: { us: 12, them: 6 },
        final: { us: 12, them: 14, corrected: true, endedBy: "Casey Coach" },
        result: "L",
      });

      const reopened = await a.head.delete(`/api/team/sessions/${id}/final`);
      expect(reopened.status).toBe(200);
      expect(reopened.body.scoreboard).toMatchObject({ final: null, result: null, score: { us: 12, them: 6 } });
      const tie = await a.head.post(`/api/team/sessions/${id}/final`, { us: 7, them: 7 });
      expect(tie.body.scoreboard).toMatchObject({ final: { corrected: true }, result: "T" });
    });

    it("a practice has no final score (400); another team's game is 404; players and bad scores are refused", async () => {
      const practice = (await a.head.post("/api/team/sessions", { kind: "practice", date: "2026-09-13" })).body.session
        .id;
      const res = await a.head.post(`/api/team/sessions/${practice}/final`, { us: 1, them: 0 });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("not_a_game");
      expect((await a.head.delete(`/api/team/sessions/${practice}/final`)).status).toBe(400);

      const id = await newGame("2026-09-13", "Foxes");
      expect((await b.head.post(`/api/team/sessions/${id}/final`, { us: 1, them: 0 })).status).toBe(404);
      expect((await b.head.delete(`/api/team/sessions/${id}/final`)).status).toBe(404);
      expect((await a.players[0]!.client.post(`/api/team/sessions/${id}/final`, { us: 1, them: 0 })).status).toBe(403);
      const negative = await a.head.post(`/api/team/sessions/${id}/final`, { us: -1, them: 0 });
      expect(negative.status).toBe(400);
      expect(negative.body.error.fields).toEqual({ us: "Our score cannot be negative." });
      const row = await database.db
        .selectFrom("team_sessions")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect([row.final_us, row.ended_at]).toEqual([null, null]);
    });
  });

  describe("games and record", () => {
    it("lists the team's games newest first with their snaps' sums, and the record of the final ones", async () => {
      // A team of its own, so the list holds exactly these games.
      const c = await loggerTeam(app, "Comets C", 2);
      const cp = (i: number) => c.players[i]!.me.id;
      const game = async (date: string, opponent: string) =>
        (await c.head.post("/api/team/sessions", { kind: "game", date, opponent })).body.session.id as string;
      const g1 = await game("2026-08-01", "Ants");
      const g2 = await game("2026-08-08", "Bees");
      const g3 = await game("2026-08-15", "Cats");
      const g4 = await game("2026-08-22", "Dogs");
      await c.head.post("/api/team/sessions", { kind: "practice", date: "2026-08-23" });
      const td = (sessionId: string, period = 1) =>
        aSnap(sessionId, { kind: "run", runnerId: cp(0), yards: 10, touchdown: true }, { period });
      const opp = (sessionId: string) => aSnap(sessionId, { kind: "opponent_score", score: "touchdown" });
      const safety = (sessionId: string) => aSnap(sessionId, { kind: "safety", defenderId: cp(1) });
      // The game owns its period (decision 0022): g4 is in its 2nd half.
      await c.head.request("PUT", `/api/team/sessions/${g4}/period`, { json: { period: 2 } });
      const post = await c.head.post("/api/team/snaps", {
        snaps: [td(g1), td(g1), opp(g1), opp(g2), safety(g2), td(g3), opp(g3), safety(g4), td(g4, 2)],
      });
      expect(post.status).toBe(200);
      await c.head.post(`/api/team/sessions/${g1}/final`, { us: 12, them: 6 });
      await c.head.post(`/api/team/sessions/${g2}/final`, { us: 2, them: 6 });
      await c.head.post(`/api/team/sessions/${g3}/final`, { us: 6, them: 6 });

      const res = await c.players[0]!.client.get("/api/team/games");
      expect(res.status).toBe(200);
      const body = res.body as GamesResponse;
      expect(body.games.map((g) => [g.opponent, g.score.us, g.score.them, g.result, g.snapCount])).toEqual([
        ["Dogs", 8, 0, null, 2],
        ["Cats", 6, 6, "T", 2],
        ["Bees", 2, 6, "L", 2],
        ["Ants", 12, 6, "W", 3],
      ]);
      expect(body.games[0]).toMatchObject({
        kind: "game",
        period: 2,
        periodLabel: "2nd half",
        final: null,
        down: null,
      });
      expect(body.record).toEqual({ wins: 1, losses: 1, ties: 1, text: "1-1-1" });

      // B's games are B's own.
      const other = (await b.head.get("/api/team/games")).body as GamesResponse;
      expect(other.games.some((g) => [g1, g2, g3, g4].includes(g.sessionId))).toBe(false);
    });
  });

  describe("today's scoreboard", () => {
    it("is today's game still being played, else today's latest game, else null; in the viewer's day", async () => {
      const c = await loggerTeam(app, "Dingoes D", 1);
      expect((await c.head.get("/api/team/scoreboard")).body).toEqual({ scoreboard: null });
      // Yesterday's game is not today's.
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      await c.head.post("/api/team/sessions", { kind: "game", date: yesterday, opponent: "Old" });
      expect((await c.head.get("/api/team/scoreboard?tzOffset=0")).body).toEqual({ scoreboard: null });

      const live = (await c.head.post("/api/team/sessions", { kind: "game", date: today(), opponent: "Live" })).body
        .session.id;
      // "Latest made" is by creation time to the millisecond: with warm modules two creations can share one.
      const liveMade = Date.now();
      while (Date.now() <= liveMade) await new Promise((resolve) => setImmediate(resolve));
      const done = (await c.head.post("/api/team/sessions", { kind: "game", date: today(), opponent: "Done" })).body
        .session.id;
      await c.head.post(`/api/team/sessions/${done}/final`, { us: 1, them: 0 });
      const res = await c.players[0]!.client.get("/api/team/scoreboard?tzOffset=0");
      expect(res.status).toBe(200);
      expect(res.body.scoreboard).toMatchObject({ sessionId: live, opponent: "Live", final: null });

      await c.head.post(`/api/team/sessions/${live}/final`, { us: 0, them: 0 });
      expect((await c.head.get("/api/team/scoreboard?tzOffset=0")).body.scoreboard.sessionId).toBe(done);

      // 14 hours east of UTC it may already be tomorrow: then these games are not "today".
      const east = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
      const far = (await c.head.get("/api/team/scoreboard?tzOffset=840")).body.scoreboard;
      if (east === today()) expect(far).not.toBeNull();
      else expect(far).toBeNull();
      expect((await c.head.get("/api/team/scoreboard?tzOffset=99999")).status).toBe(400);
    });

    it("shows the down when the league tracks downs", async () => {
      const c = await loggerTeam(app, "Eels E", 2);
      const put = await c.head.request("PUT", "/api/team/rules", {
        json: { ...DEFAULT_LEAGUE_RULES, trackDowns: true, periodKind: "quarter" },
      });
      expect(put.status).toBe(200);
      const id = (await c.head.post("/api/team/sessions", { kind: "game", date: today(), opponent: "Gars" })).body
        .session.id;
      const run = (yards: number) =>
        aSnap(id, { kind: "run", runnerId: c.players[0]!.me.id, yards, touchdown: false }, { period: 3 });
      await c.head.request("PUT", `/api/team/sessions/${id}/period`, { json: { period: 3 } });
      await c.head.post("/api/team/snaps", { snaps: [run(3), run(2)] });
      const board = (await c.head.get("/api/team/scoreboard?tzOffset=0")).body.scoreboard as ScoreboardDto;
      expect(board).toMatchObject({ down: "3rd & midfield", period: 3, periodLabel: "3rd quarter" });
      const games = (await c.head.get("/api/team/games")).body as GamesResponse;
      expect(games.games[0]!.down).toBe("3rd & midfield");
      await c.head.post(`/api/team/sessions/${id}/final`, { us: 0, them: 0 });
      expect(((await c.head.get("/api/team/games")).body as GamesResponse).games[0]!.down).toBeNull();
    });
  });

  describe("league rules", () => {
    it("defaults until set; a coach sets them (players read only); earlier snaps keep their points", async () => {
      const c = await loggerTeam(app, "Finches F", 1);
      expect((await c.players[0]!.client.get("/api/team/rules")).body).toEqual({ rules: DEFAULT_LEAGUE_RULES });
      const id = (await c.head.post("/api/team/sessions", { kind: "game", date: "2026-08-01", opponent: "Gulls" })).body
        .session.id;
      const td = () => aSnap(id, { kind: "run", runnerId: c.players[0]!.me.id, yards: 5, touchdown: true });
      await c.head.post("/api/team/snaps", { snaps: [td()] });

      const rules = { ...DEFAULT_LEAGUE_RULES, touchdownPoints: 7, noRunZones: ["  Midfield  "] };
      const refused = await c.players[0]!.client.request("PUT", "/api/team/rules", { json: rules });
      expect(refused.status).toBe(403);
      heard.length = 0;
      const put = await c.assistant.request("PUT", "/api/team/rules", { json: rules });
      expect(put.status).toBe(200);
      expect(put.body.rules).toEqual({ ...rules, noRunZones: ["Midfield"] });
      expect((await c.players[0]!.client.get("/api/team/rules")).body.rules.touchdownPoints).toBe(7);

      await c.head.post("/api/team/snaps", { snaps: [td()] });
      const sheet = (await c.head.get(`/api/team/sessions/${id}/snaps`)).body;
      expect(sheet.snaps.map((s: { points: { us: number } }) => s.points.us)).toEqual([6, 7]);
      expect(sheet.scoreboard.score).toEqual({ us: 13, them: 0 });

      const bad = await c.head.request("PUT", "/api/team/rules", { json: { ...rules, touchdownPoints: 0 } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toEqual({ touchdownPoints: "Touchdown points must be from 1 to 9." });
      // Another team's rules are untouched.
      expect((await b.head.get("/api/team/rules")).body.rules).toEqual(DEFAULT_LEAGUE_RULES);
    });

    it("announces a change of rules as a sessions change", async () => {
      heard.length = 0;
      await a.head.request("PUT", "/api/team/rules", { json: DEFAULT_LEAGUE_RULES });
      expect(heard).toEqual(["sessions"]);
    });
  });

  describe("box score CSV", () => {
    it("is an attachment with the team and player lines and the play-by-play, safe to open in a spreadsheet", async () => {
      const nameless = await seedProfile(database.db, {
        teamId: a.teamId,
        role: "player",
        fullName: '=HYPERLINK("http://evil.example","click")',
        jerseyNumber: null,
        primaryPosition: "rb",
        positions: ["rb"],
      });
      const id = await newGame("2026-09-20", '+Sharks, "the" @Bay');
      await a.head.request("PUT", `/api/team/sessions/${id}/period`, { json: { period: 2 } });
      await logSnaps([
        aSnap(id, { kind: "pass", passerId: p(0), targetId: p(1), result: "complete", yards: 12 }),
        aSnap(id, { kind: "run", runnerId: nameless.userId, yards: -3, touchdown: false }),
        aSnap(id, { kind: "pass", passerId: p(0), targetId: p(1), result: "touchdown", yards: 20 }, { period: 2 }),
      ]);
      // An event logged on its own in the game counts in the lines too.
      await a.head.post("/api/team/events", {
        events: [anEvent(p(2), { eventType: "Sack", yards: null, sessionId: id })],
      });

      const res = await a.players[1]!.client.request("GET", `/api/team/sessions/${id}/box-score.csv`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(res.headers.get("content-disposition")).toBe(
        'attachment; filename="box-score-2026-09-20-sharks-the-bay.csv"',
      );
      const csv = res.body as string;
      const lines = csv.split("\r\n");
      expect(lines[0]).toBe('"Date","Opponent","Home or away","Us","Them","Result","Status"');
      expect(lines[1]).toBe('"2026-09-20","\'+Sharks, ""the"" @Bay",,6,0,,"In progress"');
      expect(csv).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")",,');
      expect(csv).not.toMatch(/(^|,)"?[=+@]/m);
      expect(csv).toContain('1,"1st half",');
      expect(csv).toContain('"#10 → #11, 12 yds",0,0');
      expect(csv).toContain('"\'=HYPERLINK(""http://evil.example"",""click"") run, -3 yds",0,0');
      expect(csv).toContain('"#10 → #11, 20 yds, touchdown",6,0');
      const player = lines.find((l) => l.startsWith('"Player A",10,'));
      // Cmp, Att, Cmp %, Pass yds, Pass TD, INT thrown, Rating, then no catches and no carries (their yards blank).
      expect(player).toBe('"Player A",10,2,2,100,32,1,0,158.3,0,0,,0,0,0,,0,0,0,0,0,0,0,0,0,0,0,0');
      const sacker = lines.find((l) => l.startsWith('"Player C",12,'));
      expect(sacker).toContain(",1,");

      expect((await b.head.request("GET", `/api/team/sessions/${id}/box-score.csv`)).status).toBe(404);
      expect((await a.head.request("GET", `/api/team/sessions/${randomUUID()}/box-score.csv`)).status).toBe(404);
    });
  });
});
