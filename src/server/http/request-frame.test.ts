import http from "node:http";
import { Writable } from "node:stream";
import { gunzipSync } from "node:zlib";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp } from "#tests/server/support/test-client.js";
import { loggerTeam } from "#tests/server/support/logger-fixtures.js";
import { serveOnSocket, type SocketServer } from "#tests/server/support/socket-server.js";

/*
 * The request frame over a real socket, as production serves it (@hono/node-server writes a string answer
 * straight to the socket, a path the in-process tests never take): the team summaries keep every security
 * header, the request id, the versioned read's ETag and 304, gzip for a browser that asks, and the request log line.
 */

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
};

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface LogLine {
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
}

describe.each(testEngines())("the request frame over a socket on $engine", ({ create }) => {
  let database: TestDatabase;
  let server: SocketServer | undefined;
  let port: number;
  let cookie: string;
  const logLines: LogLine[] = [];

  beforeAll(async () => {
    database = await create();
    const test = createTestApp(database);
    const { head } = await loggerTeam(test.app, "Falcons", 8);
    cookie = [...head.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    // The same services, with a logger whose lines this test reads.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n")) if (line) logLines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    const app = createApp({ ...test.services, log: pino({ level: "info" }, sink) });
    server = await serveOnSocket(app);
    port = server.port;
  });
  afterAll(async () => {
    await server?.close();
    await database?.cleanup();
  });

  /** A GET as a browser sends it, addressed to PUBLIC_URL's host; the body's bytes are not decoded. */
  function get(path: string, headers: Record<string, string> = {}) {
    return new Promise<RawAnswer>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path, headers: { host: "localhost:3000", ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on("error", reject);
        })
        .on("error", reject);
    });
  }

  /** Any request, as a browser sends it (Host PUBLIC_URL's unless `headers` says otherwise), with a body. */
  function send(method: string, path: string, headers: Record<string, string>, body?: string) {
    return new Promise<RawAnswer>((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, path, method, headers: { host: "localhost:3000", ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on("error", reject);
        },
      );
      // A 413 may answer before the whole body is sent, and close the connection.
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
      });
      req.end(body);
    });
  }

  function expectSecurityHeaders(answer: RawAnswer) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name], name).toBe(value);
  }

  it("the team summaries: the JSON with every security header, its request id, ETag, Vary and a log line", async () => {
    const answer = await get("/api/team/players", { cookie, "x-request-id": "trace-summaries-1" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body.toString()).players).toHaveLength(8);
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expectSecurityHeaders(answer);
    expect(answer.headers["x-request-id"]).toBe("trace-summaries-1");
    expect(answer.headers["cache-control"]).toBe("private, no-cache");
    expect(answer.headers.etag).toMatch(/^"/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(logLines).toContainEqual(
      expect.objectContaining({
        msg: "request",
        reqId: "trace-summaries-1",
        method: "GET",
        path: "/api/team/players",
        status: 200,
      }),
    );

    // Without a request id of its own, the request gets a fresh one, on the answer and in the log.
    const fresh = await get("/api/team/players", { cookie });
    const id = String(fresh.headers["x-request-id"]);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logLines).toContainEqual(expect.objectContaining({ msg: "request", reqId: id, status: 200 }));
  });

  it("a browser holding the answer gets a 304 with no body, and the same headers", async () => {
    const first = await get("/api/team/players", { cookie });
    const again = await get("/api/team/players", { cookie, "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expectSecurityHeaders(again);
    expect(again.headers["x-request-id"]).toBeTruthy();
  });

  it("a browser that accepts gzip gets the same JSON gzipped, with a weak ETag and the same headers", async () => {
    const plain = await get("/api/team/players", { cookie });
    const zipped = await get("/api/team/players", { cookie, "accept-encoding": "gzip, deflate, br" });
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.etag).toBe(`W/${String(plain.headers.etag)}`);
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expectSecurityHeaders(zipped);
  });

  it("a refused caller's error answer carries the same headers and is logged", async () => {
    const signedOut = await get("/api/team/players", { "x-request-id": "trace-signed-out" });
    expect(signedOut.status).toBe(401);
    expect(JSON.parse(signedOut.body.toString()).error.code).toBeTruthy();
    expectSecurityHeaders(signedOut);
    expect(signedOut.headers["cache-control"]).toBe("no-store");
    expect(signedOut.headers["x-request-id"]).toBe("trace-signed-out");
    expect(logLines).toContainEqual(expect.objectContaining({ reqId: "trace-signed-out", status: 401 }));
  });

  it("every error answer's body names its request, as its X-Request-Id and its log line do", async () => {
    const json = { "content-type": "application/json" };
    const cases: Array<[string, number, string, () => Promise<RawAnswer>]> = [
      // A zod validation failure (http/context.ts), and a body that is not JSON at all (Hono's HTTPException).
      ["400", 400, "invalid_input", () => get("/api/team/playbook-analysis?tzOffset=841", { cookie })],
      ["400 json", 400, "invalid_input", () => send("POST", "/api/team/sessions", { cookie, ...json }, "{not json")],
      ["401", 401, "unauthenticated", () => get("/api/team/players")],
      ["403", 403, "bad_origin", () => send("POST", "/api/contact", { origin: "https://evil.example", ...json }, "{}")],
      ["404", 404, "not_found", () => get("/api/no-such-endpoint", { cookie })],
      ["413", 413, "payload_too_large", () => send("POST", "/api/contact", json, "x".repeat(300 * 1024))],
      ["421", 421, "misdirected_request", () => get("/api/team/players", { host: "evil.example" })],
    ];
    for (const [label, status, code, request] of cases) {
      const answer = await request();
      expect(answer.status, label).toBe(status);
      const requestId = String(answer.headers["x-request-id"]);
      expect(requestId, label).toMatch(/^[0-9a-f-]{36}$/);
      const body = JSON.parse(answer.body.toString()) as { error: { code: string; requestId?: string } };
      expect(body.error.code, label).toBe(code);
      expect(body.error.requestId, label).toBe(requestId);
      expect(logLines, label).toContainEqual(expect.objectContaining({ msg: "request", reqId: requestId, status }));
    }
  });
});
