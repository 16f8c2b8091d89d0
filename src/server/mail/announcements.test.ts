import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "#domain/schedule.js";
import { CONSENT_VERSION } from "#domain/family.js";
import {
  createTestApp,
  signUpAssistant,
  signUpCoach,
  signUpPlayer,
  TestClient,
} from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { addGuardian } from "#tests/server/support/guardians.js";

/*
 * Change announcements (docs/product.md §12, issue #29): a change of time or place, or a cancellation, of an event
 * within 48 hours is told at once to everyone on the team but the coach who made it (those who turned change mail
 * off excepted); a change further ahead, or of the notes only, is not. Without mail they are notices.
 */

const MAIL = { smtpUrl: "smtp://127.0.0.1:9", from: "noreply@flagline.test", contactTo: null };
type App = ReturnType<typeof createTestApp>["app"];

async function team(app: App, name: string) {
  const coach = await signUpCoach(app, name);
  const assistant = await signUpAssistant(app, coach.me.team!.coachInviteCode!);
  const ada = await signUpPlayer(app, coach.me.team!.code, { fullName: "Ada Near" });
  const bo = await signUpPlayer(app, coach.me.team!.code, { fullName: "Bo Quiet" });
  return { coach, assistant, ada, bo };
}

async function event(coach: TestClient, daysAhead: number) {
  const date = addDays(todayIn("UTC"), daysAhead);
  const res = await coach.post("/api/team/schedule", { kind: "game", date, startTime: "23:00", opponent: "Owls" });
  expect(res.status).toBe(201);
  return res.body.events[0].id as string;
}

const patch = (coach: TestClient, id: string, json: unknown) =>
  coach.request("PATCH", `/api/team/schedule/${id}`, { json });

describe.each(testEngines())("change announcements on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database, { mail: MAIL }));
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  const changeRows = async (eventId: string) =>
    database.db
      .selectFrom("mail_outbox")
      .select(["recipient", "subject", "body", "headers"])
      .where("idempotency_key", "like", `change:${eventId}:%`)
      .orderBy("recipient")
      .execute();

  it("a move or a cancellation within 48 hours is told to everyone else on the team, once per change", async () => {
    const t = await team(app, "Change Chats");
    expect((await t.bo.client.request("PATCH", "/api/me/mail-preferences", { json: { changes: false } })).status).toBe(
      200,
    );
    const soon = await event(t.coach.client, 1);
    expect((await patch(t.coach.client, soon, { notes: "Bring water" })).status).toBe(200);
    expect(await changeRows(soon)).toEqual([]);

    expect((await patch(t.coach.client, soon, { startTime: "22:00" })).status).toBe(200);
    const moved = await changeRows(soon);
    expect(moved.map((r) => r.recipient).sort()).toEqual([t.assistant.me.email, t.ada.me.email].sort());
    expect(moved[0]!.subject).toContain("Change Chats: New time: Game against Owls");
    expect(moved[0]!.body).toContain("at 22:00");
    expect(JSON.parse(moved[0]!.headers)).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    // The same change again is no change: nothing more.
    await patch(t.coach.client, soon, { startTime: "22:00" });
    expect(await changeRows(soon)).toHaveLength(2);

    // The assistant cancels it: the head coach and Ada hear, the assistant does not.
    expect((await patch(t.assistant.client, soon, { status: "cancelled" })).status).toBe(200);
    const cancelled = (await changeRows(soon)).filter((r) => r.subject.includes("Cancelled"));
    expect(cancelled.map((r) => r.recipient).sort()).toEqual([t.coach.me.email, t.ada.me.email].sort());
  });

  it("the players' guardians hear of a change too, each once, unless they turned such mail off", async () => {
    const t = await team(app, "Guardian Gulls");
    const added = await t.coach.client.post("/api/team/roster", {
      fullName: "Maya Rivera",
      jerseyNumber: 77,
      primaryPosition: "wr",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const guardianOf = (playerId: string) => addGuardian(app, t.coach.client, playerId);
    // Rosa is the guardian of two players on the team: one mail. Pat turned change mails off.
    const rosa = await guardianOf(added.body.player.id);
    const second = (await t.coach.client.post(`/api/team/players/${t.ada.me.id}/guardian-invites`)).body.token;
    expect(
      (await rosa.client.post(`/api/guardian-invites/${second}`, { consent: true, consentVersion: CONSENT_VERSION }))
        .status,
    ).toBe(201);
    const pat = await guardianOf(t.bo.me.id);
    expect((await pat.client.request("PATCH", "/api/me/mail-preferences", { json: { changes: false } })).status).toBe(
      200,
    );

    const soon = await event(t.coach.client, 1);
    expect((await patch(t.coach.client, soon, { startTime: "21:30" })).status).toBe(200);
    const recipients = (await changeRows(soon)).map((r) => r.recipient).sort();
    expect(recipients).toEqual([t.assistant.me.email, t.ada.me.email, t.bo.me.email, rosa.email].sort());
  });

  it("a change further ahead is not announced; moving an event into or out of the 48 hours is", async () => {
    const t = await team(app, "Far Falcons");
    const far = await event(t.coach.client, 6);
    await patch(t.coach.client, far, { placeName: "South Field" });
    expect(await changeRows(far)).toEqual([]);
    await patch(t.coach.client, far, { date: addDays(todayIn("UTC"), 1) });
    expect((await changeRows(far)).length).toBe(3);
    const near = await event(t.coach.client, 1);
    await patch(t.coach.client, near, { date: addDays(todayIn("UTC"), 8) });
    expect((await changeRows(near)).length).toBe(3);
  });
});

describe.each(testEngines())("change announcements without mail on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it("are notices in the app", async () => {
    const t = await team(app, "Notice Narwhals");
    const soon = await event(t.coach.client, 1);
    await patch(t.coach.client, soon, { placeName: "Hall B" });
    const list = await t.ada.client.get("/api/me/notices");
    expect(
      list.body.notices.map((n: { kind: string; params: { change?: string } }) => [n.kind, n.params.change]),
    ).toEqual([["event_changed", "place"]]);
    const coachKinds = (await t.coach.client.get("/api/me/notices")).body.notices.map((n: { kind: string }) => n.kind);
    expect(coachKinds).not.toContain("event_changed");
    const assistant = (await t.assistant.client.get("/api/me/notices")).body.notices;
    expect(assistant.filter((n: { kind: string }) => n.kind === "event_changed")).toHaveLength(1);
  });
});
