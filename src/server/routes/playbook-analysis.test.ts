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
import { ANY_EVENT_TYPES, rng, type Rng } from "#tests/server/support/analytics-world.js";
import { recordEvents, type NewEvent } from "../db/events.js";
import { createTeamSession, type TeamSession } from "../db/team-sessions.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, signUpCoach, signUpPlayer, TestClient } from "#tests/server/support/test-client.js";

type App = ReturnType<typeof createTestApp>["app"];

/*
 * The definitions, written out again (not imported from domain/playbook.ts), applied one event at a time to
 * the rows of the events table: every figure the API gives must equal this recount.
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
  eventType: string;
  yards: number | null;
  occurredAt: string;
  playerId: string;
  playerName: string;
  position: string;
  session: { kind: "practice" | "game"; date: string; opponent: string | null } | null;
}

interface SourcePlay {
  id: string;
  name: string;
  side: "offense" | "defense";
  formation: string;
  tags: string[];
  archived: boolean;
}

function parseList(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.every((x) => typeof x === "string") ? v : [];
  } catch {
    return [];
  }
}

async function readSource(db: TestDatabase["db"], teamId: string) {
  const events = (
    await db
      .selectFrom("events as e")
      .innerJoin("profiles as p", "p.user_id", "e.player_id")
      .leftJoin("team_sessions as s", "s.id", "e.session_id")
      .select([
        "e.id",
        "e.play_id",
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
    eventType: r.event_type,
    yards: r.yards === null ? null : Number(r.yards),
    occurredAt: r.occurred_at,
    playerId: r.player_id,
    playerName: r.full_name,
    position: effectivePosition({ primaryPosition: r.primary_position, positions: parseList(r.positions) }),
    session: r.kind && r.date ? { kind: r.kind, date: r.date, opponent: r.opponent } : null,
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
  return { events, plays };
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

const count = (events: SourceEvent[], types: string[]) => events.filter((e) => types.includes(e.eventType)).length;
const tenthsOf = (events: SourceEvent[]) => events.reduce((s, e) => s + eventPointsTenths(e.eventType, e.position), 0);
const offenseYards = (events: SourceEvent[]) =>
  events.filter((e) => OFFENSE_SNAPS.includes(e.eventType)).reduce((s, e) => s + (e.yards ?? 0), 0);

function bruteRow(play: SourcePlay, tagged: SourceEvent[]): PlaybookAnalysisRow {
  const timesRun = count(tagged, play.side === "offense" ? OFFENSE_SNAPS : DEFENSE_SNAPS);
  const attempts = count(tagged, ATTEMPTS);
  const completions = count(tagged, COMPLETIONS);
  const touchdowns = count(tagged, TOUCHDOWNS);
  const yards = offenseYards(tagged);
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
    turnovers: count(tagged, ["Interception Thrown"]),
    points: tenthsOf(tagged) / 10,
  };
}

const byName = (a: string, b: string) =>
  a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;

function bruteAnalysis(source: { events: SourceEvent[]; plays: SourcePlay[] }, f: Filters): PlaybookAnalysisResponse {
  const windowed = source.events.filter((e) => inWindow(e, f));
  const rows = source.plays
    .filter((p) => !f.side || p.side === f.side)
    .map((p) => ({ p, tagged: windowed.filter((e) => e.playId === p.id) }))
    .filter(({ p, tagged }) => !p.archived || tagged.length > 0)
    .map(({ p, tagged }) => bruteRow(p, tagged))
    .sort((a, b) => b.timesRun - a.timesRun || byName(a.name, b.name) || (a.playId < b.playId ? -1 : 1));
  const snaps =
    f.side === "offense" ? OFFENSE_SNAPS : f.side === "defense" ? DEFENSE_SNAPS : [...OFFENSE_SNAPS, ...DEFENSE_SNAPS];
  const untaggedEvents = windowed.filter((e) => e.playId === null && snaps.includes(e.eventType)).length;
  return { plays: rows, untaggedEvents };
}

function bruteDrillDown(source: { events: SourceEvent[]; plays: SourcePlay[] }, playId: string, f: Filters) {
  const play = source.plays.find((p) => p.id === playId)!;
  const tagged = source.events.filter((e) => e.playId === playId && inWindow(e, f));
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
    }));
  const byPlayer = new Map<string, SourceEvent[]>();
  for (const e of tagged) byPlayer.set(e.playerId, [...(byPlayer.get(e.playerId) ?? []), e]);
  const players: PlayAnalysisPlayer[] = [...byPlayer.entries()]
    .map(([playerId, es]) => ({
      playerId,
      name: es[0]!.playerName,
      position: es[0]!.position,
      events: es.length,
      yards: offenseYards(es),
      points: tenthsOf(es) / 10,
    }))
    .sort((a, b) => b.points - a.points || byName(a.name, b.name) || (a.playerId < b.playerId ? -1 : 1));
  return { play: bruteRow(play, tagged), events, players };
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
   * random events of every type, tagged with random plays of either side or with none.
   */
  async function world(seed: number, eventCount: number) {
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
    a = await world(11, 700);
    // Another team with plays and events of its own, which must never show in a's figures.
    b = await world(12, 200);
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
    "every figure equals a recount from the events table: %s",
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
        // The players add up to the row.
        expect(got.players.reduce((s, p) => s + p.yards, 0)).toBe(got.play.yards);
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
      const mine = await analysis(c.coach.client, {});
      expect(mine.plays.every((p) => p.timesRun === 0)).toBe(true);
      expect(mine.untaggedEvents).toBe(0);
      const source = await readSource(database.db, a.teamId);
      expect(await analysis(a.coach.client, {})).toEqual(bruteAnalysis(source, {}));
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
