import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn, zonedTimeToUtc } from "#domain/schedule.js";
import {
  createTestApp,
  signUpAssistant,
  signUpCoach,
  signUpPlayer,
  TestClient,
} from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { runReminderTick } from "./reminders.js";
import { addGuardian } from "#tests/server/support/guardians.js";

/*
 * The reminder tick with an injected clock (docs/product.md §12, issue #29): reminders fall at the right instants in
 * the team's zone, go only to players without an answer (the second only to those still without one), never for a
 * cancelled event; coaches are warned when fewer than the minimum are going; every tick and every server enqueues
 * each once. Without mail, the same reminders are notices in the app.
 */

const log = pino({ level: "silent" });
const ZONE = "America/New_York";
const MAIL = { smtpUrl: "smtp://127.0.0.1:9", from: "noreply@flagline.test", contactTo: null };
const MINUTE = 60_000;

type App = ReturnType<typeof createTestApp>["app"];

async function team(app: App, name: string, minPlayers: number) {
  const coach = await signUpCoach(app, name);
  const assistant = await signUpAssistant(app, coach.me.team!.coachInviteCode!);
  const players = [];
  for (const fullName of ["Ada Answer", "Bo Later", "Cy Silent"]) {
    players.push(await signUpPlayer(app, coach.me.team!.code, { fullName }));
  }
  const settings = await coach.client.request("PATCH", "/api/team/schedule-settings", {
    json: { timeZone: ZONE, minPlayers },
  });
  expect(settings.status).toBe(200);
  return { coach, assistant, players, teamId: coach.me.team!.id };
}

/** A game 10 days ahead at 18:30 in the team's zone. */
async function game(coach: TestClient, daysAhead = 10, startTime = "18:30") {
  const date = addDays(todayIn(ZONE), daysAhead);
  const res = await coach.post("/api/team/schedule", { kind: "game", date, startTime, opponent: "Eagles" });
  expect(res.status).toBe(201);
  return { id: res.body.events[0].id as string, date, startTime };
}

async function answer(client: TestClient, eventId: string, playerId: string, value: "going" | "maybe" | "no") {
  const res = await client.request("PUT", `/api/team/schedule/${eventId}/answers/${playerId}`, {
    json: { answer: value },
  });
  expect(res.status).toBe(200);
}

