import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SnapDto, StatLinesResponse } from "#domain/api/game.js";
import type { ScheduleResponse } from "#domain/api/schedule.js";
import type { LeaderboardResponse, PlayerDetailResponse, TeamStatsResponse } from "#domain/api/team.js";
import { teamLine } from "#domain/football-stats.js";
import { DEFAULT_LEAGUE_RULES } from "#domain/league-rules.js";
import { POSITION_KEYS } from "#domain/positions.js";
import { playersOfSnap, pointsOfSnap, scoreOfSnaps } from "#domain/snaps.js";
import { listSessionAttendance } from "../db/attendance.js";
import { listFeedback } from "../db/feedback.js";
import { listGames, liveScoreboard } from "../db/games.js";
import { checkIntegrity } from "../db/integrity.js";
import { playbookAnalysis } from "../db/playbook-analysis.js";
import { listSessionSnaps } from "../db/snaps.js";
import { teamPlayerSummaries } from "../db/summaries.js";
import { listTeamSessions } from "../db/team-sessions.js";
import { listTrainingLogs } from "../db/training-logs.js";
import {
  asObject,
  recountFromSource,
  storedTotals,
  testEngines,
  type TestDatabase,
} from "#tests/server/support/test-database.js";
import { createTestApp, TestClient } from "#tests/server/support/test-client.js";
import { DEMO_COACH_EMAIL, DEMO_PASSWORD, seedDemo, type DemoTeam } from "./seed.js";

