import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "../account-deletion.js";
import { retagEvent } from "../event-tags.js";
import { recordEvent, removeEvent } from "../events.js";
import { checkIntegrity, rebuildCounters } from "../integrity.js";
import type { AnalysisWindow } from "./analysis-window.js";
import { playbookAnalysis, playDrillDown } from "../playbook-analysis.js";
import { createPlay } from "../plays.js";
import { updateOwnProfile } from "../profiles.js";
import { mergeSessions } from "../session-merge.js";
import { deleteSnap, editSnap, insertSnaps } from "../snaps.js";
import { createTeamSession, deleteTeamSession } from "../team-sessions.js";
import { createTeam } from "../teams.js";
import { seedProfile, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/*
 * The play tallies of decision 0015 (play_tallies) follow every write path that adds, removes, re-tags or moves a
 * tagged event: after each step the integrity check finds no tally off a recount from the events, and the playbook
 * analysis built on them shows what the events say.
 */
describe.each(testEngines())("play tallies on $engine", ({ create }) => {
  let database: TestDatabase;
  let teamId: string;
  let coachId: string;
  let qb: string;
  let wr: string;
  let cb: string;
  let slant: string;
  let cover2: string;
  const all: AnalysisWindow = { kind: "all", tzOffset: 0 };

  beforeAll(async () => {
    database = await create();
    const db = database.db;
    teamId = (await createTeam(db, { name: "Play tallies" })).id;
    coachId = (await seedProfile(db, { teamId, role: "coach", coachRole: "head", fullName: "Coach" })).userId;
    const player = async (fullName: string, primaryPosition: string) =>
      (await seedProfile(db, { teamId, role: "player", fullName, primaryPosition })).userId;
    qb = await player("Quinn", "qb");
    wr = await player("Wren", "wr");
    cb = await player("Cora", "cb");
    const play = async (name: string, side: "offense" | "defense") =>
      (await createPlay(db, { teamId, name, side, formation: "", tags: [], notes: "" })).id;
    slant = await play("Slant", "offense");
    cover2 = await play("Cover 2", "defense");
  });
  afterAll(async () => database?.cleanup());

  const clean = async () => {
    const report = await checkIntegrity(database.db);
    expect(report.tallyDrift).toEqual([]);
    expect(report.drift).toEqual([]);
    await agree();
  };
  const session = (date: string) =>
    createTeamSession(database.db, { teamId, kind: "game", date, opponent: "Owls", createdBy: coachId });
  const event = async (
    playerId: string,
    eventType: string,
    at: string,
    sessionId: string | null,
    yards: number | null = null,
    playId: string | null = null,
  ) => {
    const id = randomUUID();
    await recordEvent(database.db, {
      id,
      teamId,
      playerId,
      eventType,
      yards,
      sessionId,
      playId,
      occurredAt: at,
      createdBy: coachId,
    });
    return id;
  };
  const row = async (playId: string, w: AnalysisWindow = all) =>
    (await playbookAnalysis(database.db, teamId, w)).plays.find((p) => p.playId === playId)!;
  const untagged = async (w: AnalysisWindow = all) => (await playbookAnalysis(database.db, teamId, w)).untaggedEvents;
  const windows: AnalysisWindow[] = [
    all,
    { kind: "game", tzOffset: 0 },
    { kind: "all", from: "2026-09-05", to: "2026-09-05", tzOffset: 0 },
    { kind: "all", from: "2026-09-06", tzOffset: -300 },
  ];
  /** Each play's row (from the tallies) equals its drill-down's row (grouped from the play's events), in any window. */
  const agree = async () => {
    for (const w of windows)
      for (const playId of [slant, cover2]) {
        const drill = await playDrillDown(database.db, teamId, playId, w, { limit: 1 });
        expect(await row(playId, w)).toEqual(drill!.play);
      }
  };

  it("follow tagged event writes, re-tagging, undo, snaps, merges, session and account deletion", async () => {
    const db = database.db;
    const a = await session("2026-09-05");
    const b = await session("2026-09-06");
    // A tagged completion (8 yards, 1.5 + 0.1 at quarterback) and an untagged loose one.
    await event(qb, "Pass Completion", "2026-09-05T18:00:00.000Z", a.id, 8, slant);
    const loose = await event(qb, "Pass Completion", "2026-09-05T18:01:00.000Z", a.id, 4);
    await clean();
    expect(await row(slant)).toMatchObject({ timesRun: 1, completions: 1, yards: 8, points: 1.6 });
    expect(await untagged()).toBe(1);

    // Re-tagging moves the loose one onto the play, then to the other play, then off again.
    expect(await retagEvent(db, teamId, loose, slant)).toMatchObject({ status: "ok", changed: true });
    await clean();
    expect(await row(slant)).toMatchObject({ timesRun: 2, yards: 12 });
    expect(await untagged()).toBe(0);
    expect(await retagEvent(db, teamId, loose, cover2)).toMatchObject({ status: "ok", changed: true });
    await clean();
    expect(await row(slant)).toMatchObject({ timesRun: 1, yards: 8 });
    expect(await row(cover2)).toMatchObject({ timesRun: 0, points: 1.6 });
    expect(await retagEvent(db, teamId, loose, null)).toMatchObject({ status: "ok", changed: true });
    await clean();
    expect((await row(cover2)).points).toBe(0);
    expect(await untagged()).toBe(1);

    // Undo of a tagged event takes it off its play.
    const undone = await event(wr, "Catch", "2026-09-05T18:02:00.000Z", a.id, 5, slant);
    await clean();
    expect((await row(slant)).points).toBe(1.6 + 1.6);
    expect(await removeEvent(db, { id: undone, teamId })).not.toBeNull();
    await clean();
    expect((await row(slant)).points).toBe(1.6);

    // A snap tagged with the play writes tagged events; editing its play moves them; deleting it takes them out.
    const snapId = randomUUID();
    await insertSnaps(db, teamId, coachId, [
      {
        id: snapId,
        sessionId: b.id,
        playId: slant,
        period: 1,
        firstDown: false,
        occurredAt: "2026-09-06T18:05:00.000Z",
        detail: { kind: "pass", passerId: qb, targetId: wr, result: "complete", yards: 20 },
      },
    ]);
    await clean();
    expect(await row(slant)).toMatchObject({ timesRun: 2, yards: 28 });
    const withSnap = (await row(slant)).points;
    expect(withSnap).toBeGreaterThan(1.6);
    await editSnap(db, { id: snapId, teamId }, coachId, {
      playId: null,
      period: 1,
      detail: { kind: "pass", passerId: qb, targetId: wr, result: "complete", yards: 20 },
    });
    await clean();
    expect(await row(slant)).toMatchObject({ timesRun: 1, points: 1.6 });
    await editSnap(db, { id: snapId, teamId }, coachId, {
      playId: slant,
      period: 1,
      detail: { kind: "pass", passerId: qb, targetId: wr, result: "touchdown", yards: 30 },
    });
    await clean();
    expect(await row(slant)).toMatchObject({ timesRun: 2, touchdowns: 1 });

    // Merging b into a: the snap's tagged events now count in a's game.
    const inGame = (id: string) => ({ ...all, kind: "game" as const, from: id, to: id });
    expect((await row(slant, inGame("2026-09-05"))).timesRun).toBe(1);
    expect(await mergeSessions(db, teamId, { sourceId: b.id, targetId: a.id })).not.toHaveProperty("error");
    await clean();
    expect((await row(slant, inGame("2026-09-05"))).timesRun).toBe(2);

    await deleteSnap(db, { id: snapId, teamId });
    await clean();
    expect(await row(slant)).toMatchObject({ timesRun: 1, points: 1.6 });

    // A tagged sack in a snap; deleting the game keeps its events (the snap's now logged on their own) on the play.
    await insertSnaps(db, teamId, coachId, [
      {
        id: randomUUID(),
        sessionId: a.id,
        playId: cover2,
        period: 1,
        firstDown: false,
        occurredAt: "2026-09-05T20:00:00.000Z",
        detail: { kind: "sack", defenderId: cb },
      },
    ]);
    await clean();
    expect(await row(cover2)).toMatchObject({ timesRun: 1, points: 5.1 });
    expect(await deleteTeamSession(db, { id: a.id, teamId })).toBe(true);
    await clean();
    // The sack is now a Sack logged on its own on Cover 2: a run of the play by the event rules.
    expect(await row(cover2)).toMatchObject({ timesRun: 1, points: 5.1 });
    expect(await row(slant)).toMatchObject({ timesRun: 1, yards: 8 });
    expect(await row(cover2, { ...all, kind: "game" })).toMatchObject({ timesRun: 0, points: 0 });

    await deleteAccount(db, cb, { teamId, deletesTeam: false });
    await clean();
    expect(await row(cover2)).toMatchObject({ timesRun: 0, points: 0 });
  });

  it("re-value a play's points when a player's position changes", async () => {
    const db = database.db;
    await event(qb, "Pass TD", "2026-09-07T18:00:00.000Z", null, 15, slant);
    const before = (await row(slant)).points;
    // Quarterback to receiver: a Pass TD is worth 6 + 0.1 instead of 8 + 0.1, a completion 1 + 0.1 instead of 1.5 + 0.1.
    await updateOwnProfile(db, qb, { primaryPosition: "wr" });
    await clean();
    const after = await row(slant);
    expect(Math.round((before - after.points) * 10)).toBe(20 + 5);
    const drill = await playDrillDown(db, teamId, slant, all, { limit: 50 });
    expect(drill!.play.points).toBe(after.points);
    expect(drill!.players.reduce((s, p) => s + Math.round(p.points * 10), 0)).toBe(Math.round(after.points * 10));
  });

  it("count events without a session in a from/to window by the viewer's local day", async () => {
    // 23:30 UTC on the 10th is the 11th at UTC+1 and the 10th at UTC-5.
    await event(wr, "Flag Pull", "2026-10-10T23:30:00.000Z", null);
    await event(wr, "Flag Pull", "2026-10-11T12:00:00.000Z", null, null, cover2);
    await clean();
    const day = (d: string, tzOffset: number): AnalysisWindow => ({ kind: "all", from: d, to: d, tzOffset });
    expect(await untagged(day("2026-10-10", 0))).toBe(1);
    expect(await untagged(day("2026-10-10", 60))).toBe(0);
    expect(await untagged(day("2026-10-11", 60))).toBe(1);
    expect(await untagged(day("2026-10-10", -300))).toBe(1);
    expect(await row(cover2, day("2026-10-11", 0))).toMatchObject({ timesRun: 1 });
    expect(await row(cover2, day("2026-10-12", 0))).toMatchObject({ timesRun: 0 });
    expect(await row(cover2, { kind: "all", from: "2026-10-01", tzOffset: 0 })).toMatchObject({ timesRun: 1 });
    expect(await row(cover2, { kind: "game", from: "2026-10-01", tzOffset: 0 })).toMatchObject({ timesRun: 0 });
  });

  it("report a tampered play tally, and the rebuild puts it right", async () => {
    await sql`update play_tallies set count = count + 2, points_tenths = points_tenths + 5`.execute(database.db);
    const report = await checkIntegrity(database.db);
    expect(new Set(report.tallyDrift.map((d) => d.table))).toEqual(new Set(["play_tallies"]));
    expect(new Set(report.tallyDrift.map((d) => d.field))).toEqual(new Set(["count", "points_tenths"]));
    await rebuildCounters(database.db);
    await clean();
  });
});
