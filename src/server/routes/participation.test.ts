import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewSnapInput } from "#domain/api/game.js";
import { DEFAULT_LEAGUE_RULES } from "#domain/league-rules.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp } from "#tests/server/support/test-client.js";
import { aSnap, loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";

describe.each(testEngines())("playing time on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let a: LoggerTeam;
  let b: LoggerTeam;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
    a = await loggerTeam(app, "Falcons A", 6);
    b = await loggerTeam(app, "Bears B", 1);
    const rules = await a.head.request("PUT", "/api/team/rules", {
      json: { ...DEFAULT_LEAGUE_RULES, minSnapsPerPeriod: 2 },
    });
    expect(rules.status).toBe(200);
  });
  afterAll(async () => database?.cleanup());

  const p = (i: number) => a.players[i]!.me.id;
  /** A 3-yard run of the first player. */
  const aRun = (sessionId: string, over: Partial<NewSnapInput> = {}) =>
    aSnap(sessionId, { kind: "run", runnerId: p(0), yards: 3, touchdown: false }, over);
  async function newGame(opponent: string) {
    const res = await a.head.post("/api/team/sessions", { kind: "game", date: "2026-09-26", opponent });
    expect(res.status).toBe(201);
    return res.body.session.id as string;
  }

  it("rules: the playing-time fields default, are set, and a rule set without them keeps the defaults", async () => {
    const { playersOnField: _p, minSnapsPerPeriod: _m, ...older } = DEFAULT_LEAGUE_RULES;
    const put = await b.head.request("PUT", "/api/team/rules", { json: older });
    expect(put.status).toBe(200);
    expect(put.body.rules).toMatchObject({ playersOnField: 5, minSnapsPerPeriod: null });
    const bad = await b.head.request("PUT", "/api/team/rules", {
      json: { ...DEFAULT_LEAGUE_RULES, playersOnField: 2, minSnapsPerPeriod: 0 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["minSnapsPerPeriod", "playersOnField"]);
    expect((await a.head.get("/api/team/rules")).body.rules).toMatchObject({ playersOnField: 5, minSnapsPerPeriod: 2 });
  });

  it("a snap keeps its lineup; an edit keeps it unless it sends one; a lineup names only the team's players", async () => {
    const game = await newGame("Owls");
    const lineup = [p(0), p(1), p(2), p(3), p(4)];
    const snap = aRun(game, { lineup });
    expect((await a.head.post("/api/team/snaps", { snaps: [snap, aRun(game)] })).status).toBe(200);
    const sheet = await a.head.get(`/api/team/sessions/${game}/snaps`);
    expect(sheet.body.snaps.map((s: { lineup: unknown }) => s.lineup)).toEqual([lineup, null]);

    const edit = { period: 1, detail: { kind: "run", runnerId: p(1), yards: 4, touchdown: false } };
    const kept = await a.head.request("PUT", `/api/team/snaps/${snap.id}`, { json: edit });
    expect(kept.status).toBe(200);
    expect(kept.body.snap.lineup).toEqual(lineup);
    const changed = await a.head.request("PUT", `/api/team/snaps/${snap.id}`, { json: { ...edit, lineup: [p(5)] } });
    expect(changed.body.snap.lineup).toEqual([p(5)]);

    const foreign = await a.head.post("/api/team/snaps", {
      snaps: [aRun(game, { lineup: [p(0), b.players[0]!.me.id] })],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toEqual({ "snaps.0.lineup.1": "This player is not on your team." });
    const twice = await a.head.post("/api/team/snaps", { snaps: [aRun(game, { lineup: [p(0), p(0)] })] });
    expect(twice.status).toBe(400);
    const many = Array.from({ length: 12 }, () => randomUUID());
    expect((await a.head.post("/api/team/snaps", { snaps: [aRun(game, { lineup: many })] })).status).toBe(400);
    const badEdit = await a.head.request("PUT", `/api/team/snaps/${snap.id}`, {
      json: { ...edit, lineup: [b.players[0]!.me.id] },
    });
    expect(badEdit.status).toBe(400);
  });

  it("participation: every roster player per period and in total, below the minimum marked, and as CSV", async () => {
    const game = await newGame("Sharks");
    const field = [p(0), p(1), p(2), p(3), p(4)];
    const swapped = [p(0), p(1), p(2), p(3), p(5)];
    await a.head.post("/api/team/snaps", {
      snaps: [aRun(game, { lineup: field }), aRun(game, { lineup: field }), aRun(game, { lineup: swapped })],
    });
    expect((await a.head.request("PUT", `/api/team/sessions/${game}/period`, { json: { period: 2 } })).status).toBe(
      200,
    );
    await a.head.post("/api/team/snaps", { snaps: [aRun(game, { period: 2, lineup: [p(5)] }), aRun(game)] });

    const res = await a.assistant.get(`/api/team/sessions/${game}/participation`);
    expect(res.status).toBe(200);
    expect(res.body.rules).toEqual({ playersOnField: 5, minSnapsPerPeriod: 2, periodKind: "half" });
    expect(res.body.periods).toBe(2);
    const rows = res.body.players as { fullName: string; jerseyNumber: number; byPeriod: number[]; total: number }[];
    expect(rows.map((r) => [r.fullName, r.jerseyNumber, r.byPeriod, r.total])).toEqual([
      ["Player A", 10, [3, 0], 3],
      ["Player B", 11, [3, 0], 3],
      ["Player C", 12, [3, 0], 3],
      ["Player D", 13, [3, 0], 3],
      ["Player E", 14, [2, 0], 2],
      ["Player F", 15, [1, 1], 2],
    ]);
    // In the 2nd half now: everyone is below 2 there.
    expect(res.body.players.every((r: { belowMinimum: boolean }) => r.belowMinimum)).toBe(true);

    const csv = await a.head.request("GET", `/api/team/sessions/${game}/participation.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="participation-2026-09-26-sharks.csv"');
    const lines = (csv.body as string).split("\r\n");
    expect(lines).toContain('"Player","Jersey","1st half","2nd half","Total","Below minimum"');
    expect(lines).toContain('"Player F",15,1,1,2,"Below minimum"');

    expect((await a.players[0]!.client.request("GET", `/api/team/sessions/${game}/participation`)).status).toBe(403);
    expect((await b.head.request("GET", `/api/team/sessions/${game}/participation`)).status).toBe(404);
    expect((await b.head.request("GET", `/api/team/sessions/${game}/participation.csv`)).status).toBe(404);
    expect((await a.head.request("GET", `/api/team/sessions/${randomUUID()}/participation`)).status).toBe(404);
  });
});
