import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, MAX_JSON_BODY } from "../app.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, PASSWORD, uniqueEmail } from "#tests/server/support/test-client.js";
import { serveOnSocket, type SocketServer } from "#tests/server/support/socket-server.js";

/*
 * JSON bodies over a real socket, as production serves them: read from Node's request and handed to the route
 * (http/json-body.ts, decision 0044), never through the web Request the in-process tests use. The body reaches
 * the route whole (UTF-8 included), a body over the limit is refused whether or not it says its length, a body
 * that is not JSON gets the usual 400, and a body of another type still goes through Hono's limit.
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

// The body reader does not touch the database: one engine is enough.
describe.each(testEngines().slice(0, 1))("JSON bodies over a socket on $engine", ({ create }) => {
  let database: TestDatabase;
  let server: SocketServer | undefined;
  let port: number;

  beforeAll(async () => {
    database = await create();
    server = await serveOnSocket(createApp(createTestApp(database).services));
    port = server.port;
  });
  afterAll(async () => {
    await server?.close();
    await database?.cleanup();
  });

  /**
   * A request as a browser on PUBLIC_URL's host sends it. `chunks` are written one by one with no Content-Length
   * (chunked transfer encoding), as a client streaming its body does.
   */
  function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string | Buffer | { chunks: Buffer[] } = "",
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, path, method, headers: { host: "localhost:3000", ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
          );
          res.on("error", reject);
        },
      );
      // A 413 may answer before the whole body is sent, and close the connection.
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
      });
      if (typeof body === "object" && "chunks" in body) {
        for (const chunk of body.chunks) req.write(chunk);
        req.end();
      } else req.end(body);
    });
  }

  const json = { "content-type": "application/json" };
  const errorOf = (answer: Answer) => (JSON.parse(answer.body) as { error: { code: string; message: string } }).error;

  it("a sign-up and a sign-in read their JSON whole, names in any script included", async () => {
    const email = uniqueEmail("zoe");
    const fullName = "Zoë Ångström-Øverås 李";
    const signUp = JSON.stringify({ role: "coach", fullName, email, password: PASSWORD, teamName: "Fjällrävar" });
    // Sent in pieces that cut a two-byte character in half: the text is decoded once, from all of the bytes.
    const bytes = Buffer.from(signUp);
    const cut = bytes.indexOf(Buffer.from("ë")) + 1;
    const created = await send("POST", "/api/signup", json, { chunks: [bytes.subarray(0, cut), bytes.subarray(cut)] });
    expect(created.status).toBe(201);

    const signedIn = await send("POST", "/api/session", json, JSON.stringify({ email, password: PASSWORD }));
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    expect(cookie).not.toBe("");

    const me = await send("GET", "/api/me", { cookie });
    expect(me.status).toBe(200);
    const { user } = JSON.parse(me.body) as { user: { fullName: string; team: { name: string } } };
    expect(user.fullName).toBe(fullName);
    expect(user.team.name).toBe("Fjällrävar");
  });

  it("a body over the limit is refused with 413, whether it says its length or not", async () => {
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(MAX_JSON_BODY) });
    const declared = await send("POST", "/api/session", json, big);
    expect(declared.status).toBe(413);
    expect(errorOf(declared).code).toBe("payload_too_large");

    const piece = Buffer.alloc(64 * 1024, "x");
    const streamed = await send("POST", "/api/session", json, {
      chunks: [Buffer.from('{"email":"a@example.com","password":"'), ...Array<Buffer>(5).fill(piece)],
    });
    expect(streamed.status).toBe(413);
    expect(errorOf(streamed).code).toBe("payload_too_large");

    // The server is still there, and a body just under the limit is read and judged on what it says.
    const under = await send(
      "POST",
      "/api/session",
      json,
      JSON.stringify({ email: "nobody@example.com", password: "y".repeat(MAX_JSON_BODY - 100) }),
    );
    expect(under.status).not.toBe(413);
    expect(under.status).toBeLessThan(500);
  });

  it("a body that is not JSON gets the usual 400, and a body of another type is refused as before", async () => {
    const broken = await send("POST", "/api/session", json, '{"email": "a@example.com", "password": ');
    expect(broken.status).toBe(400);
    expect(errorOf(broken)).toMatchObject({ code: "invalid_input", message: "The request body is not valid JSON." });

    const text = await send("POST", "/api/session", { "content-type": "text/plain" }, "email=a@example.com");
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
  });
});
