import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "../account-deletion.js";
import { teamLeaderboard } from "../analytics-team.js";
import { localDay } from "../dialect.js";
import { retagEvent } from "../event-tags.js";
import { recordEvent, removeEvent } from "../events.js";
import { migrateToLatest } from "../index.js";
import { checkIntegrity, rebuildCounters } from "../integrity.js";
import { playPlayerTallies, sessionlessTallies } from "./play-reads.js";
import type { AnalysisWindow } from "./analysis-window.js";
import { playbookAnalysis, playDrillDown } from "../playbook-analysis.js";
import { createPlay } from "../plays.js";
import { updateOwnProfile } from "../profiles.js";
import { currentSeason, startSeason } from "../seasons.js";
import { mergeSessions } from "../session-merge.js";
import { insertSnaps } from "../snaps.js";
import { checkTallies } from "./recount.js";
import { pointsTenthsSql, SNAP_LEVEL_TYPES } from "./sql.js";
import { sinceCounters } from "./reads.js";
import { createTeamSession, deleteTeamSession } from "../team-sessions.js";
import { createTeam } from "../teams.js";
import { seedProfile, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/*
 * Migration 010's tallies (decision 0015's follow-up) give the windowed reads exactly what grouping the events
 * gives: the last-30-days board's counters (weeks, edge days and part of the first day), the playbook analysis's
 * events without a session in a from/to window (whole UTC days and edge quarter hours, by the viewer's zone), and
 * a play's drill-down per player. Each is compared with a grouped query of the events, over many window edges,
 * after every write path (undo, re-tagging, snaps, merges, session deletion, a position change, account deletion,
 * a new season).
 */
describe.each(testEngines())("windowed team reads on $engine", ({ create }) => {
  let database: TestDatabase;
  let teamId: string;
  let coachId: string;
  let qb: string;
  let wr: string;
  let cb: string;
  let slant: string;
  let cover2: string;

  beforeAll(async () => {
    database = await create();
    const db = database.db;
    teamId = (await createTeam(db, { name: "Windows" })).id;
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

  const event = async (
    playerId: string,
    eventType: string,
    at: string,
    opts: { sessionId?: string; yards?: number; playId?: string } = {},
  ) => {
    const id = randomUUID();
    await recordEvent(database.db, {
      id,
      teamId,
      playerId,
      eventType,
      yards: opts.yards ?? null,
      sessionId: opts.sessionId ?? null,
      playId: opts.playId ?? null,
      occurredAt: at,
      createdBy: coachId,
    });
    return id;
  };
  const season = async () => (await currentSeason(database.db, teamId))!.id;
  const num = (v: unknown) => Number(v ?? 0);

  /** The board's counters since a time, against the season's events since then grouped by player and type. */
  const boardAgrees = async (since: string, seasonId: string) => {
    const { rows } = await sql<{ player_id: string; event_type: string; n: number | string; y: number | string }>`
      select player_id, event_type, count(*) as n, coalesce(sum(yards), 0) as y from events
      where season_id = ${seasonId} and occurred_at >= ${since} group by player_id, event_type`.execute(database.db);
    const truth = rows.map((r) => `${r.player_id} ${r.event_type} ${num(r.n)} ${num(r.y)}`).sort();
    const counters = await sinceCounters(database.db, teamId, { since, seasonId });
    const got = [...counters].flatMap(([player, c]) =>
      c.counters.map((x) => `${player} ${x.eventType} ${x.count} ${x.yards}`),
    );
    expect(got.sort(), `since ${since}`).toEqual(truth);
  };

  /** The events without a session of a from/to window, against the events grouped by their local day. */
  const sessionlessAgrees = async (w: AnalysisWindow) => {
    const db = database.db;
    const day = localDay(db, "e.occurred_at", w.tzOffset);
    const { rows } = await sql<Record<string, unknown>>`
      select coalesce(e.play_id, '') as k, e.event_type, case when e.snap_id is null then 0 else 1 end as s,
        count(*) as n, coalesce(sum(e.yards), 0) as y, sum(${pointsTenthsSql(database.engine, sql.ref("e.event_type"), "p")}) as pts
      from events e join profiles p on p.user_id = e.player_id
      where e.season_id = ${await season()} and e.session_id is null
        and (e.play_id is not null or e.event_type in (${sql.join(SNAP_LEVEL_TYPES)}))
        and ${w.from === undefined ? sql`true` : sql`${day} >= ${w.from}`}
        and ${w.to === undefined ? sql`true` : sql`${day} <= ${w.to}`}
      group by coalesce(e.play_id, ''), e.event_type, case when e.snap_id is null then 0 else 1 end`.execute(db);
    const truth = rows.map(
      (r) => `${String(r.k)} ${String(r.event_type)} ${num(r.s)} ${num(r.n)} ${num(r.y)} ${num(r.pts)}`,
    );
    const got = (await sessionlessTallies(db, teamId, w))!.map(
      (r) => `${r.playId} ${r.eventType} ${r.fromSnap ? 1 : 0} ${r.count} ${r.yards} ${r.pointsTenths}`,
    );
    expect(got.sort(), JSON.stringify(w)).toEqual(truth.sort());
  };

  /** A play's tallies per player, against its events grouped by player in the window's sessions. */
  const drillAgrees = async (playId: string, w: AnalysisWindow) => {
    const db = database.db;
    let q = db
      .selectFrom("events as e")
      .leftJoin("team_sessions as s", "s.id", "e.session_id")
      .where("e.play_id", "=", playId)
      .where("e.season_id", "=", await season());
    if (w.kind !== "all") q = q.where("s.kind", "=", w.kind);
    if (w.from !== undefined) q = q.where("s.date", ">=", w.from);
    if (w.to !== undefined) q = q.where("s.date", "<=", w.to);
    const rows = await q
      .select((eb) => [
        "e.player_id",
        "e.event_type",
        sql<number>`case when e.snap_id is null then 0 else 1 end`.as("s"),
        eb.fn.countAll().as("n"),
        sql<number>`coalesce(sum(e.yards), 0)`.as("y"),
      ])
      .groupBy(["e.player_id", "e.event_type", sql`case when e.snap_id is null then 0 else 1 end`])
      .execute();
    const truth = rows.map((r) => `${r.player_id} ${r.event_type} ${num(r.s)} ${num(r.n)} ${num(r.y)}`);
    const got = (await playPlayerTallies(db, teamId, playId, w)).map(
      (r) => `${r.playerId} ${r.eventType} ${r.fromSnap ? 1 : 0} ${r.count} ${r.yards}`,
    );
    expect(got.sort(), `${playId} ${JSON.stringify(w)}`).toEqual(truth.sort());
  };

  // Window edges around the events below: every 5 h 15 min over six weeks (all hours and days of the week), and
  // the exact instants some events happen at.
  const sinces = [
    ...Array.from({ length: 200 }, (_, i) => new Date(Date.parse("2026-09-28T00:00:00.000Z") + i * 315 * 60_000)),
    ...[
      "2026-10-05T00:00:00.000Z",
      "2026-10-11T23:59:59.999Z",
      "2026-10-12T04:59:59.999Z",
      "2026-10-12T05:00:00.000Z",
    ].map((s) => new Date(s)),
  ].map((d) => d.toISOString());
  const offsets = [-600, -300, -210, 0, 60, 330, 345, 720, 840];
  const dates = ["2026-10-04", "2026-10-05", "2026-10-11", "2026-10-12", "2026-10-13", "2026-10-20", "2026-11-09"];
  const sessionlessWindows: AnalysisWindow[] = offsets.flatMap((tzOffset) => [
    ...dates.flatMap((from, i) => dates.slice(i).map((to) => ({ kind: "all" as const, from, to, tzOffset }))),
    { kind: "all", from: "2026-10-12", tzOffset },
    { kind: "all", to: "2026-10-12", tzOffset },
    { kind: "all", from: "2026-10-13", to: "2026-10-12", tzOffset },
  ]);
  const drillWindows: AnalysisWindow[] = [
    { kind: "all", tzOffset: 0 },
    { kind: "game", tzOffset: 0 },
    { kind: "practice", tzOffset: 0 },
    { kind: "all", from: "2026-10-12", to: "2026-10-12", tzOffset: 0 },
    { kind: "game", from: "2026-10-13", tzOffset: 0 },
  ];
  const verify = async (opts: { every?: number } = {}) => {
    const report = await checkIntegrity(database.db);
    expect(report.tallyDrift).toEqual([]);
    expect(report.drift).toEqual([]);
    const seasonId = await season();
    const every = opts.every ?? 1;
    for (const [i, since] of sinces.entries()) if (i % every === 0) await boardAgrees(since, seasonId);
    for (const [i, w] of sessionlessWindows.entries()) if (i % every === 0) await sessionlessAgrees(w);
    for (const w of drillWindows) for (const playId of [slant, cover2]) await drillAgrees(playId, w);
    // The analysis's row of a play equals its drill-down's row (play_tallies and sessionless_tallies against
    // play_player_tallies and the play's events) in from/to windows too.
    // (An offset that is not whole quarter hours reads the analysis's events without a session from the events.)
    const zoned = [-300, -307].map((tzOffset) => ({
      kind: "all" as const,
      from: "2026-10-12",
      to: "2026-10-13",
      tzOffset,
    }));
    for (const w of [...drillWindows, ...zoned])
      for (const playId of [slant, cover2]) {
        const drill = await playDrillDown(database.db, teamId, playId, w, { limit: 1 });
        const row = (await playbookAnalysis(database.db, teamId, w)).plays.find((p) => p.playId === playId);
        expect(row, JSON.stringify(w)).toEqual(drill!.play);
      }
  };

  it("match the events at every window edge through every write path", async () => {
    const db = database.db;
    const game = await createTeamSession(db, {
      teamId,
      kind: "game",
      date: "2026-10-13",
      opponent: "Owls",
      createdBy: coachId,
    });
    const practice = await createTeamSession(db, { teamId, kind: "practice", date: "2026-10-12", createdBy: coachId });
    // Events without a session at UTC midnights, the edges of UTC-5's and UTC+1's days, and across a week's edge
    // (2026-10-11 is a Sunday, 2026-10-12 a Monday).
    const times = [
      "2026-10-04T23:59:59.999Z",
      "2026-10-05T00:00:00.000Z",
      "2026-10-11T04:59:59.999Z",
      "2026-10-11T23:00:00.000Z",
      "2026-10-11T23:59:59.999Z",
      "2026-10-12T00:00:00.000Z",
      "2026-10-12T04:59:59.999Z",
      "2026-10-12T05:00:00.000Z",
      "2026-10-12T12:00:00.000Z",
      "2026-10-12T18:44:59.999Z",
      "2026-10-13T02:30:00.000Z",
      "2026-10-20T09:15:00.000Z",
      "2026-11-08T23:45:00.000Z",
    ];
    for (const [i, at] of times.entries()) {
      await event(qb, "Pass Completion", at, { yards: i + 1, playId: i % 2 === 0 ? slant : undefined });
      await event(cb, "Flag Pull", at, { playId: i % 3 === 0 ? cover2 : undefined });
      await event(wr, "Catch", at, { yards: 3, playId: i % 4 === 0 ? slant : undefined });
    }
    await event(qb, "Pass TD", "2026-10-13T20:00:00.000Z", { sessionId: game.id, yards: 20, playId: slant });
    await event(wr, "TD Catch", "2026-10-13T20:00:00.000Z", { sessionId: game.id, yards: 20, playId: slant });
    const practiced = await event(cb, "Sack", "2026-10-12T17:00:00.000Z", { sessionId: practice.id, playId: cover2 });
    await insertSnaps(db, teamId, coachId, [
      {
        id: randomUUID(),
        sessionId: practice.id,
        playId: slant,
        period: 1,
        firstDown: false,
        occurredAt: "2026-10-12T17:05:00.000Z",
        detail: { kind: "pass", passerId: qb, targetId: wr, result: "complete", yards: 11 },
      },
    ]);
    await verify();

    // The board itself at 09:30: its window starts at midnight UTC of the day 30 days before (decision 0020), so
    // the events of 00:00 and 04:59 that day count though they are more than 30 × 24 hours old, and the one at
    // 23:59:59.999 the day before does not. Its counts are the events'.
    const board = await teamLeaderboard(db, teamId, { window: "last30", now: new Date("2026-11-11T09:30:00.000Z") });
    const counted = await sql<{ n: number | string }>`select count(*) as n from events
      where team_id = ${teamId} and occurred_at >= '2026-10-12T00:00:00.000Z'`.execute(db);
    const older = await sql<{ n: number | string }>`select count(*) as n from events
      where team_id = ${teamId} and occurred_at >= '2026-10-11T23:59:59.999Z'`.execute(db);
    expect(num(older.rows[0]!.n)).toBeGreaterThan(num(counted.rows[0]!.n));
    expect(board.players.reduce((s, p) => s + p.eventCount, 0)).toBe(num(counted.rows[0]!.n));

    // Undo, and re-tagging an event without a session.
    const undone = await event(cb, "Interception", "2026-10-12T05:00:00.000Z", { playId: cover2 });
    await verify({ every: 7 });
    expect(await removeEvent(db, { id: undone, teamId })).not.toBeNull();
    const retagged = await event(qb, "Rush Attempt", "2026-10-11T23:00:00.000Z", { yards: 4 });
    expect(await retagEvent(db, teamId, retagged, slant)).toMatchObject({ status: "ok", changed: true });
    await verify({ every: 5 });
    expect(await retagEvent(db, teamId, practiced, null)).toMatchObject({ status: "ok", changed: true });

    // Moving events between sessions: the practice merged into the game, then the game deleted (its events, the
    // snap's among them, become events without a session on the day they happened).
    expect(await mergeSessions(db, teamId, { sourceId: practice.id, targetId: game.id })).not.toHaveProperty("error");
    await verify({ every: 5 });
    expect(await deleteTeamSession(db, { id: game.id, teamId })).toBe(true);
    await verify({ every: 3 });

    // A position change re-values the points; deleting a player takes their events out.
    await updateOwnProfile(db, qb, { primaryPosition: "wr" });
    await verify({ every: 5 });
    await deleteAccount(db, cb, { teamId, deletesTeam: false });
    await verify({ every: 3 });

    // A new season: its board and analysis start empty; the old season's still count what they did.
    const old = await season();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const started = await startSeason(db, teamId, { name: "Spring", startsOn: tomorrow });
    expect(started).toHaveProperty("season");
    await event(wr, "Catch", "2026-11-10T10:00:00.000Z", { yards: 7, playId: slant });
    await verify({ every: 5 });
    for (const since of ["2026-10-12T09:30:00.000Z", "2026-10-01T21:00:00.000Z"]) await boardAgrees(since, old);
  });

  it("fall back to the events for an offset that is not whole quarter hours", async () => {
    const w: AnalysisWindow = { kind: "all", from: "2026-10-12", to: "2026-10-12", tzOffset: 7 };
    expect(await sessionlessTallies(database.db, teamId, w)).toBeNull();
    expect((await playbookAnalysis(database.db, teamId, w)).plays.length).toBeGreaterThan(0);
  });

  it("report tampered window tallies, and the rebuild puts them right", async () => {
    const db = database.db;
    await sql`update week_tallies set count = count + 1`.execute(db);
    await sql`update play_player_tallies set yards = yards + 3`.execute(db);
    await sql`update sessionless_tallies set points_tenths = points_tenths - 5`.execute(db);
    const report = await checkIntegrity(db);
    expect(new Set(report.tallyDrift.map((d) => d.table))).toEqual(
      new Set(["week_tallies", "play_player_tallies", "sessionless_tallies"]),
    );
    await rebuildCounters(db);
    await verify({ every: 4 });
  });
});

describe.each(testEngines())("an existing database upgraded to migration 010 on $engine", ({ create }) => {
  it("fills the window tallies from the events, so the windowed reads show the same numbers", async () => {
    const t = await create({ migrateTo: "009_tallies" });
    try {
      const db = t.db;
      const team = await createTeam(db, { name: "Old Timers" });
      const coach = await seedProfile(db, { teamId: team.id, role: "coach", coachRole: "head", fullName: "Coach" });
      const qb = (await seedProfile(db, { teamId: team.id, role: "player", fullName: "Quinn", primaryPosition: "qb" }))
        .userId;
      const slant = (
        await createPlay(db, { teamId: team.id, name: "Slant", side: "offense", formation: "", tags: [], notes: "" })
      ).id;
      const game = await createTeamSession(db, {
        teamId: team.id,
        kind: "game",
        date: "2026-10-12",
        createdBy: coach.userId,
      });
      // As migration 009's version wrote them: a tagged event in the game, a tagged and an untagged one without a
      // session (the first at 03:00 UTC: the 11th at UTC-5).
      const events: [string | null, string, number, string, string | null][] = [
        [game.id, "Pass TD", 20, "2026-10-12T18:00:00.000Z", slant],
        [null, "Pass Completion", 8, "2026-10-12T03:00:00.000Z", slant],
        [null, "Rush Attempt", 4, "2026-10-12T15:00:00.000Z", null],
      ];
      for (const [session, type, yards, at, play] of events)
        await sql`insert into events (id, team_id, player_id, session_id, play_id, event_type, yards, occurred_at,
          created_by, created_at, snap_id, season_id) values (${randomUUID()}, ${team.id}, ${qb}, ${session}, ${play},
          ${type}, ${yards}, ${at}, ${coach.userId}, ${at}, null,
          (select id from seasons where team_id = ${team.id}))`.execute(db);

      await migrateToLatest(db, t.engine);

      // (The events went in behind migration 009's tallies' back: those are rebuilt; 010's are what is tested.)
      const mine = new Set(["week_tallies", "play_player_tallies", "sessionless_tallies"]);
      expect((await checkTallies(db)).filter((d) => mine.has(d.table))).toEqual([]);
      await rebuildCounters(db);
      for (const table of ["week_tallies", "play_player_tallies", "sessionless_tallies"] as const) {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
        expect(Number(rows[0]!.n), table).toBeGreaterThan(0);
      }
      const day12 = (tzOffset: number): AnalysisWindow => ({
        kind: "all",
        from: "2026-10-12",
        to: "2026-10-12",
        tzOffset,
      });
      expect((await playbookAnalysis(db, team.id, day12(0))).plays[0]).toMatchObject({ timesRun: 2, yards: 28 });
      expect((await playbookAnalysis(db, team.id, day12(-300))).plays[0]).toMatchObject({ timesRun: 1, yards: 20 });
      expect((await playbookAnalysis(db, team.id, day12(0))).untaggedEvents).toBe(1);
      const drill = await playDrillDown(db, team.id, slant, { kind: "all", tzOffset: 0 }, { limit: 10 });
      expect(drill!.players).toMatchObject([{ playerId: qb }]);
      expect(drill!.events).toHaveLength(2);
      const board = await teamLeaderboard(db, team.id, { window: "last30", now: new Date("2026-11-01T12:00:00.000Z") });
      expect(board.players.find((p) => p.id === qb)).toMatchObject({ eventCount: 3 });
    } finally {
      await t.cleanup();
    }
  });
});
