import { createHash, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import {
  createTestApp,
  PASSWORD,
  signUpAssistant,
  signUpCoach,
  signUpPlayer,
  TestClient,
} from "#tests/server/support/test-client.js";
import { fillPath } from "#tests/server/security/fixtures.js";
import type { ApiTokensResponse, CreatedApiTokenResponse } from "#domain/api/api-tokens.js";
import { MAX_API_TOKENS_PER_TEAM } from "#domain/limits.js";
import { BEARER_SCHEME, TOKEN_IGNORED, TOKEN_OPERATIONS } from "../http/bearer-token.js";
import { API_TOKEN_LIMIT } from "../http/rate-limit.js";

type App = ReturnType<typeof createTestApp>["app"];

const TOKENS = "/api/team/api-tokens";

/** Every endpoint the app serves under /api, "METHOD /path" in OpenAPI syntax (Hono's route table). */
function servedOperations(app: App): { key: string; method: string; path: string }[] {
  const out = new Map<string, { key: string; method: string; path: string }>();
  for (const route of app.routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/") || route.path.endsWith("*")) continue;
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    const key = `${route.method} ${path}`;
    out.set(key, { key, method: route.method, path });
  }
  return [...out.values()];
}

/** A request carrying only the token (and an Origin on writes, as TestClient sends): no cookie. */
async function withToken(app: App, secret: string, method: string, path: string, json?: unknown) {
  const client = new TestClient(app);
  return client.request(method, path, {
    headers: { authorization: `Bearer ${secret}` },
    ...(json === undefined ? {} : { json }),
  });
}

describe.each(testEngines())("API tokens on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let head: Awaited<ReturnType<typeof signUpCoach>>;
  let other: Awaited<ReturnType<typeof signUpCoach>>;
  let playerId: string;
  let gameId: string;
  let otherGameId: string;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
    head = await signUpCoach(app, "Falcons");
    other = await signUpCoach(app, "Eagles");
    playerId = (await signUpPlayer(app, head.me.team!.code, { fullName: "Quinn Passer" })).me.id;
    await signUpPlayer(app, other.me.team!.code, { fullName: "Otto Outsider" });
    gameId = (await head.client.post("/api/team/sessions", { kind: "game", date: "2026-10-03", opponent: "Hawks" }))
      .body.session.id;
    otherGameId = (
      await other.client.post("/api/team/sessions", { kind: "game", date: "2026-10-03", opponent: "Owls" })
    ).body.session.id;
  });
  afterAll(async () => database?.cleanup());

  async function makeToken(scope: "read" | "write", name = `${scope} token ${randomUUID().slice(0, 8)}`) {
    const res = await head.client.post<CreatedApiTokenResponse>(TOKENS, { name, scope });
    expect(res.status).toBe(201);
    return res.body;
  }

  it("the head coach makes a token, sees its text once, and the table holds only its hash", async () => {
    const res = await head.client.post<CreatedApiTokenResponse>(TOKENS, { name: "  Club web site  ", scope: "read" });
    expect(res.status).toBe(201);
    const { token, secret } = res.body;
    expect(secret).toMatch(/^flt_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: "Club web site",
      scope: "read",
      lastUsedAt: null,
      createdBy: { id: head.me.id, fullName: "Casey Coach" },
    });

    const list = await head.client.get<ApiTokensResponse>(TOKENS);
    expect(list.status).toBe(200);
    expect(list.body.tokens.find((t) => t.id === token.id)).toEqual(token);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(4, 20));

    const rows = (await sql<Record<string, unknown>>`select * from api_tokens`.execute(database.db)).rows;
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice(4));
    const row = rows.find((r) => r.id === token.id)!;
    expect(row.token_hash).toBe(createHash("sha256").update(secret).digest("hex"));
  });

  it("bad input is a 400 by field; an assistant, a player and a signed-out caller are refused", async () => {
    const blank = await head.client.post(TOKENS, { name: "   ", scope: "read" });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toHaveProperty("name");
    const long = await head.client.post(TOKENS, { name: "x".repeat(61), scope: "read" });
    expect(long.status).toBe(400);
    const scope = await head.client.post(TOKENS, { name: "Admin", scope: "admin" });
    expect(scope.status).toBe(400);
    expect(scope.body.error.fields).toHaveProperty("scope");
    expect((await head.client.post(TOKENS, { name: "Extra", scope: "read", teamId: other.me.team!.id })).status).toBe(
      400,
    );

    const assistant = await signUpAssistant(app, head.me.team!.coachInviteCode!);
    const player = await signUpPlayer(app, head.me.team!.code);
    for (const client of [assistant.client, player.client]) {
      expect((await client.post(TOKENS, { name: "Mine", scope: "write" })).status).toBe(403);
      expect((await client.get(TOKENS)).status).toBe(403);
    }
    expect((await new TestClient(app).get(TOKENS)).status).toBe(401);
  });

  it("a read token reads the players and the games, and its use is shown", async () => {
    const { token, secret } = await makeToken("read");
    const players = await withToken(app, secret, "GET", "/api/team/players");
    expect(players.status).toBe(200);
    expect(JSON.stringify(players.body)).toContain("Quinn Passer");
    expect(JSON.stringify(players.body)).not.toContain("Otto Outsider");
    const games = await withToken(app, secret, "GET", "/api/team/games");
    expect(games.status).toBe(200);
    expect(JSON.stringify(games.body)).toContain(gameId);
    expect(JSON.stringify(games.body)).not.toContain(otherGameId);

    const listed = (await head.client.get<ApiTokensResponse>(TOKENS)).body.tokens.find((t) => t.id === token.id)!;
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it("a read token may not write: 403 token_read_only and nothing is stored", async () => {
    const { secret } = await makeToken("read");
    const snap = {
      id: randomUUID(),
      sessionId: gameId,
      period: 1,
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      detail: { kind: "run", runnerId: playerId, yards: 4 },
    };
    const res = await withToken(app, secret, "POST", "/api/team/snaps", { snaps: [snap] });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("token_read_only");
    const stored = await database.db.selectFrom("snaps").select("id").where("id", "=", snap.id).execute();
    expect(stored).toEqual([]);
    const created = await withToken(app, secret, "POST", "/api/team/sessions", {
      kind: "practice",
      date: "2026-10-04",
    });
    expect(created.status).toBe(403);
  });

  it("a read-write token logs a snap, as the coach who made it", async () => {
    const { secret } = await makeToken("write");
    const snap = {
      id: randomUUID(),
      sessionId: gameId,
      period: 1,
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      detail: { kind: "run", runnerId: playerId, yards: 7, touchdown: true },
    };
    const res = await withToken(app, secret, "POST", "/api/team/snaps", { snaps: [snap] });
    expect(res.status).toBe(200);
    const row = await database.db
      .selectFrom("snaps")
      .select(["team_id", "created_by"])
      .where("id", "=", snap.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ team_id: head.me.team!.id, created_by: head.me.id });
    const sheet = await withToken(app, secret, "GET", `/api/team/sessions/${gameId}/snaps`);
    expect(sheet.status).toBe(200);
    expect(JSON.stringify(sheet.body)).toContain(snap.id);
  });

  it("another team's data is out of reach: its ids answer 404 like unknown ones", async () => {
    const { secret } = await makeToken("write");
    expect((await withToken(app, secret, "GET", `/api/team/sessions/${otherGameId}/snaps`)).status).toBe(404);
    expect((await withToken(app, secret, "GET", `/api/team/sessions/${otherGameId}`)).status).toBe(404);
    const del = await withToken(app, secret, "DELETE", `/api/team/sessions/${otherGameId}`);
    expect(del.status).toBe(404);
    expect((await other.client.get(`/api/team/sessions/${otherGameId}`)).status).toBe(200);
    // A cookie sent along does not change whose the request is: the token decides.
    const mixed = await other.client.request("GET", "/api/team/games", {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(JSON.stringify(mixed.body)).toContain(gameId);
    expect(JSON.stringify(mixed.body)).not.toContain(otherGameId);
  });

  it("no token is valid for the account, sign-in, token management or the live stream", async () => {
    const { token, secret } = await makeToken("write");
    const refused = [
      ["POST", "/api/profile/password", { currentPassword: "correct-horse-battery", newPassword: "a-new-one-12345" }],
      ["POST", "/api/me/email", { email: "new@example.com", password: "correct-horse-battery" }],
      ["GET", "/api/me/export"],
      ["DELETE", "/api/me"],
      ["DELETE", "/api/session"],
      ["GET", "/api/me"],
      ["GET", TOKENS],
      ["POST", TOKENS, { name: "Another", scope: "write" }],
      ["DELETE", `${TOKENS}/${token.id}`],
      ["GET", "/api/team/stream"],
      ["POST", "/api/team/codes/rotate", { which: "team" }],
    ] as const;
    for (const [method, path, json] of refused) {
      const res = await withToken(app, secret, method, path, json);
      expect([path, res.status, res.body?.error?.code]).toEqual([path, 403, "token_not_allowed"]);
    }
    // The token still works, the account is untouched, and the session still signs in.
    expect((await withToken(app, secret, "GET", "/api/team/players")).status).toBe(200);
    expect((await head.client.get("/api/me")).status).toBe(200);
  });

  it("every operation not open to tokens refuses one, whatever it is", async () => {
    const { secret } = await makeToken("write");
    const served = servedOperations(app);
    expect(served.map((e) => e.key)).toEqual(expect.arrayContaining([...TOKEN_OPERATIONS]));
    const closed = served.filter((e) => !TOKEN_OPERATIONS.has(e.key));
    const problems: string[] = [];
    for (const endpoint of closed) {
      if (TOKEN_IGNORED.has(endpoint.key)) continue;
      const params = Object.fromEntries([...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1]!, "x1"]));
      const res = await withToken(app, secret, endpoint.method, fillPath(endpoint.path, params));
      if (res.status !== 403 || res.body?.error?.code !== "token_not_allowed")
        problems.push(`${endpoint.key}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
    expect(closed.length).toBeGreaterThan(30);
  });

  it("a revoked token, an unknown one and a malformed header answer 401 invalid_token", async () => {
    const { token, secret } = await makeToken("read");
    expect((await withToken(app, secret, "GET", "/api/team/players")).status).toBe(200);
    expect((await head.client.delete(`${TOKENS}/${token.id}`)).status).toBe(204);
    expect((await head.client.delete(`${TOKENS}/${token.id}`)).status).toBe(404);
    const revoked = await withToken(app, secret, "GET", "/api/team/players");
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe("invalid_token");
    expect(revoked.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    expect((await head.client.get<ApiTokensResponse>(TOKENS)).body.tokens.map((t) => t.id)).not.toContain(token.id);

    const unknown = await withToken(app, secret.slice(0, -2) + "AA", "GET", "/api/team/players");
    expect(unknown.status).toBe(401);
    const malformed = await new TestClient(app).request("GET", "/api/team/players", {
      headers: { authorization: "Basic dXNlcjpwYXNz" },
    });
    expect([malformed.status, malformed.body.error.code]).toEqual([401, "invalid_token"]);
    // Public reads ignore a token.
    expect((await withToken(app, "nonsense", "GET", "/api/health")).status).toBe(200);
  });

  it("another team's head coach cannot revoke or list this team's tokens", async () => {
    const { token, secret } = await makeToken("read");
    expect((await other.client.delete(`${TOKENS}/${token.id}`)).status).toBe(404);
    expect(JSON.stringify((await other.client.get(TOKENS)).body)).not.toContain(token.id);
    expect((await withToken(app, secret, "GET", "/api/team/players")).status).toBe(200);
  });

  it("a token stops working when its coach leaves the team, and stays dead if they come back", async () => {
    const team = await signUpCoach(app, "Ravens");
    const made = await team.client.post<CreatedApiTokenResponse>(TOKENS, { name: "Scorer", scope: "write" });
    const secret = made.body.secret;
    const assistant = await signUpAssistant(app, team.me.team!.coachInviteCode!, "Nia Next");
    // Handing the head coach role over: still a coach of the team, so the token still acts as them.
    expect((await team.client.post(`/api/team/coaches/${assistant.me.id}/head`)).status).toBe(200);
    expect((await withToken(app, secret, "GET", "/api/team/players")).status).toBe(200);
    // The new head coach sees the token, with who made it.
    const listed = (await assistant.client.get<ApiTokensResponse>(TOKENS)).body.tokens;
    expect(listed.map((t) => t.createdBy.fullName)).toEqual(["Casey Coach"]);
    // Taken off the team: 401.
    expect((await assistant.client.delete(`/api/team/coaches/${team.me.id}`)).status).toBe(204);
    expect((await withToken(app, secret, "GET", "/api/team/players")).status).toBe(401);
    // Back with the coach invite code: the old token stays dead.
    const code = (await assistant.client.get("/api/me")).body.user.team.coachInviteCode;
    expect((await team.client.post("/api/me/join", { code })).status).toBe(200);
    expect((await withToken(app, secret, "GET", "/api/team/players")).status).toBe(401);
  });

  it("a head coach who deletes their account (and their team with it) leaves no token behind", async () => {
    const team = await signUpCoach(app, "Larks");
    const made = await team.client.post<CreatedApiTokenResponse>(TOKENS, { name: "Web site", scope: "read" });
    expect((await team.client.request("DELETE", "/api/me", { json: { password: PASSWORD } })).status).toBe(204);
    const left = await database.db.selectFrom("api_tokens").select("id").where("id", "=", made.body.token.id).execute();
    expect(left).toEqual([]);
    expect((await withToken(app, made.body.secret, "GET", "/api/team/players")).status).toBe(401);
  });

  it(`a token is limited to ${API_TOKEN_LIMIT} requests a minute; the 429 says when to come back`, async () => {
    const { secret } = await makeToken("read");
    const { secret: second } = await makeToken("read");
    for (let i = 0; i < API_TOKEN_LIMIT; i++) {
      const res = await withToken(app, secret, "GET", "/api/team/rules");
      if (res.status !== 200) throw new Error(`request ${i + 1} answered ${res.status}`);
    }
    const over = await withToken(app, secret, "GET", "/api/team/rules");
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("rate_limited");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // Per token: another token of the same team, from the same address, is not held back.
    expect((await withToken(app, second, "GET", "/api/team/rules")).status).toBe(200);
  });

  it(`a team holds at most ${MAX_API_TOKENS_PER_TEAM} tokens`, async () => {
    const team = await signUpCoach(app, "Wrens");
    for (let i = 0; i < MAX_API_TOKENS_PER_TEAM; i++) {
      expect((await team.client.post(TOKENS, { name: `Token ${i}`, scope: "read" })).status).toBe(201);
    }
    const over = await team.client.post(TOKENS, { name: "One more", scope: "read" });
    expect([over.status, over.body.error.code]).toEqual([409, "too_many_tokens"]);
  });

  it("the OpenAPI document describes the bearerToken scheme on exactly the operations that take a token", async () => {
    const doc = (await new TestClient(app).get("/api/openapi.json")).body;
    expect(doc.components.securitySchemes[BEARER_SCHEME]).toMatchObject({ type: "http", scheme: "bearer" });
    const withBearer: string[] = [];
    for (const [path, item] of Object.entries<Record<string, { security?: Record<string, string[]>[] }>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (op.security?.some((s) => BEARER_SCHEME in s)) withBearer.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(withBearer.sort()).toEqual([...TOKEN_OPERATIONS].sort());
    expect(doc.paths[TOKENS].post.operationId).toBe("createApiToken");
  });
});
