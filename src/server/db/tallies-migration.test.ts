import { randomUUID } from "node:crypto";
import { Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { teamLeaderboard, teamStats } from "./analytics-team.js";
import { boxScoreData } from "./games.js";
import { migrateToLatest } from "./index.js";
import { playbookAnalysis } from "./playbook-analysis.js";
import { createPlay } from "./plays.js";
import { allMigrations } from "./migrations/index.js";
import { checkTallies } from "./tallies/recount.js";
import { createTeamSession } from "./team-sessions.js";
import { createTeam } from "./teams.js";
import { seedProfile, testEngines } from "#tests/server/support/test-database.js";

/** The migration just before the tallies: the upgrade starts from a database as that version left it. */
const BEFORE_TALLIES = Object.keys(allMigrations("sqlite"))
  .filter((name) => name < "009_tallies")
  .sort()
  .at(-1)!;

describe.each(testEngines())("an existing database upgraded to tallies (migration 009) on $engine", ({ create }) => {
  it("fills the tallies from the events, so the team reads show the same numbers; down drops them", async () => {
    const t = await create({ migrateTo: BEFORE_TALLIES });
    try {
      const db = t.db;
      const team = await createTeam(db, { name: "Old Timers" });
      const coach = await seedProfile(db, { teamId: team.id, role: "coach", coachRole: "head", fullName: "Coach" });
      const qb = (await seedProfile(db, { teamId: team.id, role: "player", fullName: "Quinn", primaryPosition: "qb" }))
        .userId;
      const cb = (await seedProfile(db, { teamId: team.id, role: "player", fullName: "Cora", primaryPosition: "cb" }))
        .userId;
      const game = await createTeamSession(db, {
        teamId: team.id,
        kind: "game",
        date: "2026-09-06",
        createdBy: coach.userId,
      });
      const snapId = randomUUID();
      await sql`insert into snaps (id, team_id, session_id, play_id, kind, detail, period, first_down, our_points,
        their_points, occurred_at, created_by, created_at) values (${snapId}, ${team.id}, ${game.id}, null, 'sack',
        ${JSON.stringify({ kind: "sack", defenderId: cb })}, 1, 0, 0, 0, '2026-09-06T18:40:00.000Z', ${coach.userId},
        '2026-09-06T18:40:00.000Z')`.execute(db);
      const slant = (
        await createPlay(db, { teamId: team.id, name: "Slant", side: "offense", formation: "", tags: [], notes: "" })
      ).id;
      // As the version before the tallies wrote them: events in the game (one a snap's, one tagged with a play), and
      // one without a session.
      const events: [string, string | null, string, number | null, string, string | null, string | null][] = [
        [qb, game.id, "Pass TD", 20, "2026-09-06T18:10:00.000Z", null, slant],
        [qb, game.id, "Pass Completion", 8, "2026-09-06T23:50:00.000Z", null, null],
        [cb, game.id, "Sack", null, "2026-09-06T18:40:00.000Z", snapId, null],
        [cb, null, "Flag Pull", null, "2026-09-07T01:00:00.000Z", null, null],
      ];
      for (const [player, session, type, yards, at, snap, play] of events)
        await sql`insert into events (id, team_id, player_id, session_id, play_id, event_type, yards, occurred_at,
          created_by, created_at, snap_id, season_id) values (${randomUUID()}, ${team.id}, ${player}, ${session}, ${play},
          ${type}, ${yards}, ${at}, ${coach.userId}, ${at}, ${snap},
          (select id from seasons where team_id = ${team.id}))`.execute(db);

      await migrateToLatest(db, t.engine);

      expect(await checkTallies(db)).toEqual([]);
      const stats = await teamStats(db, team.id, { tzOffset: 0 });
      expect(stats.totals).toMatchObject({ events: 4, passingYards: 28, flagPulls: 1 });
      // Pass TD 8 + 0.1 and Pass Completion 1.5 + 0.1 at quarterback, Sack 5 + 0.1.
      expect(stats.trend).toMatchObject([{ sessionId: game.id, events: 3, points: 14.8 }]);
      expect(stats.daily.map((d) => [d.date, d.events])).toEqual([
        ["2026-09-06", 3],
        ["2026-09-07", 1],
      ]);
      expect((await teamStats(db, team.id, { tzOffset: 60 })).daily.map((d) => [d.date, d.events])).toEqual([
        ["2026-09-06", 2],
        ["2026-09-07", 2],
      ]);
      const board = await teamLeaderboard(db, team.id, { window: "session", sessionId: game.id });
      expect(board.players.find((p) => p.id === qb)).toMatchObject({
        eventCount: 2,
        lastActive: "2026-09-06T23:50:00.000Z",
      });
      const box = await boxScoreData(db, team.id, game.id);
      expect(
        box!.loose
          .get(qb)
          ?.map((l) => l.eventType)
          .sort(),
      ).toEqual(["Pass Completion", "Pass TD"]);
      expect(box!.loose.has(cb)).toBe(false);
      // The tagged Pass TD is the play's one run (8 + 0.1 at quarterback); untagged: the completion and the flag
      // pull (snap-level events logged on their own) and the sack's snap.
      const analysis = await playbookAnalysis(db, team.id, { kind: "all", tzOffset: 0 });
      expect(analysis.plays).toMatchObject([{ playId: slant, timesRun: 1, touchdowns: 1, yards: 20, points: 8.1 }]);
      expect(analysis.untaggedEvents).toBe(3);

      const { error } = await new Migrator({
        db,
        provider: { getMigrations: async () => allMigrations(t.engine) },
      }).migrateTo(BEFORE_TALLIES);
      expect(error).toBeUndefined();
      await expect(sql`select count(*) from session_tallies`.execute(db)).rejects.toThrow();
      await expect(sql`select count(*) from play_tallies`.execute(db)).rejects.toThrow();
    } finally {
      await t.cleanup();
    }
  });
});
