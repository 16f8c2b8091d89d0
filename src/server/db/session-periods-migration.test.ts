import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "./index.js";
import { createTeamSession, sessionPeriods } from "./team-sessions.js";
import { createTeam } from "./teams.js";
import { seedProfile, testEngines } from "#tests/server/support/test-database.js";

describe.each(testEngines())("migration 012 on $engine", ({ create }) => {
  it("gives each game logged so far the period its snaps reached, each period starting at its first snap", async () => {
    const t = await create({ migrateTo: "011_sessionless_spans" });
    try {
      const db = t.db;
      const team = await createTeam(db, { name: "Old Timers" });
      const coach = await seedProfile(db, { teamId: team.id, role: "coach", coachRole: "head", fullName: "Coach" });
      const session = (kind: "game" | "practice") =>
        createTeamSession(db, { teamId: team.id, kind, date: "2026-10-03", createdBy: coach.userId });
      const halves = await session("game");
      const firstHalfOnly = await session("game");
      const snap = (sessionId: string, period: number, at: string) =>
        db
          .insertInto("snaps")
          .values({
            id: randomUUID(),
            team_id: team.id,
            session_id: sessionId,
            play_id: null,
            kind: "opponent_score",
            detail: JSON.stringify({ kind: "opponent_score", score: "touchdown" }),
            period,
            first_down: 0,
            our_points: 0,
            their_points: 6,
            occurred_at: at,
            created_by: coach.userId,
            created_at: at,
          })
          .execute();
      await snap(halves.id, 1, "2026-10-03T14:00:00.000Z");
      await snap(halves.id, 2, "2026-10-03T14:31:00.000Z");
      await snap(halves.id, 2, "2026-10-03T14:30:00.000Z");
      await snap(halves.id, 3, "2026-10-03T15:02:00.000Z");
      await snap(firstHalfOnly.id, 1, "2026-10-03T14:00:00.000Z");

      await migrateToLatest(db, t.engine);

      const timelines = await sessionPeriods(db, [halves.id, firstHalfOnly.id]);
      expect(timelines.get(halves.id)!.sort((x, y) => x.period - y.period)).toEqual([
        { period: 2, startedAt: "2026-10-03T14:30:00.000Z" },
        { period: 3, startedAt: "2026-10-03T15:02:00.000Z" },
      ]);
      expect(timelines.get(firstHalfOnly.id)).toEqual([]);
    } finally {
      await t.cleanup();
    }
  });
});
