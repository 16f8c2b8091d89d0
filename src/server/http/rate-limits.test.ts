import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import {
  createTestApp,
  PASSWORD,
  signUpCoach,
  TestClient,
  uniqueEmail,
  type TestResponse,
} from "#tests/server/support/test-client.js";
import { TOO_MANY_ATTEMPTS } from "../routes/auth-session.js";
import { UNKNOWN_COACH_INVITE, UNKNOWN_TEAM_CODE } from "../routes/signup.js";
import { TOO_MANY_MESSAGES, TOO_MANY_WRONG_CODES, WRONG_CODE_LIMIT } from "./rate-limit.js";

/*
 * Issue 14 item 1: team codes and coach invite codes cannot be guessed. Every sign-up attempt counts per address
 * before a code is looked up (AUTH_RATE_LIMIT per minute), wrong codes lock the address out of sign-up for 15
 * minutes, and the counts live in the database, so several app servers share them. The contact form's limit too.
 */

type App = ReturnType<typeof createTestApp>["app"];

const player = (teamCode: string) => ({
  role: "player",
  fullName: "Guessing Gus",
  email: uniqueEmail("guess"),
  password: PASSWORD,
  teamCode,
  // No number: many of these join one team, and sign-up refuses a number a player of it wears (docs/product.md §11).
  primaryPosition: "wr",
  positions: [],
});
const assistant = (coachInviteCode: string) => ({
  role: "coach",
  fullName: "Guessing Gail",
  email: uniqueEmail("guess"),
  password: PASSWORD,
  coachInviteCode,
});
const headCoach = () => ({
  role: "coach",
  fullName: "Hopeful Hank",
  email: uniqueEmail("guess"),
  password: PASSWORD,
  teamName: "Guessers",
});

/** A code no team has: the alphabet's 0 and 1 never appear in a generated code. */
const wrongCode = (i: number) => `WRONG${String(i).padStart(5, "0")}`.replace(/[01]/g, "Z") + i.toString(36);

function expectRetryAfter(res: TestResponse, min: number, max: number) {
  expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  const seconds = Number(res.headers.get("retry-after"));
  expect(seconds).toBeGreaterThanOrEqual(min);
  expect(seconds).toBeLessThanOrEqual(max);
}

