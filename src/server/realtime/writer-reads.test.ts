import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  aSnap,
  loggerTeam,
  openStream,
  type LoggerTeam,
  type SseMessage,
} from "#tests/server/support/logger-fixtures.js";
import { createTestApp } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { startSnapWriterThread } from "../db/snap-writer-thread.js";
import type { LiveReads, SnapWriter } from "../db/snaps.js";
import { changeNow, createMemoryHub, type FeedMessage } from "./hub.js";
import { createTeamFeed, liveReadWish, offerLiveReads } from "./team-feed.js";

/*
 * The snap writer's thread reads a change's payloads right after its commit (decision 0043); the team feed sends
 * them instead of reading again, but only while that change is the only one heard of the team since the write
 * began. The feed here has a database that counts and refuses every use, so a read shows as a message without
 * payloads.
 */
function feedWithoutDatabase() {
  const hub = createMemoryHub();
  let uses = 0;
  const db = new Proxy(
    {},
    {
      get() {
        uses += 1;
        throw new Error("the feed read the database");
      },
    },
  );
  const services = { hub, database: { db }, log: pino({ level: "silent" }) } as never;
  const feed = createTeamFeed(services, 0);
  return { hub, feed, uses: () => uses };
}

const decode = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes).split("data: ")[1]!) as object;

function screen(coach: boolean) {
  const got: FeedMessage[] = [];
  let wake = () => {};
  return {
    coach,
    got,
    send(message: FeedMessage) {
      got.push(message);
      wake();
    },
    async next(n: number) {
      while (got.length < n) await new Promise<void>((resolve) => (wake = resolve));
      return got[n - 1]!;
    },
  };
}

const reads = (sessionId: string): LiveReads => ({
  scoreboard: { sessionId, body: '{"score":{"us":6,"them":0}}' },
  leaderboard: '{"players":[{"id":"p1"}]}',
});

describe("the team feed and the snap writer's reads (decision 0043)", () => {
  it("asks for what the team's open screens will be sent: nothing with none, the leaderboard only for coaches", () => {
    const { hub, feed } = feedWithoutDatabase();
    expect(liveReadWish(hub, "t1", "s1")).toBeUndefined();
    const player = feed.subscribe("t1", screen(false), () => {});
    expect(liveReadWish(hub, "t1", "s1")).toEqual({ wish: { sessionId: "s1", leaderboard: false }, version: 0 });
    const coach = feed.subscribe("t1", screen(true), () => {});
    expect(liveReadWish(hub, "t1", "s1")?.wish.leaderboard).toBe(true);
    expect(liveReadWish(hub, "t2", "s1")).toBeUndefined();
    coach();
    player();
    expect(liveReadWish(hub, "t1", "s1")).toBeUndefined();
  });

  it("sends the writer's reads without reading the database", async () => {
    const { hub, feed, uses } = feedWithoutDatabase();
    const coach = screen(true);
    const player = screen(false);
    feed.subscribe("t1", coach, () => {});
    feed.subscribe("t1", player, () => {});
    const live = liveReadWish(hub, "t1", "s1")!;
    const change = changeNow("events", "s1");
    offerLiveReads(change, live.version, Promise.resolve(reads("s1")));
    hub.publish("t1", change);

    expect(decode((await coach.next(1)).coach)).toEqual({
      kind: "events",
      at: change.at,
      scoreboard: { score: { us: 6, them: 0 } },
      leaderboard: { players: [{ id: "p1" }] },
    });
    expect(decode((await player.next(1)).member)).toEqual({
      kind: "events",
      at: change.at,
      scoreboard: { score: { us: 6, them: 0 } },
    });
    expect(uses()).toBe(0);
  });

  it("reads again when another change of the team was heard after the write began", async () => {
    const { hub, feed, uses } = feedWithoutDatabase();
    const coach = screen(true);
    feed.subscribe("t1", coach, () => {});
    const live = liveReadWish(hub, "t1", "s1")!;
    // A roster change lands between the snap's write and its change: the snap's reads may predate it.
    hub.publish("t1", changeNow("roster"));
    await coach.next(1);
    const change = changeNow("events", "s1");
    offerLiveReads(change, live.version, Promise.resolve(reads("s1")));
    hub.publish("t1", change);

    const sent = decode((await coach.next(2)).coach);
    expect(sent).toEqual({ kind: "events", at: change.at });
    expect(uses()).toBeGreaterThan(0);
  });

  it("reads as before when the writer could not read", async () => {
    const { hub, feed, uses } = feedWithoutDatabase();
    const coach = screen(true);
    feed.subscribe("t1", coach, () => {});
    const live = liveReadWish(hub, "t1", "s1")!;
    const change = changeNow("events", "s1");
    offerLiveReads(change, live.version, Promise.resolve(undefined));
    hub.publish("t1", change);
    expect(decode((await coach.next(1)).coach)).toEqual({ kind: "events", at: change.at });
    expect(uses()).toBeGreaterThan(0);
  });
});

