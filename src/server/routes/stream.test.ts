import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createRouter } from "../http/context.js";
import {
  createTestApp,
  PASSWORD,
  signUpCoach,
  signUpPlayer,
  TestClient,
  uniqueEmail,
} from "#tests/server/support/test-client.js";
import type { MemoryTeamHub } from "../realtime/hub.js";
import { COALESCE_MS } from "../realtime/coalesce.js";
import { startServer } from "../server.js";
import {
  anEvent,
  loggerTeam,
  openStream,
  sleep,
  type LoggerTeam,
  type OpenStream,
} from "#tests/server/support/logger-fixtures.js";
import { scaled } from "#tests/support/host-speed.js";
import { MAX_STREAMS_PER_USER, streamRoutes, TOO_MANY_STREAMS } from "./stream.js";
import { signUpOverHttp } from "#tests/server/support/http-signup.js";

/** Resolves once the stream has sent nothing new for two fold windows (a trailing folded message has landed). */
async function quiet(stream: OpenStream): Promise<void> {
  let seen = stream.changes().length;
  let still = Date.now();
  while (Date.now() - still < COALESCE_MS * 2) {
    await sleep(50);
    const now = stream.changes().length;
    if (now !== seen) {
      seen = now;
      still = Date.now();
    }
  }
}

/** Resolves when the server ends the stream; fails after `ms` (well under the 25 s heartbeat re-check). */
function endsWithin(stream: OpenStream, ms = 2000, what = "the stream"): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    stream.ended,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} still open after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

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
      // A coach's message carries the default leaderboard (decision 0016); no game, so no scoreboard.
      expect(data).toEqual({ kind: "events", at: expect.any(String), leaderboard: expect.any(Object) });
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
      await quiet(stream);
      expect(stream.changes()).toHaveLength(1);

      // Ten single-event requests at once: the first message at once, the rest folded into one message per
      // window. How many windows the burst spans depends on how fast this host commits ten writes, so the bound
      // is counted from the time the burst took, not fixed (a busy CI core spread it over more than one window).
      const burstStarted = Date.now();
      await Promise.all(
        Array.from({ length: 10 }, () =>
          a.head.post("/api/team/events", { events: [anEvent(player, { eventType: "Sack" })] }),
        ),
      );
      const burstMs = Date.now() - burstStarted;
      await quiet(stream);
      const events = stream.changes().filter((c) => c.kind === "events");
      expect(events.length).toBeGreaterThanOrEqual(2);
      expect(events.length).toBeLessThanOrEqual(2 + Math.ceil(burstMs / COALESCE_MS));
      if (burstMs < COALESCE_MS * 4) expect(events.length).toBeLessThan(10);
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
    await vi.waitFor(() => expect(hub.subscriberCount(a.teamId)).toBe(baseline), { timeout: 5000 });

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
    fast.route("/", streamRoutes({ heartbeatMs: 40, membershipCheckMs: 40 }));

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

