import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import {
  createTestApp,
  PASSWORD,
  signUpAssistant,
  signUpCoach,
  signUpPlayer,
  TestClient,
  uniqueEmail,
} from "#tests/server/support/test-client.js";
import { WRONG_CODE_LIMIT } from "../http/rate-limit.js";

type App = ReturnType<typeof createTestApp>["app"];

const JOIN = "/api/me/join";

describe.each(testEngines())("joining a team again on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
  });
  afterAll(async () => database?.cleanup());

  async function removedPlayer(teamName: string) {
    const head = await signUpCoach(app, teamName);
    const player = await signUpPlayer(app, head.me.team!.code, { fullName: "Robin Returner" });
    const event = {
      id: randomUUID(),
      playerId: player.me.id,
      eventType: "Catch",
      yards: 12,
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
    };
    expect((await head.client.post("/api/team/events", { events: [event] })).status).toBe(200);
    expect((await head.client.delete(`/api/team/players/${player.me.id}`)).status).toBe(204);
    return { head, player };
  }

  it("a removed player's session has no team and names the one they left; player requests are refused", async () => {
    const { player } = await removedPlayer("Leavers");
    const me = (await player.client.get("/api/me")).body.user;
    expect(me.team).toBeNull();
    expect(me.formerTeam).toEqual({ name: "Leavers", leftAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect((await player.client.get("/api/me/dashboard")).status).toBe(403);
  });

  it("the removed player rejoins with the team code (any case, spaces): on the roster again, old events back", async () => {
    const { head, player } = await removedPlayer("Comebacks");
    const code = head.me.team!.code;
    const res = await player.client.post(JOIN, { code: ` ${code.toLowerCase().slice(0, 3)} ${code.slice(3)} ` });
    expect(res.status).toBe(200);
    expect(res.body.user.team).toMatchObject({ id: head.me.team!.id, name: "Comebacks", coachInviteCode: null });
    expect(res.body.user.formerTeam).toBeNull();
    expect((await player.client.get("/api/me")).body.user.team.id).toBe(head.me.team!.id);

    // Their events never left the team (they are kept per player and team): on the roster again, they count.
    const kept = await database.db
      .selectFrom("events")
      .select("id")
      .where("player_id", "=", player.me.id)
      .where("team_id", "=", head.me.team!.id)
      .execute();
    expect(kept).toHaveLength(1);
    // A team-code join may wait for the coach's confirmation (docs/product.md §11), rejoining included.
    if (!res.body.user.waitingForCoach) {
      const detail = await head.client.get(`/api/team/players/${player.me.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.eventCount).toBe(1);
    }
    // Once on a team, joining again is a conflict, and nothing moves.
    const again = await player.client.post(JOIN, { code });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("You are already on a team.");
  });

  it("a removed assistant coach rejoins with the coach invite code, as an assistant; a team code does not work for them", async () => {
    const head = await signUpCoach(app, "Staffroom");
    const { client: assistant, me: assistantMe } = await signUpAssistant(
      app,
      head.me.team!.coachInviteCode!,
      "Ash Assistant",
    );
    const id = assistantMe.id;
    expect((await head.client.delete(`/api/team/coaches/${id}`)).status).toBe(204);
    expect((await assistant.get("/api/me")).body.user.formerTeam).toMatchObject({ name: "Staffroom" });

    const wrongKind = await assistant.post(JOIN, { code: head.me.team!.code });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error).toMatchObject({
      code: "unknown_coach_invite",
      fields: { code: "No team has this coach invite code. Ask your head coach for it." },
    });
    const res = await assistant.post(JOIN, { code: head.me.team!.coachInviteCode });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ role: "coach", coachRole: "assistant", team: { id: head.me.team!.id } });
    expect((await assistant.get("/api/team/dashboard")).status).toBe(200);
  });

  it("a removed player may join another team with its code; a wrong code is a 400 by field", async () => {
    const { player } = await removedPlayer("First Club");
    const other = await signUpCoach(app, "Second Club");
    const wrong = await player.client.post(JOIN, { code: "ZZZZZZ" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: "unknown_team_code",
      fields: { code: "No team has this code. Check it with your coach." },
    });
    const blank = await player.client.post(JOIN, { code: "  " });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ code: "Enter the code." });
    const res = await player.client.post(JOIN, { code: other.me.team!.code });
    expect(res.status).toBe(200);
    expect(res.body.user.team.name).toBe("Second Club");
  });

  it("signed out: 401", async () => {
    expect((await new TestClient(app).post(JOIN, { code: "ABCDEF" })).status).toBe(401);
  });
});

describe.each(testEngines())("wrong codes at join count against sign-up's limit on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database, { authRateLimit: 1000 }));
  });
  afterAll(async () => database?.cleanup());

  it(`after ${WRONG_CODE_LIMIT} wrong codes the address is locked out of joining and of sign-up alike`, async () => {
    const head = await signUpCoach(app, "Lockers");
    const player = await signUpPlayer(app, head.me.team!.code);
    expect((await head.client.delete(`/api/team/players/${player.me.id}`)).status).toBe(204);
    for (let i = 0; i < WRONG_CODE_LIMIT; i++) {
      expect((await player.client.post(JOIN, { code: `WRONG${i}` })).status).toBe(400);
    }
    const locked = await player.client.post(JOIN, { code: head.me.team!.code });
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
    const signup = await new TestClient(app).post("/api/signup", {
      role: "player",
      fullName: "Blocked Newcomer",
      email: uniqueEmail("blocked"),
      password: PASSWORD,
      teamCode: head.me.team!.code,
      jerseyNumber: 3,
      primaryPosition: "wr",
    });
    expect(signup.status).toBe(429);
    expect((await player.client.get("/api/me")).body.user.team).toBeNull();
  });
});
