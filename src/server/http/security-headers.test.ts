import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS } from "../routes/auth-session.js";
import { ORIGIN_CHECK_EXEMPT } from "./openapi-document.js";
import {
  createTestApp,
  PASSWORD,
  signUpCoach,
  signUpPlayer,
  TEST_ORIGIN,
  TestClient,
  uniqueEmail,
  type TestResponse,
} from "#tests/server/support/test-client.js";

/*
 * docs/architecture.md "Errors and security", proved over the whole app: the headers on every kind of answer, the
 * per-page CSP (hashes of exactly that page's inline scripts, never 'unsafe-inline'), the cookie flags, the Origin
 * check on every state-changing endpoint, the rate limits and session revocation.
 */

// ---------------------------------------------------------------------------------------------------------------
// A tiny web root, shaped like React Router's build: inline hydration scripts, a module entry, a prerendered page.

const INDEX_SCRIPTS = [
  `window.__reactRouterContext = {"basename":"/","future":{},"ssr":false,"isSpaMode":false};`,
  `import "/assets/entry.client-abc123.js";\nwindow.__reactRouterRouteModules = {};`,
];
const FEATURES_SCRIPTS = [
  `window.__reactRouterContext = {"page":"features","title":"Caf\u00e9 \u2014 \u201cquoted\u201d"};`,
  `window.__reactRouterContext.stream = new ReadableStream();`,
  `import "/assets/entry.client-abc123.js";`,
];
const FALLBACK_SCRIPTS = [`window.__reactRouterContext = {"spa":true};`];

