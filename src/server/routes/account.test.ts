import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import {
  createTestApp,
  PASSWORD,
  signUpCoach,
  signUpPlayer,
  TestClient,
  uniqueEmail,
} from "#tests/server/support/test-client.js";
import { EMAIL_TAKEN, UNKNOWN_COACH_INVITE, UNKNOWN_TEAM_CODE } from "./signup.js";
import { INVALID_CREDENTIALS } from "./auth-session.js";

describe.each(testEngines())("accounts and sessions on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
  });
  afterAll(async () => database?.cleanup());

  async function userCount() {
    const row = await database.db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it("health says which database is in use", async () => {
    const res = await new TestClient(app).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: database.engine });
  });

  it("a head coach signs up, creates a team and sees both codes", async () => {
    const { client, me } = await signUpCoach(app, "Riverside Falcons");
    expect(me).toMatchObject({ role: "coach", coachRole: "head", fullName: "Casey Coach" });
    expect(me.team?.name).toBe("Riverside Falcons");
    expect(me.team?.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(me.team?.coachInviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(me.team?.coachInviteCode).not.toBe(me.team?.code);
    const again = await client.get("/api/me");
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(me.id);
  });

  it("the session cookie is HttpOnly and SameSite=Lax", async () => {
    const client = new TestClient(app);
    const res = await client.post("/api/signup", {
      role: "coach",
      fullName: "Cookie Coach",
      email: uniqueEmail(),
      password: PASSWORD,
      teamName: "Cookies",
    });
    const session = res.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it("a player joins with the team code (any case), with jersey and positions", async () => {
    const { me: coach } = await signUpCoach(app);
    const { me } = await signUpPlayer(app, ` ${coach.team!.code.toLowerCase()} `, {
      jerseyNumber: 12,
      primaryPosition: "qb",
      positions: ["wr", "qb"],
    });
    expect(me).toMatchObject({ role: "player", coachRole: null, jerseyNumber: 12, primaryPosition: "qb" });
    expect(me.positions).toEqual(["qb", "wr"]);
    expect(me.team).toMatchObject({ id: coach.team!.id, code: coach.team!.code, coachInviteCode: null });
  });

  it("an unknown team code is refused beside the field, and nothing is created", async () => {
    const before = await userCount();
    const res = await new TestClient(app).post("/api/signup", {
      role: "player",
      fullName: "Lost Player",
      email: uniqueEmail(),
      password: PASSWORD,
      teamCode: "NOPE99",
      jerseyNumber: 3,
      primaryPosition: "cb",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.teamCode).toBe(UNKNOWN_TEAM_CODE);
    expect(await userCount()).toBe(before);
  });

  it("a team code alone never makes a coach; the coach invite code makes an assistant coach", async () => {
    const { me: head } = await signUpCoach(app);
    const withTeamCode = await new TestClient(app).post("/api/signup", {
      role: "coach",
      fullName: "Sneaky",
      email: uniqueEmail(),
      password: PASSWORD,
      coachInviteCode: head.team!.code,
    });
    expect(withTeamCode.status).toBe(400);
    expect(withTeamCode.body.error.fields.coachInviteCode).toBe(UNKNOWN_COACH_INVITE);

    const assistant = await new TestClient(app).post("/api/signup", {
      role: "coach",
      fullName: "Alex Assistant",
      email: uniqueEmail(),
      password: PASSWORD,
      coachInviteCode: head.team!.coachInviteCode,
    });
    expect(assistant.status).toBe(201);
    expect(assistant.body.user).toMatchObject({ role: "coach", coachRole: "assistant" });
    expect(assistant.body.user.team).toMatchObject({ id: head.team!.id, coachInviteCode: null });
  });

  it("field errors come back by field with the error shape", async () => {
    const res = await new TestClient(app).post("/api/signup", {
      role: "player",
      fullName: "",
      email: "not-an-email",
      password: "short",
      teamCode: "ABCDEF",
      jerseyNumber: 140,
      primaryPosition: "goalie",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_input");
    expect(Object.keys(res.body.error.fields).sort()).toEqual(
      ["email", "fullName", "jerseyNumber", "password", "primaryPosition"].sort(),
    );
    expect(res.body.error.fields.password).toBe("Password must be at least 8 characters.");
  });

  it("a taken email gets 409 and the first account is untouched", async () => {
    const email = uniqueEmail();
    const first = await new TestClient(app).post("/api/signup", {
      role: "coach",
      fullName: "First",
      email,
      password: PASSWORD,
      teamName: "One",
    });
    expect(first.status).toBe(201);
    const second = await new TestClient(app).post("/api/signup", {
      role: "coach",
      fullName: "Second",
      email,
      password: "another-password",
      teamName: "Two",
    });
    expect(second.status).toBe(409);
    expect(second.body.error.fields.email).toBe(EMAIL_TAKEN);
    const signIn = await new TestClient(app).post("/api/session", { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.fullName).toBe("First");
  });

  it("wrong password and unknown email get the same generic answer", async () => {
    const email = uniqueEmail();
    await new TestClient(app).post("/api/signup", {
      role: "coach",
      fullName: "Known",
      email,
      password: PASSWORD,
      teamName: "Known",
    });
    const wrongPassword = await new TestClient(app).post("/api/session", { email, password: "wrong-password" });
    const unknownEmail = await new TestClient(app).post("/api/session", {
      email: uniqueEmail("ghost"),
      password: "wrong-password",
    });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: {
          code: "invalid_credentials",
          message: INVALID_CREDENTIALS,
          requestId: res.headers.get("x-request-id"),
        },
      });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("logout revokes the session on the server, not just the cookie", async () => {
    const { client } = await signUpCoach(app);
    const stolenCookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    expect((await client.get("/api/me")).status).toBe(200);
    const out = await client.delete("/api/session");
    expect(out.status).toBe(204);
    // The cached team reads (private, no-cache, ETag) leave the browser's disk with the session.
    expect(out.headers.get("clear-site-data")).toBe('"cache"');
    expect((await client.get("/api/me")).status).toBe(401);
    const replay = await new TestClient(app).request("GET", "/api/me", { headers: { cookie: stolenCookie } });
    expect(replay.status).toBe(401);
  });

  it("GET /api/session answers 200 for everyone: signed out, as a coach, as a player, and after logout", async () => {
    const anonymous = await new TestClient(app).get("/api/session");
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ signedIn: false, role: null, operator: false });
    expect(anonymous.headers.get("cache-control")).toBe("no-store");

    const { client: coach, me } = await signUpCoach(app, "Session State");
    expect((await coach.get("/api/session")).body).toEqual({ signedIn: true, role: "coach", operator: false });
    const { client: player } = await signUpPlayer(app, me.team!.code);
    expect((await player.get("/api/session")).body).toEqual({ signedIn: true, role: "player", operator: false });

    await coach.delete("/api/session");
    expect((await coach.get("/api/session")).body).toEqual({ signedIn: false, role: null, operator: false });
  });

  it("signed out, /api/me is 401 with the error shape", async () => {
    const res = await new TestClient(app).get("/api/me");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthenticated");
  });
});

describe.each(testEngines())("request hygiene on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database, { contactRateLimit: 3, authRateLimit: 3 }).app;
  });
  afterAll(async () => database?.cleanup());

  it("malformed JSON is a 400 with the error shape", async () => {
    const res = await new TestClient(app).request("POST", "/api/session", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_input", message: "The request body is not valid JSON." });
  });

  it("a body that is not JSON is a 415", async () => {
    const res = await new TestClient(app).request("POST", "/api/contact", {
      body: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("unsupported_media_type");
  });

  it("an oversized body is a 413", async () => {
    const res = await new TestClient(app).post("/api/contact", {
      name: "Big",
      email: "big@example.com",
      message: "x".repeat(300_000),
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });

  it("a write from another site's page is refused", async () => {
    const res = await new TestClient(app).request("POST", "/api/contact", {
      json: { name: "Evil", email: "evil@example.com", message: "Hello from elsewhere" },
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("bad_origin");
  });

  it("unknown API paths are a 404 with the error shape", async () => {
    const res = await new TestClient(app).get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });

  it("security headers are on every answer", async () => {
    const res = await new TestClient(app).get("/api/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("the contact form stores the message and is rate limited per address", async () => {
    const client = new TestClient(app, "10.1.1.1");
    const message = { name: "Morgan Parent", email: "morgan@example.com", message: "Do you support 5v5 leagues?" };
    for (let i = 0; i < 3; i++) expect((await client.post("/api/contact", message)).status).toBe(201);
    const limited = await client.post("/api/contact", message);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect((await new TestClient(app, "10.2.2.2").post("/api/contact", message)).status).toBe(201);
    const stored = await database.db.selectFrom("contact_messages").selectAll().execute();
    expect(stored).toHaveLength(4);
    expect(stored[0]).toMatchObject({ name: "Morgan Parent", email: "morgan@example.com" });
  });

  it("contact validation speaks by field", async () => {
    const res = await new TestClient(app, "10.3.3.3").post("/api/contact", { name: "", email: "x", message: "hi" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(["email", "message", "name"]);
  });

  it("sign-in is rate limited per address", async () => {
    const client = new TestClient(app, "10.9.9.9");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await client.post("/api/session", { email: "nobody@example.com", password: "whatever-1" })).status,
      );
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    const other = await new TestClient(app, "10.8.8.8").post("/api/session", {
      email: "nobody@example.com",
      password: "whatever-1",
    });
    expect(other.status).toBe(401);
  });

  it("serves an OpenAPI document listing every endpoint", async () => {
    const res = await new TestClient(app).get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/session", "/api/me", "/api/signup", "/api/contact"]),
    );
    expect(res.body.paths["/api/signup"].post.requestBody.content["application/json"].schema).toBeDefined();
  });
});
