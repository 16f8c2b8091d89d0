import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "../account-deletion.js";
import { teamLeaderboard, teamStats } from "../analytics-team.js";
import { recordEvent, removeEvent } from "../events.js";
import { boxScoreData } from "../games.js";
import { checkIntegrity, rebuildCounters } from "../integrity.js";
import { eventPointsTenths } from "#domain/scoring.js";
import { updateOwnProfile } from "../profiles.js";
import { mergeSessions } from "../session-merge.js";
import { deleteSnap, editSnap, insertSnaps } from "../snaps.js";
import { createTeamSession, deleteTeamSession } from "../team-sessions.js";
import { createTeam } from "../teams.js";
import { isoDay } from "#tests/server/support/analytics-world.js";
import { seedProfile, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/*
 * The tallies of decision 0015 follow every write path: after each step the integrity check finds no tally off
 * a recount from the events, and the reads built on them show what the events say.
 */
describe.each(testEngines())("team read tallies on $engine", ({ create }) => {
  let database: TestDatabase;
  let teamId: string;
  let coachId: string;
  let players: string[];

  beforeAll(async () => {
    database = await create();
    const team = await createTeam(database.db, { name: "Tallies" });
    teamId = team.id;
    coachId = (await seedProfile(database.db, { teamId, role: "coach", coachRole: "head", fullName: "Coach" })).userId;
    players = [];
    for (const [i, position] of ["qb", "wr", "cb", "rb"].entries())
      players.push(
        (await seedProfile(database.db, { teamId, role: "player", fullName: `P${i}`, primaryPosition: position }))
          .userId,
      );
  });
  afterAll(async () => database?.cleanup());

  const clean = async () => {
    const report = await checkIntegrity(database.db);
    expect(report.tallyDrift).toEqual([]);
    expect(report.drift).toEqual([]);
  };
  const session = (date: string) =>
    createTeamSession(database.db, { teamId, kind: "game", date, opponent: "Owls", createdBy: coachId });
  const event = (
    playerId: string,
    eventType: string,
    at: string,
    sessionId: string | null,
    yards: number | null = null,
  ) =>
    recordEvent(database.db, {
      id: randomUUID(),
      teamId,
      playerId,
      eventType,
      yards,
      sessionId,
      occurredAt: at,
      createdBy: coachId,
    });

  it("follow event writes, undo, snaps written, edited and deleted, merges, session and account deletion", async () => {
    const db = database.db;
    const [qb, wr, cb, rb] = players as [string, string, string, string];
    const a = await session("2026-09-05");
    const b = await session("2026-09-06");
    await event(qb, "Pass Completion", "2026-09-05T23:50:00.000Z", a.id, 12);
    await event(wr, "Catch", "2026-09-05T23:50:00.000Z", a.id, 12);
    await event(cb, "Flag Pull", "2026-09-06T00:10:00.000Z", null);
    const undone = randomUUID();
    await recordEvent(db, {
      id: undone,
      teamId,
      playerId: rb,
      eventType: "Rush TD",
      yards: 9,
      sessionId: b.id,
      occurredAt: "2026-09-06T18:00:00.000Z",
      createdBy: coachId,
    });
    await clean();
    expect(await removeEvent(db, { id: undone, teamId })).not.toBeNull();
    await clean();

    const snapId = randomUUID();
    await insertSnaps(db, teamId, coachId, [
      {
        id: snapId,
        sessionId: b.id,
        playId: null,
        period: 1,
        firstDown: false,
        occurredAt: "2026-09-06T18:05:00.000Z",
        detail: { kind: "run", runnerId: rb, yards: 6, touchdown: true },
      },
    ]);
    await clean();
    await editSnap(db, { id: snapId, teamId }, coachId, {
      period: 1,
      detail: { kind: "pass", passerId: qb, targetId: wr, result: "touchdown", yards: 30 },
    });
    await clean();
    let box = await boxScoreData(db, teamId, a.id);
    expect(
      [...box!.loose.values()]
        .flat()
        .map((l) => l.eventType)
        .sort(),
    ).toEqual(["Catch", "Pass Completion"]);

    // Merging b into a: b's loose and snap events now count in a's game.
    expect(await mergeSessions(db, teamId, { sourceId: b.id, targetId: a.id })).toMatchObject({ events: 2 });
    await clean();
    const board = await teamLeaderboard(db, teamId, { window: "session", sessionId: a.id });
    expect(board.players.find((p) => p.id === wr)!.eventCount).toBe(2);
    const stats = await teamStats(db, teamId);
    expect(stats.trend.map((t) => [t.sessionId, t.events])).toEqual([[a.id, 4]]);

    // Deleting the game keeps its events without a session, its snap's now as events logged on their own.
    await deleteSnap(db, { id: snapId, teamId });
    await insertSnaps(db, teamId, coachId, [
      {
        id: randomUUID(),
        sessionId: a.id,
        playId: null,
        period: 1,
        firstDown: false,
        occurredAt: "2026-09-05T20:00:00.000Z",
        detail: { kind: "sack", defenderId: cb },
      },
    ]);
    await clean();
    expect(await deleteTeamSession(db, { id: a.id, teamId })).toBe(true);
    await clean();
    const after = await teamStats(db, teamId);
    expect(after.trend).toEqual([]);
    expect(after.totals.events).toBe(4);
    expect(after.totals.flagPulls).toBe(1);
    box = await boxScoreData(db, teamId, a.id);
    expect(box).toBeNull();

    await deleteAccount(db, cb, { teamId, deletesTeam: false });
    await clean();
    expect((await teamStats(db, teamId)).totals.events).toBe(2);
  });

  it("give each local day its events and points, for any zone's offset", async () => {
    const db = database.db;
    const [qb, wr] = players as [string, string, string, string];
    for (const [i, at] of [
      "2026-10-01T00:05:00.000Z",
      "2026-10-01T04:59:00.000Z",
      "2026-10-01T05:30:00.000Z",
      "2026-10-01T18:29:00.000Z",
      "2026-10-01T18:31:00.000Z",
      "2026-10-01T23:59:59.999Z",
      "2026-10-02T10:00:00.000Z",
    ].entries())
      await event(i % 2 ? qb : wr, i % 3 ? "Catch" : "Pass TD", at, null, 5);
    await clean();
    const events = await db
      .selectFrom("events")
      .select(["occurred_at", "event_type", "player_id"])
      .where("team_id", "=", teamId)
      .execute();
    for (const tzOffset of [0, 330, 345, -300, -600, 840, -840]) {
      const byDay = new Map<string, number>();
      for (const e of events) {
        const day = isoDay(new Date(Date.parse(e.occurred_at) + tzOffset * 60_000));
        byDay.set(day, (byDay.get(day) ?? 0) + 1);
      }
      const { daily } = await teamStats(db, teamId, { tzOffset });
      expect(daily.map((d) => [d.date, d.events])).toEqual([...byDay].sort(([x], [y]) => (x < y ? -1 : 1)));
    }
  });

  it("re-value the activity points when a player's position changes", async () => {
    const db = database.db;
    const [qb] = players as [string, string, string, string];
    const before = await teamStats(db, teamId);
    // Quarterback to receiver: a Pass TD is worth 6 + 0.1 instead of 8 + 0.1, a Catch 1.5 + 0.1 instead of 1 + 0.1.
    await updateOwnProfile(db, qb, { primaryPosition: "wr" });
    await clean();
    const after = await teamStats(db, teamId);
    const mine = await db.selectFrom("events").select("event_type").where("player_id", "=", qb).execute();
    expect(mine.length).toBeGreaterThan(0);
    const points = (s: typeof before) => s.daily.reduce((a, d) => a + Math.round(d.points * 10), 0);
    const change = mine.reduce(
      (a, e) => a + eventPointsTenths(e.event_type, "qb") - eventPointsTenths(e.event_type, "wr"),
      0,
    );
    expect(change).not.toBe(0);
    expect(points(before) - points(after)).toBe(change);
  });

  it("report a tampered tally, and the rebuild puts it right", async () => {
    await sql`update session_tallies set count = count + 3`.execute(database.db);
    await sql`update team_day_tallies set events = events + 1`.execute(database.db);
    const report = await checkIntegrity(database.db);
    expect(new Set(report.tallyDrift.map((d) => d.table))).toEqual(new Set(["session_tallies", "team_day_tallies"]));
    await rebuildCounters(database.db);
    await clean();
  });
});