function page(title: string, scripts: string[]): string {
  return [
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${title}</title>`,
    `<link rel="modulepreload" href="/assets/entry.client-abc123.js"/>`,
    // An external script: never hashed.
    `<script type="module" src="/assets/entry.client-abc123.js"></script></head>`,
    `<body><main><h1>${title}</h1></main>`,
    ...scripts.map((s, i) => (i % 2 ? `<script type="module" async="">${s}</script>` : `<script>${s}</script>`)),
    // Empty inline scripts run nothing and need no hash.
    `<script></script>`,
    `</body></html>`,
  ].join("");
}

const PAGES: Record<string, string[]> = {
  "/index.html": INDEX_SCRIPTS,
  "/features/index.html": FEATURES_SCRIPTS,
  "/__spa-fallback.html": FALLBACK_SCRIPTS,
};

/** Recomputed here, independently of static.ts: the CSP source of one inline script. */
function sha256Source(script: string): string {
  return `'sha256-${createHash("sha256").update(Buffer.from(script, "utf8")).digest("base64")}'`;
}

function makeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "flagline-webroot-"));
  const write = (rel: string, body: string) => {
    const full = join(root, rel);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, body);
  };
  for (const [rel, scripts] of Object.entries(PAGES)) write(rel, page(rel, scripts));
  write("/assets/entry.client-abc123.js", `console.log("hydrate");\n${"// padding\n".repeat(80)}`);
  write("/assets/app-abc123.css", "body{margin:0}");
  write("/favicon.svg", `<svg xmlns="http://www.w3.org/2000/svg"/>`);
  return root;
}

/** The CSP's directives by name. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

function expectCommonHeaders(res: TestResponse, label: string) {
  expect(res.headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  const csp = directives(res.headers.get("content-security-policy"));
  expect(csp.get("frame-ancestors"), label).toEqual(["'none'"]);
}

/** The sign-in limit's 429, naming the request it answers (its X-Request-Id). */
const rateLimited = (headers: Headers) => ({
  error: { code: "rate_limited", message: TOO_MANY_ATTEMPTS, requestId: headers.get("x-request-id") },
});

describe.each(testEngines())(
  "security headers, cookies, origins, rate limits and sessions on $engine",
  ({ create }) => {
    let database: TestDatabase;
    let webRoot: string;
    let app: ReturnType<typeof createTestApp>["app"];

    beforeAll(async () => {
      database = await create();
      webRoot = makeWebRoot();
      app = createTestApp(database, { webRoot }).app;
    });
    afterAll(async () => {
      await database?.cleanup();
      if (webRoot) rmSync(webRoot, { recursive: true, force: true });
    });

    describe("Content-Security-Policy of HTML pages", () => {
      const cases: [path: string, scripts: string[]][] = [
        ["/", INDEX_SCRIPTS],
        ["/index.html", INDEX_SCRIPTS],
        ["/features", FEATURES_SCRIPTS],
        ["/features/", FEATURES_SCRIPTS],
        // Client routes get the SPA fallback, with its own scripts' hashes.
        ["/coach/dashboard", FALLBACK_SCRIPTS],
        ["/player/logs", FALLBACK_SCRIPTS],
        ["/no/such/page", FALLBACK_SCRIPTS],
      ];

      it.each(cases)("%s allows exactly its own inline scripts, by hash", async (path, scripts) => {
        const res = await new TestClient(app).get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^text\/html/);
        expect(typeof res.body === "string" && res.body.includes(scripts[0]!)).toBe(true);

        const csp = directives(res.headers.get("content-security-policy"));
        const scriptSrc = csp.get("script-src") ?? [];
        expect(scriptSrc).toContain("'self'");
        expect(scriptSrc).not.toContain("'unsafe-inline'");
        expect(scriptSrc).not.toContain("'unsafe-eval'");
        expect(scriptSrc.filter((s) => !s.startsWith("'sha256-")).sort()).toEqual(["'self'"]);
        expect(scriptSrc.filter((s) => s.startsWith("'sha256-")).sort()).toEqual(scripts.map(sha256Source).sort());
        // No other directive lets scripts in by another door.
        for (const name of ["script-src-elem", "script-src-attr"]) expect(csp.has(name)).toBe(false);
        expect(csp.get("default-src")).toEqual(["'self'"]);
        expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
        expect(csp.get("object-src")).toEqual(["'none'"]);
        expect(csp.get("base-uri")).toEqual(["'self'"]);
        expectCommonHeaders(res, path);
      });

      it("the same page sent compressed or as a 304 keeps its CSP", async () => {
        const first = await new TestClient(app).request("GET", "/features", { headers: { "accept-encoding": "gzip" } });
        const again = await new TestClient(app).request("GET", "/features", {
          headers: { "if-none-match": first.headers.get("etag")! },
        });
        expect(again.status).toBe(304);
        for (const res of [first, again]) {
          const scriptSrc = directives(res.headers.get("content-security-policy")).get("script-src") ?? [];
          expect(scriptSrc.filter((s) => s.startsWith("'sha256-")).sort()).toEqual(
            FEATURES_SCRIPTS.map(sha256Source).sort(),
          );
          expectCommonHeaders(res, "/features (conditional)");
        }
      });
    });

    describe("headers on every answer", () => {
      it("HTML, JSON, errors and static assets all carry nosniff, the referrer policy and frame-ancestors 'none'", async () => {
        const client = new TestClient(app);
        const answers: [string, TestResponse][] = [
          ["GET / (html)", await client.get("/")],
          ["GET /coach/dashboard (spa fallback)", await client.get("/coach/dashboard")],
          ["GET /api/health (json)", await client.get("/api/health")],
          ["GET /api/openapi.json (json)", await client.get("/api/openapi.json")],
          ["GET /api/me (401)", await client.get("/api/me")],
          ["GET /api/nothing-here (404)", await client.get("/api/nothing-here")],
          ["POST /api/contact (400)", await client.post("/api/contact", {})],
          [
            "POST /api/contact (403 bad origin)",
            await client.request("POST", "/api/contact", { json: {}, headers: { origin: "https://evil.example" } }),
          ],
          ["GET /assets/entry.client-abc123.js (asset)", await client.get("/assets/entry.client-abc123.js")],
          ["GET /assets/app-abc123.css (asset)", await client.get("/assets/app-abc123.css")],
          ["GET /favicon.svg (asset)", await client.get("/favicon.svg")],
          ["GET /assets/missing-000.js (404)", await client.get("/assets/missing-000.js")],
          ["GET /robots-missing.txt (404)", await client.get("/robots-missing.txt")],
        ];
        expect(answers.map(([, r]) => r.status)).toEqual([
          200, 200, 200, 200, 401, 404, 400, 403, 200, 200, 200, 404, 404,
        ]);
        for (const [label, res] of answers) {
          expectCommonHeaders(res, label);
          expect(res.headers.get("x-frame-options"), label).toBe("DENY");
        }
      });

      it("API answers, errors included, have a CSP of default-src 'none'", async () => {
        const client = new TestClient(app);
        const answers = await Promise.all([
          client.get("/api/health"),
          client.get("/api/openapi.json"),
          client.get("/api/me"),
          client.get("/api/team/players"),
          client.get("/api/nothing-here"),
          client.post("/api/session", { email: "nobody@example.com", password: "wrong-password" }),
          client.request("POST", "/api/contact", {
            body: "{not json",
            headers: { "content-type": "application/json" },
          }),
        ]);
        for (const res of answers) {
          const csp = directives(res.headers.get("content-security-policy"));
          expect(csp.get("default-src")).toEqual(["'none'"]);
          expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
          expect(csp.has("script-src")).toBe(false);
        }
      });

      it("static assets are served with their real type, never sniffed", async () => {
        const js = await new TestClient(app).get("/assets/entry.client-abc123.js");
        expect(js.headers.get("content-type")).toMatch(/^text\/javascript/);
        const svg = await new TestClient(app).get("/favicon.svg");
        expect(svg.headers.get("content-type")).toBe("image/svg+xml");
      });
    });

    describe("session cookies", () => {
      function sessionCookies(res: TestResponse): string[] {
        return res.headers.getSetCookie().filter((c) => /session_token=/.test(c));
      }

      function expectFlags(cookie: string, secure: boolean) {
        const attrs = cookie.split(";").map((a) => a.trim().toLowerCase());
        expect(attrs).toContain("httponly");
        expect(attrs).toContain("samesite=lax");
        expect(attrs).toContain("path=/");
        expect(attrs.includes("secure")).toBe(secure);
      }

      it("over http: HttpOnly, SameSite=Lax, Path=/ on sign-up and sign-in (no Secure, or the browser would drop it)", async () => {
        const email = uniqueEmail("cookie");
        const signup = await new TestClient(app).post("/api/signup", {
          role: "coach",
          fullName: "Cookie Coach",
          email,
          password: PASSWORD,
          teamName: "Cookies",
        });
        expect(signup.status).toBe(201);
        const signIn = await new TestClient(app).post("/api/session", { email, password: PASSWORD });
        expect(signIn.status).toBe(200);
        for (const res of [signup, signIn]) {
          const cookies = sessionCookies(res);
          expect(cookies).toHaveLength(1);
          expectFlags(cookies[0]!, false);
          // Every cookie set, not just the session's, is HttpOnly.
          for (const c of res.headers.getSetCookie()) expect(c).toMatch(/;\s*HttpOnly/i);
        }
      });

      it("behind https (PUBLIC_URL https://...): the session cookie is also Secure, and works", async () => {
        const origin = "https://flagline.example";
        const secureApp = createTestApp(database, { webRoot, publicUrl: origin }).app;
        const client = new TestClient(secureApp);
        const email = uniqueEmail("secure");
        const signup = await client.request("POST", "/api/signup", {
          json: { role: "coach", fullName: "Secure Coach", email, password: PASSWORD, teamName: "Secure" },
          headers: { origin },
        });
        expect(signup.status, JSON.stringify(signup.body)).toBe(201);
        const cookies = sessionCookies(signup);
        expect(cookies).toHaveLength(1);
        expect(cookies[0]).toMatch(/^__Host-flagline\.session_token=/);
        expect(cookies[0]).not.toMatch(/;\s*domain=/i);
        expectFlags(cookies[0]!, true);
        expect((await client.get("/api/me")).status).toBe(200);

        const signIn = await new TestClient(secureApp).request("POST", "/api/session", {
          json: { email, password: PASSWORD },
          headers: { origin },
        });
        expect(signIn.status).toBe(200);
        expectFlags(sessionCookies(signIn)[0]!, true);
        // The https app refuses a write from the plain-http origin: only PUBLIC_URL's origin is the site.
        const fromHttp = await new TestClient(secureApp).request("POST", "/api/session", {
          json: { email, password: PASSWORD },
          headers: { origin: "http://flagline.example" },
        });
        expect(fromHttp.status).toBe(403);
      });
    });

    describe("Origin check on every state-changing endpoint", () => {
      const STATE_CHANGING = ["POST", "PUT", "PATCH", "DELETE"];
      const EVIL_ORIGINS = [
        "https://evil.example",
        "null",
        "http://localhost:3000.evil.example",
        "http://localhost:3001",
      ];

      /** Every POST/PUT/PATCH/DELETE under /api: from the OpenAPI document, and any handler mounted but not documented. */
      async function stateChangingEndpoints(): Promise<{ method: string; path: string }[]> {
        const doc = (await new TestClient(app).get("/api/openapi.json")).body as {
          paths: Record<string, Record<string, unknown>>;
        };
        const keys = new Set<string>();
        for (const [path, item] of Object.entries(doc.paths)) {
          for (const method of Object.keys(item)) {
            if (STATE_CHANGING.includes(method.toUpperCase())) keys.add(`${method.toUpperCase()} ${path}`);
          }
        }
        const documented = new Set(keys);
        for (const r of app.routes) {
          if (!r.path.startsWith("/api/") || !STATE_CHANGING.includes(r.method)) continue;
          const key = `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`;
          expect(documented.has(key), `${key} is mounted but not in /api/openapi.json`).toBe(true);
          keys.add(key);
        }
        // The one-click unsubscribe is posted by mail providers from their own servers (RFC 8058): its token is its
        // whole authority, and openapi-document.test.ts checks it answers no bad_origin.
        for (const key of ORIGIN_CHECK_EXEMPT) keys.delete(key);
        return [...keys].sort().map((k) => {
          const [method, path] = k.split(" ") as [string, string];
          return { method, path };
        });
      }

      it("a write from another site is a 403 bad_origin before any handler runs, on every endpoint", async () => {
        const endpoints = await stateChangingEndpoints();
        // Sanity: the list really is the app's (it would be suspicious to find only a handful).
        expect(endpoints.length).toBeGreaterThanOrEqual(20);
        for (const key of [
          "POST /api/session",
          "DELETE /api/session",
          "POST /api/signup",
          "POST /api/contact",
          "POST /api/team/plays",
        ]) {
          expect(endpoints.map((e) => `${e.method} ${e.path}`)).toContain(key);
        }

        const { client: coach, me } = await signUpCoach(app, "Origin Owls");
        const { me: player } = await signUpPlayer(app, me.team!.code, { fullName: "Olive Origin" });
        const today = new Date().toISOString().slice(0, 10);
        const signupEmail = uniqueEmail("csrf");
        // Valid requests where a handler would change something visible afterwards; `{}` elsewhere.
        const valid: Record<string, { path?: string; json: unknown }> = {
          "POST /api/signup": {
            json: { role: "coach", fullName: "Csrf", email: signupEmail, password: PASSWORD, teamName: "Evil" },
          },
          "POST /api/contact": { json: { name: "Evil", email: "evil@example.com", message: "Hello from elsewhere" } },
          "POST /api/profile/password": { json: { currentPassword: PASSWORD, newPassword: "hijacked-password" } },
          "PATCH /api/profile": { json: { fullName: "Hijacked Name" } },
          "POST /api/team/plays": { json: { name: "Evil Play", side: "offense" } },
          "POST /api/team/sessions": { json: { kind: "practice", date: today } },
          "POST /api/team/events": {
            json: {
              events: [
                {
                  id: randomUUID(),
                  playerId: player.id,
                  eventType: "Catch",
                  yards: 5,
                  sessionId: null,
                  occurredAt: new Date().toISOString(),
                },
              ],
            },
          },
          "DELETE /api/team/players/{id}": { path: `/api/team/players/${player.id}`, json: undefined },
          "POST /api/team/players/{id}/feedback": {
            path: `/api/team/players/${player.id}/feedback`,
            json: { category: "Effort", body: "Evil feedback" },
          },
        };

        const problems: string[] = [];
        for (const { method, path } of endpoints) {
          const key = `${method} ${path}`;
          const spec = valid[key];
          const url = spec?.path ?? path.replace(/\{[^}]+\}/g, randomUUID());
          for (const origin of EVIL_ORIGINS) {
            // Signed in as the head coach: without the Origin check most of these would succeed.
            const res = await coach.request(method, url, { json: spec ? spec.json : {}, headers: { origin } });
            if (res.status !== 403 || res.body?.error?.code !== "bad_origin") {
              problems.push(`${key} from ${origin}: ${res.status} ${JSON.stringify(res.body)}`);
            }
          }
          // Signed out, with an empty body: still the Origin answer, not the handler's 401 or 400.
          const anon = await new TestClient(app).request(method, url, {
            json: {},
            headers: { origin: "https://evil.example" },
          });
          if (anon.status !== 403 || anon.body?.error?.code !== "bad_origin")
            problems.push(`${key} signed out: ${anon.status}`);
          expect(anon.body).toEqual({
            error: {
              code: "bad_origin",
              message: "This request came from another site and was refused.",
              requestId: anon.headers.get("x-request-id"),
            },
          });
        }
        expect(problems).toEqual([]);

        // Nothing happened: the coach is still signed in with the same name and password, the team is unchanged.
        const meAfter = await coach.get("/api/me");
        expect(meAfter.status).toBe(200);
        expect(meAfter.body.user.fullName).toBe("Casey Coach");
        expect((await new TestClient(app).post("/api/session", { email: me.email, password: PASSWORD })).status).toBe(
          200,
        );
        expect((await coach.get("/api/team/plays")).body.plays).toEqual([]);
        expect((await coach.get("/api/team/sessions")).body.sessions).toEqual([]);
        const roster = (await coach.get("/api/team/players")).body.players as { id: string; totalEvents?: number }[];
        expect(roster.map((p) => p.id)).toEqual([player.id]);
        expect((await coach.get(`/api/team/players/${player.id}/events`)).body.events).toEqual([]);
        expect((await coach.get(`/api/team/players/${player.id}/feedback`)).body.feedback).toEqual([]);
        expect(
          (await new TestClient(app).post("/api/session", { email: signupEmail, password: PASSWORD })).status,
        ).toBe(401);
        const contact = await database.db
          .selectFrom("contact_messages")
          .select("id")
          .where("email", "=", "evil@example.com")
          .execute();
        expect(contact).toEqual([]);

        // Control: the very same requests from the app's own origin do succeed, so the bodies above were valid.
        for (const [key, spec] of Object.entries(valid)) {
          if (key.startsWith("DELETE") || key === "POST /api/profile/password") continue;
          const [method, path] = key.split(" ") as [string, string];
          const client = key === "POST /api/signup" || key === "POST /api/contact" ? new TestClient(app) : coach;
          const res = await client.request(method, spec.path ?? path, { json: spec.json });
          expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
        }
      });

      it("the same writes from the app's own origin reach the handlers (the check is not a blanket refusal)", async () => {
        for (const { method, path } of await stateChangingEndpoints()) {
          const url = path.replace(/\{[^}]+\}/g, randomUUID());
          const res = await new TestClient(app).request(method, url, { json: {}, headers: { origin: TEST_ORIGIN } });
          expect(res.body?.error?.code, `${method} ${path}`).not.toBe("bad_origin");
        }
      });
    });

    describe("rate limits, per client address", () => {
      let limited: ReturnType<typeof createTestApp>["app"];
      beforeAll(() => {
        limited = createTestApp(database, { webRoot, authRateLimit: 3, contactRateLimit: 3 }).app;
      });

      /** A 429 says when to come back: Retry-After in whole seconds, within the limit's window. */
      function expectRetryAfter(headers: Headers, windowSeconds: number) {
        const value = headers.get("retry-after");
        expect(value).toMatch(/^\d+$/);
        expect(Number(value)).toBeGreaterThanOrEqual(1);
        expect(Number(value)).toBeLessThanOrEqual(windowSeconds);
      }

      it("sign-in: after the limit a 429 in the error shape, even with the right password; other addresses go on", async () => {
        const { me } = await signUpCoach(limited, "Limit Larks");
        const client = new TestClient(limited, "10.20.0.1");
        for (let i = 0; i < 3; i++) {
          const res = await client.post("/api/session", { email: me.email, password: "wrong-password" });
          expect(res.status).toBe(401);
          expect(res.body.error.message).toBe(INVALID_CREDENTIALS);
        }
        for (const body of [
          { email: me.email, password: "wrong-password" },
          { email: me.email, password: PASSWORD },
        ]) {
          const res = await client.post("/api/session", body);
          expect(res.status).toBe(429);
          expect(res.body).toEqual(rateLimited(res.headers));
          expect(res.headers.getSetCookie()).toEqual([]);
          expectRetryAfter(res.headers, 60);
        }
        // A spoofed forwarding header (no proxy is trusted) or our own internal header changes nothing.
        for (const header of ["x-forwarded-for", "x-flagline-client-ip", "x-real-ip"]) {
          const spoofed = await client.request("POST", "/api/session", {
            json: { email: me.email, password: PASSWORD },
            headers: { [header]: "10.99.99.99" },
          });
          expect(spoofed.status, header).toBe(429);
        }
        expect(
          (await new TestClient(limited, "10.20.0.2").post("/api/session", { email: me.email, password: PASSWORD }))
            .status,
        ).toBe(200);
      });

      it("sign-up (Better Auth's limit, through /api/signup): a 429 in the error shape that creates nothing", async () => {
        const client = new TestClient(limited, "10.21.0.1");
        const coach = (email: string) => ({
          role: "coach",
          fullName: "Many Coaches",
          email,
          password: PASSWORD,
          teamName: "Spam",
        });
        for (let i = 0; i < 3; i++)
          expect((await client.post("/api/signup", coach(uniqueEmail("spam")))).status).toBe(201);
        const email = uniqueEmail("spam");
        const res = await client.post("/api/signup", coach(email));
        expect(res.status).toBe(429);
        expect(res.body).toEqual(rateLimited(res.headers));
        expectRetryAfter(res.headers, 60);
        expect(res.headers.getSetCookie()).toEqual([]);
        const spoofed = await client.request("POST", "/api/signup", {
          json: coach(uniqueEmail("spam")),
          headers: { "x-forwarded-for": "10.99.99.98" },
        });
        expect(spoofed.status).toBe(429);
        // The refused email was left free: another address signs it up.
        expect((await new TestClient(limited, "10.21.0.2").post("/api/signup", coach(email))).status).toBe(201);
      });

      it("contact: a 429 in the error shape after the limit, stored nothing; other addresses go on", async () => {
        const client = new TestClient(limited, "10.22.0.1");
        const message = (n: number) => ({
          name: "Rate Tester",
          email: "rate@example.com",
          message: `Message number ${n}`,
        });
        for (let i = 0; i < 3; i++) expect((await client.post("/api/contact", message(i))).status).toBe(201);
        const res = await client.post("/api/contact", message(99));
        expect(res.status).toBe(429);
        // The contact window is an hour.
        expectRetryAfter(res.headers, 3600);
        expect(res.body).toEqual({
          error: { code: "rate_limited", message: expect.any(String), requestId: res.headers.get("x-request-id") },
        });
        expect(res.body.error.message.length).toBeGreaterThan(0);
        const stored = await database.db
          .selectFrom("contact_messages")
          .select("message")
          .where("message", "=", "Message number 99")
          .execute();
        expect(stored).toEqual([]);
        expect((await new TestClient(limited, "10.22.0.2").post("/api/contact", message(100))).status).toBe(201);
      });
    });

    describe("sessions are revoked on the server", () => {
      const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const replay = (cookie: string) => new TestClient(app).request("GET", "/api/me", { headers: { cookie } });

      it("logout: the old cookie, replayed, gets a 401 in the error shape", async () => {
        const { client } = await signUpCoach(app);
        const oldCookie = cookieOf(client);
        expect((await replay(oldCookie)).status).toBe(200);
        expect((await client.delete("/api/session")).status).toBe(204);
        const res = await replay(oldCookie);
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe("unauthenticated");
        // And it can no longer write either.
        const write = await new TestClient(app).request("POST", "/api/team/plays", {
          json: { name: "After Logout", side: "offense" },
          headers: { cookie: oldCookie },
        });
        expect(write.status).toBe(401);
      });

      it("password change: every older cookie (this browser's and other browsers') gets a 401; the new one works", async () => {
        const { client, me } = await signUpCoach(app);
        const other = new TestClient(app);
        expect((await other.post("/api/session", { email: me.email, password: PASSWORD })).status).toBe(200);
        const oldCookie = cookieOf(client);
        const otherCookie = cookieOf(other);

        const res = await client.post("/api/profile/password", {
          currentPassword: PASSWORD,
          newPassword: "a-brand-new-secret",
        });
        expect(res.status).toBe(204);
        expect(cookieOf(client)).not.toBe(oldCookie);
        expect((await client.get("/api/me")).status).toBe(200);
        for (const cookie of [oldCookie, otherCookie]) {
          const after = await replay(cookie);
          expect(after.status).toBe(401);
          expect(after.body.error.code).toBe("unauthenticated");
        }
      });
    });
  },
);
