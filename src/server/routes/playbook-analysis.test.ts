import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  PlayAnalysisEvent,
  PlayAnalysisEventsResponse,
  PlayAnalysisPlayer,
  PlaybookAnalysisResponse,
  PlaybookAnalysisRow,
  PlayDto,
} from "#domain/api/plays.js";
import { takesYards } from "#domain/event-types.js";
import { effectivePosition } from "#domain/positions.js";
import { eventPointsTenths } from "#domain/scoring.js";
import { OPPONENT_SCORES, PASS_RESULTS, PENALTY_EFFECTS, SNAP_KINDS, type SnapDetail } from "#domain/snaps.js";
import { ANY_EVENT_TYPES, rng, type Rng } from "#tests/server/support/analytics-world.js";
import { recordEvents, type NewEvent } from "../db/events.js";
import { editSnap, insertSnaps, type NewSnapRow } from "../db/snaps.js";
import { createTeamSession, type TeamSession } from "../db/team-sessions.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, signUpCoach, signUpPlayer, TestClient } from "#tests/server/support/test-client.js";

type App = ReturnType<typeof createTestApp>["app"];

/*
 * The definitions, written out again (not imported from domain/playbook.ts), applied one event and one snap at a
 * time to the rows of the events and snaps tables: every figure the API gives must equal this recount.
 *
 * Events logged on their own (snap_id null) count by the snap-level event rules; a snap counts from its detail;
 * the events a snap wrote add their points only.
 */
const OFFENSE_SNAPS = [
  "Pass Completion",
  "Pass Incompletion",
  "Pass TD",
  "Interception Thrown",
  "Rush Attempt",
  "Rush TD",
];
const DEFENSE_SNAPS = ["Flag Pull", "Sack", "Interception", "Defensive Stop"];
const ATTEMPTS = ["Pass Completion", "Pass Incompletion", "Pass TD", "Interception Thrown"];
const COMPLETIONS = ["Pass Completion", "Pass TD"];
const TOUCHDOWNS = ["Pass TD", "Rush TD"];
/** Snap kinds that are one run of an offensive play / a defensive play (an opponent score only as a touchdown). */
const OFFENSE_RUNS = ["pass", "run"];
const DEFENSE_RUNS = ["flag_pull", "sack", "interception", "pass_defended", "stop", "safety"];

interface Filters {
  side?: "offense" | "defense";
  kind?: "practice" | "game" | "all";
  from?: string;
  to?: string;
  tzOffset?: number;
}

function queryString(f: Filters, extra: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v !== undefined) params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : "";
}

interface SourceEvent {
  id: string;
  playId: string | null;
  snapId: string | null;
  eventType: string;
  yards: number | null;
  occurredAt: string;
  playerId: string;
  playerName: string;
  position: string;
  session: { kind: "practice" | "game"; date: string; opponent: string | null } | null;
}

interface SourceSnap {
  id: string;
  playId: string | null;
  detail: SnapDetail;
  session: { kind: "practice" | "game"; date: string };
}

interface SourcePlay {
  id: string;
  name: string;
  side: "offense" | "defense";
  formation: string;
  tags: string[];
  archived: boolean;
}

interface Source {
  events: SourceEvent[];
  snaps: SourceSnap[];
  plays: SourcePlay[];
  people: Map<string, { name: string; position: string }>;
}

function parseList(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.every((x) => typeof x === "string") ? v : [];
  } catch {
    return [];
  }
}

const positionOf = (r: { primary_position: string | null; positions: string }) =>
  effectivePosition({ primaryPosition: r.primary_position, positions: parseList(r.positions) });

async function readSource(db: TestDatabase["db"], teamId: string): Promise<Source> {
  const events = (
    await db
      .selectFrom("events as e")
      .innerJoin("profiles as p", "p.user_id", "e.player_id")
      .leftJoin("team_sessions as s", "s.id", "e.session_id")
      .select([
        "e.id",
        "e.play_id",
        "e.snap_id",
        "e.event_type",
        "e.yards",
        "e.occurred_at",
        "e.player_id",
        "p.full_name",
        "p.primary_position",
        "p.positions",
        "s.kind",
        "s.date",
        "s.opponent",
      ])
      .where("e.team_id", "=", teamId)
      .execute()
  ).map((r): SourceEvent => ({
    id: r.id,
    playId: r.play_id,
    snapId: r.snap_id,
    eventType: r.event_type,
    yards: r.yards === null ? null : Number(r.yards),
    occurredAt: r.occurred_at,
    playerId: r.player_id,
    playerName: r.full_name,
    position: positionOf(r),
    session: r.kind && r.date ? { kind: r.kind, date: r.date, opponent: r.opponent } : null,
  }));
  const snaps = (
    await db
      .selectFrom("snaps as n")
      .innerJoin("team_sessions as s", "s.id", "n.session_id")
      .select(["n.id", "n.play_id", "n.detail", "s.kind", "s.date"])
      .where("n.team_id", "=", teamId)
      .execute()
  ).map((r): SourceSnap => ({
    id: r.id,
    playId: r.play_id,
    detail: JSON.parse(r.detail) as SnapDetail,
    session: { kind: r.kind, date: r.date },
  }));
  const plays = (await db.selectFrom("plays").selectAll().where("team_id", "=", teamId).execute()).map(
    (p): SourcePlay => ({
      id: p.id,
      name: p.name,
      side: p.side,
      formation: p.formation,
      tags: parseList(p.tags),
      archived: p.archived_at !== null,
    }),
  );
  const people = new Map(
    (
      await db
        .selectFrom("profiles")
        .select(["user_id", "full_name", "primary_position", "positions"])
        .where("team_id", "=", teamId)
        .execute()
    ).map((r) => [r.user_id, { name: r.full_name, position: positionOf(r) }] as const),
  );
  return { events, snaps, plays, people };
}

