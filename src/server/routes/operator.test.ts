import { randomUUID } from "node:crypto";
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
import type { OperatorMessagesResponse, OperatorTeamsResponse, OperatorUsageResponse } from "#domain/api/operator.js";

type App = ReturnType<typeof createTestApp>["app"];

const OPERATOR_EMAIL = uniqueEmail("operator");
const ENDPOINTS: [string, string][] = [
  ["GET", "/api/operator/messages"],
  ["POST", "/api/operator/messages/some-id/handled"],
  ["GET", "/api/operator/teams"],
  ["GET", "/api/operator/usage"],
];

/*
 * The operator area (docs/product.md §2 "Operator", decision 0014): the AUTHZ matrix shows every normal caller
 * gets 404; here an account listed in OPERATOR_EMAILS (a coach of their own team, whose role is unchanged) uses it.
 */
describe.each(testEngines())("the operator's endpoints on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let operator: TestClient;
  let operatorTeamId: string;

  beforeAll(async () => {
    database = await create();
    // Listed in another case with spaces: the comparison is on the trimmed lower-case address.
    ({ app } = createTestApp(database, { operatorEmails: [OPERATOR_EMAIL.toLowerCase()] }));
    operator = new TestClient(app);
    const res = await operator.post("/api/signup", {
      role: "coach",
      fullName: "Olive Operator",
      email: OPERATOR_EMAIL.toUpperCase(),
      password: PASSWORD,
      teamName: "Operators United",
    });
    expect(res.status).toBe(201);
    expect(res.body.user.operator).toBe(true);
    operatorTeamId = res.body.user.team.id;
  });
  afterAll(async () => database?.cleanup());

  it("the session says operator: true for the operator only; their role stays coach", async () => {
    expect((await operator.get("/api/session")).body).toEqual({ signedIn: true, role: "coach", operator: true });
    expect((await operator.get("/api/me")).body.user).toMatchObject({ role: "coach", operator: true });
    const coach = await signUpCoach(app, "Ordinary");
    expect((await coach.client.get("/api/session")).body).toEqual({ signedIn: true, role: "coach", operator: false });
    expect((await coach.client.get("/api/me")).body.user.operator).toBe(false);
    expect((await new TestClient(app).get("/api/session")).body).toEqual({
      signedIn: false,
      role: null,
      operator: false,
    });
  });

  it("everyone else gets the 404 of a path that does not exist, signed out included, before the input is read", async () => {
    const coach = await signUpCoach(app, "Curious");
    const player = await signUpPlayer(app, coach.me.team!.code);
    for (const client of [new TestClient(app), coach.client, player.client]) {
      for (const [method, path] of ENDPOINTS) {
        const res = await client.request(method, path, method === "POST" ? { json: { anything: true } } : {});
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toEqual({
          error: { code: "not_found", message: "No such API endpoint.", requestId: res.headers.get("x-request-id") },
        });
      }
    }
    const missing = await coach.client.get("/api/operator/nothing-here");
    expect(missing.body).toEqual({
      error: { code: "not_found", message: "No such API endpoint.", requestId: missing.headers.get("x-request-id") },
    });
  });

  it("lists contact messages newest first and marks one handled (once; an unknown id is 404)", async () => {
    const visitor = new TestClient(app);
    let sentAt = 0;
    for (const text of ["First question about leagues", "Second question about pricing"]) {
      // Newest first is by the time a message was stored, to the millisecond: two in the same millisecond have no
      // order, so the second is sent once the clock has moved past the first's answer.
      while (Date.now() <= sentAt) await new Promise((resolve) => setImmediate(resolve));
      expect(
        (await visitor.post("/api/contact", { name: "Vera Visitor", email: "vera@example.com", message: text })).status,
      ).toBe(201);
      sentAt = Date.now();
    }
    const list = await operator.get<OperatorMessagesResponse>("/api/operator/messages");
    expect(list.status).toBe(200);
    expect(list.body.messages.slice(0, 2).map((m) => m.message)).toEqual([
      "Second question about pricing",
      "First question about leagues",
    ]);
    expect(list.body.unhandled).toBe(2);
    const target = list.body.messages[1]!;
    expect(target).toMatchObject({ name: "Vera Visitor", email: "vera@example.com", handledAt: null });

    const marked = await operator.post(`/api/operator/messages/${target.id}/handled`);
    expect(marked.status).toBe(200);
    expect(marked.body.message).toMatchObject({ id: target.id, handledAt: expect.stringMatching(/^\d{4}-/) });
    const again = await operator.post(`/api/operator/messages/${target.id}/handled`);
    expect(again.body.message.handledAt).toBe(marked.body.message.handledAt);
    expect((await operator.get<OperatorMessagesResponse>("/api/operator/messages")).body.unhandled).toBe(1);
    expect((await operator.post(`/api/operator/messages/${randomUUID()}/handled`)).status).toBe(404);
  });

  it("lists every team with coaches, players, sessions, events and last activity, most recently active first", async () => {
    const busy = await signUpCoach(app, "Busy Bees");
    const player = await signUpPlayer(app, busy.me.team!.code);
    const session = await busy.client.post("/api/team/sessions", {
      kind: "practice",
      date: new Date().toISOString().slice(0, 10),
    });
    expect(session.status).toBe(201);
    const events = [1, 2].map(() => ({
      id: randomUUID(),
      playerId: player.me.id,
      eventType: "Flag Pull",
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
    }));
    expect((await busy.client.post("/api/team/events", { events })).status).toBe(200);
    const quiet = await signUpCoach(app, "Quiet Owls");

    const res = await operator.get<OperatorTeamsResponse>("/api/operator/teams");
    expect(res.status).toBe(200);
    const teams = res.body.teams;
    expect(teams[0]).toMatchObject({ id: busy.me.team!.id, name: "Busy Bees", coaches: 1, sessions: 1, events: 2 });
    expect(teams[0]!.players).toBeGreaterThanOrEqual(1);
    expect(teams[0]!.lastActivityAt).toMatch(/^\d{4}-/);
    const owls = teams.find((t) => t.id === quiet.me.team!.id)!;
    expect(owls).toMatchObject({ coaches: 1, players: 0, sessions: 0, events: 0, lastActivityAt: null });
    expect(teams.map((t) => t.id)).toContain(operatorTeamId);
  });

  it("usage: accounts, teams, events and snaps of the last 7 and 30 days, and the database's size", async () => {
    const res = await operator.get<OperatorUsageResponse>("/api/operator/usage");
    expect(res.status).toBe(200);
    const accounts = await database.db.selectFrom("user").select("id").execute();
    const teams = await database.db.selectFrom("teams").select("id").execute();
    const events = await database.db.selectFrom("events").select("id").execute();
    expect(res.body).toMatchObject({
      accounts: accounts.length,
      teams: teams.length,
      events: { last7Days: events.length, last30Days: events.length },
      snaps: { last7Days: 0, last30Days: 0 },
      engine: database.engine,
    });
    expect(res.body.databaseBytes).toBeGreaterThan(0);
  });
});
