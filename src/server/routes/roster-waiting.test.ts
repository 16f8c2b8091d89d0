import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anEvent } from "#tests/server/support/logger-fixtures.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import {
  createTestApp,
  PASSWORD,
  signUpCoach,
  signUpPlayer,
  TestClient,
  uniqueEmail,
} from "#tests/server/support/test-client.js";

/*
 * Players who joined with the team code and wait for the coach (docs/product.md §11): what sign-up says about a
 * taken jersey number, and what the waiting player's own dashboard answers.
 */

const ROSTER = "/api/team/roster";

describe.each(testEngines())("waiting players on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
  });
  afterAll(async () => database?.cleanup());

  const signUp = (teamCode: string, email: string, jerseyNumber?: number) =>
    new TestClient(app).post("/api/signup", {
      role: "player",
      fullName: "Noah Berg",
      email,
      password: PASSWORD,
      teamCode,
      ...(jerseyNumber === undefined ? {} : { jerseyNumber }),
      primaryPosition: "center",
      positions: [],
    });

  it("sign-up refuses a jersey number a player of the team wears, makes no account, and takes none", async () => {
    const { client: coach, me } = await signUpCoach(app, "Jersey Checkers");
    expect((await coach.post(ROSTER, { fullName: "Lee Lead", jerseyNumber: 64, primaryPosition: "wr" })).status).toBe(
      201,
    );
    const email = uniqueEmail("noah");
    const refused = await signUp(me.team!.code, email, 64);
    expect(refused.status).toBe(409);
    const message = "#64 is already taken on this team. Choose another number, or leave it empty.";
    expect(refused.body.error).toEqual({
      code: "jersey_taken",
      message,
      fields: { jerseyNumber: message },
      requestId: refused.headers.get("x-request-id"),
    });
    // Nothing was made: the address cannot sign in, and can sign up again.
    expect((await new TestClient(app).post("/api/session", { email, password: PASSWORD })).status).toBe(401);
    expect((await coach.get(ROSTER)).body.players.map((p: { fullName: string }) => p.fullName)).toEqual(["Lee Lead"]);

    const joined = await signUp(me.team!.code, email);
    expect(joined.status).toBe(201);
    expect(joined.body.user).toMatchObject({ jerseyNumber: null, waitingForCoach: true });
    const entry = (await coach.get(ROSTER)).body.players.find((p: { fullName: string }) => p.fullName === "Noah Berg");
    // No request the coach's Approve would fail on.
    expect(entry).toMatchObject({ jerseyNumber: null, confirmed: false, request: null });

    // A free number is taken as before.
    const other = await signUp(me.team!.code, uniqueEmail("free"), 65);
    expect(other.status).toBe(201);
    expect(other.body.user.jerseyNumber).toBe(65);
  });

  it("a waiting player's dashboard says they wait, with their chosen position and no rank, until confirmed", async () => {
    const { client: coach, me } = await signUpCoach(app, "Dashboard Waiters");
    const waiting = await signUpPlayer(app, me.team!.code, {
      fullName: "Noah Berg",
      jerseyNumber: 64,
      primaryPosition: "center",
      waiting: true,
    });
    const before = await waiting.client.get("/api/me/dashboard");
    expect(before.status).toBe(200);
    expect(before.body.waitingForCoach).toBe(true);
    expect(before.body.summary).toMatchObject({
      name: "Noah Berg",
      position: "center",
      positionGroup: "offense",
      jerseyNumber: 64,
      teamRanking: null,
      performanceScore: 0,
    });

    expect((await coach.post(`${ROSTER}/${waiting.me.id}/confirmation`, { decision: "confirm" })).status).toBe(200);
    const after = await waiting.client.get("/api/me/dashboard");
    expect(after.body.waitingForCoach).toBe(false);
    expect(after.body.summary).toMatchObject({ position: "center", teamRanking: 1 });
    // The same summary the coach's roster shows.
    const listed = (await coach.get("/api/team/players")).body.players.find(
      (p: { id: string }) => p.id === waiting.me.id,
    );
    expect(after.body.summary).toEqual(listed);
  });

  it("merging a waiting sign-up into an unclaimed place gives the account that place and keeps its history", async () => {
    const { client: coach, me } = await signUpCoach(app, "Mergers");
    const row = (await coach.post(ROSTER, { fullName: "Noah Berg", jerseyNumber: 64, primaryPosition: "center" })).body
      .player;
    const passer = (await coach.post(ROSTER, { fullName: "Ada Arm", jerseyNumber: 7, primaryPosition: "qb" })).body
      .player;
    // The row's history: two plays, a snap it caught, a present mark at a game.
    expect((await coach.post("/api/team/events", { events: [anEvent(row.id), anEvent(row.id)] })).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const game = (await coach.post("/api/team/sessions", { kind: "game", date: today, opponent: "Gulls" })).body
      .session;
    const snap = {
      id: randomUUID(),
      sessionId: game.id,
      period: 1,
      occurredAt: new Date(Date.now() - 30_000).toISOString(),
      detail: { kind: "pass", passerId: passer.id, targetId: row.id, result: "complete", yards: 12 },
    };
    expect((await coach.post("/api/team/snaps", { snaps: [snap] })).status).toBe(200);
    const marks = { marks: [{ playerId: row.id, present: true }] };
    expect((await coach.request("PUT", `/api/team/sessions/${game.id}/attendance`, { json: marks })).status).toBe(200);
    const before = (await coach.get("/api/team/players")).body.players.find((p: { id: string }) => p.id === row.id);
    expect(before.eventCount).toBeGreaterThanOrEqual(3);

    // Noah signs up with the team code (64 is the row's, so no number) and logs a workout while waiting.
    const email = uniqueEmail("noah");
    const signed = await signUp(me.team!.code, email);
    expect(signed.status).toBe(201);
    const noah = new TestClient(app);
    expect((await noah.post("/api/session", { email, password: PASSWORD })).status).toBe(200);
    const waitingId = signed.body.user.id as string;
    const workout = { date: today, activityType: "Catching", durationMinutes: 20, intensity: 7, notes: "Jugs machine" };
    expect((await noah.post("/api/me/training-logs", workout)).status).toBe(201);

    const merged = await coach.post(`${ROSTER}/${waitingId}/confirmation`, { decision: "merge", into: row.id });
    expect(merged.status).toBe(200);
    expect(merged.body.player).toMatchObject({
      id: row.id,
      fullName: "Noah Berg",
      jerseyNumber: 64,
      primaryPosition: "center",
      claimed: true,
      inviteToken: null,
      confirmed: true,
    });

    // One Noah on the roster, nobody waiting; the place's numbers are what they were.
    const roster = (await coach.get(ROSTER)).body.players;
    expect(roster.filter((p: { fullName: string }) => p.fullName === "Noah Berg")).toHaveLength(1);
    expect(roster.some((p: { confirmed: boolean }) => !p.confirmed)).toBe(false);
    const after = (await coach.get("/api/team/players")).body.players.find((p: { id: string }) => p.id === row.id);
    expect(after).toEqual(before);

    // The browser Noah signed in with is the place now, and so is a new sign-in with the same email and password.
    const mine = (await noah.get("/api/me")).body.user;
    expect(mine).toMatchObject({ id: row.id, email, jerseyNumber: 64, waitingForCoach: false });
    const dashboard = (await noah.get("/api/me/dashboard")).body;
    expect(dashboard.summary).toEqual(after);
    expect(dashboard.waitingForCoach).toBe(false);
    expect(dashboard.thisWeek.logs.map((l: { activityType: string }) => l.activityType)).toEqual(["Catching"]);
    const again = new TestClient(app);
    expect((await again.post("/api/session", { email, password: PASSWORD })).body.user.id).toBe(row.id);
    // The sign-up's own user is gone, and the invite link with the claim.
    const left = await database.db.selectFrom("user").select("id").where("id", "=", waitingId).execute();
    expect(left).toEqual([]);
    expect((await new TestClient(app).get(`/api/claim/${row.inviteToken}`)).status).toBe(404);
  });

  it("refuses a merge into a claimed place, of a confirmed player, across teams, and without a place", async () => {
    const { client: coach, me } = await signUpCoach(app, "Refusers");
    const { client: otherCoach } = await signUpCoach(app, "Strangers");
    const foreign = (await otherCoach.post(ROSTER, { fullName: "Far Away", jerseyNumber: 1, primaryPosition: "wr" }))
      .body.player;
    const place = (await coach.post(ROSTER, { fullName: "Open Place", jerseyNumber: 2, primaryPosition: "wr" })).body
      .player;
    const claimed = await signUpPlayer(app, me.team!.code, { fullName: "Cleo Claimed", jerseyNumber: 3 });
    const waiting = await signUpPlayer(app, me.team!.code, { fullName: "Wes Waiting", jerseyNumber: 4, waiting: true });
    const merge = (id: string, into?: string) =>
      coach.post(`${ROSTER}/${id}/confirmation`, { decision: "merge", ...(into ? { into } : {}) });

    const intoClaimed = await merge(waiting.me.id, claimed.me.id);
    expect(intoClaimed.status).toBe(409);
    expect(intoClaimed.body.error.code).toBe("already_claimed");
    const ofConfirmed = await merge(claimed.me.id, place.id);
    expect(ofConfirmed.status).toBe(409);
    expect(ofConfirmed.body.error.code).toBe("not_waiting");
    expect((await merge(waiting.me.id, foreign.id)).status).toBe(404);
    expect(
      (await otherCoach.post(`${ROSTER}/${waiting.me.id}/confirmation`, { decision: "merge", into: foreign.id }))
        .status,
    ).toBe(404);
    const noPlace = await merge(waiting.me.id);
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.error.fields).toEqual({ into: "Choose the roster place to merge into." });
    // Nothing changed: Wes still waits, the place is still open.
    const roster = (await coach.get(ROSTER)).body.players;
    expect(roster.find((p: { id: string }) => p.id === waiting.me.id)).toMatchObject({ confirmed: false });
    expect(roster.find((p: { id: string }) => p.id === place.id)).toMatchObject({ claimed: false });
  });
});
