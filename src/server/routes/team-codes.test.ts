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
import { CODE_ALPHABET, createTeam, getTeam, rotateTeamCode } from "../db/teams.js";

const ROTATE = "/api/team/codes/rotate";
const codeOf = (length: number) => new RegExp(`^[${CODE_ALPHABET}]{${length}}$`);

describe.each(testEngines())("rotating a team's codes on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
  });
  afterAll(async () => database?.cleanup());

  const joinAsPlayer = (teamCode: string) =>
    new TestClient(app).post("/api/signup", {
      role: "player",
      fullName: "Late Joiner",
      email: uniqueEmail("joiner"),
      password: PASSWORD,
      teamCode,
      jerseyNumber: 4,
      primaryPosition: "wr",
    });
  const joinAsAssistant = (coachInviteCode: string) =>
    new TestClient(app).post("/api/signup", {
      role: "coach",
      fullName: "Late Assistant",
      email: uniqueEmail("late-assistant"),
      password: PASSWORD,
      coachInviteCode,
    });

  it("the head coach replaces the team code: the old one no longer joins, the new one does, members stay", async () => {
    const { client: head, me } = await signUpCoach(app, "Rotators");
    const member = await signUpPlayer(app, me.team!.code);
    const oldCode = me.team!.code;

    const rotated = await head.post(ROTATE, { which: "team" });
    expect(rotated.status).toBe(200);
    const team = rotated.body.team;
    expect(team).toEqual({
      id: me.team!.id,
      code: expect.stringMatching(codeOf(6)),
      coachInviteCode: me.team!.coachInviteCode,
    });
    expect(team.code).not.toBe(oldCode);

    const refused = await joinAsPlayer(oldCode);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("unknown_team_code");
    expect((await joinAsPlayer(team.code.toLowerCase())).status).toBe(201);

    expect((await head.get("/api/me")).body.user.team).toMatchObject({ code: team.code });
    expect((await member.client.get("/api/me")).body.user.team).toMatchObject({ id: me.team!.id, code: team.code });
  });

  it("the head coach replaces the coach invite code; the team code stays", async () => {
    const { client: head, me } = await signUpCoach(app, "Invite Rotators");
    const rotated = await head.post(ROTATE, { which: "coach" });
    expect(rotated.status).toBe(200);
    const team = rotated.body.team;
    expect(team.code).toBe(me.team!.code);
    expect(team.coachInviteCode).toMatch(codeOf(8));
    expect(team.coachInviteCode).not.toBe(me.team!.coachInviteCode);

    const refused = await joinAsAssistant(me.team!.coachInviteCode!);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("unknown_coach_invite");
    expect((await joinAsAssistant(team.coachInviteCode)).status).toBe(201);
  });

  it("an assistant coach and a player get 403, signed out 401, bad input 400; the codes do not change", async () => {
    const { client: head, me } = await signUpCoach(app, "Guarded Codes");
    const assistant = new TestClient(app);
    const joined = await assistant.post("/api/signup", {
      role: "coach",
      fullName: "Assistant Only",
      email: uniqueEmail("assistant-only"),
      password: PASSWORD,
      coachInviteCode: me.team!.coachInviteCode,
    });
    expect(joined.status).toBe(201);
    const player = await signUpPlayer(app, me.team!.code);

    for (const which of ["team", "coach"]) {
      const denied = await assistant.post(ROTATE, { which });
      expect(denied.status).toBe(403);
      expect(denied.body.error.code).toBe("forbidden");
      expect((await player.client.post(ROTATE, { which })).status).toBe(403);
      expect((await new TestClient(app).post(ROTATE, { which })).status).toBe(401);
    }
    // The role is checked before the input: an assistant learns nothing from a bad body either.
    expect((await assistant.post(ROTATE, { which: "everything" })).status).toBe(403);
    for (const body of [{}, { which: "everything" }, { which: "TEAM" }, { which: ["team"] }]) {
      const bad = await head.post(ROTATE, body);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("invalid_input");
    }
    const team = await getTeam(database.db, me.team!.id);
    expect({ code: team!.teamCode, coachInviteCode: team!.coachInviteCode }).toEqual({
      code: me.team!.code,
      coachInviteCode: me.team!.coachInviteCode,
    });
  });

  it("a new code another team holds is drawn again; a missing team is null", async () => {
    const taken = await createTeam(database.db, { name: "Holders" });
    const mine = await createTeam(database.db, { name: "Rotating" });
    const draws = [taken.teamCode, mine.teamCode, "ZZZZ22"];
    const rotated = await rotateTeamCode(database.db, mine.id, "team", () => draws.shift()!);
    expect(rotated?.teamCode).toBe("ZZZZ22");
    expect(draws).toEqual([]);
    expect((await getTeam(database.db, taken.id))?.teamCode).toBe(taken.teamCode);
    expect(await rotateTeamCode(database.db, "no-such-team", "coach")).toBeNull();
  });
});
