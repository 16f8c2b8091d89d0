import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUpCoach, TestClient } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { MAX_JSON_BODY } from "../app.js";
import { isUploadPath } from "./image-upload.js";
import { ORIGIN_CHECK_EXEMPT, QUERY_SCHEMA_FIELD } from "./openapi-document.js";

/*
 * What /api/openapi.json promises a third party (docs/architecture.md "API document"), checked against the
 * server's own answers: how to sign in, which operations need it, and the statuses every operation can answer.
 */

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; description?: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown> }>;
  [QUERY_SCHEMA_FIELD]?: { properties: Record<string, unknown> };
}
interface Document {
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>>; schemas: Record<string, unknown> };
}

const WRITES = new Set(["post", "put", "patch", "delete"]);
/** The operations that count a request limit (http/rate-limit.ts, Better Auth's, the upload and stream caps). */
const RATE_LIMITED = [
  "POST /api/session",
  "POST /api/signup",
  "POST /api/contact",
  "POST /api/claim/{token}",
  "POST /api/me/join",
  "POST /api/password/forgot",
  "POST /api/password/reset",
  "POST /api/profile/password",
  "POST /api/profile/photo",
  "POST /api/team/plays/{id}/diagram",
  "POST /api/team/players/{id}/reset-link",
  "POST /api/me/email",
  "POST /api/me/email/confirm",
  "GET /api/me/export",
  "DELETE /api/me",
  "GET /api/team/stream",
];
const PUBLIC = [
  "GET /api/health",
  "GET /api/mail",
  "POST /api/session",
  "POST /api/signup",
  "POST /api/contact",
  "GET /api/claim/{token}",
  "POST /api/claim/{token}",
  "GET /api/guardian-invites/{token}",
  "POST /api/password/forgot",
  "POST /api/password/reset",
  "POST /api/me/email/confirm",
  "GET /api/calendar/{file}",
  "GET /api/answer/{token}",
  "POST /api/answer/{token}",
  "GET /api/unsubscribe/{token}",
  "POST /api/unsubscribe/{token}",
  "GET /api/follow/{token}",
  "GET /api/follow/{token}/stream",
  "GET /api/public/leagues/{id}",
  "GET /api/public/leagues/{id}/calendar.ics",
  "GET /api/public/leagues/{id}/teams/{teamId}",
];

function operations(doc: Document): [key: string, path: string, method: string, op: Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, string, string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      path,
      method,
      op,
    ]),
  );
}

