import { anEvent } from "#tests/server/support/logger-fixtures.js";
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

const ROSTER = "/api/team/roster";
const player = (fullName: string, jerseyNumber: number | null, primaryPosition = "wr", positions: string[] = []) => ({
  fullName,
  jerseyNumber,
  primaryPosition,
  positions,
});

describe.each(testEngines())("the coach's roster on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
  });
  afterAll(async () => database?.cleanup());

  const patch = (client: TestClient, path: string, json: unknown) => client.request("PATCH", path, { json });

  it("adds a player without an account: on the roster unclaimed with an invite, on the team's lists, no email", async () => {
    const { client: coach } = await signUpCoach(app, "Adders");
    const added = await coach.post(ROSTER, player("Riley Runner", 22, "rb", ["wr", "rb"]));
    expect(added.status).toBe(201);
    expect(added.body.player).toMatchObject({
      fullName: "Riley Runner",
      jerseyNumber: 22,
      primaryPosition: "rb",
      positions: ["rb", "wr"],
      claimed: false,
      confirmed: true,
      request: null,
      inviteToken: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    });
    const roster = await coach.get(ROSTER);
    expect(roster.body.players).toEqual([added.body.player]);
    expect(JSON.stringify(roster.body)).not.toContain("roster.invalid");
    const players = await coach.get("/api/team/players");
    expect(players.body.players.map((p: { name: string }) => p.name)).toEqual(["Riley Runner"]);
    // Nobody can sign in as the row: it has no credential account.
    const rows = await database.db
      .selectFrom("account")
      .select("id")
      .where("userId", "=", added.body.player.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("refuses a jersey number a teammate wears with a 409 naming them, also when two coaches add at once", async () => {
    const { client: coach } = await signUpCoach(app, "Clashers");
    expect((await coach.post(ROSTER, player("Avery Arm", 12, "qb"))).status).toBe(201);
    const clash = await coach.post(ROSTER, player("Blake Back", 12));
    expect(clash.status).toBe(409);
    expect(clash.body.error).toEqual({
      code: "jersey_taken",
      message: "#12 is already Avery Arm's number on this team.",
      fields: { jerseyNumber: "#12 is already Avery Arm's number on this team." },
      requestId: clash.headers.get("x-request-id"),
    });
    const both = await Promise.all([
      coach.post(ROSTER, player("Casey One", 30)),
      coach.post(ROSTER, player("Casey Two", 30)),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = both.find((r) => r.status === 409)!;
    expect(loser.body.error.fields.jerseyNumber).toMatch(/^#30 is already Casey (One|Two)'s number/);
    // Players without a number never clash.
    expect((await coach.post(ROSTER, player("No Number", null))).status).toBe(201);
    expect((await coach.post(ROSTER, player("No Number Two", null))).status).toBe(201);
  });

  it("imports all players or none, with the failing row's field named", async () => {
    const { client: coach } = await signUpCoach(app, "Importers");
    await coach.post(ROSTER, player("Dana Deep", 9, "safety"));
    const clash = await coach.post(`${ROSTER}/import`, {
      players: [player("Eli End", 1, "te"), player("Fox Free", 9, "cb")],
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.fields).toEqual({
      "players.1.jerseyNumber": "#9 is already Dana Deep's number on this team.",
    });
    const twice = await coach.post(`${ROSTER}/import`, {
      players: [player("Gale One", 4), player("Gale Two", 4)],
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.fields["players.1.jerseyNumber"]).toBe("#4 is already Gale One's number on this team.");
    const invalid = await coach.post(`${ROSTER}/import`, {
      players: [player("Hal Hands", 2), { fullName: " ", jerseyNumber: 100, primaryPosition: "goalie" }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toMatchObject({
      "players.1.fullName": "Full name is required.",
      "players.1.jerseyNumber": "Jersey number must be between 0 and 99.",
      "players.1.primaryPosition": "Choose one of the ten positions.",
    });
    expect((await coach.get(ROSTER)).body.players).toHaveLength(1);
    const garbled = await coach.post(`${ROSTER}/import`, { players: [player("Ren\uFFFDe Lef\uFFFDvre", 5)] });
    expect(garbled.status).toBe(400);
    expect(garbled.body.error.fields["players.0.fullName"]).toMatch(/could not be read/);
    expect((await coach.get(ROSTER)).body.players).toHaveLength(1);

    const ok = await coach.post(`${ROSTER}/import`, {
      players: [
        player("Eli End", 1, "te"),
        player("Fox Free", 3, "cb", ["safety"]),
        player("Gus Guard", null, "center"),
      ],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.players.map((p: { fullName: string }) => p.fullName)).toEqual(["Eli End", "Fox Free", "Gus Guard"]);
    expect((await coach.get(ROSTER)).body.players).toHaveLength(4);
    expect((await coach.post(`${ROSTER}/import`, { players: [] })).status).toBe(400);
  });

  it("the coach edits name, jersey and positions; another team's player is 404 like an unknown one", async () => {
    const { client: coach } = await signUpCoach(app, "Editors");
    const { client: other } = await signUpCoach(app, "Others");
    const a = (await coach.post(ROSTER, player("Ivy Iron", 5, "lb"))).body.player;
    await coach.post(ROSTER, player("Jo Jet", 6, "wr"));
    const edited = await patch(coach, `${ROSTER}/${a.id}`, {
      fullName: "Ivy Irons",
      jerseyNumber: 8,
      primaryPosition: "cb",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.player).toMatchObject({
      fullName: "Ivy Irons",
      jerseyNumber: 8,
      primaryPosition: "cb",
      positions: ["cb", "lb"],
    });
    const clash = await patch(coach, `${ROSTER}/${a.id}`, { jerseyNumber: 6 });
    expect(clash.status).toBe(409);
    expect(clash.body.error.fields.jerseyNumber).toBe("#6 is already Jo Jet's number on this team.");
    expect((await patch(coach, `${ROSTER}/${a.id}`, { jerseyNumber: 8 })).status).toBe(200);
    expect((await patch(coach, `${ROSTER}/${a.id}`, {})).status).toBe(400);
    const foreign = await patch(other, `${ROSTER}/${a.id}`, { fullName: "Stolen" });
    const unknown = await patch(other, `${ROSTER}/no-such-player`, { fullName: "Stolen" });
    expect(foreign.status).toBe(404);
    // The same answer but for the request's own id.
    expect(foreign.body).toEqual({ error: { ...unknown.body.error, requestId: foreign.headers.get("x-request-id") } });
    expect((await other.post(`${ROSTER}/${a.id}/invite`)).status).toBe(404);
  });

  it("a player claims their row through the invite link once: signed in, on the roster as claimed", async () => {
    const { client: coach, me } = await signUpCoach(app, "Claimers");
    const row = (await coach.post(ROSTER, player("Kai Keeper", 17, "qb"))).body.player;
    const firstToken = row.inviteToken as string;
    const renewed = await coach.post(`${ROSTER}/${row.id}/invite`);
    expect(renewed.status).toBe(200);
    const token = renewed.body.inviteToken as string;
    expect(token).not.toBe(firstToken);
    const visitor = new TestClient(app, "10.1.1.1");
    expect((await visitor.get(`/api/claim/${firstToken}`)).status).toBe(404);

    const info = await visitor.get(`/api/claim/${token}`);
    expect(info.body).toEqual({
      teamName: "Claimers",
      fullName: "Kai Keeper",
      jerseyNumber: 17,
      primaryPosition: "qb",
    });
    const coachEmail = me.email;
    const taken = await visitor.post(`/api/claim/${token}`, { email: coachEmail, password: PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.email).toMatch(/already exists/);
    expect((await visitor.post(`/api/claim/${token}`, { email: "kai@example.com", password: "short" })).status).toBe(
      400,
    );

    const email = uniqueEmail("kai");
    const claimed = await visitor.post(`/api/claim/${token}`, { email: email.toUpperCase(), password: PASSWORD });
    expect(claimed.status).toBe(201);
    expect(claimed.body).toMatchObject({
      signedIn: true,
      user: { id: row.id, email, fullName: "Kai Keeper", role: "player" },
    });
    expect((await visitor.get("/api/me")).body.user).toMatchObject({
      id: row.id,
      jerseyNumber: 17,
      waitingForCoach: false,
    });

    const again = await new TestClient(app, "10.1.1.2").post(`/api/claim/${token}`, {
      email: uniqueEmail("thief"),
      password: PASSWORD,
    });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("invite_not_found");
    const signIn = await new TestClient(app).post("/api/session", { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const entry = (await coach.get(ROSTER)).body.players.find((p: { id: string }) => p.id === row.id);
    expect(entry).toMatchObject({ claimed: true, inviteToken: null });
    expect((await coach.post(`${ROSTER}/${row.id}/invite`)).status).toBe(409);
  });

  it("a team-code sign-up waits for the coach: off the lists until confirmed; declining removes them", async () => {
    const { client: coach, me } = await signUpCoach(app, "Waiters");
    await coach.post(ROSTER, player("Lee Lead", 7));
    // #7 is Lee's: sign-up refuses it (roster-waiting.test.ts), and Max signs up without a number.
    const waiting = await signUpPlayer(app, me.team!.code, { fullName: "Max Maybe", waiting: true });
    const stranger = await signUpPlayer(app, me.team!.code, { fullName: "Ned Nobody", jerseyNumber: 3, waiting: true });
    expect(waiting.me.waitingForCoach).toBe(true);
    expect(waiting.me.jerseyNumber).toBeNull();
    const roster = (await coach.get(ROSTER)).body.players;
    expect(
      roster
        .slice(0, 2)
        .map((p: { fullName: string }) => p.fullName)
        .sort(),
    ).toEqual(["Max Maybe", "Ned Nobody"]);
    expect(roster.find((p: { fullName: string }) => p.fullName === "Max Maybe")).toMatchObject({
      confirmed: false,
      claimed: true,
      request: null,
    });
    const names = async () => (await coach.get("/api/team/players")).body.players.map((p: { name: string }) => p.name);
    expect(await names()).toEqual(["Lee Lead"]);
    expect((await waiting.client.get("/api/me/dashboard")).status).toBe(200);
    // Nothing can be logged for a player the coach has not confirmed, not even through the API.
    const early = await coach.post("/api/team/events", { events: [anEvent(waiting.me.id, { eventType: "Catch" })] });
    expect(early.status).toBe(400);
    expect(early.body.error.fields).toEqual({ "events.0.playerId": "This player is not on your team." });

    const confirmed = await coach.post(`${ROSTER}/${waiting.me.id}/confirmation`, { decision: "confirm" });
    expect(confirmed.status).toBe(200);
    expect((await names()).sort()).toEqual(["Lee Lead", "Max Maybe"]);
    expect((await waiting.client.get("/api/me")).body.user.waitingForCoach).toBe(false);
    expect((await coach.post(`${ROSTER}/${waiting.me.id}/confirmation`, { decision: "decline" })).status).toBe(409);

    const declined = await coach.post(`${ROSTER}/${stranger.me.id}/confirmation`, { decision: "decline" });
    expect(declined.status).toBe(204);
    expect((await stranger.client.get("/api/me")).body.user.team).toBeNull();
    expect((await coach.get(ROSTER)).body.players.map((p: { fullName: string }) => p.fullName)).not.toContain(
      "Ned Nobody",
    );
    expect((await coach.post(`${ROSTER}/${stranger.me.id}/confirmation`, { decision: "confirm" })).status).toBe(404);
  });

  it("a player's jersey and position changes are requests the coach approves or declines", async () => {
    const { client: coach, me } = await signUpCoach(app, "Requesters");
    await coach.post(ROSTER, player("Oz Other", 10, "cb"));
    const { client, me: p } = await signUpPlayer(app, me.team!.code, {
      fullName: "Pia Pass",
      jerseyNumber: 4,
      primaryPosition: "lb",
      positions: ["cb"],
    });
    const taken = await patch(client, "/api/profile", { jerseyNumber: 10 });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.jerseyNumber).toBe("#10 is already Oz Other's number on this team.");

    const asked = await patch(client, "/api/profile", {
      jerseyNumber: 12,
      primaryPosition: "cb",
      fullName: "Pia Passer",
    });
    expect(asked.status).toBe(200);
    expect(asked.body.profile).toMatchObject({
      fullName: "Pia Passer",
      jerseyNumber: 4,
      primaryPosition: "lb",
      request: { jerseyNumber: 12, primaryPosition: "cb" },
    });
    const scoreBefore = (await coach.get("/api/team/players")).body.players.find((x: { id: string }) => x.id === p.id);
    expect(scoreBefore.position).toBe("lb");

    const approved = await coach.post(`${ROSTER}/${p.id}/request`, { decision: "approve" });
    expect(approved.status).toBe(200);
    expect(approved.body.player).toMatchObject({
      jerseyNumber: 12,
      primaryPosition: "cb",
      positions: ["cb", "lb"],
      request: null,
    });
    expect((await coach.post(`${ROSTER}/${p.id}/request`, { decision: "approve" })).status).toBe(409);

    await patch(client, "/api/profile", { primaryPosition: "safety" });
    const declined = await coach.post(`${ROSTER}/${p.id}/request`, { decision: "decline" });
    expect(declined.body.player).toMatchObject({ primaryPosition: "cb", request: null });
    expect((await client.get("/api/profile")).body.profile.request).toBeNull();

    // Asking for what they have withdraws the request.
    await patch(client, "/api/profile", { jerseyNumber: 20 });
    const back = await patch(client, "/api/profile", { jerseyNumber: 12 });
    expect(back.body.profile.request).toBeNull();
  });
});
