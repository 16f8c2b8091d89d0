import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  DashboardResponse,
  LeaderboardResponse,
  PlayerDetailResponse,
  PlayerEventsResponse,
  PlayerSummaryDto,
  TeamPlayersResponse,
  TeamSessionsResponse,
  TeamStatsResponse,
} from "#domain/api/team.js";
import { POSITION_KEYS } from "#domain/positions.js";
import { DEFAULT_LEAGUE_RULES } from "#domain/league-rules.js";
import { eventsOfSnap, participantsOfSnap, pointsOfSnap, type SnapDetail } from "#domain/snaps.js";
import { bruteForceSummaries, rng, seedActivity } from "#tests/server/support/analytics-world.js";
import { setAttendance } from "../db/attendance.js";
import { recordEvent } from "../db/events.js";
import { rebuildCounters } from "../db/integrity.js";
import { createTeamSession } from "../db/team-sessions.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, signUpCoach, signUpPlayer, TestClient } from "#tests/server/support/test-client.js";

const DAY_MS = 24 * 60 * 60 * 1000;

type App = ReturnType<typeof createTestApp>["app"];

describe.each(testEngines())("coach analytics API on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
  });
  afterAll(async () => database?.cleanup());

  /** A coach who signs up (creating a team) and players who join with the team code. */
  async function team(
    players: Array<{ fullName: string; primaryPosition: string; jerseyNumber?: number; positions?: string[] }>,
  ) {
    const coach = await signUpCoach(app, `Team ${randomUUID().slice(0, 6)}`);
    const teamId = coach.me.team!.id;
    const joined = [];
    for (const p of players) joined.push(await signUpPlayer(app, coach.me.team!.code, p));
    return { coach, teamId, players: joined, ids: joined.map((p) => p.me.id) };
  }

  function eventFor(teamId: string, createdBy: string) {
    return (
      playerId: string,
      eventType: string,
      extra: { yards?: number; sessionId?: string; occurredAt?: string } = {},
    ) =>
      recordEvent(database.db, {
        id: randomUUID(),
        teamId,
        playerId,
        eventType,
        yards: extra.yards ?? null,
        sessionId: extra.sessionId ?? null,
        occurredAt: extra.occurredAt ?? new Date().toISOString(),
        createdBy,
      });
  }

  it.each([7, 42])(
    "GET /api/team/players equals the domain summaries recomputed by brute force (seed %i)",
    async (seed) => {
      const random = rng(seed);
      const roster = Array.from({ length: 6 }, (_, i) => ({
        fullName: `Player ${i}`,
        primaryPosition: random.pick(POSITION_KEYS),
        jerseyNumber: random.int(0, 99),
        positions: random.chance(0.5) ? [random.pick(POSITION_KEYS)] : [],
      }));
      const { coach, teamId, ids } = await team(roster);
      await seedActivity(database.db, {
        teamId,
        playerIds: ids,
        createdBy: coach.me.id,
        random,
        events: 150,
        sessions: 5,
      });

      const res = await coach.client.get<TeamPlayersResponse>("/api/team/players");
      expect(res.status).toBe(200);
      expect(res.body.players).toEqual(await bruteForceSummaries(database.db, teamId));
      const scores = res.body.players.map((p) => p.performanceScore);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    },
  );

  describe("leaderboard", () => {
    let ctx: Awaited<ReturnType<typeof team>>;
    let sessionId: string;
    const names = ["Ann Quarterback", "Bo Receiver", "Cy Corner", "Di Rusher"];

    beforeAll(async () => {
      ctx = await team([
        { fullName: names[0]!, primaryPosition: "qb" },
        { fullName: names[1]!, primaryPosition: "wr" },
        { fullName: names[2]!, primaryPosition: "cb" },
        { fullName: names[3]!, primaryPosition: "rusher" },
      ]);
      const [ann, bo, cy, di] = ctx.ids as [string, string, string, string];
      const log = eventFor(ctx.teamId, ctx.coach.me.id);
      const session = await createTeamSession(database.db, {
        teamId: ctx.teamId,
        kind: "game",
        date: "2026-10-03",
        opponent: "Eagles",
        createdBy: ctx.coach.me.id,
      });
      sessionId = session.id;
      // Ann (qb) 8.1 + 1.6 + 0.6 and Bo (wr) 8.1 + 1.6 + 0.6 tie at 10.3; Cy (cb) 5.1 now and 51.7 forty days
      // ago; Di (rusher) 7.2 in the game.
      await log(ann, "Pass TD", { yards: 25 });
      await log(ann, "Pass Completion", { yards: 10 });
      await log(ann, "Pass Incompletion");
      await log(bo, "TD Catch", { yards: 30 });
      await log(bo, "Catch", { yards: 12 });
      await log(bo, "Rush Attempt", { yards: 4 });
      await log(cy, "Sack");
      const old = new Date(Date.now() - 40 * DAY_MS).toISOString();
      for (let i = 0; i < 6; i++) await log(cy, "Interception", { occurredAt: old });
      await log(cy, "Flag Pull", { occurredAt: old });
      await log(di, "Sack", { sessionId });
      await log(di, "Flag Pull", { sessionId });
    });

    const board = (query: string) => ctx.coach.client.get<LeaderboardResponse>(`/api/team/leaderboard${query}`);
    const placeOf = (b: LeaderboardResponse) =>
      Object.fromEntries(b.players.map((p) => [p.name, [p.performanceScore, p.place]]));

    it("season: ranked by score with competition places for ties, and leaders", async () => {
      const res = await board("");
      expect(res.status).toBe(200);
      expect(res.body.window).toBe("season");
      expect(placeOf(res.body)).toEqual({
        "Cy Corner": [56.8, 1],
        "Ann Quarterback": [10.3, 2],
        "Bo Receiver": [10.3, 2],
        "Di Rusher": [7.2, 4],
      });
      expect(res.body.players.map((p) => p.name)).toEqual(["Cy Corner", "Ann Quarterback", "Bo Receiver", "Di Rusher"]);
      expect(res.body.leaders.passingYards).toEqual([{ playerId: ctx.ids[0], name: "Ann Quarterback", value: 35 }]);
      expect(res.body.leaders.receivingYards).toEqual([{ playerId: ctx.ids[1], name: "Bo Receiver", value: 42 }]);
      expect(res.body.leaders.rushingYards).toEqual([{ playerId: ctx.ids[1], name: "Bo Receiver", value: 4 }]);
      // The catcher scored the touchdown; the passer threw it (docs/product.md §10 "Touchdowns and safeties").
      expect(res.body.leaders.touchdownsScored).toEqual([{ playerId: ctx.ids[1], name: "Bo Receiver", value: 1 }]);
      expect(res.body.leaders.touchdownPasses).toEqual([{ playerId: ctx.ids[0], name: "Ann Quarterback", value: 1 }]);
      expect(res.body.leaders.interceptions).toEqual([{ playerId: ctx.ids[2], name: "Cy Corner", value: 6 }]);
      expect(res.body.leaders.flagPulls).toEqual([
        { playerId: ctx.ids[2], name: "Cy Corner", value: 1 },
        { playerId: ctx.ids[3], name: "Di Rusher", value: 1 },
      ]);
    });

    it("last30 leaves out older events but keeps the season's attendance", async () => {
      const season = await board("?window=season");
      const res = await board("?window=last30");
      expect(res.status).toBe(200);
      expect(placeOf(res.body)).toEqual({
        "Ann Quarterback": [10.3, 1],
        "Bo Receiver": [10.3, 1],
        "Di Rusher": [7.2, 3],
        "Cy Corner": [5.1, 4],
      });
      const cy = res.body.players.find((p) => p.name === "Cy Corner")!;
      expect(cy.eventCount).toBe(1);
      expect(cy.stats.interceptions).toBe(0);
      expect(res.body.leaders.interceptions).toEqual([]);
      const seasonCy = season.body.players.find((p) => p.name === "Cy Corner")!;
      expect(cy.attendancePercentage).toBe(seasonCy.attendancePercentage);
    });

    it("session counts only that session's events", async () => {
      const res = await board(`?window=session&sessionId=${sessionId}`);
      expect(res.status).toBe(200);
      expect(res.body.window).toBe("session");
      expect(placeOf(res.body)).toEqual({
        "Di Rusher": [7.2, 1],
        "Ann Quarterback": [0, 2],
        "Bo Receiver": [0, 2],
        "Cy Corner": [0, 2],
      });
      expect(res.body.leaders.flagPulls).toEqual([{ playerId: ctx.ids[3], name: "Di Rusher", value: 1 }]);
    });

    it("group keeps one position group, ranked among themselves", async () => {
      const defense = await board("?group=defense");
      expect(placeOf(defense.body)).toEqual({ "Cy Corner": [56.8, 1], "Di Rusher": [7.2, 2] });
      const offense = await board("?window=session&group=offense&sessionId=" + sessionId);
      expect(placeOf(offense.body)).toEqual({ "Ann Quarterback": [0, 1], "Bo Receiver": [0, 1] });
      const other = await board("?group=other");
      expect(other.body.players).toEqual([]);
    });

    it("refuses bad input with 400 and another team's session with 404", async () => {
      for (const query of ["?window=session", "?window=week", "?group=kickers", `?window=session&sessionId=`]) {
        const res = await board(query);
        expect(res.status, query).toBe(400);
        expect(res.body).toMatchObject({ error: { code: "invalid_input", message: expect.any(String) } });
      }
      const elsewhere = await signUpCoach(app, "Elsewhere");
      const theirs = await createTeamSession(database.db, {
        teamId: elsewhere.me.team!.id,
        kind: "practice",
        date: "2026-10-01",
        createdBy: elsewhere.me.id,
      });
      for (const id of [theirs.id, randomUUID()]) {
        const res = await ctx.coach.client.get(`/api/team/leaderboard?window=session&sessionId=${id}`);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe("not_found");
      }
    });

    it("sessions list the game with its counts", async () => {
      const res = await ctx.coach.client.get<TeamSessionsResponse>("/api/team/sessions");
      expect(res.status).toBe(200);
      expect(res.body.sessions).toEqual([
        {
          id: sessionId,
          kind: "game",
          date: "2026-10-03",
          opponent: "Eagles",
          location: null,
          eventCount: 2,
          presentCount: 0,
          attendanceCount: 0,
        },
      ]);
    });
  });

  describe("player detail", () => {
    let ctx: Awaited<ReturnType<typeof team>>;
    let playerId: string;
    const sessions: string[] = [];

    beforeAll(async () => {
      ctx = await team([
        { fullName: "Sam Slot", primaryPosition: "slot", jerseyNumber: 11, positions: ["wr"] },
        { fullName: "Other Player", primaryPosition: "qb" },
      ]);
      playerId = ctx.ids[0]!;
      const log = eventFor(ctx.teamId, ctx.coach.me.id);
      for (const [kind, date, opponent] of [
        ["practice", "2026-10-01", null],
        ["game", "2026-10-03", "Eagles"],
        ["practice", "2026-10-05", null],
      ] as const) {
        const s = await createTeamSession(database.db, {
          teamId: ctx.teamId,
          kind,
          date,
          opponent,
          createdBy: ctx.coach.me.id,
        });
        sessions.push(s.id);
      }
      await setAttendance(database.db, { sessionId: sessions[0]!, playerId, present: true });
      await setAttendance(database.db, { sessionId: sessions[1]!, playerId, present: false });
      await setAttendance(database.db, { sessionId: sessions[2]!, playerId, present: true });
      const types = ["Catch", "TD Catch", "Drop", "Flag Pull", "Catch", "Sack"];
      for (let i = 0; i < 30; i++) {
        // Pairs share a timestamp, so paging must break ties by id.
        const occurredAt = new Date(Date.UTC(2026, 9, 1 + Math.floor(i / 6), 22, Math.floor(i / 2))).toISOString();
        await log(playerId, types[i % types.length]!, {
          yards: i % 3 === 0 ? i : undefined,
          sessionId: i % 2 === 0 ? sessions[1] : undefined,
          occurredAt,
        });
      }
      await log(ctx.ids[1]!, "Pass TD");
      const now = new Date().toISOString();
      for (let i = 0; i < 25; i++) {
        await database.db
          .insertInto("training_logs")
          .values({
            id: randomUUID(),
            player_id: playerId,
            team_id: ctx.teamId,
            date: `2026-09-${String(i + 1).padStart(2, "0")}`,
            activity_type: "Sprints",
            duration_minutes: 30 + i,
            intensity: 1 + (i % 10),
            notes: `log ${i}`,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      for (const [i, body] of ["Great hands.", "Work on routes."].entries()) {
        await database.db
          .insertInto("feedback")
          .values({
            id: randomUUID(),
            team_id: ctx.teamId,
            player_id: playerId,
            coach_id: ctx.coach.me.id,
            category: "skills",
            body,
            created_at: new Date(Date.UTC(2026, 9, 10 + i)).toISOString(),
            read_at: null,
          })
          .execute();
      }
    });

    it("has the summary, attendance newest first, score history ending at the score, logs and feedback", async () => {
      const res = await ctx.coach.client.get<PlayerDetailResponse>(`/api/team/players/${playerId}`);
      expect(res.status).toBe(200);
      const { player, attendance, scoreHistory, trainingLogs, feedback } = res.body;
      const list = await ctx.coach.client.get<TeamPlayersResponse>("/api/team/players");
      expect(player).toEqual({
        ...list.body.players.find((p) => p.id === playerId),
        primaryPosition: "slot",
        positions: ["slot", "wr"],
        joinedAt: expect.any(String),
      });
      expect(player).toMatchObject({
        name: "Sam Slot",
        jerseyNumber: 11,
        position: "slot",
        positionGroup: "offense",
        eventCount: 30,
      });
      expect(attendance).toEqual([
        { sessionId: sessions[2], date: "2026-10-05", kind: "practice", opponent: null, present: true },
        { sessionId: sessions[1], date: "2026-10-03", kind: "game", opponent: "Eagles", present: false },
        { sessionId: sessions[0], date: "2026-10-01", kind: "practice", opponent: null, present: true },
      ]);
      expect(player.attendancePercentage).toBe(67);
      expect(scoreHistory.map((d) => d.date)).toEqual([
        "2026-10-01",
        "2026-10-02",
        "2026-10-03",
        "2026-10-04",
        "2026-10-05",
      ]);
      expect(scoreHistory.at(-1)!.score).toBe(player.performanceScore);
      // Each day: Catch 1.6, TD Catch 8.1, Drop 0.6, Flag Pull 2.1, Catch 1.6, Sack 5.1 (slot weights) = 19.1.
      expect(scoreHistory[0]).toEqual({ date: "2026-10-01", points: 19.1, score: 19.1 });
      expect(player.performanceScore).toBe(95.5);
      expect(trainingLogs).toHaveLength(20);
      expect(trainingLogs[0]).toMatchObject({
        date: "2026-09-25",
        activityType: "Sprints",
        durationMinutes: 54,
        notes: "log 24",
      });
      expect(trainingLogs.at(-1)!.date).toBe("2026-09-06");
      expect(feedback.map((f) => [f.body, f.coachName])).toEqual([
        ["Work on routes.", "Casey Coach"],
        ["Great hands.", "Casey Coach"],
      ]);
    });

    it("buckets the score history in the viewer's zone", async () => {
      // Events at 22:00-22:14 UTC fall on the next day at UTC+2.
      const res = await ctx.coach.client.get<PlayerDetailResponse>(`/api/team/players/${playerId}?tzOffset=120`);
      expect(res.status).toBe(200);
      expect(res.body.scoreHistory.map((d) => d.date)).toEqual([
        "2026-10-02",
        "2026-10-03",
        "2026-10-04",
        "2026-10-05",
        "2026-10-06",
      ]);
      expect(res.body.scoreHistory.at(-1)!.score).toBe(95.5);
      for (const bad of ["841", "-841", "abc", "1.5", "60m"]) {
        const r = await ctx.coach.client.get(`/api/team/players/${playerId}?tzOffset=${bad}`);
        expect(r.status, bad).toBe(400);
        expect(r.body.error).toMatchObject({ code: "invalid_input", fields: { tzOffset: expect.any(String) } });
      }
    });

    it("pages the events newest first with no duplicates or gaps, with points and session labels", async () => {
      const seen: PlayerEventsResponse["events"] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: { status: number; body: PlayerEventsResponse } = await ctx.coach.client.get<PlayerEventsResponse>(
          `/api/team/players/${playerId}/events?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        );
        expect(res.status).toBe(200);
        expect(res.body.events.length).toBeLessThanOrEqual(7);
        seen.push(...res.body.events);
        cursor = res.body.nextCursor;
        pages += 1;
      } while (cursor && pages < 20);
      expect(pages).toBe(5);
      expect(new Set(seen.map((e) => e.id)).size).toBe(30);
      const stored = await database.db
        .selectFrom("events")
        .select(["id", "occurred_at"])
        .where("player_id", "=", playerId)
        .orderBy("occurred_at", "desc")
        .orderBy("id", "desc")
        .execute();
      expect(seen.map((e) => e.id)).toEqual(stored.map((e) => e.id));
      const inGame = seen.find((e) => e.sessionId === sessions[1])!;
      expect(inGame.session).toEqual({ kind: "game", date: "2026-10-03", opponent: "Eagles" });
      const loose = seen.find((e) => e.sessionId === null)!;
      expect(loose.session).toBeNull();
      expect(seen.find((e) => e.eventType === "TD Catch")!.points).toBe(8.1);
      expect(seen.find((e) => e.eventType === "Catch")!.points).toBe(1.6);

      const first = await ctx.coach.client.get<PlayerEventsResponse>(`/api/team/players/${playerId}/events`);
      expect(first.body.events).toHaveLength(25);
      expect(first.body.nextCursor).not.toBeNull();
    });

    it("filters by event type and refuses unknown types and bad paging with 400", async () => {
      const res = await ctx.coach.client.get<PlayerEventsResponse>(
        `/api/team/players/${playerId}/events?type=${encodeURIComponent("TD Catch")}&limit=100`,
      );
      expect(res.status).toBe(200);
      expect(res.body.events).toHaveLength(5);
      expect(res.body.events.every((e) => e.eventType === "TD Catch")).toBe(true);
      expect(res.body.nextCursor).toBeNull();

      for (const query of [
        "type=Touchdown",
        "type=td%20catch",
        "limit=0",
        "limit=101",
        "limit=ten",
        "cursor=not-a-cursor",
        "cursor=%25%25",
      ]) {
        const bad = await ctx.coach.client.get(`/api/team/players/${playerId}/events?${query}`);
        expect(bad.status, query).toBe(400);
        expect(bad.body.error.code).toBe("invalid_input");
        expect(Object.keys(bad.body.error.fields ?? {})).toHaveLength(1);
      }
    });

    it("an unknown id is 404", async () => {
      for (const path of [`/api/team/players/${randomUUID()}`, `/api/team/players/${randomUUID()}/events`]) {
        const res = await ctx.coach.client.get(path);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          error: {
            code: "not_found",
            message: "That player was not found.",
            requestId: res.headers.get("x-request-id"),
          },
        });
      }
      // The coach's own id is not a player's.
      expect((await ctx.coach.client.get(`/api/team/players/${ctx.coach.me.id}`)).status).toBe(404);
    });
  });

  it("stats and dashboard describe the caller's team", async () => {
    const random = rng(314);
    const { coach, teamId, ids } = await team([
      { fullName: "One", primaryPosition: "qb" },
      { fullName: "Two", primaryPosition: "cb" },
      { fullName: "Three", primaryPosition: "center" },
    ]);
    await seedActivity(database.db, {
      teamId,
      playerIds: ids,
      createdBy: coach.me.id,
      random,
      events: 60,
      sessions: 4,
      days: 20,
    });

    const stats = await coach.client.get<TeamStatsResponse>("/api/team/stats?tzOffset=-300");
    expect(stats.status).toBe(200);
    expect(stats.body.totals).toMatchObject({ players: 3, sessions: 4, events: 60 });
    expect(stats.body.trend).toHaveLength(4);
    expect(stats.body.attendance).toHaveLength(4);
    expect(stats.body.daily.reduce((a, d) => a + d.events, 0)).toBe(60);
    expect((await coach.client.get("/api/team/stats?tzOffset=900")).status).toBe(400);

    const dash = await coach.client.get<DashboardResponse>("/api/team/dashboard");
    expect(dash.status).toBe(200);
    expect(dash.body.team).toEqual({ id: teamId, name: coach.me.team!.name, code: coach.me.team!.code });
    expect(dash.body.playerCount).toBe(3);
    expect(dash.body.topPerformers).toHaveLength(3);
    expect(dash.body.latestEvents).toHaveLength(10);
    expect(dash.body.eventsThisWeek).toBeLessThanOrEqual(60);
  });

  it("stats: the team's football line counts each touchdown once and never adds receiving to passing yards", async () => {
    const { coach, teamId, ids, players } = await team([
      { fullName: "Quinn Passer", primaryPosition: "qb" },
      { fullName: "Wren Wideout", primaryPosition: "wr" },
      { fullName: "Remy Runner", primaryPosition: "rb" },
      { fullName: "Cole Corner", primaryPosition: "cb" },
    ]);
    const [q, w, r, c] = ids as [string, string, string, string];
    const game = await createTeamSession(database.db, {
      teamId,
      kind: "game",
      date: "2026-10-03",
      opponent: "Eagles",
      createdBy: coach.me.id,
    });
    // A snap as the snap writer stores it: the row, its participants and the events it implies.
    let n = 0;
    const snap = async (detail: SnapDetail) => {
      const id = randomUUID();
      const at = new Date(Date.parse("2026-10-03T15:00:00.000Z") + n++ * 1000).toISOString();
      await database.db
        .insertInto("snaps")
        .values({
          id,
          team_id: teamId,
          session_id: game.id,
          play_id: null,
          kind: detail.kind,
          detail: JSON.stringify(detail),
          period: 1,
          first_down: 0,
          // As the snap writer stores them: the points under the team's (default) rules.
          our_points: pointsOfSnap(detail, DEFAULT_LEAGUE_RULES).us,
          their_points: pointsOfSnap(detail, DEFAULT_LEAGUE_RULES).them,
          occurred_at: at,
          created_by: coach.me.id,
          created_at: at,
          edited_at: null,
          edited_by: null,
        })
        .execute();
      const players = participantsOfSnap(detail).map((p) => ({ snap_id: id, player_id: p.playerId, role: p.role }));
      if (players.length) await database.db.insertInto("snap_players").values(players).execute();
      for (const e of eventsOfSnap(detail))
        await database.db
          .insertInto("events")
          .values({
            id: randomUUID(),
            team_id: teamId,
            player_id: e.playerId,
            session_id: game.id,
            play_id: null,
            event_type: e.eventType,
            yards: e.yards,
            occurred_at: at,
            created_by: coach.me.id,
            created_at: at,
            snap_id: id,
            season_id: sql<string>`(select season_id from team_sessions where id = ${game.id})`,
          })
          .execute();
    };
    await snap({ kind: "pass", passerId: q, targetId: w, result: "complete", yards: 12 });
    await snap({ kind: "pass", passerId: q, targetId: w, result: "touchdown", yards: 20 });
    await snap({ kind: "pass", passerId: q, targetId: w, result: "incomplete", yards: null });
    await snap({ kind: "pass", passerId: q, targetId: null, result: "intercepted", yards: null });
    await snap({ kind: "run", runnerId: r, yards: 7, touchdown: true });
    await snap({ kind: "run", runnerId: r, yards: 3, touchdown: false });
    await snap({ kind: "interception", defenderId: c, returnTouchdown: true, yards: null });
    await snap({ kind: "flag_pull", defenderId: c, yards: null });
    await snap({ kind: "sack", defenderId: c });
    await snap({ kind: "pass_defended", defenderId: c });
    await snap({ kind: "penalty", on: "us", yards: 5, effect: "none", playerId: r });
    await snap({ kind: "penalty", on: "us", yards: 10, effect: "loss_of_down", playerId: null });
    await snap({ kind: "penalty", on: "them", yards: 5, effect: "none", playerId: null });
    await snap({ kind: "safety", defenderId: c });
    // Before snaps, one 18-yard touchdown pass was logged twice, once for each player, and a penalty on its own.
    const log = eventFor(teamId, coach.me.id);
    await log(q, "Pass TD", { yards: 18, sessionId: game.id });
    await log(w, "TD Catch", { yards: 18, sessionId: game.id });
    await log(r, "Penalty", { sessionId: game.id });
    // The snaps' events went straight into the table, past the counters and tallies the reads use (decision 0015):
    // rebuild them from the events, as check:integrity --fix does.
    await rebuildCounters(database.db);

    const res = await coach.client.get<TeamStatsResponse>("/api/team/stats");
    expect(res.status).toBe(200);
    const football = res.body.football;
    expect(football.groups).toEqual(["passing", "receiving", "rushing", "defense"]);
    // Passing: 4 snaps + the legacy TD pass = 5 attempts; 12 + 20 (a TD pass is a completion) + 18 = 3 for 50.
    expect(football.line).toMatchObject({
      passAttempts: 5,
      completions: 3,
      passYards: 50,
      passTouchdowns: 2,
      interceptionsThrown: 1,
      targets: 4,
      catches: 3,
      receivingYards: 50,
      receivingTouchdowns: 2,
      carries: 2,
      rushingYards: 10,
      rushingTouchdowns: 1,
      interceptions: 1,
      defensiveTouchdowns: 1,
      // The flag pull and the safety's pull.
      flagPulls: 2,
      sacks: 1,
      passesDefended: 1,
      safeties: 1,
    });
    // a = (3/5 - 0.3) * 5 = 1.5; b = (50/5 - 3) * 0.25 = 1.75; c = 2/5 * 20 capped at 2.375; d floored at 0:
    // (1.5 + 1.75 + 2.375) / 6 * 100 = 93.75 -> 93.8.
    expect(football.figures).toMatchObject({ passYards: 50, receivingYards: 50, rushingYards: 10, passerRating: 93.8 });
    // 2 passing + 1 rushing + 1 pick-six (not 2 + 2 + 1 + 1); 50 + 10 yards (not 50 + 50 + 10).
    expect(football).toMatchObject({
      snaps: 14,
      touchdowns: 4,
      totalYards: 60,
      turnovers: 1,
      penalties: 3,
      penaltyYards: 15,
    });
    // The event-based totals and the yards chart's rows: the offense gained passing + rushing yards.
    expect(res.body.totals).toMatchObject({ passingYards: 50, receivingYards: 50, rushingYards: 10, offenseYards: 60 });
    expect(res.body.trend).toEqual([
      expect.objectContaining({ sessionId: game.id, passingYards: 50, rushingYards: 10, offenseYards: 60 }),
    ]);
    // One team touchdown count on every screen and in the CSV (issue #26): the totals card, the session's trend
    // point and the box score's team row count the pick-six too, as the football line does.
    expect(res.body.totals.touchdowns).toBe(4);
    expect(res.body.trend[0]!.touchdowns).toBe(4);
    const csv = await coach.client.request("GET", `/api/team/sessions/${game.id}/box-score.csv`);
    expect(csv.status).toBe(200);
    const lines = (csv.body as string).split("\r\n");
    const header = lines.findIndex((l) => l.startsWith('"Team","Touchdowns"'));
    // The team row is named for the team (issue #26.6), not "Us".
    expect(lines[header + 1]).toMatch(new RegExp(`^"${coach.me.team!.name}",4,`));
    expect(lines[header + 1]).not.toMatch(/^"Us"/);

    // The pick-six is the defender's touchdown on every player screen (issue #26.2): the coach's player detail,
    // the player's own dashboard, the leaderboard in every window and the team stats' top performers. Touchdowns
    // scored add up to the team's 4: Wren 2 (the snap and the legacy catch), Remy 1, Cole 1.
    const cole = await coach.client.get<{ player: PlayerSummaryDto }>(`/api/team/players/${c}`);
    expect(cole.status).toBe(200);
    expect(cole.body.player.stats).toMatchObject({ touchdownsScored: 1, returnTouchdowns: 1, touchdownPasses: 0 });
    // The spec's figure (passing + receiving + rushing touchdowns) is unchanged.
    expect(cole.body.player.stats.touchdowns).toBe(0);
    const own = await players[3]!.client.get<{ summary: PlayerSummaryDto }>("/api/me/dashboard");
    expect(own.status).toBe(200);
    expect(own.body.summary.stats).toMatchObject({ touchdownsScored: 1, returnTouchdowns: 1 });
    const scored = [
      { playerId: w, name: "Wren Wideout", value: 2 },
      { playerId: c, name: "Cole Corner", value: 1 },
      { playerId: r, name: "Remy Runner", value: 1 },
    ];
    const sum = (list: { value: number }[]) => list.reduce((a, b) => a + b.value, 0);
    expect(sum(scored)).toBe(res.body.totals.touchdowns);
    for (const query of ["", `?window=session&sessionId=${game.id}`]) {
      const board = await coach.client.get<LeaderboardResponse>(`/api/team/leaderboard${query}`);
      expect(board.status, query).toBe(200);
      expect(board.body.leaders.touchdownsScored, query).toEqual(scored);
      expect(board.body.leaders.touchdownPasses, query).toEqual([{ playerId: q, name: "Quinn Passer", value: 2 }]);
    }
    // The last 30 days hold only the legacy touchdown pass (logged now); the October snaps, the pick-six among
    // them, are outside it.
    const recent = await coach.client.get<LeaderboardResponse>("/api/team/leaderboard?window=last30");
    expect(recent.body.leaders.touchdownsScored).toEqual([{ playerId: w, name: "Wren Wideout", value: 1 }]);
    expect(recent.body.leaders.touchdownPasses).toEqual([{ playerId: q, name: "Quinn Passer", value: 1 }]);
    expect(res.body.topPerformers.touchdownsScored).toEqual(scored);
  });

  it("stats: a team without snaps or events has an empty football line", async () => {
    const { coach } = await team([{ fullName: "Solo", primaryPosition: "qb" }]);
    const res = await coach.client.get<TeamStatsResponse>("/api/team/stats");
    expect(res.body.football).toMatchObject({ groups: [], snaps: 0, touchdowns: 0, totalYards: null, turnovers: 0 });
    expect(res.body.football.figures.passerRating).toBeNull();
  });

  describe("authorization", () => {
    let a: Awaited<ReturnType<typeof team>>;
    let b: Awaited<ReturnType<typeof team>>;
    let aSession: string;

    beforeAll(async () => {
      a = await team([
        { fullName: "Alpha One", primaryPosition: "qb" },
        { fullName: "Alpha Two", primaryPosition: "cb" },
      ]);
      b = await team([{ fullName: "Bravo One", primaryPosition: "wr" }]);
      const s = await createTeamSession(database.db, {
        teamId: a.teamId,
        kind: "game",
        date: "2026-10-03",
        createdBy: a.coach.me.id,
      });
      aSession = s.id;
      await eventFor(a.teamId, a.coach.me.id)(a.ids[0]!, "Pass TD", { yards: 40, sessionId: aSession });
      await eventFor(b.teamId, b.coach.me.id)(b.ids[0]!, "Catch", { yards: 5 });
    });

    const endpoints = (playerId: string): Array<[string, string]> => [
      ["GET", "/api/team/players"],
      ["GET", `/api/team/players/${playerId}`],
      ["GET", `/api/team/players/${playerId}/events`],
      ["DELETE", `/api/team/players/${playerId}`],
      ["GET", "/api/team/sessions"],
      ["GET", "/api/team/leaderboard"],
      ["GET", "/api/team/leaderboard?window=last30"],
      ["GET", "/api/team/stats"],
      ["GET", "/api/team/dashboard"],
    ];

    it("a player of the team gets 403 on every endpoint, even with bad input", async () => {
      const player = a.players[0]!.client;
      for (const [method, path] of [
        ...endpoints(a.ids[1]!),
        ["GET", "/api/team/stats?tzOffset=9999"] as [string, string],
      ]) {
        const res = await player.request(method, path);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error.code).toBe("forbidden");
      }
      expect((await a.coach.client.get<TeamPlayersResponse>("/api/team/players")).body.players).toHaveLength(2);
    });

    it("signed out gets 401 on every endpoint", async () => {
      const anonymous = new TestClient(app);
      for (const [method, path] of [
        ...endpoints(a.ids[0]!),
        ["GET", "/api/team/players/x/events?limit=0"] as [string, string],
      ]) {
        const res = await anonymous.request(method, path);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.error.code).toBe("unauthenticated");
      }
    });

    it("a coach of another team gets 404 for this team's ids, the same as for ids that do not exist", async () => {
      for (const id of [...a.ids, a.coach.me.id]) {
        for (const path of [`/api/team/players/${id}`, `/api/team/players/${id}/events`]) {
          const theirs = await b.coach.client.get(path);
          const missing = await b.coach.client.get(path.replace(id, randomUUID()));
          expect(theirs.status, path).toBe(404);
          // The same answer but for the request's own id.
          expect(theirs.body).toEqual({
            error: { ...missing.body.error, requestId: theirs.headers.get("x-request-id") },
          });
        }
        expect((await b.coach.client.delete(`/api/team/players/${id}`)).status).toBe(404);
      }
      expect((await b.coach.client.get(`/api/team/leaderboard?window=session&sessionId=${aSession}`)).status).toBe(404);
      // DELETE by B did nothing to A.
      const list = await a.coach.client.get<TeamPlayersResponse>("/api/team/players");
      expect(list.body.players.map((p) => p.id).sort()).toEqual([...a.ids].sort());
      expect((await a.coach.client.get(`/api/team/players/${a.ids[0]}`)).status).toBe(200);
    });

    it("never shows another team's players, events or sessions in any list", async () => {
      const bodies = await Promise.all(
        [
          "/api/team/players",
          "/api/team/sessions",
          "/api/team/leaderboard",
          "/api/team/leaderboard?window=last30",
          "/api/team/stats",
          "/api/team/dashboard",
        ].map((path) => b.coach.client.get(path)),
      );
      const text = JSON.stringify(bodies.map((r) => r.body));
      for (const r of bodies) expect(r.status).toBe(200);
      for (const secret of [...a.ids, aSession, a.teamId, "Alpha"]) expect(text).not.toContain(secret);
      expect(text).toContain(b.ids[0]!);
      const stats = bodies[4]!.body as TeamStatsResponse;
      expect(stats.totals).toMatchObject({ players: 1, events: 1, sessions: 0, passingYards: 0, receivingYards: 5 });
    });
  });

  it("removing a player takes them off the list and keeps their events", async () => {
    const { coach, teamId, ids, players } = await team([
      { fullName: "Stays", primaryPosition: "qb" },
      { fullName: "Leaves", primaryPosition: "rb" },
    ]);
    const leaving = ids[1]!;
    await eventFor(teamId, coach.me.id)(leaving, "Rush TD", { yards: 20 });

    const res = await coach.client.delete(`/api/team/players/${leaving}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    const list = await coach.client.get<TeamPlayersResponse>("/api/team/players");
    expect(list.body.players.map((p) => p.id)).toEqual([ids[0]]);
    expect((await coach.client.get(`/api/team/players/${leaving}`)).status).toBe(404);
    expect((await coach.client.delete(`/api/team/players/${leaving}`)).status).toBe(404);
    const dash = await coach.client.get<DashboardResponse>("/api/team/dashboard");
    expect(dash.body.playerCount).toBe(1);

    const events = await database.db.selectFrom("events").selectAll().where("player_id", "=", leaving).execute();
    expect(events).toHaveLength(1);
    const counters = await database.db
      .selectFrom("player_stats")
      .selectAll()
      .where("player_id", "=", leaving)
      .execute();
    expect(counters[0]?.event_count).toBe(1);
    const me = await players[1]!.client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user.team).toBeNull();
  });

  it("the OpenAPI document lists every endpoint with its input and output", async () => {
    const res = await new TestClient(app).get("/api/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<
      string,
      Record<string, { parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown> }>
    >;
    expect(Object.keys(paths["/api/team/players"]!)).toEqual(["get"]);
    expect(Object.keys(paths["/api/team/players/{id}"]!).sort()).toEqual(["delete", "get"]);
    const events = paths["/api/team/players/{id}/events"]!.get!;
    expect(events.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      "path:id",
      "query:cursor",
      "query:limit",
      "query:season",
      "query:type",
    ]);
    // 421: the Host check; 429: an API token's rate limit (http/openapi-document.ts, http/bearer-token.ts).
    expect(Object.keys(events.responses).sort()).toEqual(["200", "400", "401", "403", "404", "421", "429", "503"]);
    for (const path of ["/api/team/sessions", "/api/team/leaderboard", "/api/team/stats", "/api/team/dashboard"]) {
      expect(paths[path]?.get?.responses?.["200"], path).toBeDefined();
    }
    expect(res.body.components.schemas.PlayerSummary).toBeDefined();
  });
});
