import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeasonsResponse } from "#domain/api/seasons.js";
import type { LeaderboardResponse } from "#domain/api/team.js";
import { checkIntegrity } from "../db/integrity.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, signUpCoach, signUpPlayer, type TestClient } from "#tests/server/support/test-client.js";

/*
 * Seasons (docs/product.md §11 (#s11-seasons)): the counters per season after every kind of write, a new season starting from
 * zero while the last one reads exactly as before, the one-game board's attendance rule, and the season writes'
 * rules. One database per engine; the tests run in order on one team's story.
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe.each(testEngines())("seasons on $engine", ({ create }) => {
  let database: TestDatabase;
  let coach: TestClient;
  let otherCoach: TestClient;
  let player: TestClient;
  const ids = { qb: "", wr: "", rusher: "", unmarked: "", game: "", snap: "", firstSeason: "", newSeason: "" };
  /** The first season's reads before the new season started: they must read the same after. */
  const before: Record<string, unknown> = {};
  const reads = (season: string) => [
    `/api/team/leaderboard?season=${season}`,
    `/api/team/stats?tzOffset=60&season=${season}`,
    `/api/team/players?season=${season}`,
    `/api/team/players/${ids.qb}?season=${season}`,
    `/api/team/players/${ids.qb}/events?season=${season}`,
    `/api/team/players/${ids.wr}/stat-lines?season=${season}`,
    `/api/team/dashboard?season=${season}`,
    `/api/team/games?season=${season}`,
    `/api/team/playbook-analysis?season=${season}`,
  ];

  async function ok<T = any>(res: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    return r.body;
  }

  const events = (list: object[]) => ok(coach.post("/api/team/events", { events: list }));
  const drift = async () => (await checkIntegrity(database.db)).drift;

  beforeAll(async () => {
    database = await create();
    const { app } = createTestApp(database);
    const head = await signUpCoach(app, "Seasoned");
    coach = head.client;
    otherCoach = (await signUpCoach(app, "Others")).client;
    const code = head.me.team!.code;
    const qb = await signUpPlayer(app, code, { fullName: "Quinn Passer", primaryPosition: "qb", jerseyNumber: 1 });
    player = qb.client;
    ids.qb = qb.me.id;
    ids.wr = (await signUpPlayer(app, code, { fullName: "Wren Catcher", jerseyNumber: 2 })).me.id;
    ids.rusher = (
      await signUpPlayer(app, code, { fullName: "Rae Rusher", primaryPosition: "rusher", jerseyNumber: 3 })
    ).me.id;
    ids.unmarked = (
      await signUpPlayer(app, code, { fullName: "Uma Unmarked", primaryPosition: "rusher", jerseyNumber: 4 })
    ).me.id;
  });
  afterAll(async () => database?.cleanup());

  it("a new team has one season, the current one, which every member reads", async () => {
    const body = await ok<SeasonsResponse>(coach.get("/api/team/seasons"));
    expect(body.seasons).toHaveLength(1);
    expect(body.seasons[0]).toMatchObject({ name: `${day(0).slice(0, 4)} season`, startsOn: day(0), endsOn: null });
    expect(body.seasons[0]!.current).toBe(true);
    expect(body.currentSeasonId).toBe(body.seasons[0]!.id);
    ids.firstSeason = body.currentSeasonId;
    expect((await ok<SeasonsResponse>(player.get("/api/team/seasons"))).currentSeasonId).toBe(ids.firstSeason);
  });

  it("keeps the season's counters through events, undo, snaps, a snap edit and attendance", async () => {
    ids.game = (
      await ok(coach.post("/api/team/sessions", { kind: "game", date: day(0), opponent: "Hawks" }), 201)
    ).session.id;
    const marks = [
      { playerId: ids.qb, present: true },
      { playerId: ids.wr, present: true },
      { playerId: ids.rusher, present: false },
    ];
    await ok(coach.request("PUT", `/api/team/sessions/${ids.game}/attendance`, { json: { marks } }));
    ids.snap = randomUUID();
    const pass = { kind: "pass", passerId: ids.qb, targetId: ids.wr, result: "complete", yards: 12 };
    await ok(
      coach.post("/api/team/snaps", {
        snaps: [{ id: ids.snap, sessionId: ids.game, period: 1, occurredAt: ago(30), detail: pass }],
      }),
      200,
    );
    await ok(
      coach.request("PUT", `/api/team/snaps/${ids.snap}`, { json: { period: 1, detail: { ...pass, yards: 15 } } }),
    );
    const undone = randomUUID();
    await events([
      { id: randomUUID(), playerId: ids.rusher, eventType: "Flag Pull", sessionId: ids.game, occurredAt: ago(20) },
      { id: randomUUID(), playerId: ids.unmarked, eventType: "Flag Pull", sessionId: ids.game, occurredAt: ago(19) },
      { id: undone, playerId: ids.qb, eventType: "Rush Attempt", yards: 4, occurredAt: ago(10) },
    ]);
    expect((await coach.delete(`/api/team/events/${undone}`)).status).toBe(204);

    const board = await ok<LeaderboardResponse>(coach.get("/api/team/leaderboard"));
    const qb = board.players.find((p) => p.id === ids.qb)!;
    expect(qb).toMatchObject({ eventCount: 1, stats: { passingYards: 15 }, attendancePercentage: 100 });
    expect(board.players.find((p) => p.id === ids.rusher)).toMatchObject({ eventCount: 1, attendancePercentage: 0 });
    expect(await drift()).toEqual([]);
    for (const path of reads(ids.firstSeason)) before[path] = await ok(coach.get(path));
  });

  it("the one-game board shows the game's attendance and leaves out the players marked absent", async () => {
    const board = await ok<LeaderboardResponse>(
      coach.get(`/api/team/leaderboard?window=session&sessionId=${ids.game}`),
    );
    // Rae was marked absent (her events stay in her season numbers); Uma has no mark but played: she stays.
    expect(board.players.map((p) => p.id).sort()).toEqual([ids.qb, ids.wr, ids.unmarked].sort());
    expect(board.attendance).toEqual({ present: 2, absent: [{ id: ids.rusher, name: "Rae Rusher" }] });
    expect((await ok<LeaderboardResponse>(coach.get("/api/team/leaderboard"))).attendance).toBeNull();
  });

  it("refuses a new season that is not after the current one, a taken name, or an assistant's or player's", async () => {
    const early = await coach.post("/api/team/seasons", { name: "Too early", startsOn: day(0) });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("season_starts_too_early");
    const taken = await coach.post("/api/team/seasons", { name: ` ${day(0).slice(0, 4)} SEASON `, startsOn: day(1) });
    expect(taken.body.error.code).toBe("season_name_taken");
    const blank = await coach.post("/api/team/seasons", { name: "  ", startsOn: "2026-02-30" });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body.error.fields).sort()).toEqual(["name", "startsOn"]);
    expect((await player.post("/api/team/seasons", { name: "Mine", startsOn: day(1) })).status).toBe(403);
    expect((await ok<SeasonsResponse>(coach.get("/api/team/seasons"))).seasons).toHaveLength(1);
  });

  it("a new season keeps the roster and starts at zero; the last one reads exactly as before", async () => {
    const created = await ok(coach.post("/api/team/seasons", { name: "Spring league", startsOn: day(1) }), 201);
    ids.newSeason = created.season.id;
    expect(created.season).toMatchObject({ name: "Spring league", startsOn: day(1), endsOn: null, current: true });
    const list = await ok<SeasonsResponse>(coach.get("/api/team/seasons"));
    expect(list.currentSeasonId).toBe(ids.newSeason);
    expect(list.seasons[1]).toMatchObject({ id: ids.firstSeason, endsOn: day(0), current: false, sessionCount: 1 });

    const board = await ok<LeaderboardResponse>(coach.get("/api/team/leaderboard"));
    expect(board.players).toHaveLength(4);
    expect(board.players.every((p) => p.eventCount === 0 && p.performanceScore === 0 && p.attendanceMarked === 0)).toBe(
      true,
    );
    expect(Object.values(board.leaders).flat()).toEqual([]);
    const stats = await ok(coach.get("/api/team/stats"));
    expect(stats.totals).toMatchObject({ sessions: 0, events: 0 });
    expect((await ok(coach.get(`/api/team/players/${ids.qb}/events`))).events).toEqual([]);
    expect((await ok(player.get("/api/me/stat-lines"))).games).toEqual([]);
    expect(await ok(coach.get("/api/team/games"))).toMatchObject({ games: [], record: { wins: 0, losses: 0 } });

    for (const path of reads(ids.firstSeason)) expect(await ok(coach.get(path)), path).toEqual(before[path]);
  });

  it("events go to the season of their session, or to the current season without one", async () => {
    await events([
      { id: randomUUID(), playerId: ids.wr, eventType: "Catch", yards: 7, occurredAt: ago(5) },
      { id: randomUUID(), playerId: ids.qb, eventType: "Drop", sessionId: ids.game, occurredAt: ago(4) },
    ]);
    const now = await ok<LeaderboardResponse>(coach.get("/api/team/leaderboard"));
    expect(now.players.find((p) => p.id === ids.wr)).toMatchObject({ eventCount: 1, stats: { receivingYards: 7 } });
    expect(now.players.find((p) => p.id === ids.qb)).toMatchObject({ eventCount: 0 });
    const last = await ok<LeaderboardResponse>(coach.get(`/api/team/leaderboard?season=${ids.firstSeason}`));
    expect(last.players.find((p) => p.id === ids.qb)).toMatchObject({ eventCount: 2 });

    const practice = (await ok(coach.post("/api/team/sessions", { kind: "practice", date: day(1) }), 201)).session;
    const inSeason = async (season: string) =>
      (await ok(coach.get(`/api/team/sessions?season=${season}`))).sessions.map((s: { id: string }) => s.id);
    expect(await inSeason(ids.newSeason)).toEqual([practice.id]);
    expect(await inSeason(ids.firstSeason)).toEqual([ids.game]);
    expect((await ok(coach.get("/api/team/sessions"))).sessions).toHaveLength(2);
    await ok(
      coach.request("PUT", `/api/team/sessions/${practice.id}/attendance`, {
        json: { marks: [{ playerId: ids.qb, present: true }] },
      }),
    );
    expect((await ok(player.get("/api/me/dashboard"))).summary).toMatchObject({ attendanceMarked: 1 });
    expect(await drift()).toEqual([]);
  });

  it("renames a season and moves its dates only where they stay consistent", async () => {
    const patch = (id: string, json: object, client = coach) =>
      client.request("PATCH", `/api/team/seasons/${id}`, { json });
    expect((await ok(patch(ids.firstSeason, { name: "Fall league" }))).season).toMatchObject({ name: "Fall league" });
    const codes = async (id: string, json: object) => (await patch(id, json)).body.error?.code;
    expect(await codes(ids.firstSeason, { name: "spring LEAGUE" })).toBe("season_name_taken");
    expect(await codes(ids.newSeason, { endsOn: day(30) })).toBe("season_open_end");
    expect(await codes(ids.firstSeason, { endsOn: day(1) })).toBe("season_dates_overlap");
    expect(await codes(ids.firstSeason, { startsOn: day(1) })).toBe("season_dates_order");
    expect(await codes(ids.firstSeason, { startsOn: day(-10), endsOn: day(-1) })).toBe("season_leaves_out_sessions");
    expect(await codes(ids.newSeason, { startsOn: day(0) })).toBe("season_dates_overlap");
    expect((await ok(patch(ids.firstSeason, { startsOn: day(-90) }))).season.startsOn).toBe(day(-90));
    expect((await patch(ids.firstSeason, {})).status).toBe(400);
    // Another team's season answers like one that does not exist, on writes and on reads.
    expect((await patch(ids.firstSeason, { name: "Stolen" }, otherCoach)).status).toBe(404);
    expect((await otherCoach.get(`/api/team/leaderboard?season=${ids.firstSeason}`)).status).toBe(404);
    expect((await coach.get("/api/team/stats?season=no-such-season")).status).toBe(404);
    expect((await player.get(`/api/me/stat-lines?season=${ids.firstSeason}`)).status).toBe(200);
  });
});

