import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, PASSWORD, signUpPlayer, type TestClient } from "#tests/server/support/test-client.js";
import { anEvent, loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";
import { recordEvents } from "../db/events.js";
import { readCacheOf } from "./read-cache.js";

/*
 * The versioned read cache must never serve an answer from before a write (decision 0016): each write that changes
 * the players list, the leaderboard or the scoreboard is read right after, through a warm cache.
 */

interface Player {
  id: string;
  name: string;
  eventCount: number;
}

describe.each(testEngines())("read caches follow every write on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let a: LoggerTeam;

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
    a = await loggerTeam(app, "Falcons", 3);
  });
  afterAll(async () => database?.cleanup());

  const players = async (client: TestClient = a.head) => {
    const res = await client.get<{ players: Player[] }>("/api/team/players");
    expect(res.status).toBe(200);
    return res.body.players;
  };
  const leaderboardIds = async () =>
    ((await a.head.get("/api/team/leaderboard")).body.players as Player[]).map((p) => p.id).sort();
  /** Reads twice (the second from the cache) so the next read after a write would be stale if not invalidated. */
  const warm = async () => {
    await players();
    await players();
    await leaderboardIds();
  };

  it("a logged event shows in the summaries at once", async () => {
    await warm();
    const id = a.players[0]!.me.id;
    const before = (await players()).find((p) => p.id === id)!.eventCount;
    await a.assistant.post("/api/team/events", { events: [anEvent(id)] });
    expect((await players()).find((p) => p.id === id)!.eventCount).toBe(before + 1);
  });

  it("the last 30 days' board is cached like the rest (whole UTC days, decision 0020) and follows a write", async () => {
    const path = "/api/team/leaderboard?window=last30";
    const id = a.players[1]!.me.id;
    const first = await a.head.get<{ players: Player[] }>(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const revalidated = await a.head.request("GET", path, { headers: { "if-none-match": etag! } });
    expect(revalidated.status).toBe(304);
    const before = first.body.players.find((p) => p.id === id)!.eventCount;
    // An event stored behind the hub's back (no change published) is not seen: the answer is the cached one.
    await recordEvents(database.db, [{ ...anEvent(id), teamId: a.teamId, sessionId: null, createdBy: a.headMe.id }]);
    expect((await a.head.request("GET", path, { headers: { "if-none-match": etag! } })).status).toBe(304);
    await a.assistant.post("/api/team/events", { events: [anEvent(id)] });
    const after = await a.head.request("GET", path, { headers: { "if-none-match": etag! } });
    expect(after.status).toBe(200);
    expect((after.body as { players: Player[] }).players.find((p) => p.id === id)!.eventCount).toBe(before + 2);
  });

  it("team stats are cached too and follow a write", async () => {
    const path = "/api/team/stats?tzOffset=-300";
    const events = async (headers: Record<string, string> = {}) => {
      const res = await a.head.request("GET", path, { headers });
      return { status: res.status, etag: res.headers.get("etag"), events: res.body?.totals?.events as number };
    };
    const first = await events();
    expect(first.status).toBe(200);
    await recordEvents(database.db, [{ ...anEvent(a.players[0]!.me.id), teamId: a.teamId, createdBy: a.headMe.id }]);
    expect((await events({ "if-none-match": first.etag! })).status).toBe(304);
    await a.assistant.post("/api/team/events", { events: [anEvent(a.players[0]!.me.id)] });
    const after = await events({ "if-none-match": first.etag! });
    expect(after).toMatchObject({ status: 200, events: first.events + 2 });
  });

  it("a player's own name change shows at once", async () => {
    await warm();
    const res = await a.players[0]!.client.request("PATCH", "/api/profile", { json: { fullName: "Newly Named" } });
    expect(res.status).toBe(200);
    expect((await players()).find((p) => p.id === a.players[0]!.me.id)!.name).toBe("Newly Named");
  });

  it("a coach's roster add and edit show at once", async () => {
    await warm();
    const added = await a.head.post("/api/team/roster", {
      fullName: "Riley Runner",
      jerseyNumber: 44,
      primaryPosition: "rb",
    });
    expect(added.status).toBe(201);
    const id = added.body.player.id as string;
    expect((await players()).some((p) => p.id === id)).toBe(true);
    await a.head.request("PATCH", `/api/team/roster/${id}`, { json: { fullName: "Riley Rusher" } });
    expect((await players()).find((p) => p.id === id)!.name).toBe("Riley Rusher");
  });

  it("confirming a player who joined with the team code shows them at once", async () => {
    const waiting = await signUpPlayer(app, a.headMe.team!.code, {
      fullName: "Wes Waiting",
      jerseyNumber: 55,
      waiting: true,
    });
    await warm();
    expect((await players()).some((p) => p.id === waiting.me.id)).toBe(false);
    const res = await a.head.post(`/api/team/roster/${waiting.me.id}/confirmation`, { decision: "confirm" });
    expect(res.status).toBe(200);
    expect((await players()).some((p) => p.id === waiting.me.id)).toBe(true);
    expect(await leaderboardIds()).toContain(waiting.me.id);
  });

  it("removing a player takes them off the players list and the leaderboard at once", async () => {
    const gone = await signUpPlayer(app, a.headMe.team!.code, { fullName: "Rex Removed", jerseyNumber: 66 });
    await warm();
    expect((await players()).some((p) => p.id === gone.me.id)).toBe(true);
    expect((await a.head.delete(`/api/team/players/${gone.me.id}`)).status).toBe(204);
    expect((await players()).some((p) => p.id === gone.me.id)).toBe(false);
    expect(await leaderboardIds()).not.toContain(gone.me.id);
  });

  it("a player deleting their account takes them off the lists at once", async () => {
    const leaving = await signUpPlayer(app, a.headMe.team!.code, { fullName: "Del Deleted", jerseyNumber: 77 });
    await warm();
    expect((await players()).some((p) => p.id === leaving.me.id)).toBe(true);
    const res = await leaving.client.request("DELETE", "/api/me", { json: { password: PASSWORD } });
    expect(res.status).toBe(204);
    expect((await players()).some((p) => p.id === leaving.me.id)).toBe(false);
    expect(await leaderboardIds()).not.toContain(leaving.me.id);
  });

  it("a final score and a snap show on the scoreboard at once", async () => {
    const day = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    const game = (await a.head.post("/api/team/sessions", { kind: "game", date: day, opponent: "Owls" })).body.session;
    const board = async () => (await a.players[1]!.client.get("/api/team/scoreboard")).body.scoreboard;
    expect((await board()).sessionId).toBe(game.id);
    await board();
    await a.head.post("/api/team/snaps", {
      snaps: [
        {
          id: randomUUID(),
          sessionId: game.id,
          period: 1,
          occurredAt: new Date(Date.now() - 60_000).toISOString(),
          detail: { kind: "opponent_score", score: "touchdown" },
        },
      ],
    });
    expect((await board()).score.them).toBe(6);
    await a.head.post(`/api/team/sessions/${game.id}/final`, { us: 7, them: 6 });
    expect((await board()).final).toMatchObject({ us: 7, them: 6 });
    expect((await a.head.delete(`/api/team/sessions/${game.id}`)).status).toBe(204);
    expect(await board()).toBeNull();
  });

  it("the team's version goes up before the team's subscribers hear of a change", async () => {
    const { services } = createTestApp(database);
    const cache = readCacheOf(services.hub);
    const seen: number[] = [];
    services.hub.subscribe("team-x", () => seen.push(cache.version("team-x")));
    const before = cache.version("team-x");
    services.hub.publish("team-x", { kind: "events", at: new Date().toISOString() });
    expect(seen).toEqual([before + 1]);
  });
});
