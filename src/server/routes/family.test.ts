import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bornYearsAgo } from "#tests/support/birth-dates.js";
import { testEngines, type TestDatabase, seedProfile } from "#tests/server/support/test-database.js";
import {
  createTestApp,
  PASSWORD,
  signUpCoach,
  signUpPlayer,
  TestClient,
  uniqueEmail,
} from "#tests/server/support/test-client.js";
import type { Family, GuardianInviteInfo, PlayerFamily } from "#domain/api/family.js";
import { CHILD_HEADER } from "#domain/acting.js";
import { CONSENT_VERSION } from "#domain/family.js";
import { CHILD_OPERATIONS, CHILD_SIGNS_IN } from "../http/acting-for-child.js";

type App = ReturnType<typeof createTestApp>["app"];

/*
 * Families (docs/product.md §13): a coach's guardian link, a guardian account made from it with consent in the
 * ledger, one sign-in for children on two teams, and acting for a child on the child's own routes only.
 */
describe.each(testEngines())("families on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let falcons: Awaited<ReturnType<typeof signUpCoach>>;
  let eagles: Awaited<ReturnType<typeof signUpCoach>>;
  let maya: string;
  let leo: string;
  let adult: Awaited<ReturnType<typeof signUpPlayer>>;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
    falcons = await signUpCoach(app, "Falcons");
    eagles = await signUpCoach(app, "Eagles");
    // Children the coaches put on their rosters: no sign-in of their own.
    maya = (
      await seedProfile(database.db, {
        teamId: falcons.me.team!.id,
        role: "player",
        fullName: "Maya Rivera",
        jerseyNumber: 4,
        primaryPosition: "qb",
        positions: ["qb"],
      })
    ).userId;
    leo = (
      await seedProfile(database.db, {
        teamId: eagles.me.team!.id,
        role: "player",
        fullName: "Leo Rivera",
        jerseyNumber: 9,
        primaryPosition: "wr",
        positions: ["wr"],
      })
    ).userId;
    adult = await signUpPlayer(app, falcons.me.team!.code, { fullName: "Adam Adult", jerseyNumber: 30 });
  });
  afterAll(async () => database?.cleanup());

  async function inviteFor(coach: { client: TestClient }, playerId: string): Promise<string> {
    const res = await coach.client.post<{ token: string; expiresAt: string }>(
      `/api/team/players/${playerId}/guardian-invites`,
    );
    expect(res.status).toBe(201);
    return res.body.token;
  }

  async function newGuardian(token: string, fullName = "Rosa Rivera") {
    const client = new TestClient(app);
    const email = uniqueEmail("guardian");
    const res = await client.post(`/api/guardian-invites/${token}`, {
      consent: true,
      consentVersion: CONSENT_VERSION,
      fullName,
      email,
      password: PASSWORD,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { client, email, id: res.body.user.id as string };
  }

  it("a link shows the team, the child's short name and the consent text; a made-up one is 404", async () => {
    const token = await inviteFor(falcons, maya);
    const anonymous = new TestClient(app);
    const info = await anonymous.get<GuardianInviteInfo>(`/api/guardian-invites/${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ teamName: "Falcons", childName: "Maya R.", consentVersion: CONSENT_VERSION });
    expect(info.body.consentText.length).toBeGreaterThan(2);
    expect(JSON.stringify(info.body)).not.toContain("Rivera");
    expect((await anonymous.get(`/api/guardian-invites/not-a-token`)).status).toBe(404);
  });

  it("one household: a guardian signs up from one link, takes another for a child on another team, signs in once", async () => {
    const guardian = await newGuardian(await inviteFor(falcons, maya));
    const me = await guardian.client.get("/api/me");
    expect(me.body.user).toMatchObject({ role: "guardian", fullName: "Rosa Rivera", team: null });

    const second = await guardian.client.post(`/api/guardian-invites/${await inviteFor(eagles, leo)}`, {
      consent: true,
      consentVersion: CONSENT_VERSION,
    });
    expect(second.status).toBe(201);
    expect(second.body.childId).toBe(leo);

    // Signed in again from scratch: one sign-in, both children.
    const again = new TestClient(app);
    expect((await again.post("/api/session", { email: guardian.email, password: PASSWORD })).status).toBe(200);
    const family = await again.get<Family>("/api/family");
    expect(family.status).toBe(200);
    expect(family.body.children.map((c) => [c.fullName, c.team?.name, c.consent.status])).toEqual([
      ["Maya Rivera", "Falcons", "given"],
      ["Leo Rivera", "Eagles", "given"],
    ]);
    expect(family.body.children[0]!.consent).toMatchObject({ byName: "Rosa Rivera", version: CONSENT_VERSION });
  });

  it("a guardian-only account renames itself; the ledger keeps the name consent was given under", async () => {
    const guardian = await newGuardian(await inviteFor(falcons, maya), "Rosa Rivera");
    const renamed = await guardian.client.request<Family>("PATCH", "/api/family", {
      json: { fullName: "Rosa Rivera-Lopez" },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.fullName).toBe("Rosa Rivera-Lopez");
    expect((await guardian.client.get("/api/me")).body.user.fullName).toBe("Rosa Rivera-Lopez");
    // The coach sees the new name among the child's guardians; the consent record keeps the old one.
    const family = await falcons.client.get(`/api/team/players/${maya}/family`);
    expect(JSON.stringify(family.body.guardians)).toContain("Rosa Rivera-Lopez");
    const ledger = await database.db
      .selectFrom("consent_records")
      .select("guardian_name")
      .where("guardian_id", "=", guardian.id)
      .execute();
    expect(ledger.map((r) => r.guardian_name)).toEqual(["Rosa Rivera"]);

    const blank = await guardian.client.request("PATCH", "/api/family", { json: { fullName: "  " } });
    expect(blank.status).toBe(400);
    // A coach's or player's name is their profile's.
    const coach = await falcons.client.request("PATCH", "/api/family", { json: { fullName: "Someone Else" } });
    expect(coach.status).toBe(403);
    expect(coach.body.error.message).toMatch(/profile/);
  });

  it("the ledger keeps who, when, which text, the address and the browser", async () => {
    const token = await inviteFor(falcons, maya);
    const client = new TestClient(app, "203.0.113.7");
    const res = await client.request("POST", `/api/guardian-invites/${token}`, {
      json: {
        consent: true,
        consentVersion: CONSENT_VERSION,
        fullName: "Dario Rivera",
        email: uniqueEmail("g"),
        password: PASSWORD,
      },
      headers: { "user-agent": "Phone Browser 1.0" },
    });
    expect(res.status).toBe(201);
    const row = await database.db
      .selectFrom("consent_records")
      .selectAll()
      .where("guardian_id", "=", res.body.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      player_id: maya,
      guardian_name: "Dario Rivera",
      action: "given",
      text_version: CONSENT_VERSION,
      ip: "203.0.113.7",
      user_agent: "Phone Browser 1.0",
    });
  });

  it("a link is single-use, refuses an outdated consent text, and without consent nothing is made", async () => {
    const token = await inviteFor(falcons, maya);
    const anonymous = new TestClient(app);
    const email = uniqueEmail("late");
    const noConsent = await anonymous.post(`/api/guardian-invites/${token}`, {
      consent: false,
      consentVersion: CONSENT_VERSION,
      fullName: "No Consent",
      email,
      password: PASSWORD,
    });
    expect(noConsent.status).toBe(400);
    const outdated = await anonymous.post(`/api/guardian-invites/${token}`, {
      consent: true,
      consentVersion: "1999-01-01",
      fullName: "Old Text",
      email,
      password: PASSWORD,
    });
    expect(outdated.status).toBe(409);
    expect(outdated.body.error.code).toBe("consent_outdated");
    const missing = await anonymous.post(`/api/guardian-invites/${token}`, {
      consent: true,
      consentVersion: CONSENT_VERSION,
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields).sort()).toEqual(["email", "fullName", "password"]);
    expect(
      await database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst(),
    ).toBeUndefined();

    await newGuardian(token, "First Taker");
    const second = await new TestClient(app).post(`/api/guardian-invites/${token}`, {
      consent: true,
      consentVersion: CONSENT_VERSION,
      fullName: "Second Taker",
      email: uniqueEmail("second"),
      password: PASSWORD,
    });
    expect(second.status).toBe(404);
  });

  it("acting for a child: the child's screens, the child's answers, nothing of the account", async () => {
    const guardian = await newGuardian(await inviteFor(falcons, maya), "Gina Guardian");
    const as = (method: string, path: string, json?: unknown) =>
      guardian.client.request(method, path, {
        headers: { [CHILD_HEADER]: maya },
        ...(json === undefined ? {} : { json }),
      });

    const me = await as("GET", "/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      id: maya,
      role: "player",
      fullName: "Maya Rivera",
      actingGuardian: { id: guardian.id, fullName: "Gina Guardian", readOnly: false },
    });
    expect((await as("GET", "/api/me/dashboard")).status).toBe(200);

    const event = await falcons.client.post("/api/team/schedule", {
      kind: "practice",
      date: "2031-05-02",
      startTime: "17:00",
    });
    expect(event.status).toBe(201);
    const eventId = event.body.events[0].id as string;
    const answer = await as("PUT", `/api/team/schedule/${eventId}/answers/${maya}`, { answer: "going" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    // Not the account's things, and not the coach's.
    for (const [method, path] of [
      ["POST", "/api/profile/password"],
      ["GET", "/api/me/export"],
      ["DELETE", "/api/me"],
      ["GET", "/api/team/players"],
      ["GET", "/api/family"],
    ] as const) {
      const res = await as(method, path, method === "GET" || method === "DELETE" ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe("not_for_child");
    }
    // Without the header the guardian is on no team.
    expect((await guardian.client.get("/api/me/dashboard")).status).toBe(403);
    // Another family's child: refused.
    const other = await guardian.client.request("GET", "/api/me/dashboard", { headers: { [CHILD_HEADER]: leo } });
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe("not_your_child");
    // A player who is no one's guardian cannot act for a teammate.
    const teammate = await adult.client.request("GET", "/api/me/dashboard", { headers: { [CHILD_HEADER]: maya } });
    expect(teammate.status).toBe(403);
  });

  it("a child who signs in on their own: the guardian keeps read access, and every change is refused", async () => {
    // The adult player stands in for a teenager with their own sign-in whose parent the coach links.
    const parent = await newGuardian(await inviteFor(falcons, adult.me.id), "Pat Parent");
    const as = (method: string, path: string, json?: unknown) =>
      parent.client.request(method, path, {
        headers: { [CHILD_HEADER]: adult.me.id },
        ...(json === undefined ? {} : { json }),
      });
    const me = await as("GET", "/api/me");
    expect(me.body.user).toMatchObject({
      id: adult.me.id,
      actingGuardian: { id: parent.id, fullName: "Pat Parent", readOnly: true },
    });
    expect((await as("GET", "/api/me/dashboard")).status).toBe(200);
    expect((await as("GET", "/api/profile")).status).toBe(200);
    expect((await as("GET", "/api/team/schedule")).status).toBe(200);

    const event = await falcons.client.post("/api/team/schedule", {
      kind: "practice",
      date: "2031-05-03",
      startTime: "17:00",
    });
    const eventId = event.body.events[0].id as string;
    for (const [method, path, json] of [
      ["PUT", `/api/team/schedule/${eventId}/answers/${adult.me.id}`, { answer: "no" }],
      ["PATCH", "/api/profile", { fullName: "Renamed By Parent" }],
      ["POST", "/api/me/training-logs", { date: "2026-11-01", activity: "Running", durationMinutes: 30, intensity: 5 }],
      ["POST", "/api/me/feedback/read", undefined],
    ] as const) {
      const res = await as(method, path, json);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toMatchObject({ code: "child_signs_in", message: CHILD_SIGNS_IN });
    }
    const answers = await falcons.client.get(`/api/team/schedule/${eventId}`);
    expect(JSON.stringify(answers.body)).not.toContain('"answer":"no"');
    expect((await adult.client.get("/api/profile")).body.profile.fullName).toBe("Adam Adult");
    // The player's own sign-in changes their things as before.
    const own = await adult.client.request("PUT", `/api/team/schedule/${eventId}/answers/${adult.me.id}`, {
      json: { answer: "going" },
    });
    expect(own.status).toBe(200);
  });

  it("the coach sees guardians and consent, sets the birth date, and takes a guardian off", async () => {
    const guardian = await newGuardian(await inviteFor(falcons, maya), "Hana Rivera");
    const birth = await falcons.client.request("PUT", `/api/team/players/${maya}/birth-date`, {
      json: { birthDate: bornYearsAgo(10) },
    });
    expect(birth.status).toBe(200);
    const family = birth.body as PlayerFamily;
    expect(family).toMatchObject({
      birthDate: bornYearsAgo(10),
      child: true,
      underOwnSignInAge: true,
      ownSignIn: false,
    });
    expect(family.consent.status).toBe("given");
    expect(family.guardians.map((g) => g.fullName)).toContain("Hana Rivera");

    const future = await falcons.client.request("PUT", `/api/team/players/${maya}/birth-date`, {
      json: { birthDate: "2999-01-01" },
    });
    expect(future.status).toBe(400);
    // Another team's coach finds no such player.
    expect((await eagles.client.get(`/api/team/players/${maya}/family`)).status).toBe(404);

    const removed = await falcons.client.delete(`/api/team/players/${maya}/guardians/${guardian.id}`);
    expect(removed.status).toBe(204);
    const after = await guardian.client.request("GET", "/api/me/dashboard", { headers: { [CHILD_HEADER]: maya } });
    expect(after.status).toBe(403);
    expect((await guardian.client.get<Family>("/api/family")).body.children).toEqual([]);
  });

  it("a guardian sets the birth date and whether other families see the full name; not for others' children", async () => {
    const guardian = await newGuardian(await inviteFor(eagles, leo), "Ivo Rivera");
    const res = await guardian.client.request("PATCH", `/api/family/children/${leo}`, {
      json: { birthDate: bornYearsAgo(15), shareWithTeam: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      birthDate: bornYearsAgo(15),
      shareWithTeam: true,
      underOwnSignInAge: false,
      child: true,
    });
    const notMine = await guardian.client.request("PATCH", `/api/family/children/${maya}`, {
      json: { shareWithTeam: true },
    });
    expect(notMine.status).toBe(404);
  });

  it("withdrawing consent says exactly what goes, deletes it, and keeps only anonymous numbers in the team", async () => {
    const sam = (
      await seedProfile(database.db, {
        teamId: falcons.me.team!.id,
        role: "player",
        fullName: "Sam Okafor",
        jerseyNumber: 21,
        primaryPosition: "rb",
        positions: ["rb"],
      })
    ).userId;
    const guardian = await newGuardian(await inviteFor(falcons, sam), "Tola Okafor");
    const second = await newGuardian(await inviteFor(falcons, sam), "Femi Okafor");
    const as = (method: string, path: string, json?: unknown) =>
      guardian.client.request(method, path, {
        headers: { [CHILD_HEADER]: sam },
        ...(json === undefined ? {} : { json }),
      });
    expect(
      (
        await as("POST", "/api/me/training-logs", {
          date: "2026-11-01",
          activityType: "Conditioning",
          durationMinutes: 30,
          intensity: 5,
          notes: "Sam's private note",
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await falcons.client.post(`/api/team/players/${sam}/feedback`, {
          category: "Effort",
          body: "Great hustle, Sam.",
        })
      ).status,
    ).toBe(201);
    const event = await falcons.client.post("/api/team/events", {
      events: [
        {
          id: crypto.randomUUID(),
          playerId: sam,
          eventType: "Rush TD",
          yards: 12,
          occurredAt: new Date().toISOString(),
        },
      ],
    });
    expect(event.status).toBe(200);
    await falcons.client.request("PUT", `/api/team/players/${sam}/birth-date`, {
      json: { birthDate: bornYearsAgo(9) },
    });
    const statsBefore = (await falcons.client.get("/api/team/stats?tzOffset=0")).body;

    const plan = await guardian.client.get(`/api/family/children/${sam}/withdrawal`);
    expect(plan.status).toBe(200);
    expect(plan.body).toEqual({
      fullName: "Sam Okafor",
      shownAs: "Player #21",
      photo: false,
      birthDate: true,
      ownSignIn: false,
      trainingLogs: 1,
      feedback: 1,
      scheduleAnswers: 0,
    });
    // Not for a child of someone else, and not without confirming.
    expect((await guardian.client.get(`/api/family/children/${maya}/withdrawal`)).status).toBe(404);
    expect((await guardian.client.post(`/api/family/children/${sam}/withdrawal`, {})).status).toBe(400);

    const done = await guardian.client.post(`/api/family/children/${sam}/withdrawal`, { confirm: true });
    expect(done.status).toBe(200);
    expect(done.body.removed).toEqual(plan.body);

    const profile = await database.db
      .selectFrom("profiles")
      .selectAll()
      .where("user_id", "=", sam)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ full_name: "Player #21", birth_date: null, photo_file_id: null, team_id: null });
    const user = await database.db.selectFrom("user").selectAll().where("id", "=", sam).executeTakeFirstOrThrow();
    expect(user.name).toBe("Player #21");
    expect(JSON.stringify(user)).not.toContain("Okafor");
    for (const table of ["training_logs", "feedback", "guardian_links"] as const) {
      const rows = await database.db.selectFrom(table).selectAll().where("player_id", "=", sam).execute();
      expect(rows, table).toEqual([]);
    }
    // Nothing of the name is left anywhere the team reads.
    const roster = await falcons.client.get("/api/team/roster");
    expect(JSON.stringify(roster.body)).not.toContain("Sam Okafor");
    // The numbers stay in the team's totals.
    const statsAfter = (await falcons.client.get("/api/team/stats?tzOffset=0")).body;
    expect(statsAfter.totals.events).toBe(statsBefore.totals.events);
    expect(statsAfter.totals.events).toBeGreaterThan(0);
    expect(statsAfter.football).toEqual(statsBefore.football);
    // The ledger keeps both records; both guardians lose the child.
    const ledger = await database.db
      .selectFrom("consent_records")
      .select("action")
      .where("player_id", "=", sam)
      .orderBy("created_at")
      .execute();
    expect(ledger.map((r) => r.action)).toEqual(["given", "given", "withdrawn"]);
    expect((await second.client.get<Family>("/api/family")).body.children).toEqual([]);
    expect((await as("GET", "/api/me/dashboard")).status).toBe(403);
  });

  it("under 13 the roster's own invite link is refused; from 13 a guardian invites the child to their own sign-in", async () => {
    // Added by the coach on the roster: a place with its invite link, nobody's sign-in yet.
    const added = await falcons.client.post("/api/team/roster", {
      fullName: "Ada Nwosu",
      jerseyNumber: 31,
      primaryPosition: "cb",
    });
    expect(added.status).toBe(201);
    const ada = added.body.player.id as string;
    const coachLink = { body: { inviteToken: added.body.player.inviteToken as string } };
    const guardian = await newGuardian(await inviteFor(falcons, ada), "Ngozi Nwosu");
    const anonymous = new TestClient(app);
    await falcons.client.request("PUT", `/api/team/players/${ada}/birth-date`, {
      json: { birthDate: bornYearsAgo(11) },
    });
    const refused = await anonymous.get(`/api/claim/${coachLink.body.inviteToken}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("guardian_holds_place");
    const tooYoung = await guardian.client.post(`/api/family/children/${ada}/sign-in-invite`);
    expect(tooYoung.status).toBe(409);
    expect(tooYoung.body.error.code).toBe("too_young");

    await guardian.client.request("PATCH", `/api/family/children/${ada}`, { json: { birthDate: bornYearsAgo(14) } });
    const invite = await guardian.client.post<{ token: string }>(`/api/family/children/${ada}/sign-in-invite`);
    expect(invite.status).toBe(201);
    const email = uniqueEmail("ada");
    const claimed = await anonymous.post(`/api/claim/${invite.body.token}`, { email, password: PASSWORD });
    expect(claimed.status).toBe(201);
    expect(claimed.body.user).toMatchObject({ id: ada, role: "player", fullName: "Ada Nwosu" });
    // The guardian still has the child, now with a sign-in of their own; a second invite is refused.
    const family = await guardian.client.get<Family>("/api/family");
    expect(family.body.children.find((c) => c.id === ada)).toMatchObject({ ownSignIn: true });
    const again = await guardian.client.post(`/api/family/children/${ada}/sign-in-invite`);
    expect(again.body.error.code).toBe("has_sign_in");
    // Not for someone else's child.
    expect((await guardian.client.post(`/api/family/children/${leo}/sign-in-invite`)).status).toBe(404);
  });

  it("lists only operations the server serves among those a guardian may call for a child", () => {
    const served = new Set(
      app.routes
        .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/"))
        .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`),
    );
    expect([...CHILD_OPERATIONS].filter((op) => !served.has(op))).toEqual([]);
  });
});