describe.each(testEngines())("choosing who returns for a new season on $engine", ({ create }) => {
  let database: TestDatabase;
  afterAll(async () => database?.cleanup());

  it("players who do not return leave the roster, their history kept in the past season; unknown ids change nothing", async () => {
    database = await create();
    const { app } = createTestApp(database);
    const head = await signUpCoach(app, "Rollover");
    const coach = head.client;
    const other = await signUpCoach(app, "Elsewhere");
    const code = head.me.team!.code;
    const stays = (await signUpPlayer(app, code, { fullName: "Sam Stays", jerseyNumber: 1 })).me.id;
    const goes = await signUpPlayer(app, code, { fullName: "Gale Goes", jerseyNumber: 2 });
    const added = await coach.post("/api/team/roster", { fullName: "Una Unclaimed", primaryPosition: "wr" });
    expect(added.status).toBe(201);
    const unclaimed = added.body.player.id as string;
    for (const id of [stays, goes.me.id, unclaimed]) {
      expect((await coach.post(`/api/team/roster/${id}/confirmation`, { decision: "confirm" })).status).toBeLessThan(
        300,
      );
    }
    const logged = await coach.post("/api/team/events", {
      events: [
        { id: randomUUID(), playerId: goes.me.id, eventType: "Flag Pull", occurredAt: ago(5) },
        { id: randomUUID(), playerId: unclaimed, eventType: "Flag Pull", occurredAt: ago(4) },
      ],
    });
    expect(logged.status, JSON.stringify(logged.body)).toBeLessThan(300);
    const first = (await coach.get("/api/team/seasons")).body.currentSeasonId as string;
    const statsBefore = (await coach.get(`/api/team/stats?season=${first}`)).body;

    const refused = await coach.post("/api/team/seasons", {
      name: "Spring 2027",
      startsOn: day(1),
      leaving: [goes.me.id, other.me.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.leaving).toMatch(/not on your team/);
    expect((await coach.get("/api/team/seasons")).body.seasons).toHaveLength(1);
    expect((await coach.get("/api/team/roster")).body.players).toHaveLength(3);

    const started = await coach.post("/api/team/seasons", {
      name: "Spring 2027",
      startsOn: day(1),
      leaving: [goes.me.id, unclaimed],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const roster = (await coach.get("/api/team/roster")).body.players as { id: string }[];
    expect(roster.map((p) => p.id)).toEqual([stays]);
    // The leaver's own account is off the team, as after Remove.
    expect((await goes.client.get("/api/team/players")).status).toBe(403);
    // Their plays stay in the season they were logged in.
    const kept = await database.db.selectFrom("events").select(["player_id", "season_id"]).execute();
    expect(kept.map((e) => e.season_id)).toEqual([first, first]);
    // The past season still counts their plays (its player count is the roster's, as after Remove).
    expect(statsBefore.totals.events).toBe(2);
    expect((await coach.get(`/api/team/stats?season=${first}`)).body.totals.events).toBe(2);
  });
});
