import type { AddressInfo } from "node:net";
import net from "node:net";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_BODY } from "../app.js";
import { loadConfig } from "../config.js";
import { MAX_UPLOAD_BODY } from "./image-upload.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import {
  createTestApp,
  PASSWORD,
  signUpCoach,
  TEST_ORIGIN,
  TestClient,
  uniqueEmail,
} from "#tests/server/support/test-client.js";
import { HSTS, hostAllowed } from "./host-guard.js";

/*
 * docs/architecture.md "Errors and security": the Host check (421), HSTS and the __Host- session cookie behind
 * https, Cache-Control: no-store on API answers, and a 413 that closes its connection.
 */

type App = ReturnType<typeof createTestApp>["app"];

/** A request straight to the app, addressed to `host` (the URL's host is what the Host header becomes). */
function requestTo(app: App, host: string, path: string, init: RequestInit = {}) {
  const env = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 40000, remoteFamily: "IPv4" } } };
  return app.request(`http://${host}${path}`, init, env);
}

describe("allowed Host names", () => {
  const dir = mkdtempSync(join(tmpdir(), "flagline-hosts-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("PUBLIC_URL unset: localhost, loopback, this machine's name and IP addresses, on any port; no other name", () => {
    const config = loadConfig({ DATA_DIR: dir });
    for (const ok of ["localhost", "127.0.0.1", "[::1]", "192.168.1.20", "10.0.0.7", "[fe80::1]", hostname()]) {
      expect(hostAllowed(ok, config), ok).toBe(true);
    }
    for (const bad of ["evil.example", "localhost.evil.example", "127.0.0.1.nip.io", "attacker"]) {
      expect(hostAllowed(bad, config), bad).toBe(false);
    }
  });

  it("PUBLIC_URL set: its host only (plus ALLOWED_HOSTS), and no bare IP address", () => {
    const config = loadConfig({ DATA_DIR: dir, PUBLIC_URL: "https://Flagline.Example.org" });
    expect(hostAllowed("flagline.example.org", config)).toBe(true);
    expect(hostAllowed("flagline.example.org.", config)).toBe(true);
    for (const bad of ["localhost", "127.0.0.1", "192.168.1.20", "evil.example", "example.org"]) {
      expect(hostAllowed(bad, config), bad).toBe(false);
    }
    const more = loadConfig({
      DATA_DIR: dir,
      PUBLIC_URL: "https://flagline.example.org",
      ALLOWED_HOSTS: " lan.box , Other.example",
    });
    expect(hostAllowed("lan.box", more)).toBe(true);
    expect(hostAllowed("other.example", more)).toBe(true);
    expect(hostAllowed("evil.example", more)).toBe(false);
  });
});