describe.each(testEngines())("reminders on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let services: ReturnType<typeof createTestApp>["services"];

  beforeAll(async () => {
    database = await create();
    ({ app, services } = createTestApp(database, { mail: MAIL }));
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  const tick = (now: Date) => runReminderTick({ db: database.db, config: services.config, log, now });
  const rowsOf = async (eventId: string) =>
    (
      await database.db
        .selectFrom("mail_outbox")
        .select(["idempotency_key", "recipient", "kind", "expires_at", "headers", "body"])
        .where("idempotency_key", "like", `%:${eventId}:%`)
        .orderBy("idempotency_key")
        .execute()
    ).map((r) => ({ ...r, headers: JSON.parse(r.headers) as Record<string, string> }));

  it("reminds the unanswered two days before at the event's time and on its morning, and warns the coaches", async () => {
    const t = await team(app, "Reminder Rams", 5);
    const [ada, bo, cy] = t.players;
    const event = await game(t.coach.client);
    const first = zonedTimeToUtc(addDays(event.date, -2), event.startTime, ZONE);
    const morning = zonedTimeToUtc(event.date, "08:00", ZONE);
    await answer(ada!.client, event.id, ada!.me.id, "going");

    expect(await tick(new Date(first.getTime() - MINUTE))).toEqual({ mails: 0, notices: 0, pushes: 0 });
    expect(await rowsOf(event.id)).toEqual([]);

    // Two servers tick at the first reminder's instant: each mail once.
    const [x, y] = await Promise.all([tick(first), tick(first)]);
    expect(x.mails + y.mails).toBe(4);
    const firstRows = await rowsOf(event.id);
    expect(firstRows.map((r) => r.idempotency_key).sort()).toEqual(
      [
        `reminder:${event.id}:${bo!.me.id}:first`,
        `reminder:${event.id}:${cy!.me.id}:first`,
        `players_short:${event.id}:${t.coach.me.id}`,
        `players_short:${event.id}:${t.assistant.me.id}`,
      ].sort(),
    );
    const toBo = firstRows.find((r) => r.recipient === bo!.me.email)!;
    expect(toBo.kind).toBe("reminder");
    expect(toBo.body).toContain("Game against Eagles");
    expect(toBo.body).toContain(`${event.date} at ${event.startTime} (${ZONE})`);
    expect(toBo.body).toMatch(/http:\/\/localhost:3000\/answer\/\S+/);
    expect(toBo.body).not.toContain("Ada Answer");
    expect(toBo.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\/\S+>$/);
    expect(toBo.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(toBo.expires_at).toBe(zonedTimeToUtc(event.date, event.startTime, ZONE).toISOString());
    const warning = firstRows.find((r) => r.recipient === t.coach.me.email)!;
    expect(warning.body).toContain("1 player is going; the team wants at least 5.");

    // Ticking on: nothing new until the morning reminder, which goes only to those still without an answer.
    expect(await tick(new Date(first.getTime() + 5 * MINUTE))).toEqual({ mails: 0, notices: 0, pushes: 0 });
    await answer(bo!.client, event.id, bo!.me.id, "no");
    expect(await tick(new Date(morning.getTime() - MINUTE))).toEqual({ mails: 0, notices: 0, pushes: 0 });
    expect(await tick(morning)).toEqual({ mails: 1, notices: 0, pushes: 0 });
    const keys = (await rowsOf(event.id)).map((r) => r.idempotency_key);
    expect(keys.filter((k) => k.endsWith(":sameday"))).toEqual([`reminder:${event.id}:${cy!.me.id}:sameday`]);
    // After the start, nothing.
    const start = zonedTimeToUtc(event.date, event.startTime, ZONE);
    expect(await tick(start)).toEqual({ mails: 0, notices: 0, pushes: 0 });
  });

  it("a child with no sign-in is reminded through their guardian, whose answer link answers for the child", async () => {
    const t = await team(app, "Guardian Geese", 1);
    const [ada, bo, cy] = t.players;
    const added = await t.coach.client.post("/api/team/roster", {
      fullName: "Maya Rivera",
      jerseyNumber: 44,
      primaryPosition: "wr",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const maya = added.body.player.id as string;
    // Rosa holds Maya's place; Ada signs in on her own, so her guardian is not asked to answer for her.
    const linkGuardian = (playerId: string, fullName: string) => addGuardian(app, t.coach.client, playerId, fullName);
    const rosa = await linkGuardian(maya, "Rosa Rivera");
    const adasParent = await linkGuardian(ada!.me.id, "Pat Parent");
    const event = await game(t.coach.client, 12);
    for (const p of [bo!, cy!]) await answer(p.client, event.id, p.me.id, "going");

    await tick(zonedTimeToUtc(addDays(event.date, -2), event.startTime, ZONE));
    const rows = await rowsOf(event.id);
    const toRosa = rows.filter((r) => r.recipient === rosa.email);
    expect(toRosa.map((r) => r.idempotency_key)).toEqual([`reminder:${event.id}:${maya}:first:guardian:${rosa.id}`]);
    expect(toRosa[0]!.body).toContain("Hi Rosa Rivera,");
    expect(toRosa[0]!.body).toContain("Is Maya coming? Answer for Maya here, no sign-in needed:");
    expect(rows.some((r) => r.recipient === adasParent.email)).toBe(false);
    expect(rows.some((r) => r.recipient === ada!.me.email)).toBe(true);

    const token = /\/answer\/(\S+)/.exec(toRosa[0]!.body)![1]!;
    const answered = await new TestClient(app).post(`/api/answer/${token}`, { answer: "going" });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const answers = await t.coach.client.get(`/api/team/schedule/${event.id}`);
    const mayas = (answers.body.answers as { playerId: string; answer: string | null }[]).find(
      (a) => a.playerId === maya,
    );
    expect(mayas?.answer).toBe("going");
  });

  it("a tick over many events lets the server answer requests in between (the burst beside game day)", async () => {
    const t = await team(app, "Yielding Yaks", 1);
    const events = [await game(t.coach.client, 11, "17:00"), await game(t.coach.client, 11, "17:00")];
    const due = zonedTimeToUtc(addDays(events[0]!.date, -2), "17:00", ZONE);
    // SQLite answers within the same turn of the event loop: without a pause between events, a request waiting
    // for its turn (this callback) would run only after the whole tick.
    let finished = false;
    let servedDuringTick = false;
    setImmediate(() => (servedDuringTick = !finished));
    const result = await tick(due);
    finished = true;
    // Per event: a reminder to each of the 3 players and the too-few-players warning to both coaches.
    expect(result.mails).toBe(2 * (3 + 2));
    expect(servedDuringTick).toBe(true);
  });

  it("a cancelled event gets no reminder and no warning; enough players going, no warning", async () => {
    const t = await team(app, "Cancel Cranes", 1);
    const cancelled = await game(t.coach.client, 9);
    const res = await t.coach.client.request("PATCH", `/api/team/schedule/${cancelled.id}`, {
      json: { status: "cancelled" },
    });
    expect(res.status).toBe(200);
    const first = zonedTimeToUtc(addDays(cancelled.date, -2), cancelled.startTime, ZONE);
    await tick(first);
    await tick(zonedTimeToUtc(cancelled.date, "08:00", ZONE));
    expect(await rowsOf(cancelled.id)).toEqual([]);

    const enough = await game(t.coach.client, 9, "12:00");
    await answer(t.players[0]!.client, enough.id, t.players[0]!.me.id, "going");
    await tick(zonedTimeToUtc(addDays(enough.date, -2), enough.startTime, ZONE));
    const kinds = (await rowsOf(enough.id)).map((r) => r.kind);
    expect(kinds).toEqual(["reminder", "reminder"]);
  });

  it("follows the coach's settings, and a player who turned reminders off gets none", async () => {
    const t = await team(app, "Settings Swans", 5);
    const patched = await t.coach.client.request("PATCH", "/api/team/reminder-settings", {
      json: { firstDaysBefore: 3, firstTime: "19:00", sameDayTime: null, coachWarning: false },
    });
    expect(patched.status).toBe(200);
    const off = await t.players[2]!.client.request("PATCH", "/api/me/mail-preferences", {
      json: { reminders: false },
    });
    expect(off.body).toMatchObject({ reminders: false, changes: true, digest: true, mailEnabled: true });
    const event = await game(t.coach.client);
    const first = zonedTimeToUtc(addDays(event.date, -3), "19:00", ZONE);
    expect((await tick(new Date(first.getTime() - 1))).mails).toBe(0);
    expect((await tick(first)).mails).toBe(2);
    expect((await tick(zonedTimeToUtc(event.date, "08:00", ZONE))).mails).toBe(0);
    const recipients = (await rowsOf(event.id)).map((r) => r.recipient).sort();
    expect(recipients).toEqual([t.players[0]!.me.email, t.players[1]!.me.email].sort());
  });
});

describe.each(testEngines())("reminders without mail on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let services: ReturnType<typeof createTestApp>["services"];

  beforeAll(async () => {
    database = await create();
    ({ app, services } = createTestApp(database));
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it("become notices in the app, each once", async () => {
    const tick = (now: Date) => runReminderTick({ db: database.db, config: services.config, log, now });
    const t = await team(app, "Notice Newts", 5);
    const event = await game(t.coach.client);
    const first = zonedTimeToUtc(addDays(event.date, -2), event.startTime, ZONE);
    const [x, y] = await Promise.all([tick(first), tick(first)]);
    // Three players unanswered, two coaches warned.
    expect(x.notices + y.notices).toBe(5);
    expect(await tick(first)).toEqual({ mails: 0, notices: 0, pushes: 0 });
    const mine = await t.players[0]!.client.get("/api/me/notices");
    expect(mine.body.notices).toHaveLength(1);
    expect(mine.body.notices[0]).toMatchObject({
      kind: "event_reminder",
      params: { eventId: event.id, eventKind: "game", eventDate: event.date, opponent: "Eagles" },
    });
    const coach = await t.coach.client.get("/api/me/notices");
    const warning = coach.body.notices.find((n: { kind: string }) => n.kind === "players_short");
    expect(warning.params).toMatchObject({ going: 0, minPlayers: 5, eventId: event.id });
    expect(await database.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
  });
});