describe.each(testEngines())("sign-up and contact limits, kept in the database, on $engine", ({ create }) => {
  let database: TestDatabase;
  let teamCode: string;
  let inviteCode: string;

  beforeAll(async () => {
    database = await create();
    const { me } = await signUpCoach(createTestApp(database).app, "Code Keepers");
    teamCode = me.team!.code;
    inviteCode = me.team!.coachInviteCode!;
  });
  afterAll(async () => database?.cleanup());

  const accounts = async () => (await database.db.selectFrom("profiles").select("user_id").execute()).length;
  /** Ends an address's windows as if their time had passed (the per-minute one, the lockout, or both). */
  async function endWindows(ip: string, names: string[]) {
    await database.db
      .updateTable("request_limits")
      .set({ reset_at: Date.now() - 1 })
      .where(
        "key",
        "in",
        names.map((name) => `${name}:${ip}`),
      )
      .execute();
  }

  it("1,200 wrong-code sign-ups from one address (default AUTH_RATE_LIMIT 10): 429 after the tenth, none succeeds", async () => {
    const { app } = createTestApp(database, { authRateLimit: 10 });
    const client = new TestClient(app, "10.40.0.1");
    const before = await accounts();
    const statuses: number[] = [];
    for (let i = 0; i < 1_200; i++) {
      // Every hundredth attempt carries the real code: once limited, it is refused like the rest.
      const res = await client.post("/api/signup", player(i % 100 === 99 ? teamCode : wrongCode(i)));
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(await accounts()).toBe(before);
  });

  it("without the per-minute limit in the way, the wrong-code lockout stops the guessing after ten", async () => {
    const { app } = createTestApp(database, { authRateLimit: 100_000 });
    const client = new TestClient(app, "10.40.0.2");
    const before = await accounts();
    const statuses: number[] = [];
    for (let i = 0; i < 1_000; i++) {
      const body = i % 2 ? assistant(wrongCode(i)) : player(i % 100 === 98 ? teamCode : wrongCode(i));
      statuses.push((await client.post("/api/signup", body)).status);
    }
    expect(statuses.slice(0, WRONG_CODE_LIMIT)).toEqual(Array(WRONG_CODE_LIMIT).fill(400));
    expect(statuses.slice(WRONG_CODE_LIMIT).every((s) => s === 429)).toBe(true);
    expect(await accounts()).toBe(before);
  });

  it("a wrong code counts before it is looked up: after AUTH_RATE_LIMIT wrong codes, the right one is refused", async () => {
    const { app } = createTestApp(database, { authRateLimit: 3 });
    const client = new TestClient(app, "10.40.0.3");
    const first = await client.post("/api/signup", player(wrongCode(1)));
    expect(first.status).toBe(400);
    expect(first.body.error).toMatchObject({ code: "unknown_team_code", fields: { teamCode: UNKNOWN_TEAM_CODE } });
    const second = await client.post("/api/signup", assistant(wrongCode(2)));
    expect(second.body.error).toMatchObject({ code: "unknown_coach_invite", message: UNKNOWN_COACH_INVITE });
    expect((await client.post("/api/signup", player(wrongCode(3)))).status).toBe(400);
    const limited = await client.post("/api/signup", player(teamCode));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: { code: "rate_limited", message: TOO_MANY_ATTEMPTS, requestId: limited.headers.get("x-request-id") },
    });
    expectRetryAfter(limited, 1, 60);
    expect(limited.headers.getSetCookie()).toEqual([]);
    // Another address goes on.
    expect((await new TestClient(app, "10.40.0.4").post("/api/signup", player(teamCode))).status).toBe(201);
  });

  it("ten wrong codes lock the address out of every sign-up for 15 minutes, after the minute has passed too", async () => {
    const ip = "10.40.0.5";
    const { app } = createTestApp(database, { authRateLimit: 1_000 });
    const client = new TestClient(app, ip);
    for (let i = 0; i < WRONG_CODE_LIMIT; i++) {
      expect((await client.post("/api/signup", player(wrongCode(i)))).status).toBe(400);
    }
    for (const body of [player(teamCode), assistant(inviteCode), headCoach()]) {
      const res = await client.post("/api/signup", body);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        error: { code: "rate_limited", message: TOO_MANY_WRONG_CODES, requestId: res.headers.get("x-request-id") },
      });
      expectRetryAfter(res, 15 * 60 - 30, 15 * 60);
    }
    // The per-minute window ends: still locked out.
    await endWindows(ip, ["signup"]);
    expect((await client.post("/api/signup", player(teamCode))).status).toBe(429);
    // The lockout ends: the right code works again.
    await endWindows(ip, ["signup", "signup-code"]);
    expect((await client.post("/api/signup", player(teamCode))).status).toBe(201);
    expect((await new TestClient(app, "10.40.0.6").post("/api/signup", headCoach())).status).toBe(201);
  });

  it("right codes do not count toward the lockout: a whole team joins from one address", async () => {
    const { app } = createTestApp(database, { authRateLimit: 1_000 });
    const client = new TestClient(app, "10.40.0.7");
    expect((await client.post("/api/signup", player(wrongCode(1)))).status).toBe(400);
    for (let i = 0; i < 2 * WRONG_CODE_LIMIT; i++) {
      const res = await client.post("/api/signup", i % 5 ? player(teamCode) : assistant(inviteCode));
      expect(res.status, `sign-up ${i}`).toBe(201);
    }
  });

  it("two app servers on one database share the counts, and parallel guesses cannot slip past", async () => {
    const a = createTestApp(database, { authRateLimit: 4 }).app;
    const b = createTestApp(database, { authRateLimit: 4 }).app;
    const ip = "10.40.0.8";
    expect((await new TestClient(a, ip).post("/api/signup", player(wrongCode(1)))).status).toBe(400);
    expect((await new TestClient(b, ip).post("/api/signup", player(wrongCode(2)))).status).toBe(400);
    expect((await new TestClient(a, ip).post("/api/signup", player(wrongCode(3)))).status).toBe(400);
    expect((await new TestClient(b, ip).post("/api/signup", player(wrongCode(4)))).status).toBe(400);
    expect((await new TestClient(a, ip).post("/api/signup", player(teamCode))).status).toBe(429);
    expect((await new TestClient(b, ip).post("/api/signup", player(teamCode))).status).toBe(429);

    // 60 guesses at once, spread over both servers: exactly the allowed ten are looked up.
    const apps: App[] = [
      createTestApp(database, { authRateLimit: 1_000 }).app,
      createTestApp(database, { authRateLimit: 1_000 }).app,
    ];
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        new TestClient(apps[i % 2]!, "10.40.0.9").post("/api/signup", player(wrongCode(i))),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(WRONG_CODE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - WRONG_CODE_LIMIT);
  });

  it("behind TRUST_PROXY=1, a rotated forged X-Forwarded-For does not escape the sign-up limits", async () => {
    const { app } = createTestApp(database, { authRateLimit: 1_000, trustProxy: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await new TestClient(app, "10.0.0.1").request("POST", "/api/signup", {
        json: player(wrongCode(i)),
        headers: { "x-forwarded-for": `198.51.100.${i}, 203.0.113.90` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, WRONG_CODE_LIMIT)).toEqual(Array(WRONG_CODE_LIMIT).fill(400));
    expect(statuses.slice(WRONG_CODE_LIMIT).every((s) => s === 429)).toBe(true);
  });

  it("the contact limit is kept in the database: two app servers share it", async () => {
    const a = createTestApp(database, { contactRateLimit: 3 }).app;
    const b = createTestApp(database, { contactRateLimit: 3 }).app;
    const ip = "10.40.1.1";
    const message = (n: number) => ({
      name: "Shared Sam",
      email: "sam@example.com",
      message: `Shared message number ${n}, from two servers.`,
    });
    expect((await new TestClient(a, ip).post("/api/contact", message(1))).status).toBe(201);
    expect((await new TestClient(b, ip).post("/api/contact", message(2))).status).toBe(201);
    expect((await new TestClient(a, ip).post("/api/contact", message(3))).status).toBe(201);
    const limited = await new TestClient(b, ip).post("/api/contact", message(4));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: { code: "rate_limited", message: TOO_MANY_MESSAGES, requestId: limited.headers.get("x-request-id") },
    });
    expectRetryAfter(limited, 3_500, 3_600);
    const row = await database.db
      .selectFrom("request_limits")
      .selectAll()
      .where("key", "=", `contact:${ip}`)
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(4);
    const stored = await database.db
      .selectFrom("contact_messages")
      .select("message")
      .where("email", "=", "sam@example.com")
      .execute();
    expect(stored).toHaveLength(3);
    expect((await new TestClient(b, "10.40.1.2").post("/api/contact", message(5))).status).toBe(201);
  });

  it("AUTH_RATE_LIMIT=0 turns the sign-up limits off, as before", async () => {
    const { app } = createTestApp(database, { authRateLimit: 0 });
    const client = new TestClient(app, "10.40.2.1");
    for (let i = 0; i < 2 * WRONG_CODE_LIMIT; i++) {
      expect((await client.post("/api/signup", player(wrongCode(i)))).status).toBe(400);
    }
    expect((await client.post("/api/signup", player(teamCode))).status).toBe(201);
  });
});
