import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp } from "#tests/server/support/test-client.js";
import { anEvent, loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";
import { checkTallies } from "../db/tallies/recount.js";
import { slotOf } from "../db/tallies/sql.js";

/*
 * A coach's position change re-values the player's points in tally rows the whole team's writes share (decision
 * 0015). On PostgreSQL another transaction can hold those rows in the other order: the database then aborts one of
 * the two as a deadlock's victim. Here the victim is made to be the position change (it waits first), and the
 * change must run again and succeed rather than answer 500.
 */
const postgres = testEngines().filter((e) => e.engine === "postgres");

describe.skipIf(postgres.length === 0)("a position change that loses a deadlock on PostgreSQL", () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let a: LoggerTeam;

  beforeAll(async () => {
    database = await postgres[0]!.create();
    ({ app } = createTestApp(database));
    a = await loggerTeam(app, "Falcons", 2);
  });
  afterAll(async () => database?.cleanup());

  it("runs again and is saved", async () => {
    const player = a.players[0]!.me.id;
    const occurredAt = "2026-11-20T15:07:00.000Z";
    const logged = await a.head.post("/api/team/events", { events: [anEvent(player, { occurredAt })] });
    expect(logged.status).toBeLessThan(300);
    const { day, minute } = slotOf(occurredAt);
    const season = (
      await sql<{ id: string }>`select season_id as id from events where player_id = ${player}`.execute(database.db)
    ).rows[0]!.id;

    // (The connection is let go once the change has answered: the answer is what the callback resolves to.)
    const res = await database.db.connection().execute(async (conn) => {
      // PostgreSQL aborts the transaction whose own deadlock check runs first, deadlock_timeout (1 s) after it began
      // to wait. The change waits first, but on a busy host its check can run late, after this one's: this side
      // checks only after 30 s, so the change is always the one aborted (the setting is a superuser's, as here).
      await sql`set deadlock_timeout = '30s'`.execute(conn);
      // The other transaction holds the team's day row the change re-values second...
      await sql`begin`.execute(conn);
      await sql`select 1 from team_day_tallies where season_id = ${season} and day = ${day} for update`.execute(conn);
      const change = a.head.request("PATCH", `/api/team/roster/${player}`, { json: { primaryPosition: "wr" } });
      // ...and once the change holds the quarter-hour row (its first) and waits for the day row, wants that one.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
        if (Number(rows[0]!.n) > 0) break;
        if (Date.now() > deadline) throw new Error("the position change never waited for the day row");
        await new Promise((r) => setImmediate(r));
      }
      await sql`select 1 from slot_tallies where season_id = ${season} and day = ${day} and minute = ${minute}
        for update`.execute(conn);
      await sql`commit`.execute(conn);
      await sql`reset deadlock_timeout`.execute(conn);
      return change;
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.player.primaryPosition).toBe("wr");
    expect(await checkTallies(database.db)).toEqual([]);
  });
});
