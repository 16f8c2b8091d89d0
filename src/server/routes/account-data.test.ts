import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkIntegrity } from "#server/db/integrity.js";
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
import { linkIn, startSmtpPeer, type SmtpPeer } from "#tests/server/support/smtp-peer.js";
import { CONFIRM_LINK_INVALID } from "./account-email.js";
import { EMAIL_TAKEN_ELSEWHERE, MUST_HAND_OVER, WRONG_PASSWORD } from "./account-texts.js";
import type { CreatedApiTokenResponse } from "#domain/api/api-tokens.js";

type App = ReturnType<typeof createTestApp>;

describe.each(testEngines())("my account: email, export, deletion on $engine", ({ create }) => {
  let database: TestDatabase;
  let peer: SmtpPeer;
  let mailApp: App;
  let plainApp: App;

  beforeAll(async () => {
    database = await create();
    peer = await startSmtpPeer();
    mailApp = createTestApp(database, { mail: { smtpUrl: peer.url, from: "noreply@flagline.test", contactTo: null } });
    plainApp = createTestApp(database);
  });
  afterAll(async () => {
    await peer?.close();
    await database?.cleanup();
  });

  const signIn = (app: App, email: string, password = PASSWORD) =>
    new TestClient(app.app).post("/api/session", { email, password });

  /** The head coach makes an API token (docs/product.md §11 "API tokens"). */
  async function makeToken(coach: TestClient, name: string, scope: "read" | "write") {
    const res = await coach.post<CreatedApiTokenResponse>("/api/team/api-tokens", { name, scope });
    expect(res.status).toBe(201);
    return res.body;
  }

  /** A read with only the token, no cookie: 200 while it works, 401 once it is gone. */
  const readWithToken = (app: App, secret: string) =>
    new TestClient(app.app).request("GET", "/api/team/players", { headers: { authorization: `Bearer ${secret}` } });

  const tokenRows = (userId: string) =>
    database.db.selectFrom("api_tokens").select("id").where("user_id", "=", userId).execute();

  /** A team with a game: the player caught a pass (event), was marked present, got feedback and logged a workout. */
  async function teamWithData(app: App) {
    const coach = await signUpCoach(app.app, "Harbor Hawks");
    const player = await signUpPlayer(app.app, coach.me.team!.code, { fullName: "Quinn Catcher" });
    const other = await signUpPlayer(app.app, coach.me.team!.code, { fullName: "Remy Thrower", jerseyNumber: 12 });
    const today = new Date().toISOString().slice(0, 10);
    const session = await coach.client.post("/api/team/sessions", { kind: "game", date: today, opponent: "Gulls" });
    expect(session.status).toBe(201);
    const sessionId = session.body.session.id as string;
    const at = new Date(Date.now() - 60_000).toISOString();
    const snap = {
      id: randomUUID(),
      sessionId,
      period: 1,
      occurredAt: at,
      detail: { kind: "pass", passerId: other.me.id, targetId: player.me.id, result: "complete", yards: 12 },
    };
    expect((await coach.client.post("/api/team/snaps", { snaps: [snap] })).status).toBe(200);
    const marks = { marks: [{ playerId: player.me.id, present: true }] };
    expect(
      (await coach.client.request("PUT", `/api/team/sessions/${sessionId}/attendance`, { json: marks })).status,
    ).toBe(200);
    const feedback = { category: "Technique", body: "Great hands on the out route." };
    expect((await coach.client.post(`/api/team/players/${player.me.id}/feedback`, feedback)).status).toBe(201);
    const log = { date: today, activityType: "Catching", durationMinutes: 30, intensity: 6, notes: "Jugs machine" };
    expect((await player.client.post("/api/me/training-logs", log)).status).toBe(201);
    return { coach, player, other, sessionId, snapId: snap.id };
  }

  it("change email without mail: the password is asked, a taken email is 409, then it applies at once", async () => {
    const { client, me } = await signUpCoach(plainApp.app);
    const taken = (await signUpCoach(plainApp.app)).me.email;
    const newEmail = uniqueEmail("moved");
    const wrong = await client.post("/api/me/email", { newEmail, password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: "wrong_password", fields: { password: WRONG_PASSWORD } });
    const clash = await client.post("/api/me/email", { newEmail: taken.toUpperCase(), password: PASSWORD });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe(EMAIL_TAKEN_ELSEWHERE);
    const same = await client.post("/api/me/email", { newEmail: me.email, password: PASSWORD });
    expect(same.status).toBe(400);

    const done = await client.post("/api/me/email", { newEmail, password: PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: "changed", email: newEmail });
    expect((await client.get("/api/me")).body.user.email).toBe(newEmail);
    expect((await signIn(plainApp, newEmail)).status).toBe(200);
    expect((await signIn(plainApp, me.email)).status).toBe(401);
  });

  it("change email with mail: a link goes to the new address; the change applies when it is opened, once", async () => {
    const { client, me } = await signUpCoach(mailApp.app);
    const newEmail = uniqueEmail("confirm");
    const res = await client.post("/api/me/email", { newEmail, password: PASSWORD });
    expect(res.body).toEqual({ status: "confirm", email: newEmail });
    // Not yet: the old address still signs in.
    expect((await client.get("/api/me")).body.user.email).toBe(me.email);
    const mail = await peer.waitFor((m) => m.to.includes(newEmail));
    const link = linkIn(mail);
    expect(link.pathname).toBe("/confirm-email");
    const token = link.searchParams.get("token")!;
    const anyone = new TestClient(mailApp.app);
    const confirmed = await anyone.post("/api/me/email/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: "changed", email: newEmail });
    expect((await client.get("/api/me")).body.user.email).toBe(newEmail);
    const again = await anyone.post("/api/me/email/confirm", { token });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(CONFIRM_LINK_INVALID);
  });

  it("once an email change applies, the old address is told, with how to get help", async () => {
    const { client, me } = await signUpCoach(mailApp.app);
    const newEmail = uniqueEmail("taken-over");
    expect((await client.post("/api/me/email", { newEmail, password: PASSWORD })).status).toBe(200);
    const token = linkIn(await peer.waitFor((m) => m.to.includes(newEmail))).searchParams.get("token")!;
    // Nothing goes to the old address while the change is only asked for.
    await mailApp.services.mailer!.idle();
    expect(peer.messages.filter((m) => m.to.includes(me.email))).toEqual([]);

    expect((await new TestClient(mailApp.app).post("/api/me/email/confirm", { token })).status).toBe(200);
    const notice = await peer.waitFor((m) => m.to.includes(me.email));
    expect(notice.to).toEqual([me.email]);
    expect(notice.subject).toBe("Your Flagline login email was changed");
    expect(notice.text).toContain(`now logs in with ${newEmail}`);
    expect(notice.text).toContain("If you did not, someone else may be using your account.");
    expect(notice.text).toContain("http://localhost:3000/contact");
    expect(notice.text).not.toContain(token);
  });

  it("a confirmation link for an address someone took in the meantime is refused with 409", async () => {
    const { client } = await signUpCoach(mailApp.app);
    const newEmail = uniqueEmail("race");
    await client.post("/api/me/email", { newEmail, password: PASSWORD });
    const token = linkIn(await peer.waitFor((m) => m.to.includes(newEmail))).searchParams.get("token")!;
    const other = await signUpCoach(plainApp.app);
    expect((await other.client.post("/api/me/email", { newEmail, password: PASSWORD })).status).toBe(200);
    expect((await new TestClient(mailApp.app).post("/api/me/email/confirm", { token })).status).toBe(409);
  });

  it("export: a JSON attachment of everything about the caller, and nothing secret", async () => {
    const { player, coach, snapId } = await teamWithData(plainApp);
    const site = await makeToken(coach.client, "Club web site", "read");
    const scorer = await makeToken(coach.client, "Scoring app", "write");
    expect((await readWithToken(plainApp, site.secret)).status).toBe(200);
    const made = await coach.client.post("/api/team/schedule", {
      kind: "game",
      date: "2031-05-10",
      startTime: "10:00",
      opponent: "Gulls",
      homeAway: "away",
    });
    expect(made.status).toBe(201);
    const eventId = made.body.events[0].id as string;
    const answered = await player.client.request("PUT", `/api/team/schedule/${eventId}/answers/${player.me.id}`, {
      json: { answer: "maybe", note: "Back from camp that morning" },
    });
    expect(answered.status).toBe(200);
    const res = await player.client.get("/api/me/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="flagline-my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = res.body;
    expect(data.account).toMatchObject({ id: player.me.id, email: player.me.email, name: "Quinn Catcher" });
    expect(data.profile).toMatchObject({ role: "player", full_name: "Quinn Catcher", jersey_number: 7 });
    expect(data.profile).not.toHaveProperty("claim_token");
    expect(data.team).toMatchObject({ id: coach.me.team!.id, name: "Harbor Hawks" });
    expect(data.events.map((e: { event_type: string }) => e.event_type)).toContain("Catch");
    expect(data.attendance).toEqual([expect.objectContaining({ present: true, opponent: "Gulls" })]);
    expect(data.snaps).toEqual([expect.objectContaining({ id: snapId, role: expect.any(String) })]);
    expect(data.trainingLogs).toEqual([expect.objectContaining({ notes: "Jugs machine" })]);
    expect(data.feedbackReceived).toEqual([expect.objectContaining({ body: "Great hands on the out route." })]);
    expect(data.feedbackGiven).toEqual([]);
    expect(data.apiTokens).toEqual([]);
    expect(data.mailPreferences).toEqual({ reminders: true, changes: true, digest: true, announcements: true });
    expect(data.scheduleAnswers).toEqual([
      {
        event_id: eventId,
        kind: "game",
        local_date: "2031-05-10",
        start_time: "10:00",
        opponent: "Gulls",
        answer: "maybe",
        note: "Back from camp that morning",
        answered_at: expect.any(String),
        by_coach: false,
      },
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(coach.me.team!.code);
    expect(text).not.toContain(coach.me.team!.coachInviteCode!);
    expect(text).not.toMatch(/password|session_token|\$scrypt|hash/i);

    const coachExport = (await coach.client.get("/api/me/export")).body;
    expect(coachExport.feedbackGiven).toEqual([expect.objectContaining({ player_name: "Quinn Catcher" })]);
    // The coach's API tokens: what they are, never the token or its fingerprint.
    const teamId = coach.me.team!.id;
    const byName = [...coachExport.apiTokens].sort((a: { name: string }, b: { name: string }) =>
      a.name.localeCompare(b.name),
    );
    expect(byName).toEqual([
      {
        id: site.token.id,
        team_id: teamId,
        name: "Club web site",
        scope: "read",
        created_at: site.token.createdAt,
        last_used_at: expect.any(String),
      },
      {
        id: scorer.token.id,
        team_id: teamId,
        name: "Scoring app",
        scope: "write",
        created_at: scorer.token.createdAt,
        last_used_at: null,
      },
    ]);
    const coachText = JSON.stringify(coachExport);
    for (const secret of [site.secret, scorer.secret]) {
      expect(coachText).not.toContain(secret);
      expect(coachText).not.toContain(createHash("sha256").update(secret, "utf8").digest("hex"));
    }
    expect(coachText).not.toMatch(/flt_|token_hash|hash|secret/i);
  });

  it("deleting a player: what goes is shown first; the password is asked; their numbers leave the team's", async () => {
    const { player, coach } = await teamWithData(plainApp);
    const plan = await player.client.get("/api/me/deletion");
    expect(plan.body).toMatchObject({
      role: "player",
      mustHandOver: false,
      deletesTeam: false,
      events: 1,
      attendance: 1,
      trainingLogs: 1,
      feedback: 1,
      apiTokens: 0,
    });
    const wrong = await player.client.request("DELETE", "/api/me", { json: { password: "nope-nope" } });
    expect(wrong.status).toBe(400);
    expect((await player.client.get("/api/me")).status).toBe(200);

    const heard: string[] = [];
    plainApp.services.hub.subscribe(coach.me.team!.id, (change) => heard.push(change.kind));
    const res = await player.client.request("DELETE", "/api/me", { json: { password: PASSWORD } });
    expect(res.status).toBe(204);
    expect(heard.sort()).toEqual(["events", "roster"]);
    expect((await player.client.get("/api/me")).status).toBe(401);
    expect((await signIn(plainApp, player.me.email)).status).toBe(401);
    const roster = await coach.client.get("/api/team/players");
    expect(JSON.stringify(roster.body)).not.toContain(player.me.id);
    const left = await database.db.selectFrom("events").select("id").where("player_id", "=", player.me.id).execute();
    expect(left).toEqual([]);
    // The snap stays in the game; the counters and the remaining snap events still agree.
    const report = await checkIntegrity(database.db);
    expect(report.drift).toEqual([]);
    expect(report.snapMismatches).toEqual([]);
  });

  it("a head coach with another coach must hand over first (409); alone, they take the team with them", async () => {
    const { coach, player } = await teamWithData(plainApp);
    const { secret } = await makeToken(coach.client, "Club web site", "read");
    const { client: assistant } = await signUpAssistant(plainApp.app, coach.me.team!.coachInviteCode!);
    expect((await coach.client.get("/api/me/deletion")).body).toMatchObject({ mustHandOver: true, deletesTeam: false });
    const refused = await coach.client.request("DELETE", "/api/me", { json: { password: PASSWORD } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(MUST_HAND_OVER);

    // The assistant may leave; then the head coach is alone and the team goes with them.
    expect((await assistant.request("DELETE", "/api/me", { json: { password: PASSWORD } })).status).toBe(204);
    const plan = (await coach.client.get("/api/me/deletion")).body;
    expect(plan).toMatchObject({
      mustHandOver: false,
      deletesTeam: true,
      teamName: "Harbor Hawks",
      teamMembersLeft: 2,
      apiTokens: 1,
    });
    expect((await readWithToken(plainApp, secret)).status).toBe(200);
    expect((await coach.client.request("DELETE", "/api/me", { json: { password: PASSWORD } })).status).toBe(204);
    expect(await tokenRows(coach.me.id)).toEqual([]);
    expect((await readWithToken(plainApp, secret)).status).toBe(401);
    const team = await database.db.selectFrom("teams").select("id").where("id", "=", coach.me.team!.id).execute();
    expect(team).toEqual([]);
    // The players keep their accounts, without a team.
    const me = await player.client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user.team).toBeNull();
    expect((await checkIntegrity(database.db)).drift).toEqual([]);
  });

  it("a coach whose team stays: their API tokens are counted, then deleted with the account and answer 401", async () => {
    const { coach: formerHead } = await teamWithData(plainApp);
    const teamId = formerHead.me.team!.id;
    const kept = await makeToken(formerHead.client, "Club web site", "read");
    const scorer = await makeToken(formerHead.client, "Scoring app", "write");
    // They hand the team over: their tokens keep working, and their account can go without the team.
    const head = await signUpAssistant(plainApp.app, formerHead.me.team!.coachInviteCode!, "Nia Newhead");
    expect((await formerHead.client.post(`/api/team/coaches/${head.me.id}/head`)).status).toBe(200);
    const ownToken = await makeToken(head.client, "Newhead's sheet", "read");
    expect((await readWithToken(plainApp, scorer.secret)).status).toBe(200);
    expect((await formerHead.client.get("/api/me/deletion")).body).toMatchObject({
      role: "coach",
      coachRole: "assistant",
      mustHandOver: false,
      deletesTeam: false,
      apiTokens: 2,
    });
    expect((await head.client.get("/api/me/deletion")).body).toMatchObject({ apiTokens: 1 });

    const res = await formerHead.client.request("DELETE", "/api/me", { json: { password: PASSWORD } });
    expect(res.status).toBe(204);
    // Gone by the user's foreign key (the team stays), and no longer accepted.
    expect(await tokenRows(formerHead.me.id)).toEqual([]);
    for (const { secret } of [kept, scorer]) {
      const refused = await readWithToken(plainApp, secret);
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe("invalid_token");
    }
    const left = await database.db.selectFrom("api_tokens").select("id").where("team_id", "=", teamId).execute();
    expect(left).toEqual([{ id: ownToken.token.id }]);
    expect((await readWithToken(plainApp, ownToken.secret)).status).toBe(200);
    expect((await head.client.get("/api/team/api-tokens")).body.tokens).toEqual([
      expect.objectContaining({ id: ownToken.token.id }),
    ]);
  });
});

describe.each(testEngines())("account limits on $engine", ({ create }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(async () => database?.cleanup());

  it("export, deletion and forgot password are limited per address, with Retry-After", async () => {
    const app = createTestApp(database, {
      authRateLimit: 10,
      mail: { smtpUrl: "smtp://127.0.0.1:9", from: "noreply@flagline.test", contactTo: null },
    });
    const { client } = await signUpCoach(app.app);
    for (let i = 0; i < 10; i++) expect((await client.get("/api/me/export")).status).toBe(200);
    const limited = await client.get("/api/me/export");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    for (let i = 0; i < 10; i++) {
      expect((await client.request("DELETE", "/api/me", { json: { password: "wrong-password" } })).status).toBe(400);
    }
    expect((await client.request("DELETE", "/api/me", { json: { password: PASSWORD } })).status).toBe(429);

    const stranger = new TestClient(app.app, "10.9.8.7");
    for (let i = 0; i < 20; i++) {
      expect((await stranger.post("/api/password/forgot", { email: uniqueEmail("someone") })).status).toBe(200);
    }
    expect((await stranger.post("/api/password/forgot", { email: uniqueEmail("someone") })).status).toBe(429);
  });
});
