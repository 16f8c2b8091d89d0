import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { LogEvent } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEADER_STATS, rollingWindowSince } from "#domain/reads.js";
import { blankPlayerSummary, type PlayerSummary } from "#domain/player-summary.js";
import { effectivePosition } from "#domain/positions.js";
import { eventPointsTenths } from "#domain/scoring.js";
import { rankPlayers, statLeaders } from "./analytics-rank.js";
import { teamDashboard, teamLeaderboard, teamStats, windowPlayerSummaries } from "./analytics-team.js";
import { bruteForceSummaries, isoDay, rng, seedActivity } from "#tests/server/support/analytics-world.js";
import { recordEvent, type EventKey } from "./events.js";
import { findTeamPlayer, listPlayerEvents, playerDetail } from "./player-detail.js";
import { parseStringList } from "./rows.js";
import { teamPlayerSummaries } from "./summaries.js";
import { createTeamSession, teamSessionsWithCounts } from "./team-sessions.js";
import { currentSeason, startSeason } from "./seasons.js";
import { createTeam, removePlayerFromTeam } from "./teams.js";
import { seedProfile, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/** Positions as people enter them, including unknown ones and odd case. */
const POSITION_VALUES = [
  "qb",
  "wr",
  "slot",
  "rb",
  "te",
  "center",
  "cb",
  "safety",
  "lb",
  "rusher",
  "QB",
  " wr ",
  "kicker",
  null,
];

/** A team with a coach and `n` players at random positions. */
async function seedTeam(db: TestDatabase["db"], random: ReturnType<typeof rng>, n: number) {
  const team = await createTeam(db, { name: "Falcons" });
  const coach = await seedProfile(db, { teamId: team.id, role: "coach", coachRole: "head", fullName: "Casey Coach" });
  const players = [];
  // Jersey numbers are unique within a team (docs/product.md §11): a number drawn twice leaves the player without.
  const used = new Set<number>();
  const free = (jersey: number) => (used.has(jersey) ? null : (used.add(jersey), jersey));
  for (let i = 0; i < n; i++) {
    const primary = random.pick(POSITION_VALUES);
    players.push(
      await seedProfile(db, {
        teamId: team.id,
        role: "player",
        fullName: random.chance(0.1) ? "" : `Player ${i} ${random.pick(["Ann", "bob", "Cy"])}`,
        jerseyNumber: random.chance(0.8) ? free(random.int(0, 99)) : null,
        primaryPosition: random.chance(0.85) ? primary : null,
        positions: random.chance(0.5) ? [random.pick(["cb", "rb", "Safety"])] : [],
      }),
    );
  }
  return { team, coach, players };
}

function withoutPlace<T extends PlayerSummary & { place: number }>(rows: T[]): PlayerSummary[] {
  return rows.map(({ place: _place, ...rest }) => rest);
}

describe.each(testEngines())("coach analytics queries on $engine", ({ create }) => {
  let t: TestDatabase;
  const queries: string[] = [];
  let counting = false;

  beforeAll(async () => {
    t = await create({
      log: (e: LogEvent) => {
        if (counting && e.level === "query") queries.push(e.query.sql);
      },
    });
  });
  afterAll(async () => t?.cleanup());

  async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; count: number }> {
    queries.length = 0;
    counting = true;
    try {
      const result = await fn();
      return { result, count: queries.length };
    } finally {
      counting = false;
    }
  }

  it.each([11, 23, 37])("window summaries equal a brute-force recount (seed %i)", async (seed) => {
    const random = rng(seed);
    const { team, coach, players } = await seedTeam(t.db, random, 7);
    const now = new Date();
    const { sessions } = await seedActivity(t.db, {
      teamId: team.id,
      playerIds: players.map((p) => p.userId),
      createdBy: coach.userId,
      random,
      events: 120,
      now,
    });
    const since = rollingWindowSince(now, 30);

    expect(await teamPlayerSummaries(t.db, team.id)).toEqual(await bruteForceSummaries(t.db, team.id));
    expect(await windowPlayerSummaries(t.db, team.id, { since })).toEqual(
      await bruteForceSummaries(t.db, team.id, (e) => e.team_id === team.id && e.occurred_at >= since),
    );
    const session = sessions[0]!;
    // The one-session board leaves out the players marked absent from it (docs/product.md §11 (#s11-seasons)).
    const absent = new Set(
      (
        await t.db
          .selectFrom("attendance")
          .select("player_id")
          .where("session_id", "=", session.id)
          .where("present", "=", 0)
          .execute()
      ).map((r) => r.player_id),
    );
    expect(await windowPlayerSummaries(t.db, team.id, { sessionId: session.id })).toEqual(
      (await bruteForceSummaries(t.db, team.id, (e) => e.team_id === team.id && e.session_id === session.id)).filter(
        (p) => !absent.has(p.id),
      ),
    );

    // The leaderboard's windows are the same summaries, ranked.
    const last30 = await teamLeaderboard(t.db, team.id, { window: "last30", now });
    expect(withoutPlace(last30.players)).toEqual(await windowPlayerSummaries(t.db, team.id, { since }));
    expect(last30.leaders).toEqual(statLeaders(withoutPlace(last30.players)));
  });

  it("a player's detail matches their summary and the score history ends at the performance score", async () => {
    const random = rng(5);
    const { team, coach, players } = await seedTeam(t.db, random, 5);
    await seedActivity(t.db, {
      teamId: team.id,
      playerIds: players.map((p) => p.userId),
      createdBy: coach.userId,
      random,
      events: 150,
    });
    const summaries = await teamPlayerSummaries(t.db, team.id);
    for (const s of summaries) {
      for (const tzOffset of [0, 330, -600]) {
        const detail = await playerDetail(t.db, team.id, s.id, { tzOffset });
        expect(detail).not.toBeNull();
        const { primaryPosition: _p, positions: _ps, joinedAt, ...summary } = detail!.player;
        expect(summary).toEqual(s);
        expect(joinedAt).toEqual(expect.any(String));
        const history = detail!.scoreHistory;
        expect(history.at(-1)?.score ?? 0).toBe(s.performanceScore);
        // Brute force: each event's points bucketed by its day in the viewer's zone.
        const events = await t.db.selectFrom("events").selectAll().where("player_id", "=", s.id).execute();
        const byDay = new Map<string, number>();
        for (const e of events) {
          const day = isoDay(new Date(Date.parse(e.occurred_at) + tzOffset * 60_000));
          byDay.set(day, (byDay.get(day) ?? 0) + eventPointsTenths(e.event_type, s.position));
        }
        const days = [...byDay.keys()].sort();
        expect(history.map((h) => h.date)).toEqual(days);
        expect(history.map((h) => h.points)).toEqual(days.map((d) => byDay.get(d)! / 10));
        for (let i = 1; i < history.length; i++) {
          expect(history[i]!.score).toBeCloseTo(history[i - 1]!.score + history[i]!.points, 6);
        }
      }
    }
  });

  it("buckets days in the viewer's zone", async () => {
    const { team, coach, players } = await seedTeam(t.db, rng(1), 1);
    const playerId = players[0]!.userId;
    const at = (iso: string) =>
      recordEvent(t.db, {
        id: randomUUID(),
        teamId: team.id,
        playerId,
        eventType: "Sack",
        occurredAt: iso,
        createdBy: coach.userId,
      });
    await at("2026-10-03T23:30:00.000Z");
    await at("2026-10-04T00:30:00.000Z");
    const dates = async (tzOffset: number) => (await playerDetail(t.db, team.id, playerId, { tzOffset }))!.scoreHistory;
    expect(await dates(0)).toEqual([
      { date: "2026-10-03", points: 5.1, score: 5.1 },
      { date: "2026-10-04", points: 5.1, score: 10.2 },
    ]);
    expect(await dates(60)).toEqual([{ date: "2026-10-04", points: 10.2, score: 10.2 }]);
    expect(await dates(-90)).toEqual([{ date: "2026-10-03", points: 10.2, score: 10.2 }]);
    expect(await dates(840)).toEqual([{ date: "2026-10-04", points: 10.2, score: 10.2 }]);
    expect(await dates(-840)).toEqual([{ date: "2026-10-03", points: 10.2, score: 10.2 }]);
  });

  it("pages a player's events newest first with no gaps or duplicates, also with a type filter", async () => {
    const random = rng(99);
    const { team, coach, players } = await seedTeam(t.db, random, 2);
    await seedActivity(t.db, {
      teamId: team.id,
      playerIds: players.map((p) => p.userId),
      createdBy: coach.userId,
      random,
      events: 90,
    });
    const playerId = players[0]!.userId;
    for (const eventType of [undefined, "Catch"]) {
      const seen: string[] = [];
      let before: EventKey | undefined;
      for (let guard = 0; guard < 100; guard++) {
        const page = await listPlayerEvents(t.db, { teamId: team.id, playerId, eventType, before, limit: 7 });
        seen.push(...page.events.map((e) => e.id));
        const last = page.events.at(-1);
        if (!page.more || !last) break;
        before = { occurredAt: last.occurredAt, id: last.id };
      }
      const expected = (
        await t.db
          .selectFrom("events")
          .select(["id", "occurred_at", "event_type"])
          .where("player_id", "=", playerId)
          .execute()
      )
        .filter((e) => eventType === undefined || e.event_type === eventType)
        .sort((a, b) =>
          a.occurred_at === b.occurred_at ? (a.id < b.id ? 1 : -1) : a.occurred_at < b.occurred_at ? 1 : -1,
        )
        .map((e) => e.id);
      expect(seen).toEqual(expected);
    }
  });

  it("team stats equal a brute-force recount", async () => {
    const random = rng(2024);
    const { team, coach, players } = await seedTeam(t.db, random, 6);
    await seedActivity(t.db, {
      teamId: team.id,
      playerIds: players.map((p) => p.userId),
      createdBy: coach.userId,
      random,
      events: 140,
      sessions: 6,
    });
    const tzOffset = 120;
    const stats = await teamStats(t.db, team.id, { tzOffset });

    const profiles = new Map(
      (await t.db.selectFrom("profiles").selectAll().execute()).map((p) => [
        p.user_id,
        effectivePosition({ primaryPosition: p.primary_position, positions: parseStringList(p.positions) }),
      ]),
    );
    const events = await t.db.selectFrom("events").selectAll().where("team_id", "=", team.id).execute();
    const sessions = await t.db.selectFrom("team_sessions").selectAll().where("team_id", "=", team.id).execute();
    const marks = await t.db.selectFrom("attendance").selectAll().execute();

    expect(stats.totals.events).toBe(events.length);
    expect(stats.totals.sessions).toBe(sessions.length);
    expect(stats.totals.games + stats.totals.practices).toBe(sessions.length);
    expect(stats.totals.players).toBe(players.length);
    const sumYards = (types: string[]) =>
      events.filter((e) => types.includes(e.event_type)).reduce((a, e) => a + (e.yards ?? 0), 0);
    const countOf = (types: string[]) => events.filter((e) => types.includes(e.event_type)).length;
    expect(stats.totals.passingYards).toBe(sumYards(["Pass Completion", "Pass TD"]));
    expect(stats.totals.receivingYards).toBe(sumYards(["Catch", "TD Catch"]));
    expect(stats.totals.rushingYards).toBe(sumYards(["Rush Attempt", "Rush TD"]));
    expect(stats.totals.offenseYards).toBe(sumYards(["Pass Completion", "Pass TD", "Rush Attempt", "Rush TD"]));
    expect(stats.totals.touchdowns).toBe(Math.max(countOf(["Pass TD"]), countOf(["TD Catch"])) + countOf(["Rush TD"]));
    expect(stats.totals.flagPulls).toBe(countOf(["Flag Pull"]));
    expect(stats.totals.interceptions).toBe(countOf(["Interception"]));

    const ascending = [...sessions].sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : a.created_at < b.created_at ? -1 : 1,
    );
    expect(stats.trend.map((s) => s.date)).toEqual(ascending.map((s) => s.date));
    for (const row of stats.trend) {
      const mine = events.filter((e) => e.session_id === row.sessionId);
      expect(row.events).toBe(mine.length);
      const tenths = mine.reduce((a, e) => a + eventPointsTenths(e.event_type, profiles.get(e.player_id)!), 0);
      expect(row.points).toBe(tenths / 10);
    }
    for (const row of stats.attendance) {
      const mine = marks.filter((m) => m.session_id === row.sessionId);
      expect(row.marked).toBe(mine.length);
      expect(row.present).toBe(mine.filter((m) => Number(m.present) === 1).length);
    }
    expect(stats.daily.reduce((a, d) => a + d.events, 0)).toBe(events.length);
    const days = new Set(events.map((e) => isoDay(new Date(Date.parse(e.occurred_at) + tzOffset * 60_000))));
    expect(stats.daily.map((d) => d.date)).toEqual([...days].sort());

    const summaries = await teamPlayerSummaries(t.db, team.id);
    expect(stats.byGroup.map((g) => g.group)).toEqual(["offense", "defense", "other"]);
    expect(stats.byGroup.reduce((a, g) => a + g.players, 0)).toBe(summaries.length);
    expect(stats.byGroup.reduce((a, g) => a + g.events, 0)).toBe(summaries.reduce((a, s) => a + s.eventCount, 0));
    expect(stats.topPerformers).toEqual(statLeaders(summaries));
  });

  it("answers in a fixed number of queries whatever the team's size", async () => {
    const counts: Record<string, number>[] = [];
    for (const n of [2, 12]) {
      const random = rng(n);
      const { team, coach, players } = await seedTeam(t.db, random, n);
      const { sessions } = await seedActivity(t.db, {
        teamId: team.id,
        playerIds: players.map((p) => p.userId),
        createdBy: coach.userId,
        random,
        events: n * 10,
      });
      const playerId = players[0]!.userId;
      counts.push({
        players: (await countQueries(() => teamPlayerSummaries(t.db, team.id))).count,
        detail: (await countQueries(() => playerDetail(t.db, team.id, playerId))).count,
        sessions: (await countQueries(() => teamSessionsWithCounts(t.db, team.id))).count,
        season: (await countQueries(() => teamLeaderboard(t.db, team.id, { window: "season" }))).count,
        last30: (await countQueries(() => teamLeaderboard(t.db, team.id, { window: "last30" }))).count,
        session: (
          await countQueries(() => teamLeaderboard(t.db, team.id, { window: "session", sessionId: sessions[0]!.id }))
        ).count,
        stats: (await countQueries(() => teamStats(t.db, team.id))).count,
        dashboard: (await countQueries(() => teamDashboard(t.db, team.id))).count,
      });
    }
    // The one-game board also reads that game's attendance marks (absent players are left out). Every summary read
    // adds one for the return touchdowns (pick-sixes), which the counters cannot tell.
    const expected = { players: 2, detail: 6, sessions: 1, season: 2, last30: 3, session: 4, stats: 5, dashboard: 5 };
    expect(counts).toEqual([expected, expected]);
  });

  it("counts a session's events and marks", async () => {
    const random = rng(8);
    const { team, coach, players } = await seedTeam(t.db, random, 4);
    await seedActivity(t.db, {
      teamId: team.id,
      playerIds: players.map((p) => p.userId),
      createdBy: coach.userId,
      random,
      events: 40,
    });
    const sessions = await teamSessionsWithCounts(t.db, team.id);
    const events = await t.db.selectFrom("events").selectAll().where("team_id", "=", team.id).execute();
    const marks = await t.db.selectFrom("attendance").selectAll().execute();
    for (let i = 1; i < sessions.length; i++) expect(sessions[i - 1]!.date >= sessions[i]!.date).toBe(true);
    for (const s of sessions) {
      expect(s.eventCount).toBe(events.filter((e) => e.session_id === s.id).length);
      expect(s.attendanceCount).toBe(marks.filter((m) => m.session_id === s.id).length);
      expect(s.presentCount).toBe(marks.filter((m) => m.session_id === s.id && Number(m.present) === 1).length);
    }
  });

  it("dashboard: head counts, this week's events, top five, latest ten", async () => {
    const random = rng(77);
    const { team, coach, players } = await seedTeam(t.db, random, 7);
    const now = new Date();
    await seedActivity(t.db, {
      teamId: team.id,
      playerIds: players.map((p) => p.userId),
      createdBy: coach.userId,
      random,
      events: 50,
      now,
    });
    const board = (await teamDashboard(t.db, team.id, { now }))!;
    const summaries = await teamPlayerSummaries(t.db, team.id);
    const events = await t.db.selectFrom("events").selectAll().where("team_id", "=", team.id).execute();
    const weekAgo = rollingWindowSince(now, 7);
    expect(board.team).toEqual({ id: team.id, name: team.name, code: team.teamCode });
    expect(board.playerCount).toBe(7);
    expect(board.topPerformers).toEqual(summaries.slice(0, 5));
    expect(board.eventsThisWeek).toBe(events.filter((e) => e.occurred_at >= weekAgo).length);
    expect(board.averageAttendance).toBe(Math.round(summaries.reduce((a, s) => a + s.attendancePercentage, 0) / 7));
    const latest = [...events].sort((a, b) =>
      a.occurred_at === b.occurred_at ? (a.id < b.id ? 1 : -1) : a.occurred_at < b.occurred_at ? 1 : -1,
    );
    expect(board.latestEvents.map((e) => e.id)).toEqual(latest.slice(0, 10).map((e) => e.id));
    const emptyTeam = await createTeam(t.db, { name: "Empty" });
    expect(await teamDashboard(t.db, emptyTeam.id)).toMatchObject({
      playerCount: 0,
      // No player has a mark: no average yet (the screens show "—", not 0%).
      averageAttendance: null,
      eventsThisWeek: 0,
    });
  });

  it("dashboard: a new season starts from zero; the past season keeps its week and latest events", async () => {
    const random = rng(27);
    const { team, coach, players } = await seedTeam(t.db, random, 4);
    const now = new Date();
    await seedActivity(t.db, {
      teamId: team.id,
      playerIds: players.map((p) => p.userId),
      createdBy: coach.userId,
      random,
      events: 30,
      days: 5,
      now,
    });
    const before = (await teamDashboard(t.db, team.id, { now }))!;
    expect(before.eventsThisWeek).toBeGreaterThan(0);
    expect(before.latestEvents.length).toBe(10);
    const past = (await currentSeason(t.db, team.id))!;
    const tomorrow = isoDay(new Date(now.getTime() + 86_400_000));
    expect(await startSeason(t.db, team.id, { name: "Spring 2027", startsOn: tomorrow })).toHaveProperty("season");

    const fresh = (await teamDashboard(t.db, team.id, { now }))!;
    expect(fresh.eventsThisWeek).toBe(0);
    expect(fresh.latestEvents).toEqual([]);
    expect(fresh.topPerformers.every((p) => p.performanceScore === 0)).toBe(true);
    const kept = (await teamDashboard(t.db, team.id, { now, seasonId: past.id }))!;
    expect(kept.eventsThisWeek).toBe(before.eventsThisWeek);
    expect(kept.latestEvents).toEqual(before.latestEvents);
  });

  it("removing a player only touches a player of the caller's team and keeps their events", async () => {
    const random = rng(3);
    const a = await seedTeam(t.db, random, 2);
    const b = await seedTeam(t.db, random, 1);
    const victim = a.players[0]!.userId;
    await recordEvent(t.db, {
      id: randomUUID(),
      teamId: a.team.id,
      playerId: victim,
      eventType: "Catch",
      yards: 12,
      occurredAt: new Date().toISOString(),
      createdBy: a.coach.userId,
    });
    expect(await removePlayerFromTeam(t.db, b.team.id, victim)).toBe(false);
    expect(await removePlayerFromTeam(t.db, a.team.id, a.coach.userId)).toBe(false);
    expect(await findTeamPlayer(t.db, a.team.id, victim)).not.toBeNull();
    expect(await removePlayerFromTeam(t.db, a.team.id, victim)).toBe(true);
    expect(await findTeamPlayer(t.db, a.team.id, victim)).toBeNull();
    expect((await teamPlayerSummaries(t.db, a.team.id)).map((p) => p.id)).not.toContain(victim);
    expect(await t.db.selectFrom("events").select("id").where("player_id", "=", victim).execute()).toHaveLength(1);
    expect(await removePlayerFromTeam(t.db, a.team.id, victim)).toBe(false);
  });

  it("the session window ignores another team's session and the player log ignores another team's events", async () => {
    const random = rng(4);
    const a = await seedTeam(t.db, random, 1);
    const b = await seedTeam(t.db, random, 1);
    const other = await createTeamSession(t.db, {
      teamId: b.team.id,
      kind: "game",
      date: "2026-10-03",
      createdBy: b.coach.userId,
    });
    await recordEvent(t.db, {
      id: randomUUID(),
      teamId: b.team.id,
      playerId: b.players[0]!.userId,
      eventType: "Sack",
      sessionId: other.id,
      occurredAt: new Date().toISOString(),
      createdBy: b.coach.userId,
    });
    const board = await teamLeaderboard(t.db, a.team.id, { window: "session", sessionId: other.id });
    expect(board.players.map((p) => p.id)).toEqual([a.players[0]!.userId]);
    expect(board.players[0]!.eventCount).toBe(0);
    const page = await listPlayerEvents(t.db, { teamId: a.team.id, playerId: b.players[0]!.userId, limit: 10 });
    expect(page.events).toEqual([]);
  });
});