describe.each(testEngines())("host, transport and caching headers on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  describe("Host check", () => {
    it("a request addressed to another host name gets 421 before anything runs: JSON under /api, text elsewhere", async () => {
      const email = uniqueEmail("rebind");
      const signup = await requestTo(app, "evil.example:3000", "/api/signup", {
        method: "POST",
        // What a rebinding page sends: its own origin, which is the same host it addresses.
        headers: { "content-type": "application/json", origin: "http://evil.example:3000" },
        body: JSON.stringify({ role: "coach", fullName: "Rebound", email, password: PASSWORD, teamName: "Evil" }),
      });
      expect(signup.status).toBe(421);
      expect(await signup.json()).toEqual({
        error: {
          code: "misdirected_request",
          message: expect.any(String),
          requestId: signup.headers.get("x-request-id"),
        },
      });
      expect(signup.headers.getSetCookie()).toEqual([]);
      const stored = await database.db.selectFrom("user").select("id").where("email", "=", email).execute();
      expect(stored).toEqual([]);

      const me = await requestTo(app, "evil.example", "/api/me");
      expect(me.status).toBe(421);
      expect(me.headers.get("content-type")).toMatch(/^application\/json/);
      expect(me.headers.get("x-content-type-options")).toBe("nosniff");

      const page = await requestTo(app, "evil.example", "/coach/dashboard");
      expect(page.status).toBe(421);
      expect(page.headers.get("content-type")).toMatch(/^text\/plain/);
    });

    it("PUBLIC_URL's host on any port is served; GET /api/health answers a probe by IP", async () => {
      expect((await requestTo(app, "localhost:3000", "/api/me")).status).toBe(401);
      expect((await requestTo(app, "LOCALHOST:8080", "/api/me")).status).toBe(401);
      expect((await requestTo(app, "10.1.2.3:3000", "/api/health")).status).toBe(200);
      expect((await requestTo(app, "10.1.2.3:3000", "/api/me")).status).toBe(421);
    });

    it("PUBLIC_URL unset: localhost, 127.0.0.1, [::1] and a LAN address all reach the app, another name does not", async () => {
      const dir = mkdtempSync(join(tmpdir(), "flagline-hosts-"));
      try {
        const { allowedHosts, allowIpHosts } = loadConfig({ DATA_DIR: dir });
        const local = createTestApp(database, { allowedHosts, allowIpHosts }).app;
        for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "192.168.1.20:3000", "localhost:5173"]) {
          expect((await requestTo(local, host, "/api/me")).status, host).toBe(401);
        }
        expect((await requestTo(local, "rebind.evil.example:3000", "/api/me")).status).toBe(421);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe("behind https (PUBLIC_URL https://...)", () => {
    const origin = "https://flagline.example";
    let secureApp: App;
    beforeAll(() => {
      secureApp = createTestApp(database, { publicUrl: origin }).app;
    });

    it("every answer carries Strict-Transport-Security for at least a year; plain http PUBLIC_URL sends none", async () => {
      const client = new TestClient(secureApp);
      const answers = [
        await client.get("/api/health"),
        await client.get("/api/me"),
        await client.get("/api/nothing-here"),
        await client.post("/api/contact", {}),
        await client.get("/"),
        await client.get("/coach/dashboard"),
        await new TestClient(secureApp).request("POST", "/api/session", {
          json: {},
          headers: { origin: "https://evil.example" },
        }),
      ];
      expect((await requestTo(secureApp, "evil.example", "/api/me")).headers.get("strict-transport-security")).toBe(
        HSTS,
      );
      for (const res of answers) {
        const hsts = res.headers.get("strict-transport-security");
        expect(hsts).toBe(HSTS);
        expect(Number(/max-age=(\d+)/.exec(hsts!)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
      }
      const plain = await new TestClient(app).get("/api/health");
      expect(plain.headers.get("strict-transport-security")).toBeNull();
    });

    it("the session cookie is __Host-flagline.session_token: sign-up, session lookups, sign-out and sign-in work with it", async () => {
      const client = new TestClient(secureApp);
      const email = uniqueEmail("host-cookie");
      const signup = await client.post("/api/signup", {
        role: "coach",
        fullName: "Host Cookie",
        email,
        password: PASSWORD,
        teamName: "Hosts",
      });
      expect(signup.status, JSON.stringify(signup.body)).toBe(201);
      const cookies = signup.headers.getSetCookie().filter((c) => c.includes("session_token"));
      expect(cookies).toHaveLength(1);
      const attrs = cookies[0]!.split(";").map((a) => a.trim().toLowerCase());
      expect(cookies[0]).toMatch(/^__Host-flagline\.session_token=/);
      expect(attrs).toEqual(expect.arrayContaining(["secure", "path=/", "httponly", "samesite=lax"]));
      expect(attrs.some((a) => a.startsWith("domain="))).toBe(false);
      expect([...client.cookies.keys()]).toEqual(["__Host-flagline.session_token"]);

      expect((await client.get("/api/me")).body.user.email).toBe(email);
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      expect((await client.delete("/api/session")).status).toBe(204);
      expect(client.cookies.size).toBe(0);
      expect((await client.get("/api/me")).status).toBe(401);
      const replay = await new TestClient(secureApp).request("GET", "/api/me", { headers: { cookie } });
      expect(replay.status).toBe(401);

      const again = new TestClient(secureApp);
      expect((await again.post("/api/session", { email, password: PASSWORD })).status).toBe(200);
      expect([...again.cookies.keys()]).toEqual(["__Host-flagline.session_token"]);
      expect((await again.get("/api/me")).body.user.email).toBe(email);
      // The same cookie under the unprefixed name is not a session.
      const token = again.cookies.get("__Host-flagline.session_token")!;
      const unprefixed = await new TestClient(secureApp).request("GET", "/api/me", {
        headers: { cookie: `flagline.session_token=${token}` },
      });
      expect(unprefixed.status).toBe(401);
    });
  });

  describe("Cache-Control", () => {
    it("signed-in API answers, errors included, are never stored (no-store), but the versioned reads", async () => {
      const { client } = await signUpCoach(app);
      const answers = {
        me: await client.get("/api/me"),
        players: await client.get("/api/team/players"),
        plays: await client.get("/api/team/plays"),
        sessions: await client.get("/api/team/sessions"),
        team: await client.get("/api/team"),
        missing: await client.get("/api/team/sessions/00000000-0000-4000-8000-000000000000"),
        unknown: await client.get("/api/nothing-here"),
        anonymous: await new TestClient(app).get("/api/me"),
        health: await client.get("/api/health"),
        write: await client.post("/api/team/plays", { name: "Slant", side: "offense" }),
      };
      for (const [label, res] of Object.entries(answers)) {
        expect(res.status, label).toBeLessThan(500);
        // The players list is a versioned read (decision 0016): kept by this browser only, revalidated each time.
        expect(res.headers.get("cache-control"), label).toBe(label === "players" ? "private, no-cache" : "no-store");
      }
      expect(answers.me.status).toBe(200);
      expect(answers.players.status).toBe(200);
    });
  });

  describe("a body over the limit", () => {
    let server: ServerType;
    let port: number;
    beforeAll(async () => {
      server = await new Promise((resolve) => {
        const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
      });
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
    });

    /** Sends the head of an over-limit POST and the first part of its body on a raw socket; reads until the server closes. */
    function rawOverLimit(path: string, contentType: string, length: number) {
      return new Promise<{ head: string; closedBy: "server" | "timeout" }>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1");
        let data = "";
        const timer = setTimeout(() => {
          socket.destroy();
          resolve({ head: data, closedBy: "timeout" });
        }, 5_000);
        socket.on("data", (c) => (data += c.toString("latin1")));
        socket.on("error", reject);
        socket.on("end", () => {
          clearTimeout(timer);
          socket.end();
          resolve({ head: data, closedBy: "server" });
        });
        socket.write(
          [
            `POST ${path} HTTP/1.1`,
            "Host: localhost:3000",
            `Origin: ${TEST_ORIGIN}`,
            `Content-Type: ${contentType}`,
            `Content-Length: ${length}`,
            "Connection: keep-alive",
            "",
            "",
          ].join("\r\n"),
        );
        socket.write("x".repeat(1024));
      });
    }

    it("over a real socket, the Host header decides: another name gets 421, PUBLIC_URL's host is served", async () => {
      const get = (host: string) =>
        new Promise<number>((resolve, reject) => {
          http
            .get({ host: "127.0.0.1", port, path: "/api/me", headers: { host } }, (res) => {
              res.resume();
              resolve(res.statusCode!);
            })
            .on("error", reject);
        });
      expect(await get("evil.example")).toBe(421);
      expect(await get(`127.0.0.1:${port}`)).toBe(421);
      expect(await get(`localhost:${port}`)).toBe(401);
    });

    it("413 with Connection: close, and the server closes the socket, for JSON and for uploads", async () => {
      for (const [path, type, length] of [
        ["/api/contact", "application/json", MAX_JSON_BODY + 1],
        ["/api/profile/photo", "multipart/form-data; boundary=x", MAX_UPLOAD_BODY + 1],
      ] as const) {
        const { head, closedBy } = await rawOverLimit(path, type, length);
        expect(head, path).toMatch(/^HTTP\/1\.1 413 /);
        expect(head.toLowerCase(), path).toMatch(/\r\nconnection: close\r\n/);
        expect(head.toLowerCase(), path).not.toMatch(/keep-alive: timeout/);
        expect(closedBy, path).toBe("server");
      }
    });

    it("a keep-alive client sending a whole over-limit body gets the 413, told to close, and its next request works", async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const post = (path: string, type: string, body: Buffer) =>
          new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
            const req = http.request(
              {
                agent,
                host: "127.0.0.1",
                port,
                path,
                method: "POST",
                headers: {
                  host: "localhost:3000",
                  origin: TEST_ORIGIN,
                  "content-type": type,
                  "content-length": body.length,
                },
              },
              (res) => {
                let text = "";
                res.on("data", (c) => (text += c));
                res.on("end", () =>
                  resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }),
                );
              },
            );
            req.on("error", reject);
            req.end(body);
          });
        const json = await post("/api/contact", "application/json", Buffer.alloc(MAX_JSON_BODY + 10, 0x20));
        expect(json.status).toBe(413);
        expect(json.connection).toBe("close");
        expect(JSON.parse(json.body)).toMatchObject({ error: { code: "payload_too_large" } });
        const upload = await post(
          "/api/profile/photo",
          "multipart/form-data; boundary=x",
          Buffer.alloc(MAX_UPLOAD_BODY + 10),
        );
        expect(upload.status).toBe(413);
        expect(upload.connection).toBe("close");
        const health = await new Promise<number>((resolve, reject) => {
          http
            .get(
              { agent, host: "127.0.0.1", port, path: "/api/health", headers: { host: "localhost:3000" } },
              (res) => {
                res.resume();
                resolve(res.statusCode!);
              },
            )
            .on("error", reject);
        });
        expect(health).toBe(200);
      } finally {
        agent.destroy();
      }
    });
  });
});