function dayOf(e: SourceEvent, tzOffset: number): string {
  if (e.session) return e.session.date;
  return new Date(Date.parse(e.occurredAt) + tzOffset * 60_000).toISOString().slice(0, 10);
}

function inWindow(e: SourceEvent, f: Filters): boolean {
  const kind = f.kind ?? "all";
  if (kind !== "all" && e.session?.kind !== kind) return false;
  const day = dayOf(e, f.tzOffset ?? 0);
  if (f.from && day < f.from) return false;
  if (f.to && day > f.to) return false;
  return true;
}

function snapInWindow(n: SourceSnap, f: Filters): boolean {
  const kind = f.kind ?? "all";
  if (kind !== "all" && n.session.kind !== kind) return false;
  if (f.from && n.session.date < f.from) return false;
  if (f.to && n.session.date > f.to) return false;
  return true;
}

function isRun(d: SnapDetail, side: "offense" | "defense"): boolean {
  if (side === "offense") return OFFENSE_RUNS.includes(d.kind);
  return DEFENSE_RUNS.includes(d.kind) || (d.kind === "opponent_score" && d.score === "touchdown");
}

/** What one snap adds to its play: a pass is an attempt; a caught pass a completion with its yards (once). */
function snapNumbers(d: SnapDetail) {
  if (d.kind === "pass") {
    const caught = d.result === "complete" || d.result === "touchdown";
    return {
      attempts: 1,
      completions: caught ? 1 : 0,
      yards: caught ? (d.yards ?? 0) : 0,
      touchdowns: d.result === "touchdown" ? 1 : 0,
      turnovers: d.result === "intercepted" ? 1 : 0,
    };
  }
  if (d.kind === "run")
    return { attempts: 0, completions: 0, yards: d.yards ?? 0, touchdowns: d.touchdown ? 1 : 0, turnovers: 0 };
  return { attempts: 0, completions: 0, yards: 0, touchdowns: 0, turnovers: 0 };
}

const loose = (events: SourceEvent[]) => events.filter((e) => e.snapId === null);
const count = (events: SourceEvent[], types: string[]) =>
  loose(events).filter((e) => types.includes(e.eventType)).length;
const tenthsOf = (events: SourceEvent[]) => events.reduce((s, e) => s + eventPointsTenths(e.eventType, e.position), 0);
const yardsOf = (events: SourceEvent[], types: string[]) =>
  loose(events)
    .filter((e) => types.includes(e.eventType))
    .reduce((s, e) => s + (e.yards ?? 0), 0);
const sumSnaps = (snaps: SourceSnap[], key: keyof ReturnType<typeof snapNumbers>) =>
  snaps.reduce((s, n) => s + snapNumbers(n.detail)[key], 0);

function bruteRow(play: SourcePlay, tagged: SourceEvent[], snaps: SourceSnap[]): PlaybookAnalysisRow {
  const timesRun =
    count(tagged, play.side === "offense" ? OFFENSE_SNAPS : DEFENSE_SNAPS) +
    snaps.filter((n) => isRun(n.detail, play.side)).length;
  const attempts = count(tagged, ATTEMPTS) + sumSnaps(snaps, "attempts");
  const completions = count(tagged, COMPLETIONS) + sumSnaps(snaps, "completions");
  const touchdowns = count(tagged, TOUCHDOWNS) + sumSnaps(snaps, "touchdowns");
  const yards = yardsOf(tagged, OFFENSE_SNAPS) + sumSnaps(snaps, "yards");
  return {
    playId: play.id,
    name: play.name,
    side: play.side,
    formation: play.formation,
    tags: play.tags,
    archived: play.archived,
    timesRun,
    completions,
    attempts,
    completionRate: attempts ? completions / attempts : null,
    yards,
    yardsPerPlay: timesRun ? yards / timesRun : null,
    touchdowns,
    touchdownRate: timesRun ? touchdowns / timesRun : null,
    turnovers: count(tagged, ["Interception Thrown"]) + sumSnaps(snaps, "turnovers"),
    points: tenthsOf(tagged) / 10,
  };
}

const byName = (a: string, b: string) =>
  a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;

function bruteAnalysis(source: Source, f: Filters): PlaybookAnalysisResponse {
  const windowed = source.events.filter((e) => inWindow(e, f));
  const windowedSnaps = source.snaps.filter((n) => snapInWindow(n, f));
  const rows = source.plays
    .filter((p) => !f.side || p.side === f.side)
    .map((p) => ({
      p,
      tagged: windowed.filter((e) => e.playId === p.id),
      snaps: windowedSnaps.filter((n) => n.playId === p.id),
    }))
    .filter(({ p, tagged, snaps }) => !p.archived || tagged.length > 0 || snaps.length > 0)
    .map(({ p, tagged, snaps }) => bruteRow(p, tagged, snaps))
    .sort((a, b) => b.timesRun - a.timesRun || byName(a.name, b.name) || (a.playId < b.playId ? -1 : 1));
  const snapTypes =
    f.side === "offense" ? OFFENSE_SNAPS : f.side === "defense" ? DEFENSE_SNAPS : [...OFFENSE_SNAPS, ...DEFENSE_SNAPS];
  const untaggedEvents =
    loose(windowed).filter((e) => e.playId === null && snapTypes.includes(e.eventType)).length +
    windowedSnaps.filter(
      (n) =>
        n.playId === null &&
        (f.side ? isRun(n.detail, f.side) : isRun(n.detail, "offense") || isRun(n.detail, "defense")),
    ).length;
  return { plays: rows, untaggedEvents };
}

type Credit = Omit<PlayAnalysisPlayer, "playerId" | "name" | "position" | "points"> & { tenths: number };

const noCredit = (): Credit => ({
  events: 0,
  tenths: 0,
  attempts: 0,
  completions: 0,
  passingYards: 0,
  catches: 0,
  receivingYards: 0,
  carries: 0,
  rushingYards: 0,
  defensivePlays: 0,
});