const TODAY = new Date("2026-11-21T12:00:00Z");
/** The server's own calendar day at TODAY (the demo dates sessions in the server's zone). */
const TODAY_LOCAL = new Date(TODAY.getTime() - TODAY.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

describe.each(testEngines())("demo seed on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>;
  let demo: DemoTeam;
  /** Every session's snaps, as the game sheet reads them. */
  let snapsBySession: Map<string, SnapDto[]>;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database);
    demo = (await seedDemo(database.db, app.services.auth, { today: TODAY }))!;
    snapsBySession = new Map();
    for (const s of await listTeamSessions(database.db, demo.teamId))
      snapsBySession.set(s.id, await listSessionSnaps(database.db, demo.teamId, s.id));
  }, 120_000);
  afterAll(async () => database?.cleanup());

  it("makes a head coach and twelve players covering all ten positions, and a season of eight games", async () => {
    expect(demo).not.toBeNull();
    const summaries = await teamPlayerSummaries(database.db, demo.teamId);
    expect(summaries).toHaveLength(12);
    expect(new Set(summaries.map((s) => s.position))).toEqual(new Set(POSITION_KEYS));
    expect(summaries.every((s) => s.eventCount > 0 && s.attendancePercentage > 0)).toBe(true);
    expect(demo).toMatchObject({ games: 8, practices: 6, sessions: 14, plays: 11 });
    expect(demo.snaps).toBe([...snapsBySession.values()].reduce((n, s) => n + s.length, 0));
    expect(demo.snaps).toBeGreaterThan(400);
    expect(demo.events).toBeGreaterThan(demo.snaps / 2);
  });

  it("agrees with itself: the players' passing yards are their receiving yards", async () => {
    const summaries = await teamPlayerSummaries(database.db, demo.teamId);
    const sum = (f: (s: (typeof summaries)[number]) => number) => summaries.reduce((n, s) => n + f(s), 0);
    const passing = sum((s) => s.stats.passingYards);
    expect(passing).toBeGreaterThan(1000);
    expect(sum((s) => s.stats.receivingYards)).toBe(passing);
    const line = teamLine([...snapsBySession.values()].flat()).line;
    expect(line.passYards).toBe(passing);
    expect(line.receivingYards).toBe(passing);
    expect(sum((s) => s.stats.rushingYards)).toBe(line.rushingYards);
  });

  it("counts each touchdown once: one scoring snap, one passer's Pass TD and one receiver's TD Catch", async () => {
    const snaps = [...snapsBySession.values()].flat();
    const { line, touchdowns } = teamLine(snaps);
    const scoringSnaps = snaps.filter((s) => pointsOfSnap(s.detail, DEFAULT_LEAGUE_RULES).us === 6);
    expect(touchdowns).toBe(scoringSnaps.length);
    const counts = await database.db
      .selectFrom("player_event_counts")
      .select(["event_type", "count"])
      .where("event_type", "in", ["Pass TD", "TD Catch", "Rush TD"])
      .execute();
    const of = (type: string) => counts.filter((c) => c.event_type === type).reduce((n, c) => n + Number(c.count), 0);
    expect(of("Pass TD")).toBe(line.passTouchdowns);
    expect(of("TD Catch")).toBe(line.passTouchdowns);
    expect(of("Rush TD")).toBe(line.rushingTouchdowns);
  });

  it("one team touchdown count on every screen, and each pick-six is its defender's touchdown (issue #26)", async () => {
    const coach = new TestClient(app.app);
    expect((await coach.post("/api/session", { email: DEMO_COACH_EMAIL, password: DEMO_PASSWORD })).status).toBe(200);
    const stats = await coach.get<TeamStatsResponse>("/api/team/stats");
    const snaps = [...snapsBySession.values()].flat();
    const teamTouchdowns = teamLine(snaps).touchdowns;
    // Team Stats' card, its football line, the sum of its sessions and the team rows of every box-score CSV agree.
    expect(stats.body.totals.touchdowns).toBe(teamTouchdowns);
    expect(stats.body.football.touchdowns).toBe(teamTouchdowns);
    expect(stats.body.trend.reduce((n, t) => n + t.touchdowns, 0)).toBe(teamTouchdowns);
    let csvTouchdowns = 0;
    for (const s of await listTeamSessions(database.db, demo.teamId)) {
      const csv = await coach.request("GET", `/api/team/sessions/${s.id}/box-score.csv`);
      const lines = (csv.body as string).split("\r\n");
      const header = lines.findIndex((l) => l.startsWith('"Team","Touchdowns"'));
      csvTouchdowns += Number(lines[header + 1]!.split(",")[1]);
    }
    expect(csvTouchdowns).toBe(teamTouchdowns);

    // The players' touchdowns scored (caught, run in, returned) are the team's touchdowns, each once.
    const summaries = await teamPlayerSummaries(database.db, demo.teamId);
    expect(summaries.reduce((n, p) => n + p.stats.touchdownsScored, 0)).toBe(teamTouchdowns);
    const pickSixes = new Map<string, number>();
    for (const { detail } of snaps)
      if (detail.kind === "interception" && detail.returnTouchdown)
        pickSixes.set(detail.defenderId, (pickSixes.get(detail.defenderId) ?? 0) + 1);
    expect(pickSixes.size).toBeGreaterThan(0);
    const board = await coach.get<LeaderboardResponse>("/api/team/leaderboard");
    for (const [defenderId, n] of pickSixes) {
      const detail = await coach.get<PlayerDetailResponse>(`/api/team/players/${defenderId}`);
      expect(detail.body.player.stats.returnTouchdowns).toBe(n);
      const lines = await coach.get<StatLinesResponse>(`/api/team/players/${defenderId}/stat-lines`);
      expect(lines.body.season.line.defensiveTouchdowns).toBe(n);
      expect(board.body.players.find((p) => p.id === defenderId)!.stats.returnTouchdowns).toBe(n);
    }
  });

  it("ends every game but today's with its snaps' total, and the record has wins and losses", async () => {
    const { games, record } = await listGames(database.db, demo.teamId);
    expect(games).toHaveLength(8);
    for (const g of games) {
      const snaps = snapsBySession.get(g.sessionId)!;
      expect(g.score).toEqual(scoreOfSnaps(snaps, DEFAULT_LEAGUE_RULES));
      if (g.final) expect(g.final).toMatchObject({ ...g.score, corrected: false });
      expect(g.opponent).toBeTruthy();
      expect(g.homeAway).not.toBeNull();
      expect(g.snapCount).toBe(snaps.length);
    }
    const [live, ...finished] = games;
    expect(finished.every((g) => g.final !== null)).toBe(true);
    expect(live).toMatchObject({ date: TODAY_LOCAL, final: null, result: null, period: 2 });
    expect(demo.gamesInProgress).toBe(1);
    expect(record.text).toBe(demo.record);
    expect(record.wins).toBeGreaterThanOrEqual(1);
    expect(record.losses).toBeGreaterThanOrEqual(1);
    expect(record.wins + record.losses + record.ties).toBe(7);
  });

  it("shows today's game on the dashboards' scoreboard, still being played", async () => {
    const scoreboard = await liveScoreboard(database.db, demo.teamId, TODAY_LOCAL);
    expect(scoreboard).toMatchObject({ kind: "game", final: null, periodLabel: "2nd half" });
    expect(scoreboard!.snapCount).toBeGreaterThan(0);
  });

  it("names no absent player in a session's snaps, and marks a few absences", async () => {
    let absences = 0;
    for (const [sessionId, snaps] of snapsBySession) {
      const marks = await listSessionAttendance(database.db, sessionId);
      expect(marks).toHaveLength(12);
      const absent = new Set(marks.filter((m) => !m.present).map((m) => m.playerId));
      absences += absent.size;
      for (const s of snaps) for (const p of playersOfSnap(s.detail)) expect(absent.has(p)).toBe(false);
    }
    expect(absences).toBeGreaterThan(0);
    expect(absences).toBeLessThan(14 * 3);
  });

  it("keeps every counter equal to a recount from the events, and every snap's events what its detail implies", async () => {
    const report = await checkIntegrity(database.db);
    expect(report.drift).toEqual([]);
    expect(report.snapMismatches).toEqual([]);
    expect(report.snaps).toBe(demo.snaps);
    expect(report.events).toBe(demo.events);
    expect(asObject(await storedTotals(database.db))).toEqual(asObject(await recountFromSource(database.db)));
  });

  it("tags plays on snaps: every play of the playbook has run, and some snaps carry no play", async () => {
    const analysis = await playbookAnalysis(database.db, demo.teamId, { kind: "all", tzOffset: 0 });
    expect(analysis.plays).toHaveLength(11);
    expect(analysis.plays.every((p) => p.timesRun > 0)).toBe(true);
    expect(analysis.untaggedEvents).toBeGreaterThan(0);
  });

  it("has feedback for every player (some unread) and training logs", async () => {
    let unread = 0;
    let logs = 0;
    for (const p of demo.players) {
      const feedback = await listFeedback(database.db, { teamId: demo.teamId, playerId: p.id });
      expect(feedback.length).toBeGreaterThanOrEqual(2);
      unread += feedback.filter((f) => !f.read).length;
      logs += (await listTrainingLogs(database.db, { playerId: p.id, teamId: demo.teamId })).length;
    }
    expect(unread).toBeGreaterThan(0);
    expect(logs).toBe(demo.trainingLogs);
    expect(logs).toBeGreaterThanOrEqual(12 * 5);
  });

  it("lets the demo coach sign in with the printed password", async () => {
    const res = await new TestClient(app.app).post("/api/session", {
      email: DEMO_COACH_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ role: "coach", coachRole: "head" });
  });

  it("plans the coming weeks and links every logged practice and game to its scheduled event", async () => {
    const coach = new TestClient(app.app);
    expect((await coach.post("/api/session", { email: DEMO_COACH_EMAIL, password: DEMO_PASSWORD })).status).toBe(200);
    const all = (await coach.get<ScheduleResponse>("/api/team/schedule?when=all")).body;
    expect(all.events).toHaveLength(demo.schedule.events);
    // Every session logged is the session of one scheduled event of its kind and day.
    const sessions = await listTeamSessions(database.db, demo.teamId);
    for (const s of sessions) {
      const linked = all.events.filter((e) => e.sessionId === s.id);
      expect(linked).toEqual([expect.objectContaining({ kind: s.kind, date: s.date })]);
    }
    const ahead = all.events.filter((e) => e.date > TODAY_LOCAL);
    expect(ahead).toHaveLength(demo.schedule.upcoming);
    expect(ahead.filter((e) => e.kind === "game").map((e) => e.opponent)).toHaveLength(3);
    expect(ahead.filter((e) => e.status === "cancelled")).toHaveLength(1);
    // The next practice is short of players (4 going, the minimum is 5); the next game mostly answered.
    expect(all.minPlayers).toBe(5);
    expect(ahead[0]).toMatchObject({ kind: "practice", availability: { going: 4, maybe: 1, no: 3, unanswered: 4 } });
    const game = ahead.find((e) => e.kind === "game")!;
    expect(game.availability).toEqual({ going: 9, maybe: 0, no: 1, unanswered: 2 });
  });

  it("does nothing when the database already holds a team", async () => {
    expect(await seedDemo(database.db, app.services.auth)).toBeNull();
  });
});
