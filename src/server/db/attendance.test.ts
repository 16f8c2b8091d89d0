import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearAttendance, listSessionAttendance, setAttendance } from "./attendance.js";
import { createTeamSession, deleteTeamSession, getTeamSession, listTeamSessions } from "./team-sessions.js";
import { createTeam, type Team } from "./teams.js";
import {
  asObject,
  recountFromSource,
  seedProfile,
  storedTotals,
  testEngines,
  type TestDatabase,
} from "#tests/server/support/test-database.js";
import { recordEvent } from "./events.js";

describe.each(testEngines())("attendance on $engine", ({ create }) => {
  let t: TestDatabase;
  let team: Team;
  let coachId: string;

  beforeAll(async () => {
    t = await create({ poolMax: 10 });
    team = await createTeam(t.db, { name: "Attendance" });
    coachId = (await seedProfile(t.db, { teamId: team.id, role: "coach", coachRole: "head", fullName: "Coach" }))
      .userId;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const newPlayer = async () => (await seedProfile(t.db, { teamId: team.id, role: "player", fullName: "P" })).userId;
  const newSession = (date = "2025-09-01") =>
    createTeamSession(t.db, { teamId: team.id, kind: "practice", date, createdBy: coachId });
  const stats = async (playerId: string) => {
    const s = await t.db
      .selectFrom("player_stats")
      .select(["attendance_total", "attendance_attended"])
      .where("player_id", "=", playerId)
      .executeTakeFirst();
    return s ? [s.attendance_total, s.attendance_attended] : [0, 0];
  };

  it("counts sessions marked and sessions present through sets, repeats, flips and clears", async () => {
    const p = await newPlayer();
    const [s1, s2, s3] = [await newSession(), await newSession("2025-09-02"), await newSession("2025-09-03")];
    await setAttendance(t.db, { sessionId: s1.id, playerId: p, present: true });
    expect(await stats(p)).toEqual([1, 1]);
    await setAttendance(t.db, { sessionId: s1.id, playerId: p, present: true });
    expect(await stats(p)).toEqual([1, 1]);
    await setAttendance(t.db, { sessionId: s2.id, playerId: p, present: false });
    expect(await stats(p)).toEqual([2, 1]);
    await setAttendance(t.db, { sessionId: s2.id, playerId: p, present: false });
    expect(await stats(p)).toEqual([2, 1]);
    await setAttendance(t.db, { sessionId: s1.id, playerId: p, present: false });
    expect(await stats(p)).toEqual([2, 0]);
    await setAttendance(t.db, { sessionId: s2.id, playerId: p, present: true });
    await setAttendance(t.db, { sessionId: s3.id, playerId: p, present: true });
    expect(await stats(p)).toEqual([3, 2]);
    expect(await clearAttendance(t.db, { sessionId: s3.id, playerId: p })).toBe(true);
    expect(await clearAttendance(t.db, { sessionId: s3.id, playerId: p })).toBe(false);
    expect(await stats(p)).toEqual([2, 1]);
    expect(await clearAttendance(t.db, { sessionId: s1.id, playerId: p })).toBe(true);
    expect(await stats(p)).toEqual([1, 1]);
    expect(await listSessionAttendance(t.db, s2.id)).toMatchObject([{ sessionId: s2.id, playerId: p, present: true }]);
    expect(asObject(await storedTotals(t.db))).toEqual(asObject(await recountFromSource(t.db)));
  });

  it("deleting a session takes its marks out of the counters and keeps its events", async () => {
    const [p1, p2] = [await newPlayer(), await newPlayer()];
    const keep = await newSession("2025-09-10");
    const gone = await newSession("2025-09-11");
    await setAttendance(t.db, { sessionId: keep.id, playerId: p1, present: true });
    await setAttendance(t.db, { sessionId: gone.id, playerId: p1, present: true });
    await setAttendance(t.db, { sessionId: gone.id, playerId: p2, present: false });
    await recordEvent(t.db, {
      id: randomUUID(),
      teamId: team.id,
      playerId: p1,
      sessionId: gone.id,
      eventType: "Catch",
      occurredAt: "2025-09-11T18:00:00.000Z",
      createdBy: coachId,
    });
    const otherTeam = await createTeam(t.db, { name: "Not yours" });
    expect(await deleteTeamSession(t.db, { id: gone.id, teamId: otherTeam.id })).toBe(false);
    expect(await deleteTeamSession(t.db, { id: gone.id, teamId: team.id })).toBe(true);
    expect(await deleteTeamSession(t.db, { id: gone.id, teamId: team.id })).toBe(false);
    expect(await getTeamSession(t.db, { id: gone.id, teamId: team.id })).toBeNull();
    expect((await listTeamSessions(t.db, team.id)).map((s) => s.id)).toContain(keep.id);
    expect(await stats(p1)).toEqual([1, 1]);
    expect(await stats(p2)).toEqual([0, 0]);
    const events = await t.db.selectFrom("events").selectAll().where("player_id", "=", p1).execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.session_id).toBeNull();
    expect(asObject(await storedTotals(t.db))).toEqual(asObject(await recountFromSource(t.db)));
  });

  it("keeps the counters equal to a recount under concurrent marks, flips and clears", async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const sessions = [await newSession("2025-10-01"), await newSession("2025-10-02"), await newSession("2025-10-03")];
    const ops: Array<() => Promise<unknown>> = [];
    for (let i = 0; i < 240; i++) {
      const sessionId = sessions[i % 3]!.id;
      const playerId = players[Math.floor(i / 3) % 3]!;
      if (i % 7 === 3) ops.push(() => clearAttendance(t.db, { sessionId, playerId }));
      else ops.push(() => setAttendance(t.db, { sessionId, playerId, present: (i * 31) % 5 < 3 }));
    }
    await Promise.all(ops.map((op) => op()));
    await Promise.all(ops.slice(0, 60).map((op) => op()));
    expect(asObject(await storedTotals(t.db))).toEqual(asObject(await recountFromSource(t.db)));
  });

  it("rejects a date that is not YYYY-MM-DD", async () => {
    await expect(newSession("1/9/2025")).rejects.toThrow(RangeError);
  });
});
