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
    expect(refused.body.error).toEqual({ code: "jersey_taken", message, fields: { jerseyNumber: message } });
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
});