describe("ranking and leaders", () => {
  const player = (
    id: string,
    score: number,
    stats: Partial<PlayerSummary["stats"]> = {},
    name = `P ${id}`,
  ): PlayerSummary => {
    const blank = blankPlayerSummary({ id, fullName: name });
    return { ...blank, performanceScore: score, stats: { ...blank.stats, ...stats } };
  };

  it("gives equal scores one place and skips the next (1, 2, 2, 4)", () => {
    const ranked = rankPlayers([player("a", 5), player("b", 9.5), player("c", 5), player("d", 1), player("e", 5)]);
    expect(ranked.map((p) => [p.id, p.place])).toEqual([
      ["b", 1],
      ["a", 2],
      ["c", 2],
      ["e", 2],
      ["d", 5],
    ]);
  });

  it("a place is one more than the number of strictly better scores", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 30 }), (tenthsList) => {
        const ranked = rankPlayers(tenthsList.map((t, i) => player(`p${i}`, t / 10)));
        for (const p of ranked) {
          expect(p.place).toBe(1 + ranked.filter((q) => q.performanceScore > p.performanceScore).length);
        }
        for (let i = 1; i < ranked.length; i++) {
          expect(ranked[i - 1]!.performanceScore).toBeGreaterThanOrEqual(ranked[i]!.performanceScore);
        }
      }),
    );
  });

  it("leaders: top three with a value above zero, ties by name", () => {
    const leaders = statLeaders([
      player("a", 0, { passingYards: 30, touchdownsScored: 1 }, "Zed"),
      player("b", 0, { passingYards: 50 }, "Amy"),
      player("c", 0, { passingYards: 30 }, "Bea"),
      player("d", 0, { passingYards: 10, touchdownsScored: 0 }, "Cal"),
      player("e", 0, { passingYards: -5 }, "Dan"),
    ]);
    expect(Object.keys(leaders)).toEqual([...LEADER_STATS]);
    expect(leaders.passingYards).toEqual([
      { playerId: "b", name: "Amy", value: 50 },
      { playerId: "c", name: "Bea", value: 30 },
      { playerId: "a", name: "Zed", value: 30 },
    ]);
    expect(leaders.touchdownsScored).toEqual([{ playerId: "a", name: "Zed", value: 1 }]);
    expect(leaders.interceptions).toEqual([]);
  });
});