function bruteDrillDown(source: Source, playId: string, f: Filters) {
  const play = source.plays.find((p) => p.id === playId)!;
  const tagged = source.events.filter((e) => e.playId === playId && inWindow(e, f));
  const snaps = source.snaps.filter((n) => n.playId === playId && snapInWindow(n, f));
  const events: PlayAnalysisEvent[] = [...tagged]
    .sort((a, b) => (a.occurredAt !== b.occurredAt ? (a.occurredAt < b.occurredAt ? 1 : -1) : a.id < b.id ? 1 : -1))
    .map((e) => ({
      id: e.id,
      occurredAt: e.occurredAt,
      eventType: e.eventType,
      yards: e.yards,
      playerId: e.playerId,
      playerName: e.playerName,
      session: e.session,
      points: eventPointsTenths(e.eventType, e.position) / 10,
      snapId: e.snapId,
    }));
  const credits = new Map<string, Credit>();
  const of = (id: string) => credits.get(id) ?? credits.set(id, noCredit()).get(id)!;
  for (const e of tagged) {
    const c = of(e.playerId);
    c.events += 1;
    c.tenths += eventPointsTenths(e.eventType, e.position);
    if (e.snapId !== null) continue;
    const y = e.yards ?? 0;
    if (ATTEMPTS.includes(e.eventType)) {
      c.attempts += 1;
      c.passingYards += y;
    }
    if (COMPLETIONS.includes(e.eventType)) c.completions += 1;
    if (e.eventType === "Catch" || e.eventType === "TD Catch") {
      c.catches += 1;
      c.receivingYards += y;
    }
    if (e.eventType === "Rush Attempt" || e.eventType === "Rush TD") {
      c.carries += 1;
      c.rushingYards += y;
    }
    if (DEFENSE_SNAPS.includes(e.eventType)) c.defensivePlays += 1;
  }
  for (const { detail: d } of snaps) {
    if (d.kind === "pass") {
      const caught = d.result === "complete" || d.result === "touchdown";
      const p = of(d.passerId);
      p.attempts += 1;
      if (caught) {
        p.completions += 1;
        p.passingYards += d.yards ?? 0;
        const t = of(d.targetId!);
        t.catches += 1;
        t.receivingYards += d.yards ?? 0;
      }
    } else if (d.kind === "run") {
      const r = of(d.runnerId);
      r.carries += 1;
      r.rushingYards += d.yards ?? 0;
    } else if (["flag_pull", "sack", "interception", "pass_defended", "stop"].includes(d.kind)) {
      of((d as { defenderId: string }).defenderId).defensivePlays += 1;
    } else if (d.kind === "safety" && d.defenderId) {
      of(d.defenderId).defensivePlays += 1;
    }
  }
  const players: PlayAnalysisPlayer[] = [...credits.entries()]
    .filter(([, c]) => Object.values(c).some((v) => v !== 0))
    .map(([playerId, { tenths, ...c }]) => ({
      playerId,
      name: source.people.get(playerId)!.name,
      position: source.people.get(playerId)!.position,
      ...c,
      points: tenths / 10,
    }))
    .sort((a, b) => b.points - a.points || byName(a.name, b.name) || (a.playerId < b.playerId ? -1 : 1));
  return { play: bruteRow(play, tagged, snaps), events, players };
}

/** A snap of any kind, with players of the team, as the logger could send it (domain/snaps.ts snapProblems). */
function randomSnap(r: Rng, players: string[]): SnapDetail {
  const one = () => r.pick(players);
  const two = () => {
    const a = one();
    let b = one();
    while (b === a) b = one();
    return [a, b] as const;
  };
  const yards = () => (r.chance(0.85) ? r.int(-10, 70) : null);
  const kind = r.pick(SNAP_KINDS);
  switch (kind) {
    case "pass": {
      const result = r.pick(PASS_RESULTS);
      const [passerId, target] = two();
      const caught = result === "complete" || result === "touchdown";
      const targetId = caught || result === "drop" || r.chance(0.6) ? target : null;
      return { kind, passerId, targetId, result, yards: caught ? yards() : null };
    }
    case "run":
      return { kind, runnerId: one(), yards: yards(), touchdown: r.chance(0.15) };
    case "try": {
      const method = r.pick(["pass", "run"] as const);
      const [a, b] = two();
      return {
        kind,
        points: r.pick([1, 2] as const),
        method,
        good: r.chance(0.5),
        passerId: method === "pass" ? a : null,
        scorerId: r.chance(0.8) ? b : null,
      };
    }
    case "penalty": {
      const on = r.pick(["us", "them"] as const);
      return {
        kind,
        on,
        yards: r.int(5, 15),
        effect: r.pick(PENALTY_EFFECTS),
        playerId: on === "us" && r.chance(0.5) ? one() : null,
      };
    }
    case "flag_pull":
      return { kind, defenderId: one(), yards: yards() };
    case "interception":
      return { kind, defenderId: one(), returnTouchdown: r.chance(0.2), yards: yards() };
    case "sack":
    case "pass_defended":
    case "stop":
      return { kind, defenderId: one() };
    case "safety":
      return { kind, defenderId: r.chance(0.7) ? one() : null };
    case "opponent_score":
      return { kind, score: r.pick(OPPONENT_SCORES) };
  }
}

/** A random YYYY-MM-DD pair (ordered) within March 2025, or an open end. */
function randomFilters(r: Rng): Filters {
  const day = () => `2025-03-${String(r.int(1, 21)).padStart(2, "0")}`;
  let from = r.chance(0.6) ? day() : undefined;
  let to = r.chance(0.6) ? day() : undefined;
  if (from && to && from > to) [from, to] = [to, from];
  return {
    side: r.chance(0.6) ? r.pick(["offense", "defense"] as const) : undefined,
    kind: r.chance(0.7) ? r.pick(["practice", "game", "all"] as const) : undefined,
    from,
    to,
    tzOffset: r.chance(0.5) ? r.pick([-600, -300, 60, 120, 330, 840]) : undefined,
  };
}

