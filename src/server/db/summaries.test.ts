import { randomUUID } from "node:crypto";
import type { LogEvent } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "#domain/event-types.js";
import { sortPlayers } from "#domain/player-search.js";
import { blankPlayerSummary, buildPlayerSummary, type PlayerSummary } from "#domain/player-summary.js";
import { POSITION_KEYS } from "#domain/positions.js";
import { clearAttendance, setAttendance } from "./attendance.js";
import { recordEvent, removeEvent, type NewEvent } from "./events.js";
import { parseStringList } from "./rows.js";
import { teamPlayerSummaries } from "./summaries.js";
import { createTeamSession } from "./team-sessions.js";
import { createTeam, type Team } from "./teams.js";
import { rng } from "#tests/server/support/analytics-world.js";
import { seedProfile, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/** Positions as people enter them, including unknown ones and odd case. */
const POSITION_VALUES = [...POSITION_KEYS, "QB", " wr ", "kicker", "Safety"];
const EXTRA_EVENT_TYPES = ["Trick Play"]; // not in the spec's list: scores the default weight

/** The summaries recomputed by brute force from the raw tables: events and attendance rows, counted in JS. */
async function bruteForceSummaries(t: TestDatabase, teamId: string): Promise<PlayerSummary[]> {
  const profiles = await t.db
    .selectFrom("profiles")
    .selectAll()
    .where("team_id", "=", teamId)
    .where("role", "=", "player")
    .execute();
  const summaries: PlayerSummary[] = [];
  for (const p of profiles) {
    const events = await t.db.selectFrom("events").selectAll().where("player_id", "=", p.user_id).execute();
    const marks = await t.db.selectFrom("attendance").selectAll().where("player_id", "=", p.user_id).execute();
    const byType = new Map<string, { count: number; yards: number }>();
    let last: string | null = null;
    for (const e of events) {
      const c = byType.get(e.event_type) ?? { count: 0, yards: 0 };
      c.count += 1;
      c.yards += e.yards ?? 0;
      byType.set(e.event_type, c);
      if (last === null || e.occurred_at > last) last = e.occurred_at;
    }
    summaries.push(
      buildPlayerSummary(
        {
          id: p.user_id,
          fullName: p.full_name,
          jerseyNumber: p.jersey_number,
          primaryPosition: p.primary_position,
          positions: parseStringList(p.positions),
          photoUrl: p.photo_file_id ? `/api/files/${p.photo_file_id}` : null,
        },
        {
          counters: [...byType].map(([eventType, c]) => ({ eventType, ...c })),
          attendance: { total: marks.length, attended: marks.filter((m) => m.present === 1).length },
          lastEventAt: last,
        },
      ),
    );
  }
  return sortPlayers(summaries, "performanceScore", "desc");
}

describe.each(testEngines())("team player summaries on $engine", ({ create }) => {
  let t: TestDatabase;
  const queries: string[] = [];
  let capturing = false;

  beforeAll(async () => {
    t = await create({
      log: (e: LogEvent) => {
        if (capturing) queries.push(e.query.sql);
      },
    });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
    queries.length = 0;
    capturing = true;
    try {
      const result = await fn();
      return { result, sql: [...queries] };
    } finally {
      capturing = false;
    }
  }

  it.each([20250901, 7, 424242])("match a brute-force recount from the events table (seed %i)", async (seed) => {
    const r = rng(seed);
    const teams: Team[] = [];
    const players = new Map<string, string[]>(); // team id -> player ids
    const coaches = new Map<string, string>();
    for (let i = 0; i < 3; i++) {
      const team = await createTeam(t.db, { name: `Team ${seed}-${i}` });
      teams.push(team);
      const coach = await seedProfile(t.db, {
        teamId: team.id,
        role: "coach",
        coachRole: "head",
        fullName: `Coach ${i}`,
      });
      coaches.set(team.id, coach.userId);
      const ids: string[] = [];
      for (let j = r.int(i === 0 ? 0 : 3, 9); j > 0; j--) {
        const positions = r.chance(0.25) ? [] : Array.from({ length: r.int(1, 3) }, () => r.pick(POSITION_VALUES));
        const p = await seedProfile(t.db, {
          teamId: team.id,
          role: "player",
          fullName: r.chance(0.1) ? "  " : `Player ${seed}-${i}-${j}`,
          jerseyNumber: r.chance(0.2) ? null : r.int(0, 99),
          primaryPosition: r.chance(0.5) ? r.pick(POSITION_VALUES) : null,
          positions,
        });
        ids.push(p.userId);
      }
      players.set(team.id, ids);
    }
    // A player without a team: never listed anywhere.
    const loner = await seedProfile(t.db, { teamId: null, role: "player", fullName: "Loner" });

    const sessions = new Map<string, string[]>();
    for (const team of teams) {
      const ids: string[] = [];
      for (let k = r.int(1, 5); k > 0; k--) {
        ids.push(
          (
            await createTeamSession(t.db, {
              teamId: team.id,
              kind: r.pick(["practice", "game"] as const),
              date: `2025-09-${10 + k}`,
              createdBy: coaches.get(team.id)!,
            })
          ).id,
        );
      }
      sessions.set(team.id, ids);
    }

    const recorded: NewEvent[] = [];
    const types = [...EVENT_TYPES, ...EXTRA_EVENT_TYPES];
    const base = Date.UTC(2025, 8, 1);
    for (let n = 0; n < 300; n++) {
      const team = r.pick(teams);
      const roster = players.get(team.id)!;
      // Now and then an event for a coach: coaches must never show up in the summaries all the same.
      const playerId = roster.length === 0 || r.chance(0.03) ? coaches.get(team.id)! : r.pick(roster);
      const e: NewEvent = {
        id: randomUUID(),
        teamId: team.id,
        playerId,
        eventType: r.pick(types),
        yards: r.chance(0.4) ? null : r.int(-10, 80),
        sessionId: r.chance(0.5) ? r.pick(sessions.get(team.id)!) : null,
        // Coarse times so ties happen.
        occurredAt: new Date(base + r.int(0, 5000) * 60_000).toISOString(),
        createdBy: coaches.get(team.id)!,
      };
      await recordEvent(t.db, e);
      recorded.push(e);
      if (r.chance(0.05)) await recordEvent(t.db, e); // a replay
      if (r.chance(0.15)) {
        const victim = r.pick(recorded);
        await removeEvent(t.db, { id: victim.id, teamId: victim.teamId });
      }
    }
    for (const team of teams) {
      for (const playerId of players.get(team.id)!) {
        for (const sessionId of sessions.get(team.id)!) {
          const roll = r.next();
          if (roll < 0.2) continue;
          await setAttendance(t.db, { sessionId, playerId, present: r.chance(0.7) });
          if (r.chance(0.3)) await setAttendance(t.db, { sessionId, playerId, present: r.chance(0.5) });
          if (r.chance(0.1)) await clearAttendance(t.db, { sessionId, playerId });
        }
      }
    }

    const all: PlayerSummary[] = [];
    for (const team of teams) {
      const { result, sql } = await countQueries(() => teamPlayerSummaries(t.db, team.id));
      all.push(...result);
      // The counters, and the return touchdowns from the snaps (the counters cannot tell a pick-six); neither reads
      // the events table.
      expect(sql).toHaveLength(2);
      for (const q of sql) expect(q).not.toMatch(/\bevents\b/);
      expect(result).toEqual(await bruteForceSummaries(t, team.id));
      const ids = new Set(result.map((s) => s.id));
      expect(ids).toEqual(new Set(players.get(team.id)));
      expect(ids.has(coaches.get(team.id)!)).toBe(false);
      expect(ids.has(loner.userId)).toBe(false);
      for (let i = 1; i < result.length; i++) {
        expect(result[i - 1]!.performanceScore).toBeGreaterThanOrEqual(result[i]!.performanceScore);
      }
    }
    // The world is not trivial: events, removals and partial attendance all happened.
    expect(all.reduce((n, s) => n + s.eventCount, 0)).toBeGreaterThan(100);
    expect(
      await t.db
        .selectFrom("events")
        .select("id")
        .where(
          "id",
          "in",
          recorded.map((e) => e.id),
        )
        .execute(),
    ).not.toHaveLength(recorded.length);
    expect(all.some((s) => s.attendancePercentage > 0 && s.attendancePercentage < 100)).toBe(true);
  });

  it("issues the same two queries whatever the number of players", async () => {
    const team = await createTeam(t.db, { name: "Counting" });
    const coach = await seedProfile(t.db, { teamId: team.id, role: "coach", fullName: "C" });
    const sessionId = (
      await createTeamSession(t.db, { teamId: team.id, kind: "game", date: "2025-09-20", createdBy: coach.userId })
    ).id;
    for (const size of [0, 1, 40]) {
      while (
        (
          await t.db
            .selectFrom("profiles")
            .select("user_id")
            .where("team_id", "=", team.id)
            .where("role", "=", "player")
            .execute()
        ).length < size
      ) {
        const p = await seedProfile(t.db, { teamId: team.id, role: "player", fullName: "N", primaryPosition: "wr" });
        for (const eventType of ["Catch", "TD Catch", "Flag Pull"]) {
          await recordEvent(t.db, {
            id: randomUUID(),
            teamId: team.id,
            playerId: p.userId,
            eventType,
            yards: 5,
            occurredAt: "2025-09-20T18:00:00.000Z",
            createdBy: coach.userId,
          });
        }
        await setAttendance(t.db, { sessionId, playerId: p.userId, present: true });
      }
      const { result, sql } = await countQueries(() => teamPlayerSummaries(t.db, team.id));
      expect(result).toHaveLength(size);
      expect(sql).toHaveLength(2);
    }
  });

  it("gives a player whose data cannot be processed the blank summary, not a failed list", async () => {
    const team = await createTeam(t.db, { name: "Broken" });
    const coach = await seedProfile(t.db, { teamId: team.id, role: "coach", fullName: "C" });
    const good = await seedProfile(t.db, {
      teamId: team.id,
      role: "player",
      fullName: "Good",
      primaryPosition: "qb",
      jerseyNumber: 7,
    });
    const badJson = await seedProfile(t.db, { teamId: team.id, role: "player", fullName: "Bad Json", jerseyNumber: 3 });
    const badCount = await seedProfile(t.db, {
      teamId: team.id,
      role: "player",
      fullName: "Bad Count",
      primaryPosition: "rb",
    });
    for (const p of [good, badJson, badCount]) {
      await recordEvent(t.db, {
        id: randomUUID(),
        teamId: team.id,
        playerId: p.userId,
        eventType: "Pass TD",
        yards: 30,
        occurredAt: "2025-09-21T18:00:00.000Z",
        createdBy: coach.userId,
      });
    }
    await t.db.updateTable("profiles").set({ positions: "{not json" }).where("user_id", "=", badJson.userId).execute();
    await t.db.updateTable("player_event_counts").set({ count: -3 }).where("player_id", "=", badCount.userId).execute();

    const failed: string[] = [];
    const result = await teamPlayerSummaries(t.db, team.id, { onPlayerError: (id) => failed.push(id) });
    expect(failed.sort()).toEqual([badJson.userId, badCount.userId].sort());
    expect(result).toHaveLength(3);
    expect(result[0]).toMatchObject({
      id: good.userId,
      name: "Good",
      position: "qb",
      performanceScore: 8.1,
      eventCount: 1,
      jerseyNumber: 7,
    });
    expect(result.find((s) => s.id === badJson.userId)).toEqual(
      blankPlayerSummary({ id: badJson.userId, fullName: "Bad Json", jerseyNumber: 3 }),
    );
    expect(result.find((s) => s.id === badCount.userId)).toMatchObject({
      position: "unknown",
      positionGroup: "other",
      performanceScore: 0,
      eventCount: 0,
      attendancePercentage: 0,
      teamRanking: 10,
    });
  });

  it("links a player's photo", async () => {
    const team = await createTeam(t.db, { name: "Photos" });
    const p = await seedProfile(t.db, { teamId: team.id, role: "player", fullName: "Smile" });
    const fileId = randomUUID();
    await t.db
      .insertInto("files")
      .values({
        id: fileId,
        team_id: team.id,
        owner_user_id: p.userId,
        kind: "photo",
        storage_key: `k/${fileId}`,
        mime: "image/webp",
        size: 10,
        width: 1,
        height: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    await t.db.updateTable("profiles").set({ photo_file_id: fileId }).where("user_id", "=", p.userId).execute();
    const [summary] = await teamPlayerSummaries(t.db, team.id);
    expect(summary).toMatchObject({
      id: p.userId,
      photoUrl: expect.stringMatching(new RegExp(`^/api/files/${fileId}(\\?|$)`)),
      eventCount: 0,
      lastActive: null,
      teamRanking: 1,
    });
  });
});
