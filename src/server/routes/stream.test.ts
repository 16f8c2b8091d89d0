import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createRouter } from "../http/context.js";
import { createTestApp, signUpCoach, TestClient } from "#tests/server/support/test-client.js";
import type { MemoryTeamHub } from "../realtime/hub.js";
import { startServer } from "../server.js";
import { anEvent, loggerTeam, openStream, sleep, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";
import { streamRoutes } from "./stream.js";

describe.each(testEngines())("live updates (SSE) on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let services: ReturnType<typeof createTestApp>["services"];
  let hub: MemoryTeamHub;
  let a: LoggerTeam;
  let b: LoggerTeam;

  beforeAll(async () => {
    database = await create();
    ({ app, services } = createTestApp(database));
    hub = services.hub as MemoryTeamHub;
    a = await loggerTeam(app, "Falcons A", 2);
    b = await loggerTeam(app, "Bears B", 1);
  });
  afterAll(async () => database?.cleanup());

  const isChange = (kind: string) => (m: { event: string | null; data: string | null }) =>
    m.event === "change" && JSON.parse(m.data!).kind === kind;

  it("a coach of A hears A's events within a second; a coach of B hears nothing", async () => {
    const streamA = await openStream(app, a.head);
    const streamB = await openStream(app, b.head);
    try {
      expect(streamA.status).toBe(200);
      expect(streamA.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(streamA.headers.get("cache-control")).toMatch(/no-cache/);
      expect(streamA.headers.get("x-accel-buffering")).toBe("no");
      await streamA.waitFor((m) => m.comment === "connected");
      await streamB.waitFor((m) => m.comment === "connected");

      const started = Date.now();
      const post = await a.assistant.post("/api/team/events", { events: [anEvent(a.players[0]!.me.id)] });
      expect(post.status).toBe(200);
      const message = await streamA.waitFor(isChange("events"), 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      const data = JSON.parse(message.data!);
      expect(data).toEqual({ kind: "events", at: expect.any(String) });
      expect(new Date(data.at).toISOString()).toBe(data.at);

      await sleep(400);
      expect(streamB.changes()).toEqual([]);
    } finally {
      await streamA.close();
      await streamB.close();
    }
  });

  it("a 50-event batch is one message; a burst of requests is folded per kind", async () => {
    const stream = await openStream(app, a.head);
    try {
      await stream.waitFor((m) => m.comment === "connected");
      await sleep(300); // out of the previous test's window
      const player = a.players[1]!.me.id;
      const batch = Array.from({ length: 50 }, () => anEvent(player, { eventType: "Flag Pull" }));
      expect((await a.head.post("/api/team/events", { events: batch })).status).toBe(200);
      await stream.waitFor(isChange("events"));
      await sleep(350);
      expect(stream.changes()).toHaveLength(1);

      // Ten single-event requests at once: the first message at once, the rest folded into one more.
      await Promise.all(
        Array.from({ length: 10 }, () =>
          a.head.post("/api/team/events", { events: [anEvent(player, { eventType: "Sack" })] }),
        ),
      );
      await sleep(600);
      const events = stream.changes().filter((c) => c.kind === "events");
      expect(events.length).toBeGreaterThanOrEqual(2);
      expect(events.length).toBeLessThanOrEqual(3);
    } finally {
      await stream.close();
    }
  });

  it("sessions, attendance and undo each announce their kind; a write that changes nothing announces nothing", async () => {
    const stream = await openStream(app, a.players[0]!.client);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((m) => m.comment === "connected");
      const created = await a.head.post("/api/team/sessions", { kind: "practice", date: "2026-10-01" });
      await stream.waitFor(isChange("sessions"));
      const sessionId = created.body.session.id;
      const marks = { marks: [{ playerId: a.players[0]!.me.id, present: true }] };
      await a.head.request("PUT", `/api/team/sessions/${sessionId}/attendance`, { json: marks });
      await stream.waitFor(isChange("attendance"));
      const e = anEvent(a.players[0]!.me.id);
      await a.head.post("/api/team/events", { events: [e] });
      await stream.waitFor(isChange("events"));

      await sleep(300);
      const before = stream.changes().length;
      // Replays and an unchanged mark write nothing new.
      await a.head.post("/api/team/events", { events: [e] });
      await a.head.request("PUT", `/api/team/sessions/${sessionId}/attendance`, { json: marks });
      await a.head.request("PATCH", `/api/team/sessions/${sessionId}`, { json: {} });
      await sleep(300);
      expect(stream.changes()).toHaveLength(before);

      await a.head.delete(`/api/team/events/${e.id}`);
      await stream.waitFor((m) => isChange("events")(m) && stream.changes().length > before);
    } finally {
      await stream.close();
    }
  });

  it("a player of A may listen; signed out is 401; the subscription ends with the connection", async () => {
    const baseline = hub.subscriberCount(a.teamId);
    const player = await openStream(app, a.players[1]!.client);
    expect(player.status).toBe(200);
    await player.waitFor((m) => m.comment === "connected");
    expect(hub.subscriberCount(a.teamId)).toBe(baseline + 1);
    await player.close();
    await sleep(50);
    expect(hub.subscriberCount(a.teamId)).toBe(baseline);

    const anon = await openStream(app, new TestClient(app));
    expect(anon.status).toBe(401);
    expect(anon.headers.get("content-type")).toMatch(/json/);
  });

  it("heartbeats keep the stream alive, and a signed-out session's stream is ended", async () => {
    // The route as the app mounts it, with a fast heartbeat.
    const fast = createRouter();
    fast.use("*", async (c, next) => {
      c.set("services", services);
      c.set("viewerLookup", undefined);
      await next();
    });
    fast.route("/", streamRoutes({ heartbeatMs: 40 }));

    const { client } = await signUpCoach(app, "Heartbeat");
    const stream = await openStream(fast, client);
    expect(stream.status).toBe(200);
    await stream.waitFor((m) => m.comment === "heartbeat", 1000);
    expect((await client.delete("/api/session")).status).toBe(204);
    await Promise.race([
      stream.ended,
      sleep(2000).then(() => Promise.reject(new Error("stream still open after sign-out"))),
    ]);
  });
});

describe("shutdown with open streams", () => {
  it("close() ends live-update streams instead of waiting for them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "flagline-sse-"));
    try {
      const config = loadConfig({ DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", WEB_ROOT: "/nonexistent" });
      const running = await startServer(config, pino({ level: "silent" }));
      // Sign up over HTTP to get a session cookie for this server.
      const signup = await fetch(`${running.url}/api/signup`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: running.url },
        body: JSON.stringify({
          role: "coach",
          fullName: "Shut Down",
          email: "shut@example.com",
          password: "correct-horse-battery",
          teamName: "Closing",
        }),
      });
      expect(signup.status).toBe(201);
      const cookie = signup.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");

      let opened!: () => void;
      const connected = new Promise<void>((resolve) => (opened = resolve));
      const streamEnded = new Promise<string>((resolve, reject) => {
        const req = http.get(`${running.url}/api/team/stream`, { headers: { cookie } }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            body += chunk;
            if (body.includes("connected")) opened();
          });
          res.on("end", () => resolve(body));
          res.on("error", reject);
        });
        req.on("error", reject);
      });
      await connected;

      const started = Date.now();
      await running.close();
      expect(Date.now() - started).toBeLessThan(1500);
      expect(await streamEnded).toContain(": connected");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);
});