describe("a snap through the app with the snap writer's thread (decision 0043)", () => {
  const sqlite = testEngines().find((e) => e.engine === "sqlite")!;
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let services: ReturnType<typeof createTestApp>["services"];
  let a: LoggerTeam;
  let gameId: string;
  const inProcess = () => services.snapWriter;
  let thread: SnapWriter;
  let ownWriter: SnapWriter;

  beforeAll(async () => {
    database = await sqlite.create();
    ({ app, services } = createTestApp(database));
    ownWriter = inProcess();
    thread = startSnapWriterThread({
      file: path.join((database.env as { DATA_DIR: string }).DATA_DIR, "flagline.db"),
      entry: new URL("../db/snap-writer-worker.ts", import.meta.url),
      fallback: () => {
        throw new Error("the snap writer's thread did not start");
      },
    });
    a = await loggerTeam(app, "Falcons", 2);
    const day = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    gameId = (await a.head.post("/api/team/sessions", { kind: "game", date: day, opponent: "Eagles" })).body.session.id;
  });
  afterAll(async () => {
    await thread?.close();
    await database?.cleanup();
  });

  const parse = (m: SseMessage) => JSON.parse(m.data!) as Record<string, unknown>;
  const isEvents = (m: SseMessage) => m.event === "change" && parse(m).kind === "events";

  /** A touchdown posted with a coach and a player screen open: their messages and the server connection's reads. */
  async function touchdown(writer: SnapWriter) {
    services.snapWriter = writer;
    const coach = await openStream(app, a.assistant);
    const player = await openStream(app, a.players[1]!.client);
    try {
      await coach.waitFor((m) => m.comment === "connected");
      await player.waitFor((m) => m.comment === "connected");
      const db = services.database.db;
      const built = vi.spyOn(db, "selectFrom");
      const prepared = vi.spyOn(db, "executeQuery");
      const snap = aSnap(gameId, { kind: "run", runnerId: a.players[0]!.me.id, yards: 20, touchdown: true });
      expect((await a.head.post("/api/team/snaps", { snaps: [snap] })).status).toBe(200);
      const toCoach = parse(await coach.waitFor(isEvents));
      const toPlayer = parse(await player.waitFor(isEvents));
      const reads = built.mock.calls.length + prepared.mock.calls.length;
      built.mockRestore();
      prepared.mockRestore();
      return { toCoach, toPlayer, reads };
    } finally {
      await coach.close();
      await player.close();
      services.snapWriter = ownWriter;
    }
  }

  it("sends every screen what the GETs answer, read on the thread instead of the server's connection", async () => {
    const threaded = await touchdown(thread);
    const scoreboard = (await a.players[1]!.client.get("/api/team/scoreboard")).body.scoreboard;
    const leaderboard = (await a.head.get("/api/team/leaderboard")).body;
    expect(scoreboard.score.us).toBe(6);
    expect(threaded.toPlayer).toEqual({ kind: "events", at: threaded.toPlayer.at, scoreboard });
    expect(threaded.toCoach).toEqual({ kind: "events", at: threaded.toCoach.at, scoreboard, leaderboard });

    // The same snap through the server's own writer reads the payloads on the server's connection.
    const own = await touchdown(ownWriter);
    expect((own.toCoach.scoreboard as { score: { us: number } }).score.us).toBe(12);
    expect(own.reads).toBeGreaterThan(threaded.reads);
  });
});
