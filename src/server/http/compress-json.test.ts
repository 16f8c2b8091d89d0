import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, TEST_ORIGIN, type TestClient } from "#tests/server/support/test-client.js";
import { loggerTeam } from "#tests/server/support/logger-fixtures.js";

/*
 * The API's JSON answers of 1 kB and more go gzipped to a client that accepts it; the versioned reads keep
 * answering If-None-Match with a 304; small answers and the live stream go as they are.
 */

type App = ReturnType<typeof createTestApp>["app"];

describe.each(testEngines())("gzipped JSON answers on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let head: TestClient;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
    ({ head } = await loggerTeam(app, "Falcons", 8));
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  /** A GET as the head coach's browser, with the given headers; the answer's bytes are not decoded. */
  function get(path: string, headers: Record<string, string> = {}) {
    const cookie = [...head.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const env = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 40000, remoteFamily: "IPv4" } } };
    return app.request(`${TEST_ORIGIN}${path}`, { headers: { cookie, ...headers } }, env);
  }

  it("gzips a cached read for a browser that accepts it, with a weak ETag that still gets a 304", async () => {
    const plain = await get("/api/team/players");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    const strong = plain.headers.get("etag")!;
    expect(strong).toMatch(/^"/);

    const zipped = await get("/api/team/players", { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("content-type")).toMatch(/^application\/json/);
    expect(zipped.headers.get("etag")).toBe(`W/${strong}`);
    expect(zipped.headers.get("vary")).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length / 2);
    expect(gunzipSync(bytes).toString()).toBe(text);

    // Asked again: the same bytes (the compressed copy), and the browser's revalidation with the weak tag is a 304.
    const again = await get("/api/team/players", { "accept-encoding": "gzip" });
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const revalidated = await get("/api/team/players", { "accept-encoding": "gzip", "if-none-match": `W/${strong}` });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(`W/${strong}`);
    expect(await revalidated.text()).toBe("");
  });

  it("sends as they are: answers to a client that refuses gzip, answers under 1 kB, and the live stream", async () => {
    const refused = await get("/api/team/players", { "accept-encoding": "gzip;q=0, identity" });
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect((await refused.json()).players).toHaveLength(8);

    const me = await get("/api/me", { "accept-encoding": "gzip" });
    expect(me.status).toBe(200);
    expect(me.headers.get("content-encoding")).toBeNull();
    expect((await me.json()).user.role).toBe("coach");

    const stream = await get("/api/team/stream", { "accept-encoding": "gzip", accept: "text/event-stream" });
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("content-encoding")).toBeNull();
    await stream.body?.cancel();
  });
});
