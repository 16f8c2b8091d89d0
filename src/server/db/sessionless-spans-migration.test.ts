import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { recordEvent } from "./events.js";
import { migrateToLatest } from "./index.js";
import { createPlay } from "./plays.js";
import { checkTallies } from "./tallies/recount.js";
import { SESSIONLESS_LEVEL } from "./tallies/sql.js";
import { createTeam } from "./teams.js";
import { seedProfile, testEngines } from "#tests/server/support/test-database.js";

describe.each(testEngines())("migration 011 on $engine", ({ create }) => {
  it("rolls a database's quarter-hour and day rows up into six-hour spans and weeks that match the events", async () => {
    const t = await create({ migrateTo: "010_window_tallies" });
    try {
      const db = t.db;
      const team = await createTeam(db, { name: "Old Timers" });
      const coach = await seedProfile(db, { teamId: team.id, role: "coach", coachRole: "head", fullName: "Coach" });
      const qb = await seedProfile(db, { teamId: team.id, role: "player", fullName: "Quinn", primaryPosition: "qb" });
      const slant = (
        await createPlay(db, { teamId: team.id, name: "Slant", side: "offense", formation: "", tags: [], notes: "" })
      ).id;
      // Across six-hour and week edges (2026-10-11 is a Sunday), tagged and untagged, a few in the same span.
      const times = [
        "2026-10-11T05:59:59.999Z",
        "2026-10-11T06:00:00.000Z",
        "2026-10-11T17:45:00.000Z",
        "2026-10-11T23:59:59.999Z",
        "2026-10-12T00:00:00.000Z",
        "2026-10-12T00:10:00.000Z",
        "2026-10-19T12:00:00.000Z",
      ];
      for (const [i, at] of times.entries())
        await recordEvent(db, {
          id: randomUUID(),
          teamId: team.id,
          playerId: qb.userId,
          eventType: "Pass Completion",
          yards: i + 5,
          playId: i % 2 === 0 ? slant : null,
          occurredAt: at,
          createdBy: coach.userId,
        });
      // A table filled before this migration held the day and quarter-hour levels only.
      await sql`delete from sessionless_tallies where level in (${SESSIONLESS_LEVEL.sixHours}, ${SESSIONLESS_LEVEL.week})`.execute(
        db,
      );
      expect((await checkTallies(db)).some((d) => d.table === "sessionless_tallies")).toBe(true);

      await migrateToLatest(db, t.engine);

      expect((await checkTallies(db)).filter((d) => d.table === "sessionless_tallies")).toEqual([]);
      const { rows } = await sql<{ level: number | string; n: number | string }>`select level, count(*) as n
        from sessionless_tallies group by level order by level`.execute(db);
      // One row per (span, Slant or untagged): days 10-11 (both), 10-12 (both), 10-19; seven distinct quarter
      // hours; six-hour spans 0-6, 6-12, 12-18 and 18-24 h of 10-11, 0-6 h of 10-12 (both), 12-18 h of 10-19; weeks
      // of Monday 10-05 (both: 10-11 is a Sunday), of 10-12 (both) and of 10-19.
      expect(rows.map((r) => [Number(r.level), Number(r.n)])).toEqual([
        [0, 5],
        [1, 7],
        [2, 7],
        [3, 5],
      ]);
    } finally {
      await t.cleanup();
    }
  });
});
