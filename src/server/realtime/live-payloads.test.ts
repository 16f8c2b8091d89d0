import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { teamChangeSchema } from "#domain/api/logger.js";
import { liveChangeSchema } from "#domain/api/live.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp } from "#tests/server/support/test-client.js";
import type { MemoryTeamHub } from "./hub.js";
import {
  anEvent,
  loggerTeam,
  openStream,
  sleep,
  type LoggerTeam,
  type SseMessage,
} from "#tests/server/support/logger-fixtures.js";

/** The server's calendar day, as GET /api/team/scoreboard without tzOffset reads it. */
const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

describe.each(testEngines())("the stream's payloads and the cached reads on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let services: ReturnType<typeof createTestApp>["services"];
  let a: LoggerTeam;
  let gameId: string;

  beforeAll(async () => {
    database = await create();
    ({ app, services } = createTestApp(database));
    a = await loggerTeam(app, "Falcons", 2);
    const game = await a.head.post("/api/team/sessions", { kind: "game", date: today(), opponent: "Eagles" });
    gameId = game.body.session.id;
  });
  afterAll(async () => database?.cleanup());

  const parse = (m: SseMessage) => JSON.parse(m.data!) as Record<string, unknown>;
  const isEvents = (m: SseMessage) => m.event === "change" && parse(m).kind === "events";
  const aTouchdown = () => ({
    id: randomUUID(),
    sessionId: gameId,
    period: 1,
    occurredAt: new Date(Date.now() - 60_000).toISOString(),
    detail: { kind: "run", runnerId: a.players[0]!.me.id, yards: 20, touchdown: true },
  });

  it("a snap sends the game's scoreboard to every member and the leaderboard to coaches only, equal to the GETs", async () => {
    const coach = await openStream(app, a.assistant);
    const player = await openStream(app, a.players[1]!.client);
    try {
      await coach.waitFor((m) => m.comment === "connected");
      await player.waitFor((m) => m.comment === "connected");
      expect((await a.head.post("/api/team/snaps", { snaps: [aTouchdown()] })).status).toBe(200);

      const toCoach = parse(await coach.waitFor(isEvents));
      const toPlayer = parse(await player.waitFor(isEvents));
      const scoreboard = (await a.players[1]!.client.get("/api/team/scoreboard")).body.scoreboard;
      expect(scoreboard.score.us).toBe(6);
      expect(toPlayer.scoreboard).toEqual(scoreboard);
      expect(toCoach.scoreboard).toEqual(scoreboard);
      // The leaderboard is coach-only (GET answers a player 403): a player's message never carries it.
      expect(toPlayer).not.toHaveProperty("leaderboard");
      expect(Object.keys(toPlayer).sort()).toEqual(["at", "kind", "scoreboard"]);
      expect((await a.players[1]!.client.get("/api/team/leaderboard")).status).toBe(403);
      const board = (await a.head.get("/api/team/leaderboard")).body;
      expect(toCoach.leaderboard).toEqual(board);
      expect(board.players.find((p: { id: string }) => p.id === a.players[0]!.me.id).stats.touchdowns).toBe(1);
      // Old clients read the same message as before: kind and at.
      expect(teamChangeSchema.parse(toCoach)).toEqual({ kind: "events", at: toCoach.at });
      expect(liveChangeSchema.safeParse(toCoach).success).toBe(true);
    } finally {
      await coach.close();
      await player.close();
    }
  });

  /** Database reads (selectFrom calls) made for one snap while `n` coach screens are open, and their messages. */
  async function readsWithScreens(n: number) {
    const streams = await Promise.all(
      Array.from({ length: n }, (_, i) => openStream(app, i % 2 ? a.assistant : a.head)),
    );
    try {
      await Promise.all(streams.map((s) => s.waitFor((m) => m.comment === "connected")));
      await sleep(300);
      expect((services.hub as MemoryTeamHub).subscriberCount(a.teamId)).toBe(1);
      const reads = vi.spyOn(services.database.db, "selectFrom");
      try {
        await a.head.post("/api/team/snaps", { snaps: [aTouchdown()] });
        const got = await Promise.all(streams.map((s) => s.waitFor(isEvents)));
        return { reads: reads.mock.calls.length, messages: new Set(got.map((m) => m.data)).size };
      } finally {
        reads.mockRestore();
      }
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  }

  it("many open screens of a team share one hub subscription, one payload read and the same message", async () => {
    const one = await readsWithScreens(1);
    const four = await readsWithScreens(4);
    expect(four.messages).toBe(1);
    expect(four.reads).toBe(one.reads);
  });

  it("a player's event, attendance and roster change never carry the leaderboard to a player", async () => {
    const player = await openStream(app, a.players[0]!.client);
    try {
      await player.waitFor((m) => m.comment === "connected");
      await sleep(300);
      await a.head.post("/api/team/events", { events: [anEvent(a.players[0]!.me.id)] });
      await a.head.request("PATCH", `/api/team/roster/${a.players[1]!.me.id}`, { json: { fullName: "Renamed" } });
      await player.waitFor(isEvents);
      await sleep(400);
      for (const m of player.messages.filter((x) => x.event === "change")) {
        expect(parse(m)).not.toHaveProperty("leaderboard");
      }
    } finally {
      await player.close();
    }
  });

  it("the cached reads answer 304 to their ETag until a write changes them", async () => {
    for (const path of ["/api/team/players", "/api/team/leaderboard", "/api/team/scoreboard"]) {
      const first = await a.head.get(path);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe("private, no-cache");
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^".+"$/);
      const again = await a.head.request("GET", path, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(again.body).toBeNull();
      // Another coach of the team holds the same answer: same tag.
      expect((await a.assistant.get(path)).headers.get("etag")).toBe(etag);

      await a.head.post("/api/team/snaps", { snaps: [aTouchdown()] });
      const after = await a.head.request("GET", path, { headers: { "if-none-match": etag } });
      expect(after.status).toBe(200);
      expect(after.headers.get("etag")).not.toBe(etag);
      expect(after.body).not.toEqual(first.body);
    }
  });

  it("a player may read the cached scoreboard, never the coach-only players list (role checked before the cache)", async () => {
    await a.head.get("/api/team/players");
    expect((await a.players[0]!.client.get("/api/team/players")).status).toBe(403);
    expect((await a.players[0]!.client.get("/api/team/scoreboard")).status).toBe(200);
  });
});
