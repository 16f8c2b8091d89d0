import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import { loadConfig } from "../config.js";
import { enqueueMail } from "../db/mail-outbox.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, signUpCoach, TestClient } from "#tests/server/support/test-client.js";
import { openStream } from "#tests/server/support/logger-fixtures.js";
import { scaled } from "#tests/support/host-speed.js";

/*
 * GET /metrics (decision 0040): who may read it, and what an operator's Prometheus would see there after the app
 * was used.
 */

const TOKEN = "metrics-token-0123456789abcdef";
const REMOTE = "203.0.113.7";

type App = ReturnType<typeof createTestApp>["app"];

/** The value of the sample `name{labels}` in an exposition, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const brace = line.indexOf("{");
    const space = line.lastIndexOf(" ");
    const metric = brace >= 0 ? line.slice(0, brace) : line.slice(0, space);
    if (metric !== name) continue;
    const labelText = brace >= 0 ? line.slice(brace + 1, line.lastIndexOf("}")) : "";
    const have = labelText ? labelText.split(/,(?=[a-z_]+=")/) : [];
    if (wanted.every((w) => have.includes(w))) return Number(line.slice(space + 1));
  }
  return undefined;
}

/** A scrape as Prometheus on this machine sends it (the socket's address is the loopback). */
async function scrape(app: App, headers: Record<string, string> = {}): Promise<string> {
  const res = await new TestClient(app).request("GET", "/metrics", { headers });
  expect(res.status).toBe(200);
  return res.body as string;
}

