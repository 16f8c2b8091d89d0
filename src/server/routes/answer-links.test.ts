import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn, zonedTimeToUtc } from "#domain/schedule.js";
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from "#tests/server/support/smtp-peer.js";
import { createTestApp, signUpCoach, signUpPlayer, TestClient } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { answerToken, unsubscribeToken } from "../mail/links.js";
import { createOutboxSender } from "../mail/outbox-sender.js";
import { runReminderTick } from "../mail/reminders.js";

/*
 * A reminder as it arrives (docs/product.md §12, issue #29), read at a real SMTP peer: its answer link answers
 * without signing in and shows nothing of anyone else; a tampered link is 404, an ended event's 410. Its
 * List-Unsubscribe headers are RFC 8058's, and the one-click POST, from a mail provider's server with any Origin,
 * turns reminders off. Mail preferences and the team's reminder settings through their endpoints.
 */

const log = pino({ level: "silent" });
const FROM = "Flagline <noreply@flagline.test>";

describe.each(testEngines())("answer and unsubscribe links on $engine", ({ create }) => {
  let database: TestDatabase;
  let peer: SmtpPeer;
  let app: ReturnType<typeof createTestApp>["app"];
  let services: ReturnType<typeof createTestApp>["services"];
  let world: Awaited<ReturnType<typeof arrange>>;

  async function arrange() {
    const coach = await signUpCoach(app, "Link Lynxes");
    const reader = await signUpPlayer(app, coach.me.team!.code, { fullName: "Rae Reader" });
    const secretive = await signUpPlayer(app, coach.me.team!.code, { fullName: "Sid Secretive" });
    const date = addDays(todayIn("UTC"), 5);
    const made = await coach.client.post("/api/team/schedule", {
      kind: "game",
      date,
      startTime: "17:00",
      opponent: "Owls",
      placeName: "North Park",
    });
    expect(made.status).toBe(201);
    const eventId = made.body.events[0].id as string;
    const answered = await secretive.client.request("PUT", `/api/team/schedule/${eventId}/answers/${secretive.me.id}`, {
      json: { answer: "no", note: "Sid's private note" },
    });
    expect(answered.status).toBe(200);
    // The first reminder falls two days before at 17:00 UTC; the sender sends it to the peer.
    const now = zonedTimeToUtc(addDays(date, -2), "17:00", "UTC");
    await runReminderTick({ db: database.db, config: services.config, log, now });
    const sender = createOutboxSender({ db: database.db, mail: services.config.mail!, log, now: () => now });
    await sender.runOnce();
    await sender.stop();
    const mail = await peer.waitFor((m) => m.to.includes(reader.me.email));
    return { coach, reader, secretive, eventId, date, mail };
  }

  const tokenIn = (mail: ReceivedMail) => /\/answer\/(\S+)/.exec(mail.text)![1]!;

  beforeAll(async () => {
    database = await create();
    peer = await startSmtpPeer();
    ({ app, services } = createTestApp(database, { mail: { smtpUrl: peer.url, from: FROM, contactTo: null } }));
    world = await arrange();
  });
  afterAll(async () => {
    await peer?.close();
    await database?.cleanup();
  });

  it("the reminder's answer link shows the event and the reader's answer only, and answers without a sign-in", async () => {
    const { mail, eventId, reader, secretive, coach } = world;
    expect(mail.subject).toContain("Are you coming? Game against Owls");
    expect(peer.messages.some((m) => m.to.includes(secretive.me.email))).toBe(false);
    const anonymous = new TestClient(app);
    const token = tokenIn(mail);
    const shown = await anonymous.get(`/api/answer/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      teamName: "Link Lynxes",
      fullName: "Rae Reader",
      event: { kind: "game", opponent: "Owls", placeName: "North Park", date: world.date, startTime: "17:00" },
      answer: null,
    });
    const text = JSON.stringify(shown.body);
    for (const secret of ["Sid", "private note", secretive.me.id, "going", "availability"]) {
      expect(text).not.toContain(secret);
    }

    const answered = await anonymous.post(`/api/answer/${token}`, { answer: "maybe", note: "  If the bus runs " });
    expect(answered.status).toBe(200);
    expect(answered.body.answer).toEqual({ answer: "maybe", note: "If the bus runs" });
    const seen = await coach.client.get(`/api/team/schedule/${eventId}`);
    const row = seen.body.answers.find((a: { playerId: string }) => a.playerId === reader.me.id);
    expect(row).toMatchObject({ answer: "maybe", note: "If the bus runs", byCoach: false });
    expect((await anonymous.get(`/api/answer/${token}`)).body.answer).toEqual({
      answer: "maybe",
      note: "If the bus runs",
    });
  });

  it("a tampered, foreign or other person's token is 404; an ended event's is 410", async () => {
    const anonymous = new TestClient(app);
    const token = tokenIn(world.mail);
    const [payload, mac] = token.split(".") as [string, string];
    const flipped = `${payload}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
    expect((await anonymous.get(`/api/answer/${flipped}`)).status).toBe(404);
    // Someone else's person in a payload signed for the reader: the MAC no longer matches.
    const forged = `${Buffer.from(`${world.eventId}\n${world.secretive.me.id}`).toString("base64url")}.${mac}`;
    expect((await anonymous.post(`/api/answer/${forged}`, { answer: "going" })).status).toBe(404);
    // Signed with another secret.
    expect(
      (await anonymous.get(`/api/answer/${answerToken("x".repeat(40), world.eventId, world.reader.me.id)}`)).status,
    ).toBe(404);
    // A coach's own token for the event: not a player on the roster.
    const coachToken = answerToken(services.config.authSecret, world.eventId, world.coach.me.id);
    expect((await anonymous.get(`/api/answer/${coachToken}`)).status).toBe(404);
    expect((await anonymous.get("/api/answer/not-a-token")).status).toBe(404);

    // The event ends: its links stop working.
    await database.db
      .updateTable("schedule_events")
      .set({
        starts_at: new Date(Date.now() - 3_600_000).toISOString(),
        ends_at: new Date(Date.now() - 1).toISOString(),
      })
      .where("id", "=", world.eventId)
      .execute();
    try {
      const gone = await anonymous.get(`/api/answer/${token}`);
      expect([gone.status, gone.body.error.code]).toEqual([410, "link_expired"]);
      expect((await anonymous.post(`/api/answer/${token}`, { answer: "going" })).status).toBe(410);
    } finally {
      await database.db
        .updateTable("schedule_events")
        .set({
          starts_at: new Date(Date.now() + 86_400_000).toISOString(),
          ends_at: new Date(Date.now() + 90_000_000).toISOString(),
        })
        .where("id", "=", world.eventId)
        .execute();
    }
  });

  it("carries RFC 8058 headers; the one-click POST from a mail provider turns reminders off", async () => {
    const { mail, reader } = world;
    expect(mail.messageId).toMatch(/^<outbox\.[0-9a-f]{40}@flagline\.test>$/);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const address = /^<(http:\/\/localhost:3000\/api\/unsubscribe\/[^>]+)>$/.exec(
      mail.headers["list-unsubscribe"]!,
    )![1]!;
    expect(mail.text).toContain(address.replace("/api/unsubscribe/", "/unsubscribe/"));
    const path = new URL(address).pathname;

    const provider = new TestClient(app, "203.0.113.9");
    // A browser or a mail scanner opening it changes nothing.
    expect((await provider.get(path)).body).toEqual({ kind: "reminders", subscribed: true });
    const res = await provider.request("POST", path, {
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.provider.example" },
    });
    expect([res.status, res.body]).toEqual([200, { kind: "reminders", subscribed: false }]);
    expect((await provider.get(path)).body).toEqual({ kind: "reminders", subscribed: false });
    const prefs = await reader.client.get("/api/me/mail-preferences");
    expect(prefs.body).toEqual({
      reminders: false,
      changes: true,
      digest: true,
      announcements: true,
      mailEnabled: true,
    });

    // Any other write from a foreign origin is still refused, and a forged unsubscribe token is 404.
    const foreign = await provider.request("POST", `/api/answer/${tokenIn(mail)}`, {
      json: { answer: "going" },
      headers: { origin: "https://mail.provider.example" },
    });
    expect(foreign.body.error.code).toBe("bad_origin");
    const forged = unsubscribeToken("y".repeat(40), reader.me.id, "digest");
    expect((await provider.post(`/api/unsubscribe/${forged}`)).status).toBe(404);
    expect((await provider.post(`/api/unsubscribe/${path.split("/").pop()}x`)).status).toBe(404);
  });

  it("reminder settings: every member reads them, only coaches change them", async () => {
    const { coach, reader } = world;
    expect((await reader.client.get("/api/team/reminder-settings")).body).toEqual({
      firstDaysBefore: 2,
      firstTime: null,
      sameDayTime: "08:00",
      coachWarning: true,
      digestWeekday: 6,
      digestTime: "18:00",
    });
    const refused = await reader.client.request("PATCH", "/api/team/reminder-settings", {
      json: { coachWarning: false },
    });
    expect(refused.status).toBe(403);
    const bad = await coach.client.request("PATCH", "/api/team/reminder-settings", { json: { firstDaysBefore: 9 } });
    expect(bad.status).toBe(400);
    expect((await coach.client.request("PATCH", "/api/team/reminder-settings", { json: {} })).status).toBe(400);
    const changed = await coach.client.request("PATCH", "/api/team/reminder-settings", {
      json: { sameDayTime: "07:15" },
    });
    expect(changed.body).toMatchObject({
      firstDaysBefore: 2,
      firstTime: null,
      sameDayTime: "07:15",
      coachWarning: true,
    });
  });
});
