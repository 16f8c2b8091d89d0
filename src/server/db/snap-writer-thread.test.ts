import { randomUUID } from "node:crypto";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOfSnap, type SnapDetail } from "#domain/snaps.js";
import { DEFAULT_LEADERBOARD, readGameScoreboard, readLeaderboard } from "../reads/team-reads.js";
import { createSnapWriter, GameFinalError, SnapIdTakenError, type NewSnapRow, type SnapWriter } from "./snaps.js";
import { startSnapWriterThread } from "./snap-writer-thread.js";
import { createTeamSession } from "./team-sessions.js";
import { createTeam } from "./teams.js";
import { seedProfile, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

// The thread's module from source, which the thread runs with tsx, as a server started from source does.
const ENTRY = new URL("./snap-writer-worker.ts", import.meta.url);

describe("snaps written on their own thread (decision 0031)", () => {
  const sqlite = testEngines().find((e) => e.engine === "sqlite")!;
  let t: TestDatabase;
  let file: string;
  let teamId: string;
  let otherTeamId: string;
  let coachId: string;
  let sessionId: string;
  let finalSessionId: string;
  let players: string[];
  const writers: SnapWriter[] = [];
  /** Times a thread that should have started handed its writes back to the test's connection. */
  let fellBack = 0;

  beforeAll(async () => {
    t = await sqlite.create();
    file = path.join((t.env as { DATA_DIR: string }).DATA_DIR, "flagline.db");
    teamId = (await createTeam(t.db, { name: "Threaded" })).id;
    otherTeamId = (await createTeam(t.db, { name: "Other" })).id;
    coachId = (await seedProfile(t.db, { teamId, role: "coach", coachRole: "head", fullName: "Coach" })).userId;
    players = [];
    for (let i = 0; i < 2; i++)
      players.push(
        (
          await seedProfile(t.db, {
            teamId,
            role: "player",
            fullName: `P${i}`,
            jerseyNumber: i + 1,
            primaryPosition: "wr",
          })
        ).userId,
      );
    sessionId = (await createTeamSession(t.db, { teamId, kind: "game", date: "2026-10-03", createdBy: coachId })).id;
    finalSessionId = (await createTeamSession(t.db, { teamId, kind: "game", date: "2026-10-04", createdBy: coachId }))
      .id;
    await t.db
      .updateTable("team_sessions")
      .set({ ended_at: new Date().toISOString() })
      .where("id", "=", finalSessionId)
      .execute();
  });
  afterAll(async () => {
    for (const w of writers) await w.close();
    await t?.cleanup();
  });

  function writer(
    over: { entry?: URL; fallback?: () => SnapWriter; onFailure?: (error: unknown) => void } = {},
  ): SnapWriter {
    const w = startSnapWriterThread({
      file,
      entry: over.entry ?? ENTRY,
      onFailure: over.onFailure,
      fallback:
        over.fallback ??
        (() => {
          fellBack += 1;
          return createSnapWriter(t.db);
        }),
    });
    writers.push(w);
    return w;
  }

  function pass(over: Partial<NewSnapRow> = {}): NewSnapRow {
    const detail: SnapDetail = {
      kind: "pass",
      passerId: players[0]!,
      targetId: players[1]!,
      result: "complete",
      yards: 12,
    };
    return {
      id: randomUUID(),
      sessionId,
      playId: null,
      period: 1,
      firstDown: false,
      occurredAt: new Date().toISOString(),
      detail,
      ...over,
    };
  }

  const eventsOf = async (snapId: string) =>
    (await t.db.selectFrom("events").select("event_type").where("snap_id", "=", snapId).execute())
      .map((e) => e.event_type)
      .sort();

  it("answers once the snaps are committed, and the server's connection reads them at once", async () => {
    const w = writer();
    const [a, b] = [pass(), pass({ detail: { kind: "run", runnerId: players[1]!, yards: 4, touchdown: true } })];
    // Two requests at once, as two games' scorers send them: both answered, both stored.
    const [ra, rb] = await Promise.all([w.write(teamId, coachId, [a]), w.write(teamId, coachId, [b])]);
    expect(ra).toEqual(["created"]);
    expect(rb).toEqual(["created"]);
    const implied = (s: NewSnapRow) =>
      eventsOfSnap(s.detail)
        .map((e) => e.eventType)
        .sort();
    expect(await eventsOf(a.id)).toEqual(implied(a));
    expect(await eventsOf(b.id)).toEqual(implied(b));
    expect(implied(b)).toContain("Rush TD");
    // Sent again (a phone that lost the answer): nothing new.
    expect(await w.write(teamId, coachId, [a])).toEqual(["duplicate"]);
    expect(await eventsOf(a.id)).toEqual(implied(a));
    expect(fellBack).toBe(0);
  });

  it("reads the live stream's payloads after the commit, as the server's connection reads them (decision 0043)", async () => {
    const w = writer();
    const services = { database: { db: t.db }, log: pino({ level: "silent" }) } as never;
    const touchdown = pass({ detail: { kind: "run", runnerId: players[0]!, yards: 30, touchdown: true } });
    const written = await w.writeAndRead!(teamId, coachId, [touchdown], { sessionId, leaderboard: true });
    expect(written.statuses).toEqual(["created"]);
    const reads = await written.reads;
    const scoreboard = await readGameScoreboard(services, teamId, sessionId);
    const leaderboard = await readLeaderboard(services, teamId, DEFAULT_LEADERBOARD);
    expect(reads).toEqual({
      scoreboard: { sessionId, body: JSON.stringify(scoreboard) },
      leaderboard: JSON.stringify(leaderboard),
    });
    // They hold the snap just written.
    expect(JSON.parse(reads!.scoreboard!.body!).snapCount).toBe(scoreboard!.snapCount);
    expect(leaderboard.players.find((p) => p.id === players[0])?.stats.touchdowns).toBeGreaterThan(0);

    // Players' screens only: no leaderboard read.
    const other = await w.writeAndRead!(teamId, coachId, [pass()], { sessionId, leaderboard: false });
    expect((await other.reads)?.leaderboard).toBeUndefined();
    // Nothing created (sent again): nothing changed, so nothing to read.
    const again = await w.writeAndRead!(teamId, coachId, [touchdown], { sessionId, leaderboard: true });
    expect(again).toEqual({ statuses: ["duplicate"], reads: undefined });
    expect(fellBack).toBe(0);
  });

  it("refuses as the in-process writer does: another team's snap id, a final game, a missing player", async () => {
    const w = writer();
    const taken = pass();
    expect(await w.write(teamId, coachId, [taken])).toEqual(["created"]);
    const stolen = w.write(otherTeamId, coachId, [{ ...taken }]);
    await expect(stolen).rejects.toBeInstanceOf(SnapIdTakenError);
    await expect(stolen).rejects.toMatchObject({ ids: new Set([taken.id]) });

    const late = pass({ sessionId: finalSessionId });
    await expect(w.write(teamId, coachId, [late])).rejects.toBeInstanceOf(GameFinalError);

    const ghost = pass({ detail: { kind: "run", runnerId: randomUUID(), yards: 1, touchdown: false } });
    await expect(w.write(teamId, coachId, [ghost])).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT_FOREIGNKEY" });
    expect(await eventsOf(ghost.id)).toEqual([]);
    // The thread goes on writing after a refusal.
    expect(await w.write(teamId, coachId, [pass()])).toEqual(["created"]);
    expect(fellBack).toBe(0);
  });

  it("hands the writing to the server's connection when the thread cannot start", async () => {
    let fallbacks = 0;
    const failures: unknown[] = [];
    const w = writer({
      entry: new URL("./no-such-snap-writer-worker.ts", import.meta.url),
      onFailure: (error) => failures.push(error),
      fallback: () => {
        fallbacks += 1;
        return createSnapWriter(t.db);
      },
    });
    const first = pass();
    const second = pass();
    expect(await w.write(teamId, coachId, [first])).toEqual(["created"]);
    expect(await w.write(teamId, coachId, [second])).toEqual(["created"]);
    expect(fallbacks).toBe(1);
    expect(await eventsOf(second.id)).toHaveLength(2);
    // Why the thread did not start reaches the server's log.
    expect(String(failures[0])).toMatch(/Cannot find module/);
  });

  it("closes a thread that is still starting without waiting for its start", async () => {
    const w = writer({ entry: new URL("../../../tests/server/support/never-ready-worker.ts", import.meta.url) });
    // The old close asked the thread to stop and waited for an answer it could never give.
    await w.close();
    await expect(w.write(teamId, coachId, [pass()])).rejects.toThrow(/closed/);
    expect(fellBack).toBe(0);
  });

  it("writes what is queued before it closes, and takes nothing after", async () => {
    const w = writer();
    const last = pass();
    const pending = w.write(teamId, coachId, [last]);
    await w.close();
    expect(await pending).toEqual(["created"]);
    expect(await eventsOf(last.id)).toHaveLength(2);
    await expect(w.write(teamId, coachId, [pass()])).rejects.toThrow(/closed/);
    expect(fellBack).toBe(0);
  });
});
