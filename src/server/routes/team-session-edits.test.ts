import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewSnapInput } from "#domain/api/game.js";
import type { MergePlan } from "#domain/api/sessions.js";
import type { SnapDetail } from "#domain/snaps.js";
import { checkIntegrity } from "#server/db/integrity.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp } from "#tests/server/support/test-client.js";
import { anEvent, countersMatchSource, loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";
import { MERGE_DIFFERENT_KIND, MERGE_DIFFERENT_SEASON, MERGE_INTO_ITSELF } from "./team-session-edits.js";

describe.each(testEngines())("session delete impact and merge on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let a: LoggerTeam;
  let b: LoggerTeam;
  const heard: string[] = [];

  beforeAll(async () => {
    database = await create();
    const built = createTestApp(database);
    app = built.app;
    a = await loggerTeam(app, "Falcons A", 4);
    b = await loggerTeam(app, "Bears B", 1);
    built.services.hub.subscribe(a.teamId, (change) => heard.push(change.kind));
  });
  afterAll(async () => database?.cleanup());

  const p = (i: number) => a.players[i]!.me.id;

  async function newSession(body: Record<string, unknown>, team = a): Promise<string> {
    const res = await team.head.post("/api/team/sessions", body);
    expect(res.status).toBe(201);
    return res.body.session.id as string;
  }
  const game = (opponent: string) => newSession({ kind: "game", date: "2026-10-03", opponent });
  const practice = () => newSession({ kind: "practice", date: "2026-10-02" });

  let tick = 0;
  function aSnap(sessionId: string, detail: SnapDetail, period = 1): NewSnapInput {
    tick += 1;
    return {
      id: randomUUID(),
      sessionId,
      period,
      occurredAt: new Date(Date.now() - 30 * 60_000 + tick * 10).toISOString(),
      detail,
    };
  }
  const touchdownPass = (passer: number, target: number): SnapDetail => ({
    kind: "pass",
    passerId: p(passer),
    targetId: p(target),
    result: "touchdown",
    yards: 20,
  });

  async function logSnaps(snaps: NewSnapInput[]) {
    const res = await a.head.post("/api/team/snaps", { snaps });
    expect(res.status).toBe(200);
  }
  async function logEvents(events: ReturnType<typeof anEvent>[]) {
    const res = await a.head.post("/api/team/events", { events });
    expect(res.status).toBe(200);
  }
  async function mark(sessionId: string, marks: { playerId: string; present: boolean }[]) {
    const res = await a.head.request("PUT", `/api/team/sessions/${sessionId}/attendance`, { json: { marks } });
    expect(res.status).toBe(200);
  }
  async function markOf(sessionId: string, playerId: string): Promise<boolean | null> {
    const res = await a.head.get(`/api/team/sessions/${sessionId}`);
    return res.body.attendance.find((m: { playerId: string }) => m.playerId === playerId).present;
  }

  async function expectConsistent() {
    const { stored, recount } = await countersMatchSource(database);
    expect(stored).toEqual(recount);
    const report = await checkIntegrity(database.db);
    expect(report.drift).toEqual([]);
    expect(report.snapMismatches).toEqual([]);
  }

  it("the delete impact counts the marks and snaps it removes and the logged plays it keeps", async () => {
    const id = await game("Impact Eagles");
    await logSnaps([aSnap(id, touchdownPass(0, 1)), aSnap(id, { kind: "flag_pull", defenderId: p(2), yards: null })]);
    await logEvents([anEvent(p(3), { sessionId: id, eventType: "Interception", yards: null })]);
    await mark(id, [
      { playerId: p(0), present: true },
      { playerId: p(1), present: true },
      { playerId: p(2), present: false },
    ]);
    const res = await a.assistant.get(`/api/team/sessions/${id}/impact`);
    expect(res.status).toBe(200);
    // The touchdown pass implies the passer's and the receiver's events; the flag pull one; one logged on its own.
    expect(res.body.impact).toEqual({ marks: 3, snaps: 2, events: 4, eventPlayers: 4 });

    // What it says is what the delete does: marks and snaps go, the events stay without a session.
    expect((await a.head.delete(`/api/team/sessions/${id}`)).status).toBe(204);
    const left = await database.db.selectFrom("events").select("session_id").where("player_id", "=", p(3)).execute();
    expect(left.map((e) => e.session_id)).toEqual([null]);
    await expectConsistent();

    expect((await a.head.get(`/api/team/sessions/${id}/impact`)).status).toBe(404);
    const foreign = await newSession({ kind: "practice", date: "2026-10-01" }, b);
    expect((await a.head.get(`/api/team/sessions/${foreign}/impact`)).status).toBe(404);
  });

  it("a game merges into another: snaps, events and marks move, present wins, the score is recomputed", async () => {
    const source = await game("Merge Hawks");
    const target = await game("Merge Hawks (dup)");
    await logSnaps([aSnap(target, touchdownPass(0, 1)), aSnap(target, { kind: "opponent_score", score: "touchdown" })]);
    await logSnaps([aSnap(source, touchdownPass(0, 2), 2)]);
    await logEvents([anEvent(p(3), { sessionId: source, eventType: "Flag Pull", yards: null })]);
    await mark(target, [
      { playerId: p(0), present: true },
      { playerId: p(1), present: false },
    ]);
    await mark(source, [
      { playerId: p(1), present: true },
      { playerId: p(2), present: true },
      { playerId: p(3), present: false },
    ]);
    // The target was ended at 6–6; not corrected by hand, so it follows its snaps.
    const ended = await a.head.post(`/api/team/sessions/${target}/final`, { us: 6, them: 6 });
    expect(ended.body.scoreboard.final.corrected).toBe(false);

    const preview = await a.head.get(`/api/team/sessions/${source}/merge?intoId=${target}`);
    expect(preview.status).toBe(200);
    const plan = preview.body.merge as MergePlan;
    expect(plan).toEqual({
      source: { id: source, kind: "game", date: "2026-10-03", opponent: "Merge Hawks" },
      target: { id: target, kind: "game", date: "2026-10-03", opponent: "Merge Hawks (dup)" },
      events: 3,
      snaps: 1,
      marks: 2,
      conflicts: [{ playerId: p(1), name: "Player B", source: true, target: false, merged: true }],
      finalRecomputed: true,
    });
    // The preview changes nothing.
    expect((await a.head.get(`/api/team/sessions/${source}`)).status).toBe(200);

    heard.length = 0;
    const merged = await a.assistant.post(`/api/team/sessions/${source}/merge`, { intoId: target });
    expect(merged.status).toBe(200);
    expect(merged.body.merge).toEqual(plan);
    expect(new Set(heard)).toEqual(new Set(["sessions", "attendance", "events"]));

    expect((await a.head.get(`/api/team/sessions/${source}`)).status).toBe(404);
    const sheet = await a.head.get(`/api/team/sessions/${target}/snaps`);
    expect(sheet.body.snaps).toHaveLength(3);
    expect(sheet.body.scoreboard.score).toEqual({ us: 12, them: 6 });
    expect(sheet.body.scoreboard.final).toMatchObject({ us: 12, them: 6, corrected: false });
    const detail = await a.head.get(`/api/team/sessions/${target}`);
    expect(detail.body.eventCount).toBe(5);
    expect(await markOf(target, p(0))).toBe(true);
    expect(await markOf(target, p(1))).toBe(true);
    expect(await markOf(target, p(2))).toBe(true);
    expect(await markOf(target, p(3))).toBe(false);
    await expectConsistent();
  });

  it("a final corrected by hand is kept; practices merge into practices", async () => {
    const source = await game("Corrected Owls");
    const target = await game("Corrected Owls 2");
    await logSnaps([aSnap(source, touchdownPass(1, 2))]);
    await a.head.post(`/api/team/sessions/${target}/final`, { us: 21, them: 0 });
    const merged = await a.head.post(`/api/team/sessions/${source}/merge`, { intoId: target });
    expect(merged.body.merge.finalRecomputed).toBe(false);
    const sheet = await a.head.get(`/api/team/sessions/${target}/snaps`);
    expect(sheet.body.scoreboard.score).toEqual({ us: 6, them: 0 });
    expect(sheet.body.scoreboard.final).toMatchObject({ us: 21, them: 0, corrected: true });

    const drill = await practice();
    const other = await practice();
    await mark(drill, [{ playerId: p(0), present: false }]);
    await mark(other, [{ playerId: p(0), present: false }]);
    const res = await a.head.post(`/api/team/sessions/${drill}/merge`, { intoId: other });
    expect(res.status).toBe(200);
    expect(res.body.merge.conflicts).toEqual([
      { playerId: p(0), name: "Player A", source: false, target: false, merged: false },
    ]);
    expect(await markOf(other, p(0))).toBe(false);
    await expectConsistent();
  });

  it("refuses a merge across kinds, into itself, or naming another team's or a missing session, changing nothing", async () => {
    const g = await game("Refused Rams");
    const pr = await practice();
    await mark(g, [{ playerId: p(0), present: true }]);
    const foreign = await newSession({ kind: "game", date: "2026-10-03" }, b);

    for (const send of [
      () => a.head.get(`/api/team/sessions/${g}/merge?intoId=${pr}`),
      () => a.head.post(`/api/team/sessions/${g}/merge`, { intoId: pr }),
    ]) {
      const res = await send();
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: "different_kind",
        message: MERGE_DIFFERENT_KIND,
        fields: { intoId: MERGE_DIFFERENT_KIND },
        requestId: res.headers.get("x-request-id"),
      });
    }
    const self = await a.head.post(`/api/team/sessions/${g}/merge`, { intoId: g });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe(MERGE_INTO_ITSELF);
    for (const [from, into] of [
      [g, foreign],
      [foreign, g],
      [g, randomUUID()],
    ]) {
      const res = await a.head.post(`/api/team/sessions/${from}/merge`, { intoId: into });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("That session was not found.");
    }
    const bad = await a.head.post(`/api/team/sessions/${g}/merge`, { intoId: "nope" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(["intoId"]);
    // A player cannot merge.
    expect((await a.players[0]!.client.post(`/api/team/sessions/${g}/merge`, { intoId: pr })).status).toBe(403);

    expect(await markOf(g, p(0))).toBe(true);
    expect((await b.head.get(`/api/team/sessions/${foreign}`)).status).toBe(200);
    await expectConsistent();
  });

  it("refuses a merge across seasons with a 409 (the counters are kept per season)", async () => {
    const last = await game("Last season Lions");
    const now = await game("This season Lions");
    const seasonId = randomUUID();
    await database.db
      .insertInto("seasons")
      .values({
        id: seasonId,
        team_id: a.teamId,
        name: "2025",
        starts_on: "2025-01-01",
        ends_on: "2025-12-31",
        created_at: new Date().toISOString(),
      })
      .execute();
    await database.db.updateTable("team_sessions").set({ season_id: seasonId }).where("id", "=", last).execute();
    for (const [from, into] of [
      [last, now],
      [now, last],
    ]) {
      const res = await a.head.post(`/api/team/sessions/${from}/merge`, { intoId: into });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "different_season", message: MERGE_DIFFERENT_SEASON });
    }
    expect((await a.head.get(`/api/team/sessions/${last}`)).status).toBe(200);
    expect((await a.head.get(`/api/team/sessions/${now}`)).status).toBe(200);
  });
});