describe.each(testEngines())("playbook analysis API on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
  });
  afterAll(async () => database?.cleanup());

  /**
   * A team with players at many positions (one with only a positions list, one whose list is damaged), random
   * sessions, offensive and defensive plays (one archived after use, one archived unused, one never used) and
   * random events of every type logged on their own, and random snaps of every kind (written through
   * db/snaps.ts insertSnaps with the events they imply), tagged with random plays of either side or with none.
   */
  async function world(seed: number, eventCount: number, snapCount = 0) {
    const r = rng(seed);
    const coach = await signUpCoach(app, `Team ${seed}`);
    const teamId = coach.me.team!.id;
    const positions = ["qb", "wr", "slot", "rb", "te", "cb", "safety", "lb", "rusher"];
    const playerIds: string[] = [];
    for (const [i, pos] of positions.entries()) {
      const { me } = await signUpPlayer(app, coach.me.team!.code, { fullName: `P${i} ${pos}`, primaryPosition: pos });
      playerIds.push(me.id);
    }
    await database.db
      .updateTable("profiles")
      .set({ primary_position: null, positions: JSON.stringify(["CB", "wr"]) })
      .where("user_id", "=", playerIds[1]!)
      .execute();
    await database.db
      .updateTable("profiles")
      .set({ primary_position: null, positions: "not json" })
      .where("user_id", "=", playerIds[4]!)
      .execute();

    const sessions: TeamSession[] = [];
    for (let i = 0; i < 8; i++) {
      const kind = r.pick(["practice", "game"] as const);
      sessions.push(
        await createTeamSession(database.db, {
          teamId,
          kind,
          date: `2025-03-${String(r.int(1, 21)).padStart(2, "0")}`,
          opponent: kind === "game" && r.chance(0.7) ? `Opp ${i}` : null,
          createdBy: coach.me.id,
        }),
      );
    }

    const plays: PlayDto[] = [];
    const specs = [
      ["Slant", "offense", "Trips", ["quick"]],
      ["mesh", "offense", "", []],
      ["Flood", "offense", "Bunch", ["red zone", "3rd down"]],
      ["Wheel", "offense", "", []],
      ["Cover 2", "defense", "2-high", ["zone"]],
      ["blitz", "defense", "", ["pressure"]],
      ["Man Press", "defense", "", []],
      ["Retired", "offense", "", []],
      ["Unused retired", "defense", "", []],
      ["Never used", "offense", "Empty", []],
    ] as const;
    for (const [name, side, formation, tags] of specs) {
      const res = await coach.client.post("/api/team/plays", { name, side, formation, tags });
      expect(res.status).toBe(201);
      plays.push(res.body.play);
    }
    const usable = plays.filter((p) => p.name !== "Never used" && p.name !== "Unused retired");

    const start = Date.parse("2025-03-01T00:00:00.000Z");
    const span = 21 * 24 * 60 * 60 * 1000;
    const events: NewEvent[] = [];
    for (let i = 0; i < eventCount; i++) {
      const eventType = r.pick(ANY_EVENT_TYPES);
      // Some events share a time with the previous one (the drill-down pages by time, then id).
      const occurredAt =
        i > 0 && r.chance(0.05)
          ? events[i - 1]!.occurredAt
          : new Date(start + Math.floor(r.next() * span)).toISOString();
      events.push({
        id: randomUUID(),
        teamId,
        playerId: r.pick(playerIds),
        eventType,
        yards: takesYards(eventType) && r.chance(0.85) ? r.int(-10, 70) : null,
        sessionId: r.chance(0.65) ? r.pick(sessions).id : null,
        playId: r.chance(0.7) ? r.pick(usable).id : null,
        occurredAt,
        createdBy: coach.me.id,
      });
    }
    for (let i = 0; i < events.length; i += 250) await recordEvents(database.db, events.slice(i, i + 250));

    const snaps: NewSnapRow[] = [];
    for (let i = 0; i < snapCount; i++) {
      snaps.push({
        id: randomUUID(),
        sessionId: r.pick(sessions).id,
        playId: r.chance(0.7) ? r.pick(usable).id : null,
        period: 1,
        firstDown: false,
        occurredAt: new Date(start + Math.floor(r.next() * span)).toISOString(),
        detail: randomSnap(r, playerIds),
      });
    }
    await insertSnaps(database.db, teamId, coach.me.id, snaps);

    for (const name of ["Retired", "Unused retired"]) {
      const id = plays.find((p) => p.name === name)!.id;
      expect((await coach.client.post(`/api/team/plays/${id}/archive`)).status).toBe(200);
    }
    return { coach, teamId, playerIds, plays, sessions, events, random: r };
  }

  type World = Awaited<ReturnType<typeof world>>;
  let a: World;
  let b: World;

  beforeAll(async () => {
    a = await world(11, 700, 400);
    // Another team with plays, events and snaps of its own, which must never show in a's figures.
    b = await world(12, 200, 100);
  });

  async function analysis(client: TestClient, f: Filters): Promise<PlaybookAnalysisResponse> {
    const res = await client.get<PlaybookAnalysisResponse>(`/api/team/playbook-analysis${queryString(f)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  async function allPages(client: TestClient, playId: string, f: Filters, limit: number) {
    const events: PlayAnalysisEvent[] = [];
    let cursor: string | undefined;
    let first: PlayAnalysisEventsResponse | undefined;
    for (let guard = 0; guard < 1000; guard++) {
      const res = await client.get<PlayAnalysisEventsResponse>(
        `/api/team/playbook-analysis/${playId}/events${queryString(f, { limit, cursor })}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.events.length).toBeLessThanOrEqual(limit);
      first ??= res.body;
      // Every page carries the same row and players.
      expect(res.body.play).toEqual(first.play);
      expect(res.body.players).toEqual(first.players);
      events.push(...res.body.events);
      if (!res.body.nextCursor) break;
      cursor = res.body.nextCursor;
    }
    return { play: first!.play, players: first!.players, events };
  }

  const FIXED: Filters[] = [
    {},
    { side: "offense" },
    { side: "defense" },
    { kind: "practice" },
    { kind: "game" },
    { kind: "all" },
    { from: "2025-03-05" },
    { to: "2025-03-10" },
    { from: "2025-03-07", to: "2025-03-07" },
    { from: "2025-03-03", to: "2025-03-15", tzOffset: 120 },
    { from: "2025-03-03", to: "2025-03-15", tzOffset: -300 },
    { side: "offense", kind: "game", from: "2025-03-02", to: "2025-03-18" },
    { side: "defense", kind: "practice", to: "2025-03-12", tzOffset: 840 },
    { from: "2026-01-01" },
  ];

  it.each(FIXED.map((f) => [JSON.stringify(f), f] as const))(
    "every figure equals a recount from the events and snaps tables: %s",
    async (_label, f) => {
      const source = await readSource(database.db, a.teamId);
      expect(await analysis(a.coach.client, f)).toEqual(bruteAnalysis(source, f));
    },
  );

  it("every figure equals a recount under 25 random filter combinations", async () => {
    const source = await readSource(database.db, a.teamId);
    const r = rng(99);
    for (let i = 0; i < 25; i++) {
      const f = randomFilters(r);
      expect(await analysis(a.coach.client, f), JSON.stringify(f)).toEqual(bruteAnalysis(source, f));
    }
  });

  it("the world is not trivial: plays have runs, attempts, yards, touchdowns, turnovers; some events are untagged", async () => {
    const source = await readSource(database.db, a.teamId);
    // Snaps of every kind, tagged and not, and events written by snaps beside events logged on their own.
    expect(new Set(source.snaps.map((n) => n.detail.kind)).size).toBe(SNAP_KINDS.length);
    expect(source.snaps.filter((n) => n.playId !== null).length).toBeGreaterThan(200);
    expect(source.snaps.filter((n) => n.playId === null).length).toBeGreaterThan(50);
    expect(source.events.filter((e) => e.snapId !== null).length).toBeGreaterThan(150);
    expect(source.events.filter((e) => e.snapId === null).length).toBe(700);
    const body = await analysis(a.coach.client, {});
    const sum = (k: "timesRun" | "attempts" | "touchdowns" | "turnovers") => body.plays.reduce((s, p) => s + p[k], 0);
    expect(sum("timesRun")).toBeGreaterThan(100);
    expect(sum("attempts")).toBeGreaterThan(20);
    expect(sum("touchdowns")).toBeGreaterThan(5);
    expect(sum("turnovers")).toBeGreaterThan(2);
    expect(body.untaggedEvents).toBeGreaterThan(20);
    expect(body.plays.some((p) => p.yards < 0 || p.yards > 50)).toBe(true);
  });

  it("plays never run are listed with zero counts and no rates; an archived play shows only with events in the window", async () => {
    const body = await analysis(a.coach.client, {});
    const never = body.plays.find((p) => p.name === "Never used");
    expect(never).toMatchObject({
      timesRun: 0,
      attempts: 0,
      completionRate: null,
      yardsPerPlay: null,
      touchdownRate: null,
      points: 0,
      formation: "Empty",
      archived: false,
    });
    expect(body.plays.find((p) => p.name === "Retired")).toMatchObject({ archived: true });
    expect(body.plays.some((p) => p.name === "Unused retired")).toBe(false);
    const empty = await analysis(a.coach.client, { from: "2030-01-01" });
    expect(empty.plays.some((p) => p.archived)).toBe(false);
    expect(empty.plays.every((p) => p.timesRun === 0)).toBe(true);
    expect(empty.untaggedEvents).toBe(0);
  });

  it("the side filter lists only that side's plays", async () => {
    for (const side of ["offense", "defense"] as const) {
      const body = await analysis(a.coach.client, { side });
      expect(body.plays.length).toBeGreaterThan(0);
      expect(body.plays.every((p) => p.side === side)).toBe(true);
    }
  });

  it.each([
    {},
    { kind: "game" },
    { side: "defense", from: "2025-03-04", to: "2025-03-16", tzOffset: -600 },
  ] as Filters[])(
    "the drill-down pages through exactly the play's events, and its totals equal the row (%j)",
    async (f) => {
      const source = await readSource(database.db, a.teamId);
      const listed = await analysis(a.coach.client, f);
      const limits = [1, 7, 25, 100];
      for (const [i, play] of a.plays.entries()) {
        if (f.side && play.side !== f.side) continue;
        const got = await allPages(a.coach.client, play.id, f, limits[i % limits.length]!);
        const expected = bruteDrillDown(source, play.id, f);
        expect(got.events).toEqual(expected.events);
        expect(got.players).toEqual(expected.players);
        expect(got.play).toEqual(expected.play);
        const row = listed.plays.find((p) => p.playId === play.id);
        if (row) expect(got.play).toEqual(row);
        // The players add up to the row: the play's yards are their passing + rushing yards.
        expect(got.players.reduce((s, p) => s + p.passingYards + p.rushingYards, 0)).toBe(got.play.yards);
        expect(got.players.reduce((s, p) => s + p.attempts, 0)).toBe(got.play.attempts);
        expect(got.players.reduce((s, p) => s + p.completions, 0)).toBe(got.play.completions);
        expect(Math.round(got.players.reduce((s, p) => s + p.points * 10, 0))).toBe(Math.round(got.play.points * 10));
        expect(Math.round(got.events.reduce((s, e) => s + e.points * 10, 0))).toBe(Math.round(got.play.points * 10));
        expect(got.players.reduce((s, p) => s + p.events, 0)).toBe(got.events.length);
      }
    },
  );

  it("an event in a session carries its session as data; an event outside one has none", async () => {
    const source = await readSource(database.db, a.teamId);
    const play = a.plays.find((p) => p.name === "Slant")!;
    const got = await allPages(a.coach.client, play.id, {}, 100);
    const inGame = got.events.find((e) => source.events.find((s) => s.id === e.id)?.session?.kind === "game");
    expect(inGame?.session).toMatchObject({ kind: "game", date: expect.stringMatching(/^2025-03-\d\d$/) });
    expect(Object.keys(inGame!.session!).sort()).toEqual(["date", "kind", "opponent"]);
    const loose = got.events.find((e) => source.events.find((s) => s.id === e.id)?.session === null);
    expect(loose?.session).toBeNull();
  });

  describe("team isolation", () => {
    it("another team's coach never sees the plays, and drilling into one is a 404", async () => {
      const theirs = await analysis(b.coach.client, {});
      const aIds = new Set(a.plays.map((p) => p.id));
      expect(theirs.plays.some((p) => aIds.has(p.playId))).toBe(false);
      expect(theirs).toEqual(bruteAnalysis(await readSource(database.db, b.teamId), {}));
      for (const play of a.plays) {
        const res = await b.coach.client.get(`/api/team/playbook-analysis/${play.id}/events`);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe("not_found");
      }
      expect((await a.coach.client.get(`/api/team/playbook-analysis/${randomUUID()}/events`)).status).toBe(404);
    });

    it("a tag pointing at another team's play (written behind the API's back) counts for neither team", async () => {
      const c = await world(13, 0);
      const player = c.playerIds[0]!;
      await recordEvents(database.db, [
        {
          id: randomUUID(),
          teamId: c.teamId,
          playerId: player,
          eventType: "Pass TD",
          yards: 40,
          playId: a.plays[0]!.id,
          occurredAt: "2025-03-05T12:00:00.000Z",
          createdBy: c.coach.me.id,
        },
      ]);
      await insertSnaps(database.db, c.teamId, c.coach.me.id, [
        {
          id: randomUUID(),
          sessionId: c.sessions[0]!.id,
          playId: a.plays[0]!.id,
          period: 1,
          firstDown: false,
          occurredAt: "2025-03-05T12:01:00.000Z",
          detail: { kind: "run", runnerId: player, yards: 9, touchdown: true },
        },
      ]);
      const mine = await analysis(c.coach.client, {});
      expect(mine.plays.every((p) => p.timesRun === 0)).toBe(true);
      expect(mine.untaggedEvents).toBe(0);
      const source = await readSource(database.db, a.teamId);
      expect(await analysis(a.coach.client, {})).toEqual(bruteAnalysis(source, {}));
    });
  });

  describe("snaps", () => {
    /** A team of four players, a game and a practice, and an offensive and a defensive play. */
    async function snapTeam(name: string) {
      const coach = await signUpCoach(app, name);
      const code = coach.me.team!.code;
      const teamId = coach.me.team!.id;
      const player = async (fullName: string, primaryPosition: string) =>
        (await signUpPlayer(app, code, { fullName, primaryPosition })).me.id;
      const qb = await player("Quinn Passer", "qb");
      const wr = await player("Rae Catcher", "wr");
      const rb = await player("Ray Runner", "rb");
      const cb = await player("Cam Corner", "cb");
      const session = (kind: "game" | "practice", date: string) =>
        createTeamSession(database.db, { teamId, kind, date, opponent: null, createdBy: coach.me.id });
      const game = await session("game", "2025-04-05");
      const practice = await session("practice", "2025-04-02");
      const play = async (playName: string, side: "offense" | "defense") => {
        const res = await coach.client.post("/api/team/plays", { name: playName, side });
        expect(res.status).toBe(201);
        return (res.body as { play: PlayDto }).play.id;
      };
      const slant = await play("Slant", "offense");
      const cover = await play("Cover 2", "defense");
      let minute = 0;
      const snap = (sessionId: string, playId: string | null, detail: SnapDetail): NewSnapRow => ({
        id: randomUUID(),
        sessionId,
        playId,
        period: 1,
        firstDown: false,
        occurredAt: new Date(Date.parse("2025-04-05T15:00:00.000Z") + minute++ * 60_000).toISOString(),
        detail,
      });
      const log = (snaps: NewSnapRow[]) => insertSnaps(database.db, teamId, coach.me.id, snaps);
      const drill = async (playId: string, f: Filters = {}) => {
        const res = await coach.client.get<PlayAnalysisEventsResponse>(
          `/api/team/playbook-analysis/${playId}/events${queryString(f)}`,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body;
      };
      const rowOf = async (playId: string, f: Filters = {}) =>
        (await analysis(coach.client, f)).plays.find((p) => p.playId === playId);
      return { coach, teamId, qb, wr, rb, cb, game, practice, slant, cover, snap, log, drill, rowOf };
    }

    const NO_CREDIT = {
      attempts: 0,
      completions: 0,
      passingYards: 0,
      catches: 0,
      receivingYards: 0,
      carries: 0,
      rushingYards: 0,
      defensivePlays: 0,
    };

    it("a play run four times as snaps (complete 12, incomplete, intercepted, TD 20) counts every run", async () => {
      const t = await snapTeam("Snaps four");
      await t.log([
        t.snap(t.game.id, t.slant, { kind: "pass", passerId: t.qb, targetId: t.wr, result: "complete", yards: 12 }),
        t.snap(t.game.id, t.slant, { kind: "pass", passerId: t.qb, targetId: t.wr, result: "incomplete", yards: null }),
        t.snap(t.game.id, t.slant, {
          kind: "pass",
          passerId: t.qb,
          targetId: null,
          result: "intercepted",
          yards: null,
        }),
        t.snap(t.game.id, t.slant, { kind: "pass", passerId: t.qb, targetId: t.wr, result: "touchdown", yards: 20 }),
      ]);
      const expected = {
        timesRun: 4,
        attempts: 4,
        completions: 2,
        completionRate: 0.5,
        yards: 32,
        yardsPerPlay: 8,
        touchdowns: 1,
        touchdownRate: 0.25,
        turnovers: 1,
        // Pass Completion 1.6 + Pass TD 8.1 (qb); Catch 1.6 + TD Catch 8.1 (wr). The mistakes wrote no event.
        points: 19.4,
      };
      expect(await t.rowOf(t.slant)).toMatchObject(expected);
      expect((await analysis(t.coach.client, {})).untaggedEvents).toBe(0);

      const body = await t.drill(t.slant);
      expect(body.play).toMatchObject(expected);
      expect(body.players).toEqual([
        {
          playerId: t.qb,
          name: "Quinn Passer",
          position: "qb",
          events: 2,
          ...NO_CREDIT,
          attempts: 4,
          completions: 2,
          passingYards: 32,
          points: 9.7,
        },
        // The receiver's catches carry the same 32 yards, as receiving yards (not 0, and not more of the play's).
        {
          playerId: t.wr,
          name: "Rae Catcher",
          position: "wr",
          events: 2,
          ...NO_CREDIT,
          catches: 2,
          receivingYards: 32,
          points: 9.7,
        },
      ]);
      // Four events, all written by snaps.
      expect(body.events.map((e) => e.eventType).sort()).toEqual(["Catch", "Pass Completion", "Pass TD", "TD Catch"]);
      expect(body.events.every((e) => e.snapId !== null)).toBe(true);
    });

    it("mixes events logged on their own (the older rules) with snaps, in the window and the untagged count", async () => {
      const t = await snapTeam("Snaps mixed");
      const looseEvent = (playerId: string, eventType: string, yards: number | null, playId: string | null) => ({
        id: randomUUID(),
        teamId: t.teamId,
        playerId,
        eventType,
        yards,
        playId,
        occurredAt: "2025-04-03T18:00:00.000Z",
        createdBy: t.coach.me.id,
      });
      await recordEvents(database.db, [
        looseEvent(t.qb, "Pass Completion", 10, t.slant),
        looseEvent(t.wr, "Catch", 10, t.slant),
        looseEvent(t.qb, "Pass Incompletion", null, t.slant),
        looseEvent(t.rb, "Rush Attempt", 5, t.slant),
        // Untagged: one defensive snap-level event; a Catch is never a run of its own.
        looseEvent(t.cb, "Sack", null, null),
        looseEvent(t.wr, "Catch", 4, null),
      ]);
      await t.log([
        t.snap(t.practice.id, t.slant, { kind: "run", runnerId: t.rb, yards: 7, touchdown: true }),
        t.snap(t.practice.id, t.slant, { kind: "pass", passerId: t.qb, targetId: t.wr, result: "complete", yards: 15 }),
        // Tagged, but not a down the play was run on.
        t.snap(t.practice.id, t.slant, { kind: "penalty", on: "us", yards: 5, effect: "none", playerId: t.wr }),
        t.snap(t.practice.id, t.slant, {
          kind: "try",
          points: 1,
          method: "pass",
          good: true,
          passerId: t.qb,
          scorerId: t.wr,
        }),
        // Untagged: a run (one untagged offensive run, its Rush Attempt not counted again) and a try (none).
        t.snap(t.practice.id, null, { kind: "run", runnerId: t.rb, yards: 3, touchdown: false }),
        t.snap(t.practice.id, null, {
          kind: "try",
          points: 2,
          method: "run",
          good: false,
          passerId: null,
          scorerId: t.rb,
        }),
      ]);
      // Loose: 3 runs, 2 attempts, 1 completion, 15 yards. Snaps: 2 runs, 1 attempt, 1 completion, 22 yards, 1 TD.
      // Points: loose qb 1.6 + 0.6, wr 1.6, rb 0.6; snaps' events Rush TD rb 8.1, Pass Completion qb 1.6, Catch wr
      // 1.6, Extra Point qb 0.6 and wr 0.6.
      const expected = {
        timesRun: 5,
        attempts: 3,
        completions: 2,
        yards: 37,
        touchdowns: 1,
        turnovers: 0,
        points: 16.9,
      };
      expect(await t.rowOf(t.slant)).toMatchObject(expected);
      const all = await analysis(t.coach.client, {});
      expect(all.untaggedEvents).toBe(2);
      expect((await analysis(t.coach.client, { side: "offense" })).untaggedEvents).toBe(1);
      expect((await analysis(t.coach.client, { side: "defense" })).untaggedEvents).toBe(1);

      const body = await t.drill(t.slant);
      expect(body.play).toMatchObject(expected);
      const credit = (id: string) => body.players.find((p) => p.playerId === id);
      expect(credit(t.qb)).toMatchObject({ attempts: 3, completions: 2, passingYards: 25, events: 4, points: 4.4 });
      expect(credit(t.wr)).toMatchObject({ catches: 2, receivingYards: 25, passingYards: 0, events: 3, points: 3.8 });
      expect(credit(t.rb)).toMatchObject({ carries: 2, rushingYards: 12, events: 2, points: 8.7 });
      expect(body.players.reduce((s, p) => s + p.passingYards + p.rushingYards, 0)).toBe(37);

      // The snaps are the practice's; the loose events have no session.
      expect(await t.rowOf(t.slant, { kind: "practice" })).toMatchObject({ timesRun: 2, attempts: 1, yards: 22 });
      expect(await t.rowOf(t.slant, { kind: "game" })).toMatchObject({ timesRun: 0, attempts: 0, yards: 0 });
      expect(await t.rowOf(t.slant, { from: "2025-04-03" })).toMatchObject({ timesRun: 3, attempts: 2, yards: 15 });
      expect(await t.rowOf(t.slant, { to: "2025-04-02" })).toMatchObject({ timesRun: 2, touchdowns: 1 });
      expect((await t.drill(t.slant, { kind: "game" })).players).toEqual([]);

      expect(await analysis(t.coach.client, {})).toEqual(bruteAnalysis(await readSource(database.db, t.teamId), {}));
    });

    it("a defensive play: every way a down ends, and the opponent's touchdown, is a run; their try is not", async () => {
      const t = await snapTeam("Snaps defense");
      await t.log([
        t.snap(t.game.id, t.cover, { kind: "flag_pull", defenderId: t.cb, yards: 4 }),
        t.snap(t.game.id, t.cover, { kind: "pass_defended", defenderId: t.cb }),
        t.snap(t.game.id, t.cover, { kind: "interception", defenderId: t.cb, returnTouchdown: true, yards: 30 }),
        t.snap(t.game.id, t.cover, { kind: "opponent_score", score: "touchdown" }),
        t.snap(t.game.id, t.cover, { kind: "opponent_score", score: "try1" }),
        t.snap(t.game.id, null, { kind: "opponent_score", score: "touchdown" }),
        t.snap(t.game.id, null, { kind: "opponent_score", score: "safety" }),
      ]);
      expect(await t.rowOf(t.cover)).toMatchObject({
        timesRun: 4,
        attempts: 0,
        yards: 0,
        // A pick-six is the defense's touchdown, not the play's (as for events).
        touchdowns: 0,
        turnovers: 0,
        // Flag Pull 3.1 and Interception 8.1 at cb.
        points: 11.2,
      });
      expect((await analysis(t.coach.client, { side: "defense" })).untaggedEvents).toBe(1);
      expect((await analysis(t.coach.client, { side: "offense" })).untaggedEvents).toBe(0);
      const body = await t.drill(t.cover);
      expect(body.players).toEqual([
        {
          playerId: t.cb,
          name: "Cam Corner",
          position: "cb",
          events: 2,
          ...NO_CREDIT,
          defensivePlays: 3,
          points: 11.2,
        },
      ]);
    });

    it("an archived play run only in snaps that wrote no event is still listed; editing a snap's play moves it all", async () => {
      const t = await snapTeam("Snaps archive");
      const drop = t.snap(t.game.id, t.slant, {
        kind: "pass",
        passerId: t.qb,
        targetId: t.wr,
        result: "drop",
        yards: null,
      });
      const sack = t.snap(t.game.id, t.cover, { kind: "sack", defenderId: t.cb });
      await t.log([drop, sack]);
      expect((await t.coach.client.post(`/api/team/plays/${t.slant}/archive`)).status).toBe(200);
      expect(await t.rowOf(t.slant)).toMatchObject({ archived: true, timesRun: 1, attempts: 1, completions: 0 });
      expect((await t.drill(t.slant)).players).toEqual([
        { playerId: t.qb, name: "Quinn Passer", position: "qb", events: 0, ...NO_CREDIT, attempts: 1, points: 0 },
      ]);

      // The sack moves from Cover 2 to no play: its run and its event's points go together.
      const edited = await editSnap(database.db, { id: sack.id, teamId: t.teamId }, t.coach.me.id, {
        playId: null,
        period: 1,
        detail: sack.detail,
      });
      expect(edited).toEqual({ changed: true });
      expect(await t.rowOf(t.cover)).toMatchObject({ timesRun: 0, points: 0 });
      expect((await analysis(t.coach.client, { side: "defense" })).untaggedEvents).toBe(1);
    });
  });

  describe("validation and access", () => {
    it.each([
      ["side=special", "side", "side must be offense or defense."],
      ["kind=scrimmage", "kind", "kind must be practice, game or all."],
      ["from=2025-02-30", "from", "That date does not exist."],
      ["to=03/01/2025", "to", "Enter the date as YYYY-MM-DD."],
      ["from=2025-03-10&to=2025-03-01", "from", "The start date must be on or before the end date."],
      ["tzOffset=900", "tzOffset", "tzOffset must be a whole number from -840 to 840."],
    ])("GET /api/team/playbook-analysis?%s is a 400 beside the field", async (query, field, message) => {
      const res = await a.coach.client.get(`/api/team/playbook-analysis?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.fields[field]).toBe(message);
    });

    it("the drill-down checks its id, cursor and limit", async () => {
      const play = a.plays[0]!.id;
      expect((await a.coach.client.get("/api/team/playbook-analysis/not-a-uuid/events")).status).toBe(400);
      const badCursor = await a.coach.client.get(`/api/team/playbook-analysis/${play}/events?cursor=forged`);
      expect(badCursor.status).toBe(400);
      expect(badCursor.body.error.fields.cursor).toBeDefined();
      for (const limit of ["0", "101", "ten"]) {
        const res = await a.coach.client.get(`/api/team/playbook-analysis/${play}/events?limit=${limit}`);
        expect(res.status).toBe(400);
        expect(res.body.error.fields.limit).toBe("limit must be a whole number from 1 to 100.");
      }
      const res = await a.coach.client.get(
        `/api/team/playbook-analysis/${play}/events?kind=game&from=2025-03-09&to=2025-03-01`,
      );
      expect(res.status).toBe(400);
    });

    it("players get 403 (even with invalid input) and visitors 401", async () => {
      const { client: player } = await signUpPlayer(app, a.coach.me.team!.code, { primaryPosition: "qb" });
      const play = a.plays[0]!.id;
      for (const path of [
        "/api/team/playbook-analysis",
        "/api/team/playbook-analysis?side=special",
        `/api/team/playbook-analysis/${play}/events`,
        "/api/team/playbook-analysis/not-a-uuid/events",
      ]) {
        expect((await player.get(path)).status, path).toBe(403);
        expect((await new TestClient(app).get(path)).status, path).toBe(401);
      }
    });
  });
});
