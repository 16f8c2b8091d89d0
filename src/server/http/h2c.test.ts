import { mkdtempSync, rmSync } from "node:fs";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { startServer, type RunningServer } from "../server.js";

/*
 * HTTP/2 without TLS on the server's own port (decision 0036): a proxy speaking h2c carries many live streams on
 * one connection, and HTTP/1.1 clients on the same port see no change.
 */

interface H2Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

function h2Request(
  session: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: string | Buffer,
): Promise<H2Answer> {
  return new Promise((resolve, reject) => {
    const req = session.request(headers);
    let status = 0;
    let answer: http2.IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    req.on("response", (h) => {
      status = Number(h[":status"]);
      answer = h;
    });
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve({ status, headers: answer, body: Buffer.concat(chunks).toString() }));
    req.on("error", reject);
    req.end(body);
  });
}

/** An open event stream on the session: the messages so far, and a wait for one that matches. */
function h2Stream(session: http2.ClientHttp2Session, path: string, cookie: string) {
  const req = session.request({ ":path": path, cookie, accept: "text/event-stream" });
  let text = "";
  const waiters: { match: RegExp; resolve: () => void }[] = [];
  const status = new Promise<number>((resolve) => req.on("response", (h) => resolve(Number(h[":status"]))));
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => {
    text += chunk;
    for (const w of waiters.splice(0)) {
      if (w.match.test(text)) w.resolve();
      else waiters.push(w);
    }
  });
  const ended = new Promise<void>((resolve) => req.on("close", resolve));
  return {
    status,
    ended,
    /** Resolves once the stream's text so far matches. */
    saw(match: RegExp): Promise<void> {
      if (match.test(text)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => req.close(),
  };
}

describe("h2c on the server's port", () => {
  let dir: string;
  let running: RunningServer;
  let session: http2.ClientHttp2Session;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "flagline-h2c-"));
    const config = loadConfig({ DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", WEB_ROOT: "/nonexistent" });
    running = await startServer(config, pino({ level: "silent" }));
    session = http2.connect(running.url);
  });
  afterAll(async () => {
    session?.close();
    await running?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers HTTP/2 and HTTP/1.1 on the same port", async () => {
    const h2 = await h2Request(session, { ":path": "/api/health" });
    expect(h2.status).toBe(200);
    expect(JSON.parse(h2.body)).toMatchObject({ status: "ok" });
    const h1 = await fetch(`${running.url}/api/health`);
    expect(h1.status).toBe(200);
    expect(h1.headers.get("keep-alive")).toMatch(/^timeout=/);
  });

  it("carries several live streams on one connection, each hearing the team's changes", async () => {
    const email = `h2c-${Date.now()}@example.com`;
    const signUp = await fetch(`${running.url}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: running.url },
      body: JSON.stringify({
        role: "coach",
        fullName: "Hana Two",
        email,
        password: "correct-horse-battery",
        teamName: "Multiplex Mustangs",
      }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const streams = [1, 2, 3].map(() => h2Stream(session, "/api/team/stream", cookie));
    expect(await Promise.all(streams.map((s) => s.status))).toEqual([200, 200, 200]);
    await Promise.all(streams.map((s) => s.saw(/: connected/)));
    const open = await h2Request(session, { ":path": "/api/health" });
    expect(open.status).toBe(200);

    // A change of the team, made over HTTP/1.1, reaches every stream on the HTTP/2 connection.
    const posted = await fetch(`${running.url}/api/team/schedule`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: running.url, cookie },
      body: JSON.stringify({ kind: "practice", date: "2030-06-01", startTime: "10:00" }),
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    await Promise.all(streams.map((s) => s.saw(/event: change/)));

    // One stream closed by its client leaves the others open.
    streams[0]!.close();
    await streams[0]!.ended;
    expect((await h2Request(session, { ":path": "/api/health" })).status).toBe(200);
    for (const s of streams.slice(1)) s.close();
  });

  it("answers a body too large with 413 over HTTP/2 as over HTTP/1.1, and lets the stream go", async () => {
    // A connection of its own: this client keeps trying to send the rest of its body.
    const uploader = http2.connect(running.url);
    try {
      const big = Buffer.alloc(3 * 1024 * 1024, 0x61);
      const answer = await h2Request(
        uploader,
        { ":path": "/api/contact", ":method": "POST", "content-type": "application/json", origin: running.url },
        big,
      );
      expect(answer.status, answer.body).toBe(413);
      expect(answer.headers.connection).toBeUndefined();
      // The server ended the stream: the connection still takes requests.
      expect((await h2Request(uploader, { ":path": "/api/health" })).status).toBe(200);
    } finally {
      uploader.destroy();
    }
  });
});

describe("h2c at shutdown", () => {
  it("ends the open streams and closes the connection when the server stops", async () => {
    const dir = mkdtempSync(join(tmpdir(), "flagline-h2c-"));
    try {
      const config = loadConfig({ DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", WEB_ROOT: "/nonexistent" });
      const running = await startServer(config, pino({ level: "silent" }));
      const session = http2.connect(running.url);
      const closed = new Promise<void>((resolve) => session.on("close", resolve));
      const stream = h2Stream(session, `/api/follow/${"x".repeat(32)}/stream`, "");
      await stream.status;
      await running.close();
      await closed;
      await stream.ended;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
