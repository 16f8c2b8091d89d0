import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/server/support/free-port.js";
import { scaled } from "#tests/support/host-speed.js";
import { adminQuery, databaseUrl, POSTGRES_MARKER } from "#tests/server/support/test-database.js";

const adminUrl = process.env.TEST_DATABASE_URL;

function startApp(databaseUrl: string, port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      AUTH_SECRET: "shared-secret-of-every-app-server-0123456789",
      LOG_LEVEL: "error",
      AUTH_RATE_LIMIT: "0",
      WEB_ROOT: "/nonexistent",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitUp(base: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error(`${base} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function post(base: string, path: string, body: unknown, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/**
 * Reads a change stream: `connected` once the server has subscribed it, `change(kind)` the next change message of
 * that kind (earlier ones of other kinds are passed over: a change relayed from an earlier write may arrive first
 * on a slow host), null when none came within `ms`. A read still pending at a deadline is kept for the next call.
 */
function changeStream(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let seen = 0;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  let done = false;

  async function until<T>(find: () => T | undefined, ms: number): Promise<T | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (done || Date.now() >= deadline) return null;
      pending ??= reader.read();
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        pending,
        new Promise<null>((r) => (timer = setTimeout(() => r(null), Math.max(1, deadline - Date.now())))),
      ]);
      clearTimeout(timer);
      if (!chunk) continue;
      pending = null;
      if (chunk.done) done = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  return {
    connected: (ms: number) => until(() => (buffer.includes(": connected\n") ? true : undefined), ms),
    change: (kind: string | null, ms: number) =>
      until(() => {
        const frames = /event: change\ndata: (.+)\n/g;
        frames.lastIndex = seen;
        for (let m = frames.exec(buffer); m; m = frames.exec(buffer)) {
          seen = frames.lastIndex;
          const change = JSON.parse(m[1]!) as { kind: string };
          if (kind === null || change.kind === kind) return change;
        }
        return undefined;
      }, ms),
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

/** Reads an SSE response: resolves once `connected` is seen, then `ended` when the server closes it. */
function watchStream(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let onConnected!: () => void;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const ended = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      text += decoder.decode(chunk.value, { stream: true });
      if (text.includes(": connected")) onConnected();
    }
  })();
  return { connected, ended, cancel: () => reader.cancel().catch(() => undefined) };
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} after ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

describe.skipIf(!adminUrl)("two app servers on one PostgreSQL", () => {
  const name = `flagline_t_${randomBytes(6).toString("hex")}`;
  const dataDir = mkdtempSync(join(tmpdir(), "flagline-multi-"));
  let portA = 0;
  let portB = 0;
  let A = "";
  let B = "";
  let servers: ChildProcess[] = [];

  beforeAll(async () => {
    portA = await freePort();
    portB = await freePort();
    A = `http://127.0.0.1:${portA}`;
    B = `http://127.0.0.1:${portB}`;
    await adminQuery(adminUrl!, `CREATE DATABASE "${name}"`);
    const url = databaseUrl(adminUrl!, name);
    // The first server migrates; the second starts once the schema is there.
    servers.push(startApp(url, portA, join(dataDir, "a")));
    await waitUp(A);
    servers.push(startApp(url, portB, join(dataDir, "b")));
    await waitUp(B);
    mkdirSync("test-results", { recursive: true });
    appendFileSync(POSTGRES_MARKER, `${name} two app servers\n`);
  }, 60_000);

  afterAll(async () => {
    for (const s of servers) s.kill("SIGTERM");
    await Promise.all(servers.map((s) => new Promise((r) => (s.exitCode !== null ? r(null) : s.once("exit", r)))));
    servers = [];
    await adminQuery(adminUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a session made on one server works on the other, and an event logged on one reaches the other's streams", async () => {
    const signup = await post(A, "/api/signup", {
      role: "coach",
      fullName: "Server Coach",
      email: `coach-${randomUUID()}@example.com`,
      password: "two-servers-1",
      teamName: "Mirrors",
    });
    expect(signup.status).toBe(201);
    const coachCookie = cookieOf(signup);
    const team = ((await signup.json()) as { user: { team: { code: string } } }).user.team;

    const meOnB = await fetch(`${B}/api/me`, { headers: { cookie: coachCookie } });
    expect(meOnB.status).toBe(200);

    const other = await post(B, "/api/signup", {
      role: "coach",
      fullName: "Other Coach",
      email: `other-${randomUUID()}@example.com`,
      password: "two-servers-1",
      teamName: "Strangers",
    });
    const otherCookie = cookieOf(other);

    const player = await post(B, "/api/signup", {
      role: "player",
      fullName: "Relay Runner",
      email: `p-${randomUUID()}@example.com`,
      password: "two-servers-1",
      teamCode: team.code,
      jerseyNumber: 9,
      primaryPosition: "rb",
    });
    const playerId = ((await player.json()) as { user: { id: string } }).user.id;
    // A team-code sign-up waits for the coach (docs/product.md §11): confirmed on A, listed on B.
    const confirmed = await post(A, `/api/team/roster/${playerId}/confirmation`, { decision: "confirm" }, coachCookie);
    expect(confirmed.status).toBe(200);

    const streamOnB = await fetch(`${B}/api/team/stream`, {
      headers: { cookie: coachCookie, accept: "text/event-stream" },
    });
    expect(streamOnB.status).toBe(200);
    const otherTeamStream = await fetch(`${B}/api/team/stream`, {
      headers: { cookie: otherCookie, accept: "text/event-stream" },
    });
    // Both subscribed before the write.
    const mineOnB = changeStream(streamOnB);
    const theirsOnB = changeStream(otherTeamStream);
    expect(await mineOnB.connected(scaled(5000))).toBe(true);
    expect(await theirsOnB.connected(scaled(5000))).toBe(true);

    const logged = await post(
      A,
      "/api/team/events",
      {
        events: [{ id: randomUUID(), playerId, eventType: "Rush TD", yards: 12, occurredAt: new Date().toISOString() }],
      },
      coachCookie,
    );
    expect(logged.status).toBe(200);

    const [mine, theirs] = await Promise.all([mineOnB.change("events", scaled(3000)), theirsOnB.change(null, 1500)]);
    await Promise.all([mineOnB.cancel(), theirsOnB.cancel()]);
    expect(mine).toMatchObject({ kind: "events" });
    // Nothing of another team's, whatever the host's speed: 1.5 s is ample for a relay that took milliseconds above.
    expect(theirs).toBeNull();

    const players = await fetch(`${B}/api/team/players`, { headers: { cookie: coachCookie } });
    const body = (await players.json()) as { players: Array<{ id: string; eventCount: number }> };
    expect(body.players.find((p) => p.id === playerId)?.eventCount).toBe(1);
  }, 60_000);

  it("signing out on one server ends the session's live stream on the other at once", async () => {
    const signup = await post(A, "/api/signup", {
      role: "coach",
      fullName: "Leaving Coach",
      email: `leaving-${randomUUID()}@example.com`,
      password: "two-servers-1",
      teamName: "Departures",
    });
    expect(signup.status).toBe(201);
    const cookie = cookieOf(signup);
    const res = await fetch(`${B}/api/team/stream`, { headers: { cookie, accept: "text/event-stream" } });
    expect(res.status).toBe(200);
    const stream = watchStream(res);
    try {
      await within(stream.connected, 5000, "the stream on B did not connect");
      const started = Date.now();
      const out = await fetch(`${A}/api/session`, { method: "DELETE", headers: { cookie } });
      expect(out.status).toBe(204);
      // The heartbeat re-check would take 25 s; the revocation travels through LISTEN/NOTIFY.
      await within(stream.ended, 3000, "the stream on B was still open");
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await stream.cancel();
    }
  }, 30_000);

  it("caches on one server follow writes and revocations made on the other within a moment", async () => {
    /** Polls `check` until it holds, failing after `ms` (the viewer cache's own lifetime is 30 s). */
    const soon = async (check: () => Promise<boolean>, ms: number, what: string) => {
      const deadline = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`${what} after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const signup = await post(A, "/api/signup", {
      role: "coach",
      fullName: "Cache Coach",
      email: `cache-${randomUUID()}@example.com`,
      password: "two-servers-1",
      teamName: "Caches",
    });
    const coachCookie = cookieOf(signup);
    const team = ((await signup.json()) as { user: { team: { code: string } } }).user.team;
    const player = await post(B, "/api/signup", {
      role: "player",
      fullName: "Cached Player",
      email: `cp-${randomUUID()}@example.com`,
      password: "two-servers-1",
      teamCode: team.code,
      jerseyNumber: 8,
      primaryPosition: "qb",
    });
    const playerCookie = cookieOf(player);
    const playerId = ((await player.json()) as { user: { id: string } }).user.id;
    expect(
      (await post(A, `/api/team/roster/${playerId}/confirmation`, { decision: "confirm" }, coachCookie)).status,
    ).toBe(200);

    const get = (base: string, path: string, cookie: string) => fetch(`${base}${path}`, { headers: { cookie } });
    const listed = async () => {
      const res = await get(B, "/api/team/players", coachCookie);
      return ((await res.json()) as { players: { id: string }[] }).players.some((p) => p.id === playerId);
    };
    // B holds the player's viewer and the team's players list.
    expect((await get(B, "/api/team/scoreboard", playerCookie)).status).toBe(200);
    expect((await get(B, "/api/team/scoreboard", playerCookie)).status).toBe(200);
    expect(await listed()).toBe(true);
    const first = await get(B, "/api/team/players", coachCookie);
    const etag = first.headers.get("etag")!;
    const revalidated = await fetch(`${B}/api/team/players`, {
      headers: { cookie: coachCookie, "if-none-match": etag },
    });
    expect(revalidated.status).toBe(304);

    const removed = await fetch(`${A}/api/team/players/${playerId}`, {
      method: "DELETE",
      headers: { cookie: coachCookie },
    });
    expect(removed.status).toBe(204);
    await soon(async () => !(await listed()), 1000, "B still listed the removed player");
    await soon(
      async () => (await get(B, "/api/team/scoreboard", playerCookie)).status === 403,
      1000,
      "B still let the removed player read the team",
    );

    // Sign-out on A: the session's cached viewer on B is gone too.
    expect((await get(B, "/api/team/players", coachCookie)).status).toBe(200);
    expect((await fetch(`${A}/api/session`, { method: "DELETE", headers: { cookie: coachCookie } })).status).toBe(204);
    await soon(
      async () => (await get(B, "/api/team/players", coachCookie)).status === 401,
      1000,
      "B still answered the signed-out session",
    );
  }, 60_000);
});