describe.each(testEngines())("streams end when access ends, on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
  });
  afterAll(async () => database?.cleanup());

  /** A head coach of a new team, signed in twice (two browsers), and the email of the account. */
  async function coachTwice(teamName: string) {
    const email = uniqueEmail("twice");
    const first = new TestClient(app);
    const signup = await first.post("/api/signup", {
      role: "coach",
      fullName: "Twice Signed",
      email,
      password: PASSWORD,
      teamName,
    });
    expect(signup.status).toBe(201);
    const second = new TestClient(app);
    expect((await second.post("/api/session", { email, password: PASSWORD })).status).toBe(200);
    return { first, second };
  }

  const connected = async (client: TestClient) => {
    const stream = await openStream(app, client);
    expect(stream.status).toBe(200);
    await stream.waitFor((m) => m.comment === "connected");
    return stream;
  };

  it("sign-out ends that session's streams at once; the account's other session keeps its stream", async () => {
    const { first, second } = await coachTwice("Sign Out");
    const signingOut = await connected(first);
    const staying = await connected(second);
    const started = Date.now();
    expect((await first.delete("/api/session")).status).toBe(204);
    await endsWithin(signingOut);
    expect(Date.now() - started).toBeLessThan(2000);

    // The other browser's stream still hears the team.
    expect((await second.post("/api/team/sessions", { kind: "practice", date: "2026-10-01" })).status).toBe(201);
    await staying.waitFor((m) => m.event === "change" && JSON.parse(m.data!).kind === "sessions", 2000);
    await staying.close();
  });

  it("a password change ends every stream of the account, this browser's too; it reconnects with its new cookie", async () => {
    const { first, second } = await coachTwice("Password");
    const here = await connected(first);
    const elsewhere = await connected(second);
    const changed = await first.post("/api/profile/password", {
      currentPassword: PASSWORD,
      newPassword: `${PASSWORD}-new`,
    });
    expect(changed.status).toBe(204);
    await Promise.all([endsWithin(here, 2000, "this browser's stream"), endsWithin(elsewhere, 2000, "the other's")]);
    const again = await connected(first);
    await again.close();
    expect((await openStream(app, second)).status).toBe(401);
  });

  it("a player removed from the team loses their stream at once; reconnecting is refused", async () => {
    const { client: head, me } = await signUpCoach(app, "Removal");
    const player = await signUpPlayer(app, me.team!.code);
    const stream = await connected(player.client);
    const coachStream = await connected(head);
    expect((await head.delete(`/api/team/players/${player.me.id}`)).status).toBe(204);
    await endsWithin(stream);
    expect((await openStream(app, player.client)).status).toBe(403);
    // Only the removed player's stream ended.
    expect((await head.post("/api/team/sessions", { kind: "practice", date: "2026-10-01" })).status).toBe(201);
    await coachStream.waitFor((m) => m.event === "change" && JSON.parse(m.data!).kind === "sessions", 2000);
    await coachStream.close();
  });

  it(`a user may hold ${MAX_STREAMS_PER_USER} open streams; the next is refused with 429 until one closes`, async () => {
    const { client } = await signUpCoach(app, "Many Tabs");
    const open: OpenStream[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await connected(client));
      const refused = await client.get("/api/team/stream");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
      expect(refused.body).toEqual({
        error: { code: "rate_limited", message: TOO_MANY_STREAMS, requestId: refused.headers.get("x-request-id") },
      });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      // Another user is not affected.
      const other = await signUpCoach(app, "Other Tabs");
      const theirs = await connected(other.client);
      await theirs.close();

      await open.pop()!.close();
      // The slot frees once the server has seen the connection go.
      const deadline = Date.now() + 2000;
      let again = await openStream(app, client);
      while (again.status === 429 && Date.now() < deadline) {
        await new Promise((r) => setImmediate(r));
        again = await openStream(app, client);
      }
      expect(again.status).toBe(200);
      open.push(again);
      await again.waitFor((m) => m.comment === "connected");
    } finally {
      await Promise.all(open.map((s) => s.close()));
    }
  });
});

describe("streams served by the real server (npm start writes them straight to the socket)", () => {
  it("sends the event-stream headers, the team's changes, and lets go of a stream whose client left", async () => {
    const dir = mkdtempSync(join(tmpdir(), "flagline-sse-"));
    const config = loadConfig({ DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", WEB_ROOT: "/nonexistent" });
    const running = await startServer(config, pino({ level: "silent" }));
    try {
      const cookie = await signUpOverHttp(running.url, "socket@example.com");
      let received = "";
      const waiters = new Set<() => void>();
      const until = (text: string) =>
        new Promise<void>((resolve) => {
          const check = () => {
            if (!received.includes(text)) return;
            waiters.delete(check);
            resolve();
          };
          waiters.add(check);
          check();
        });
      let request!: http.ClientRequest;
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        request = http.get(`${running.url}/api/team/stream`, { headers: { cookie } }, resolve);
        request.on("error", reject);
      });
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        received += chunk;
        for (const check of [...waiters]) check();
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/event-stream/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers["x-accel-buffering"]).toBe("no");
      expect(response.headers.connection).toBe("close");
      // The request frame's headers are on the stream too.
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-request-id"]).toEqual(expect.any(String));
      await until(": connected");
      const hub = running.services.hub as MemoryTeamHub;
      expect(hub.subscriberCount()).toBe(1);

      const game = await fetch(`${running.url}/api/team/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: running.url, cookie },
        body: JSON.stringify({ kind: "game", date: new Date().toISOString().slice(0, 10), opponent: "Rivals" }),
      });
      expect(game.status).toBe(201);
      await until('"kind":"sessions"');
      expect(received).toMatch(/event: change\ndata: \{"kind":"sessions","at":"[^"]+"/);

      // The phone goes away: the server ends the stream and lets go of its subscription.
      request.destroy();
      await expect.poll(() => hub.subscriberCount()).toBe(0);
    } finally {
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);

  it("close() ends live-update streams instead of waiting for them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "flagline-sse-"));
    try {
      const config = loadConfig({ DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", WEB_ROOT: "/nonexistent" });
      const running = await startServer(config, pino({ level: "silent" }));
      // Sign up over HTTP to get a session cookie for this server.
      const cookie = await signUpOverHttp(running.url, "shut@example.com", {
        fullName: "Shut Down",
        teamName: "Closing",
      });

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
      // Well under the 65 s an idle keep-alive socket would hold close() open, stretched for a slow host.
      expect(Date.now() - started).toBeLessThan(scaled(1500));
      expect(await streamEnded).toContain(": connected");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);
});
