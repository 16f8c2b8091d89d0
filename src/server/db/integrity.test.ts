import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "#domain/event-types.js";
import { setAttendance } from "./attendance.js";
import { recordEvent } from "./events.js";
import { checkIntegrity, rebuildCounters } from "./integrity.js";
import { insertSnaps } from "./snaps.js";
import { createTeamSession } from "./team-sessions.js";
import { createTeam } from "./teams.js";
import {
  asObject,
  recountFromSource,
  seedProfile,
  storedTotals,
  testEngines,
  type TestDatabase,
} from "#tests/server/support/test-database.js";

describe.each(testEngines())("integrity check on $engine", ({ create }) => {
  let database: TestDatabase;
  let players: string[];
  let teamId: string;
  let coachId: string;
  let sessionId: string;

  beforeAll(async () => {
    database = await create();
    const db = database.db;
    const team = await createTeam(db, { name: "Integrity" });
    const coach = await seedProfile(db, { teamId: team.id, role: "coach", coachRole: "head", fullName: "C" });
    teamId = team.id;
    coachId = coach.userId;
    players = [];
    for (let i = 0; i < 4; i++) {
      players.push(
        (await seedProfile(db, { teamId: team.id, role: "player", fullName: `P${i}`, primaryPosition: "wr" })).userId,
      );
    }
    const session = await createTeamSession(db, {
      teamId: team.id,
      kind: "game",
      date: "2026-11-01",
      createdBy: coach.userId,
    });
    sessionId = session.id;
    for (let i = 0; i < 60; i++) {
      await recordEvent(db, {
        id: randomUUID(),
        teamId: team.id,
        playerId: players[i % 4]!,
        eventType: EVENT_TYPES[i % EVENT_TYPES.length]!,
        yards: i % 3 === 0 ? i : null,
        sessionId: session.id,
        occurredAt: new Date(Date.UTC(2026, 10, 1, 15, 0, i)).toISOString(),
        createdBy: coach.userId,
      });
    }
    for (const [i, p] of players.entries())
      await setAttendance(db, { sessionId: session.id, playerId: p, present: i % 2 === 0 });
  });
  afterAll(async () => database?.cleanup());

  it("finds no drift when the counters were kept by the write path", async () => {
    const report = await checkIntegrity(database.db);
    expect(report).toMatchObject({ events: 60, players: 4, drift: [], snaps: 0, snapMismatches: [] });
  });

  it("reports each tampered counter, and --fix rebuilds them all", async () => {
    const victim = players[1]!;
    await sql`update player_event_counts set count = count + 5 where player_id = ${victim} and event_type = 'Catch'`.execute(
      database.db,
    );
    await sql`update player_stats set event_count = 999, attendance_attended = 7 where player_id = ${victim}`.execute(
      database.db,
    );
    const report = await checkIntegrity(database.db);
    expect(report.drift.map((d) => d.field).sort()).toEqual(["attendanceAttended", "count:Catch", "eventCount"]);
    expect(report.drift.find((d) => d.field === "eventCount")).toMatchObject({
      playerId: victim,
      stored: 999,
      recounted: 15,
    });

    await rebuildCounters(database.db);
    expect((await checkIntegrity(database.db)).drift).toEqual([]);
    expect(asObject(await storedTotals(database.db))).toEqual(asObject(await recountFromSource(database.db)));
  });

  it("checks every snap's events against what its detail implies (points are not checked)", async () => {
    const db = database.db;
    const snap = (i: number, detail: Parameters<typeof insertSnaps>[3][number]["detail"]) => ({
      id: randomUUID(),
      sessionId,
      playId: null,
      period: 1,
      firstDown: false,
      occurredAt: new Date(Date.UTC(2026, 10, 1, 16, 0, i)).toISOString(),
      detail,
    });
    const pass = snap(1, { kind: "pass", passerId: players[0]!, targetId: players[1]!, result: "complete", yards: 8 });
    const run = snap(2, { kind: "run", runnerId: players[2]!, yards: 4, touchdown: false });
    const sack = snap(3, { kind: "sack", defenderId: players[3]! });
    await insertSnaps(db, teamId, coachId, [pass, run, sack]);
    // Points are what the rules gave when the snap was written: a changed value is no mismatch.
    await db.updateTable("snaps").set({ our_points: 99 }).where("id", "=", sack.id).execute();
    const clean = await checkIntegrity(db);
    expect(clean).toMatchObject({ snaps: 3, snapMismatches: [], drift: [] });

    // One of the pass's two events deleted behind its back (counters kept right), the run's yards changed.
    const catchEvent = await db
      .selectFrom("events")
      .select("id")
      .where("snap_id", "=", pass.id)
      .where("event_type", "=", "Catch")
      .executeTakeFirstOrThrow();
    await db.deleteFrom("events").where("id", "=", catchEvent.id).execute();
    await db.updateTable("events").set({ yards: 40 }).where("snap_id", "=", run.id).execute();
    await rebuildCounters(db);
    const report = await checkIntegrity(db);
    expect(report.drift).toEqual([]);
    expect(report.snapMismatches.map((m) => m.snapId).sort()).toEqual([pass.id, run.id].sort());
    const forPass = report.snapMismatches.find((m) => m.snapId === pass.id)!;
    expect(forPass.expected).toHaveLength(2);
    expect(forPass.stored).toHaveLength(1);
  });
});
