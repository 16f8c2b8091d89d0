import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameSheetResponse, NewSnapInput } from "#domain/api/game.js";
import type { SnapDetail } from "#domain/snaps.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp } from "#tests/server/support/test-client.js";
import { eventCount, loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";
import { GAME_FINAL } from "./snaps.js";

/*
 * Issue #26 items 7 and 8 (decision 0022): the game owns its period, and a final game takes no snaps.
 */
describe.each(testEngines())("the game's period and a final game on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let a: LoggerTeam;
  let b: LoggerTeam;
  const heard: { kind: string; sessionId?: string }[] = [];

  beforeAll(async () => {
    database = await create();
    const built = createTestApp(database);
    app = built.app;
    a = await loggerTeam(app, "Falcons A", 2);
    b = await loggerTeam(app, "Bears B", 1);
    built.services.hub.subscribe(a.teamId, (change) => heard.push(change));
  });
  afterAll(async () => database?.cleanup());

  async function newGame(): Promise<string> {
    const res = await a.head.post("/api/team/sessions", { kind: "game", date: "2026-10-03", opponent: "Eagles" });
    return res.body.session.id as string;
  }
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const run = (): SnapDetail => ({ kind: "run", runnerId: a.players[0]!.me.id, yards: 3, touchdown: false });
  const aSnap = (sessionId: string, over: Partial<NewSnapInput> = {}): NewSnapInput => ({
    id: randomUUID(),
    sessionId,
    period: 1,
    occurredAt: new Date().toISOString(),
    detail: run(),
    ...over,
  });
  const setPeriod = (client: LoggerTeam["head"], sessionId: string, body: { period: number; at?: string }) =>
    client.request("PUT", `/api/team/sessions/${sessionId}/period`, { json: body });
  async function sheet(sessionId: string) {
    const res = await a.head.get(`/api/team/sessions/${sessionId}/snaps`);
    expect(res.status).toBe(200);
    return res.body as GameSheetResponse;
  }
  const periodOf = async (sessionId: string, snapId: string) =>
    (await sheet(sessionId)).snaps.find((s) => s.id === snapId)?.period;

  it("Next half is the game's: every screen hears it and a phone that had not heard of it files its snap there", async () => {
    const game = await newGame();
    // A snap logged offline well before halftime, sent only later.
    const before = aSnap(game, { occurredAt: ago(10 * 60_000) });
    expect((await sheet(game)).scoreboard).toMatchObject({ period: 1, periodLabel: "1st half" });

    heard.length = 0;
    const next = await setPeriod(a.head, game, { period: 2 });
    expect(next.status).toBe(200);
    expect(next.body.scoreboard).toMatchObject({ period: 2, periodLabel: "2nd half" });
    expect(heard).toContainEqual(expect.objectContaining({ kind: "sessions", sessionId: game }));
    // The other coach's read says 2nd half too, before any snap.
    const other = await a.assistant.get(`/api/team/sessions/${game}/snaps`);
    expect(other.body.scoreboard).toMatchObject({ period: 2, periodLabel: "2nd half" });

    // Coach B's phone still thinks 1st half: its snap lands in the game's 2nd half.
    const stale = aSnap(game, { period: 1 });
    const late = await a.assistant.post("/api/team/snaps", { snaps: [stale, before] });
    expect(late.status).toBe(200);
    expect(await periodOf(game, stale.id)).toBe(2);
    // The snap logged before anyone tapped Next half stays in the 1st half.
    expect(await periodOf(game, before.id)).toBe(1);
    // The scoreboard follows the game, not the latest snap's time.
    expect((await sheet(game)).scoreboard.period).toBe(2);

    // Tapping it again (the other coach at the same moment) changes nothing and announces nothing.
    heard.length = 0;
    expect((await setPeriod(a.assistant, game, { period: 2 })).body.scoreboard.period).toBe(2);
    expect(heard).toEqual([]);
  });

  it("a step back takes the period back; a phone still claiming the later one is not believed", async () => {
    const game = await newGame();
    await setPeriod(a.head, game, { period: 2 });
    const back = await setPeriod(a.head, game, { period: 1 });
    expect(back.body.scoreboard).toMatchObject({ period: 1, periodLabel: "1st half" });
    const claimsSecond = aSnap(game, { period: 2 });
    expect((await a.head.post("/api/team/snaps", { snaps: [claimsSecond] })).status).toBe(200);
    expect(await periodOf(game, claimsSecond.id)).toBe(1);
  });

  it("a phone that heard of the change files in it even when its clock runs a little behind", async () => {
    const game = await newGame();
    await setPeriod(a.head, game, { period: 2 });
    const behind = aSnap(game, { period: 2, occurredAt: ago(3_000) });
    expect((await a.head.post("/api/team/snaps", { snaps: [behind] })).status).toBe(200);
    expect(await periodOf(game, behind.id)).toBe(2);
  });

  it("a change queued offline counts from when it was tapped (never later than now)", async () => {
    const game = await newGame();
    // Halftime tapped 5 minutes ago on a phone with no signal, sent now.
    const tapped = ago(5 * 60_000);
    expect((await setPeriod(a.head, game, { period: 2, at: tapped })).status).toBe(200);
    const first = aSnap(game, { occurredAt: ago(6 * 60_000) });
    const second = aSnap(game, { occurredAt: ago(4 * 60_000) });
    expect((await a.head.post("/api/team/snaps", { snaps: [first, second] })).status).toBe(200);
    expect(await periodOf(game, first.id)).toBe(1);
    expect(await periodOf(game, second.id)).toBe(2);
    // A later tap of the same change (another phone's, sent later still) keeps the first tap's time.
    await setPeriod(a.assistant, game, { period: 2 });
    const between = aSnap(game, { occurredAt: ago(3 * 60_000) });
    await a.head.post("/api/team/snaps", { snaps: [between] });
    expect(await periodOf(game, between.id)).toBe(2);
  });

  it("a period out of range is a 400; another team's session a 404; a player may not change it", async () => {
    const game = await newGame();
    const bad = await setPeriod(a.head, game, { period: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.period).toMatch(/Period must be from 1/);
    expect((await setPeriod(b.head, game, { period: 2 })).status).toBe(404);
    expect((await setPeriod(a.players[0]!.client, game, { period: 2 })).status).toBe(403);
    expect((await sheet(game)).scoreboard.period).toBe(1);
  });

  it("a final game takes no snaps (409 naming the snap, nothing written) until it is reopened", async () => {
    const game = await newGame();
    const logged = aSnap(game);
    expect((await a.head.post("/api/team/snaps", { snaps: [logged] })).status).toBe(200);
    expect((await a.head.post(`/api/team/sessions/${game}/final`, { us: 0, them: 0 })).status).toBe(200);
    const events = await eventCount(database, a.teamId);

    const late = aSnap(game);
    const refused = await a.assistant.post("/api/team/snaps", { snaps: [logged, late] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "game_final", message: GAME_FINAL });
    expect(refused.body.error.fields).toEqual({ "snaps.1.sessionId": GAME_FINAL });
    expect((await sheet(game)).snaps.map((s) => s.id)).toEqual([logged.id]);
    expect(await eventCount(database, a.teamId)).toBe(events);
    // A resend of a snap the game already has is still just a duplicate.
    const replay = await a.assistant.post("/api/team/snaps", { snaps: [logged] });
    expect(replay.body.results).toEqual([{ id: logged.id, status: "duplicate" }]);

    expect((await a.head.delete(`/api/team/sessions/${game}/final`)).status).toBe(200);
    const reopened = await a.assistant.post("/api/team/snaps", { snaps: [late] });
    expect(reopened.body.results).toEqual([{ id: late.id, status: "created" }]);
  });
});
