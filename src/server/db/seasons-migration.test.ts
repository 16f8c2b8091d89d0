import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "./index.js";
import { allMigrations } from "./migrations/index.js";
import { checkIntegrity } from "./integrity.js";
import { teamPlayerSummaries } from "./summaries.js";
import { insertTestUser, testEngines } from "#tests/server/support/test-database.js";
import { insertOldPlayer, insertOldTeam } from "#tests/server/support/old-rows.js";

/** The migration just before seasons: the upgrade starts from a database as that version left it. */
const BEFORE_SEASONS = Object.keys(allMigrations("sqlite"))
  .filter((name) => name < "007_seasons")
  .sort()
  .at(-1)!;

describe.each(testEngines())("an existing database upgraded to seasons (migration 007) on $engine", ({ create }) => {
  it("each team's data becomes its first season, and the counters are the same numbers kept per season", async () => {
    const t = await create({ migrateTo: BEFORE_SEASONS });
    try {
      const busy = await insertOldTeam(t.db, "Old Timers", "2025-08-01T09:00:00.000Z");
      const quiet = await insertOldTeam(t.db, "Quiet Ones", "2025-10-02T09:00:00.000Z");
      const passer = await insertTestUser(t.db, { name: "Quinn Passer" });
      const rusher = await insertTestUser(t.db, { name: "Rae Rusher" });
      await insertOldPlayer(t.db, busy.id, passer, "Quinn Passer", "qb");
      await insertOldPlayer(t.db, busy.id, rusher, "Rae Rusher", "rusher");

      const game = randomUUID();
      const practice = randomUUID();
      for (const [id, kind, date] of [
        [game, "game", "2025-09-06"],
        [practice, "practice", "2025-09-13"],
      ] as const)
        await sql`insert into team_sessions (id, team_id, kind, date, created_by, created_at)
          values (${id}, ${busy.id}, ${kind}, ${date}, ${passer}, ${`${date}T18:00:00.000Z`})`.execute(t.db);
      // As the version before seasons wrote them: events with and without a session, marks, and the counters.
      const events: [string, string | null, string, number | null, string][] = [
        [passer, game, "Pass TD", 20, "2025-09-06T18:10:00.000Z"],
        [passer, game, "Pass Completion", 8, "2025-09-06T18:20:00.000Z"],
        [rusher, game, "Flag Pull", null, "2025-09-06T18:30:00.000Z"],
        [rusher, null, "Sack", null, "2026-01-10T12:00:00.000Z"],
      ];
      for (const [player, session, type, yards, at] of events)
        await sql`insert into events (id, team_id, player_id, session_id, play_id, event_type, yards, occurred_at,
          created_by, created_at) values (${randomUUID()}, ${busy.id}, ${player}, ${session}, null, ${type}, ${yards},
          ${at}, ${passer}, ${at})`.execute(t.db);
      await sql`insert into attendance (session_id, player_id, present, updated_at) values
        (${game}, ${passer}, 1, '2025-09-06T18:00:00.000Z'), (${game}, ${rusher}, 1, '2025-09-06T18:00:00.000Z'),
        (${practice}, ${rusher}, 0, '2025-09-13T18:00:00.000Z')`.execute(t.db);
      await sql`insert into player_event_counts (player_id, event_type, count, yards) values
        (${passer}, 'Pass TD', 1, 20), (${passer}, 'Pass Completion', 1, 8),
        (${rusher}, 'Flag Pull', 1, 0), (${rusher}, 'Sack', 1, 0)`.execute(t.db);
      await sql`insert into player_stats (player_id, event_count, last_event_at, attendance_total, attendance_attended)
        values (${passer}, 2, '2025-09-06T18:20:00.000Z', 1, 1), (${rusher}, 2, '2026-01-10T12:00:00.000Z', 2, 1)`.execute(
        t.db,
      );

      await migrateToLatest(t.db, t.engine);

      const seasons = await t.db.selectFrom("seasons").selectAll().orderBy("starts_on").execute();
      expect(seasons.map((s) => [s.team_id, s.name, s.starts_on, s.ends_on])).toEqual([
        // From its first session to its last event; named for the years its data spans.
        [busy.id, "2025–2026 season", "2025-09-06", null],
        // No data: from the day it was made.
        [quiet.id, "2025 season", "2025-10-02", null],
      ]);
      const seasonOfBusy = seasons[0]!.id;
      const sessions = await t.db.selectFrom("team_sessions").select("season_id").execute();
      expect(sessions.map((s) => s.season_id)).toEqual([seasonOfBusy, seasonOfBusy]);
      const stored = await t.db.selectFrom("events").select("season_id").execute();
      expect(stored.every((e) => e.season_id === seasonOfBusy)).toBe(true);

      expect((await checkIntegrity(t.db)).drift).toEqual([]);
      const summaries = await teamPlayerSummaries(t.db, busy.id);
      expect(summaries.find((p) => p.id === passer)).toMatchObject({
        eventCount: 2,
        attendancePercentage: 100,
        stats: { passingYards: 28, touchdowns: 1 },
      });
      expect(summaries.find((p) => p.id === rusher)).toMatchObject({
        eventCount: 2,
        attendancePercentage: 50,
        lastActive: "2026-01-10T12:00:00.000Z",
      });
      const stats = await t.db.selectFrom("player_stats").select(["player_id", "season_id"]).execute();
      expect(stats.every((s) => s.season_id === seasonOfBusy)).toBe(true);

      // A season is required from now on, on both engines.
      await expect(
        sql`insert into team_sessions (id, team_id, kind, date, created_by, created_at)
          values (${randomUUID()}, ${busy.id}, 'practice', '2026-02-01', ${passer}, '2026-02-01T10:00:00.000Z')`.execute(
          t.db,
        ),
      ).rejects.toThrow(/season_id/);
    } finally {
      await t.cleanup();
    }
  });
});