describe.each(testEngines())("GET /metrics on $engine", ({ create, engine }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  describe("without METRICS_TOKEN", () => {
    let app: App;
    beforeAll(() => {
      app = createTestApp(database).app;
    });

    it("does not exist for a client on another machine", async () => {
      const res = await new TestClient(app, REMOTE).get("/metrics");
      expect(res.status).toBe(404);
      expect(res.body).toBe("Not found");
      // The same answer as a path that is not there.
      expect((await new TestClient(app, REMOTE).get("/metricz.txt")).body).toBe(res.body);
    });

    it("answers a client on this machine in Prometheus's text format", async () => {
      const res = await new TestClient(app).get("/metrics");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(sample(res.body as string, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
      expect((await new TestClient(app, "::1").get("/metrics")).status).toBe(200);
    });

    it("is not opened by a forwarded header claiming the loopback", async () => {
      for (const trustProxy of [0, 1]) {
        const proxied = createTestApp(database, { trustProxy }).app;
        for (const header of ["x-forwarded-for", "x-real-ip"]) {
          const res = await new TestClient(proxied, REMOTE).request("GET", "/metrics", {
            headers: { [header]: "127.0.0.1" },
          });
          expect(res.status, `${header} with TRUST_PROXY=${trustProxy}`).toBe(404);
        }
        const forwarded = await new TestClient(proxied, REMOTE).request("GET", "/metrics", {
          headers: { forwarded: "for=127.0.0.1" },
        });
        expect(forwarded.status).toBe(404);
      }
    });

    it("is not open to a remote client that a proxy on this machine forwarded", async () => {
      const proxied = createTestApp(database, { trustProxy: 1 }).app;
      const res = await new TestClient(proxied, "127.0.0.1").request("GET", "/metrics", {
        headers: { "x-forwarded-for": REMOTE },
      });
      expect(res.status).toBe(404);
    });
  });

  describe("with METRICS_TOKEN", () => {
    let app: App;
    beforeAll(() => {
      app = createTestApp(database, { metricsToken: TOKEN }).app;
    });

    it("answers 401 without the bearer token or with a wrong one, from anywhere", async () => {
      for (const ip of [REMOTE, "127.0.0.1"]) {
        for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`]) {
          const res = await new TestClient(app, ip).request("GET", "/metrics", {
            headers: authorization ? { authorization } : {},
          });
          expect(res.status, `${ip} ${authorization}`).toBe(401);
          expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
          expect(String(res.body)).not.toContain("flagline_");
        }
      }
    });

    it("answers 200 with the token, from any address", async () => {
      const res = await new TestClient(app, REMOTE).request("GET", "/metrics", {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(200);
      expect(res.body).toContain("flagline_http_requests_total");
    });
  });

  describe("what it reports", () => {
    let app: App;
    let services: ReturnType<typeof createTestApp>["services"];
    beforeAll(() => {
      ({ app, services } = createTestApp(database));
    });

    it("counts requests by route template, never by the raw path", async () => {
      const client = new TestClient(app);
      expect((await client.get("/api/health")).status).toBe(200);
      const id = randomUUID();
      expect((await client.get(`/api/team/sessions/${id}`)).status).toBe(401);
      expect((await client.get(`/api/no/such/${id}`)).status).toBe(404);

      const text = await scrape(app);
      const health = { method: "GET", route: "/api/health", status: "200" };
      expect(sample(text, "flagline_http_requests_total", health)).toBeGreaterThanOrEqual(1);
      const session = { method: "GET", route: "/api/team/sessions/{id}", status: "401" };
      expect(sample(text, "flagline_http_requests_total", session)).toBe(1);
      expect(sample(text, "flagline_http_requests_total", { route: "unmatched", status: "404" })).toBe(1);
      const latency = { method: "GET", route: "/api/health" };
      expect(sample(text, "flagline_http_request_duration_seconds_count", latency)).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain(id);
    });

    it("times API writes apart", async () => {
      const before = sample(await scrape(app), "flagline_http_write_duration_seconds_count") ?? 0;
      const res = await new TestClient(app).post("/api/contact", {
        name: "Sam",
        email: "sam@example.com",
        message: "How do I add a second coach?",
      });
      expect(res.status).toBeLessThan(500);
      expect(sample(await scrape(app), "flagline_http_write_duration_seconds_count")).toBe(before + 1);
    });

    it("reports the mail waiting in the outbox", async () => {
      const waiting = async () => sample(await scrape(app), "flagline_outbox_waiting", { outbox: "mail" });
      const before = (await waiting()) ?? -1;
      expect(before).toBeGreaterThanOrEqual(0);
      expect(sample(await scrape(app), "flagline_outbox_waiting", { outbox: "push" })).toBeGreaterThanOrEqual(0);
      await enqueueMail(database.db, {
        key: `metrics-test:${randomUUID()}`,
        kind: "test",
        to: "coach@example.com",
        subject: "Hello",
        text: "Queued, not sent.",
      });
      expect(await waiting()).toBe(before + 1);
    });

    it("counts the open event streams", async () => {
      const { client } = await signUpCoach(app);
      const open = async () =>
        sample(await scrape(app), "flagline_event_streams_open", { route: "/api/team/stream" }) ?? 0;
      const stream = await openStream(app, client);
      try {
        expect(stream.status).toBe(200);
        await stream.waitFor((m) => m.comment === "connected", scaled(2000));
        expect(await open()).toBe(1);
      } finally {
        await stream.close();
      }
      await expect.poll(open, { timeout: scaled(2000) }).toBe(0);
    });

    it("reports the database pool on PostgreSQL only", async () => {
      const text = await scrape(app);
      if (engine === "postgres") {
        expect(sample(text, "flagline_db_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(0);
        expect(sample(text, "flagline_db_pool_waiting")).toBeGreaterThanOrEqual(0);
      } else {
        expect(text).not.toContain("flagline_db_pool");
      }
    });

    it("a 500 names its request id in the body, as in X-Request-Id and the log", async () => {
      // A failure no route expects: the cluster's delivery step (app.ts) throws after a write.
      const broken = createApp({
        ...services,
        hub: {
          ...services.hub,
          delivered: () => Promise.reject(new Error("the relay is gone")),
        },
      });
      const res = await new TestClient(broken).post("/api/contact", {
        name: "Sam",
        email: "sam@example.com",
        message: "Hello there",
      });
      expect(res.status).toBe(500);
      const requestId = res.headers.get("x-request-id");
      expect(requestId).toBeTruthy();
      expect(res.body).toMatchObject({ error: { code: "internal", requestId } });
    });
  });
});

describe("METRICS_TOKEN", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "flagline-metrics-config-"));
  const load = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir, ...env });

  it("unset or empty: no token", () => {
    expect(load({}).metricsToken).toBeUndefined();
    expect(load({ METRICS_TOKEN: " " }).metricsToken).toBeUndefined();
  });

  it("set: the token, and a short one or one with spaces is refused", () => {
    expect(load({ METRICS_TOKEN: ` ${TOKEN} ` }).metricsToken).toBe(TOKEN);
    expect(() => load({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be/);
    expect(() => load({ METRICS_TOKEN: "a long token with spaces" })).toThrow(/METRICS_TOKEN must be/);
  });
});
