import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, PASSWORD, signUpCoach, TestClient } from "#tests/server/support/test-client.js";

/*
 * Behind TRUST_PROXY=N the client address is the entry the outermost trusted proxy added to X-Forwarded-For:
 * a client writing its own header (rotated on every request) is still one address to the rate limits.
 */
describe.each(testEngines())("X-Forwarded-For behind trusted proxies on $engine", ({ create }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(async () => database?.cleanup());

  /** A request as one proxy (socket 10.0.0.1) passes it on: whatever the client sent, then the client's address. */
  function viaProxy(app: ReturnType<typeof createTestApp>["app"], forwardedFor: string, body: unknown) {
    return new TestClient(app, "10.0.0.1").request("POST", "/api/session", {
      json: body,
      headers: { "x-forwarded-for": forwardedFor },
    });
  }

  it("TRUST_PROXY=1: a rotated, forged X-Forwarded-For does not escape the sign-in limit", async () => {
    const { app } = createTestApp(database, { authRateLimit: 3, trustProxy: 1 });
    const { me } = await signUpCoach(app, "Proxy Pumas");
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const forged = `198.51.100.${i}, 172.16.${i}.9`;
      statuses.push(
        (await viaProxy(app, `${forged}, 203.0.113.50`, { email: me.email, password: "wrong-pass" })).status,
      );
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(new Set(statuses.slice(3))).toEqual(new Set([429]));
    // Even the right password is refused for that client now; another client behind the same proxy goes on.
    expect((await viaProxy(app, "198.51.100.250, 203.0.113.50", { email: me.email, password: PASSWORD })).status).toBe(
      429,
    );
    expect((await viaProxy(app, "203.0.113.51", { email: me.email, password: PASSWORD })).status).toBe(200);
  });

  it("TRUST_PROXY=2: the second entry from the right is the client, whatever stands left of it", async () => {
    const { app } = createTestApp(database, { authRateLimit: 2, trustProxy: 2 });
    const { me } = await signUpCoach(app, "Hop Herons");
    const attempt = (forwardedFor: string) =>
      viaProxy(app, forwardedFor, { email: me.email, password: "wrong-pass" }).then((r) => r.status);
    // The client 203.0.113.60, reached the outer proxy (which added it), then the inner one (which added 10.0.0.9).
    expect(await attempt("203.0.113.60, 10.0.0.9")).toBe(401);
    expect(await attempt("6.6.6.6, 203.0.113.60, 10.0.0.9")).toBe(401);
    expect(await attempt("7.7.7.7, 203.0.113.60, 10.0.0.9")).toBe(429);
    // Same inner proxy, another client: its own count.
    expect(await attempt("203.0.113.61, 10.0.0.9")).toBe(401);
  });

  it("TRUST_PROXY unset: the header is ignored and the socket's address counts", async () => {
    const { app } = createTestApp(database, { authRateLimit: 2 });
    const client = new TestClient(app, "10.0.0.77");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await client.request("POST", "/api/session", {
        json: { email: "nobody@example.com", password: "wrong-pass" },
        headers: { "x-forwarded-for": `198.51.100.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
  });
});