/** A concrete path for a documented one: every parameter a well-formed id that names nothing. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");

const [sqlite] = testEngines();

describe("the API document", () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let doc: Document;
  let all: ReturnType<typeof operations>;

  beforeAll(async () => {
    database = await sqlite!.create();
    ({ app } = createTestApp(database));
    const res = await new TestClient(app).get<Document>("/api/openapi.json");
    expect(res.status).toBe(200);
    doc = res.body;
    all = operations(doc);
  });
  afterAll(() => database.cleanup());

  it("names every operation once, readably", () => {
    const missing = all.filter(([, , , op]) => !op.operationId).map(([key]) => key);
    expect(missing, "operations without an operationId (add one to the createRoute)").toEqual([]);
    const ids = all.map(([, , , op]) => op.operationId!);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      "operationIds used twice",
    ).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/);
  });

  it("says where the server is and how to sign in", async () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: "flagline.session_token",
    });
    const signIn = doc.paths["/api/session"]!.post!;
    expect(signIn.security).toEqual([]);
    expect(signIn.responses["200"]!.headers).toHaveProperty("Set-Cookie");

    // Over https the cookie is the __Host- one, and the document says so.
    const secure = createTestApp(database, { publicUrl: "https://flagline.example" }).app;
    const res = await secure.request("https://flagline.example/api/openapi.json");
    const secureDoc = (await res.json()) as Document;
    expect(secureDoc.components.securitySchemes.sessionCookie!.name).toBe("__Host-flagline.session_token");
  });

  it("marks exactly the public operations public, and every other one as needing the session cookie", () => {
    const open = all.filter(([, , , op]) => op.security?.length === 0).map(([key]) => key);
    expect(open.sort()).toEqual([...PUBLIC].sort());
    for (const [key, , , op] of all) {
      expect(op.security, key).toBeDefined();
      if (op.security!.length > 0) expect(op.security, key).toContainEqual({ sessionCookie: [] });
    }
  });

  it("answers a signed-out caller of a secured operation as documented", async () => {
    const client = new TestClient(app);
    for (const [key, path, method, op] of all) {
      if (op.security!.length === 0 || op.security!.some((s) => Object.keys(s).length === 0)) continue;
      const res = await client.request(method.toUpperCase(), concrete(path));
      expect(Object.keys(op.responses), key).toContain(String(res.status));
      expect([401, 404], key).toContain(res.status);
    }
  });

  it("documents, and answers, 403 bad_origin and 413 payload_too_large on every write", async () => {
    const client = new TestClient(app);
    const tooBig = "x".repeat(MAX_JSON_BODY + 1);
    const writes = all.filter(([, , method]) => WRITES.has(method));
    expect(writes.length).toBeGreaterThan(40);
    for (const [key, path, method, op] of writes) {
      expect(op.responses["413"]?.description, key).toContain("payload_too_large");
      const foreign = await client.request(method.toUpperCase(), concrete(path), {
        headers: { origin: "https://elsewhere.example" },
      });
      if (ORIGIN_CHECK_EXEMPT.has(key)) {
        // RFC 8058 one-click unsubscribe: mail providers POST it from anywhere; the token alone decides.
        expect(op.responses["403"]?.description ?? "", key).not.toContain("bad_origin");
        expect(foreign.body.error.code, key).not.toBe("bad_origin");
      } else {
        expect(op.responses["403"]?.description, key).toContain("bad_origin");
        expect([foreign.status, foreign.body.error.code], key).toEqual([403, "bad_origin"]);
      }
      if (isUploadPath(concrete(path))) continue; // The 5 MB limit of image uploads: http/image-upload's tests.
      const big = await client.request(method.toUpperCase(), concrete(path), {
        body: tooBig,
        headers: { "content-type": "application/json" },
      });
      expect([big.status, big.body.error.code], key).toEqual([413, "payload_too_large"]);
    }
  });

  it("documents 400 wherever there is input, 415 wherever a JSON body is required, 429 where limited", () => {
    for (const [key, , , op] of all) {
      if (op.parameters?.length || op.requestBody) expect(Object.keys(op.responses), key).toContain("400");
      if (op.requestBody?.content["application/json"]) expect(Object.keys(op.responses), key).toContain("415");
      if (key !== "GET /api/health") expect(Object.keys(op.responses), key).toContain("421");
    }
    const keys = new Set(all.map(([key]) => key));
    for (const key of RATE_LIMITED) {
      expect(keys.has(key), key).toBe(true);
      const [method, path] = key.split(" ") as [string, string];
      expect(Object.keys(doc.paths[path]![method.toLowerCase()]!.responses), key).toContain("429");
    }
  });

  it("documents 503 with Retry-After on every operation, and a request id in every error body", () => {
    for (const [key, , , op] of all) {
      const unavailable = op.responses["503"];
      expect(unavailable, key).toBeDefined();
      // The health probe's own 503 is its Health body, saying the database is unreachable.
      if (key === "GET /api/health") continue;
      for (const code of ["database_unavailable", "disk_full", "storage_unavailable"]) {
        expect(unavailable!.description, key).toContain(code);
      }
      expect(unavailable!.description, key).toContain("Retry-After");
      expect(unavailable!.headers, key).toHaveProperty("Retry-After");
      expect(unavailable, key).toMatchObject({
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      });
    }
    expect(doc.components.schemas.Error).toMatchObject({
      properties: { error: { required: expect.arrayContaining(["code", "message", "requestId"]) } },
    });
  });

  it("is as strict as the server on the parameters and bodies the server bounds", async () => {
    const param = (path: string, name: string) =>
      doc.paths[path]!.get!.parameters!.find((p) => p.name === name)!.schema;
    for (const path of ["/api/team/playbook-analysis", "/api/team/playbook-analysis/{playId}/events"]) {
      expect(param(path, "tzOffset")).toMatchObject({ type: "integer", minimum: -840, maximum: 840 });
    }
    expect(param("/api/team/playbook-analysis/{playId}/events", "limit")).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 100,
    });
    const body = (path: string) => doc.paths[path]!.patch!.requestBody!.content["application/json"]!.schema;
    expect(body("/api/team/sessions/{id}")).toMatchObject({ minProperties: 1 });
    expect(body("/api/profile")).toMatchObject({ minProperties: 1 });
    expect(doc.components.schemas.AccountExport).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["account", "events", "snaps", "trainingLogs"]),
    });

    // And the server refuses what the document rules out.
    const { client } = await signUpCoach(app);
    expect((await client.get("/api/team/playbook-analysis?tzOffset=841")).status).toBe(400);
    expect((await client.get("/api/team/playbook-analysis?tzOffset=-840")).status).toBe(200);
    const drill = `/api/team/playbook-analysis/${concrete("{id}")}/events`;
    expect((await client.get(`${drill}?limit=101`)).status).toBe(400);
    expect((await client.get(`${drill}?limit=0`)).status).toBe(400);
    const session = await client.post("/api/team/sessions", { kind: "practice", date: "2026-09-01" });
    const patchEmpty = await client.request("PATCH", `/api/team/sessions/${session.body.session.id}`, { json: {} });
    expect(patchEmpty.status).toBe(400);
    expect((await client.request("PATCH", "/api/profile", { json: {} })).status).toBe(400);

    // A rule between parameters (OpenAPI 3.1 parameters are independent of each other): the query as one JSON
    // Schema with the same parameters, and the server refuses with 400 exactly the queries it rules out.
    const leaderboard = doc.paths["/api/team/leaderboard"]!.get!;
    const querySchema = leaderboard[QUERY_SCHEMA_FIELD]!;
    const queryParams = leaderboard.parameters!.filter((p) => p.in === "query");
    expect(Object.keys(querySchema.properties)).toEqual(queryParams.map((p) => p.name));
    for (const p of queryParams) expect(querySchema.properties[p.name], p.name).toMatchObject(p.schema);
    const valid = new Ajv2020({ strict: true, allErrors: true }).compile(querySchema);
    const queries: [Record<string, string>, boolean][] = [
      [{ window: "session" }, false],
      [{ window: "session", sessionId: "x" }, true],
      [{ window: "session", sessionId: session.body.session.id }, true],
      [{ window: "season" }, true],
      [{}, true],
      [{ window: "last30", unknown: "ignored" }, true],
    ];
    for (const [query, ok] of queries) {
      const label = JSON.stringify(query);
      expect(valid(query), label).toBe(ok);
      const res = await client.get(`/api/team/leaderboard?${new URLSearchParams(query)}`);
      expect(res.status === 400, `${label} answered ${res.status}`).toBe(!ok);
      if (!ok) expect(Object.keys(res.body.error.fields), label).toEqual(["sessionId"]);
    }
  });
});
