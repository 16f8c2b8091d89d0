import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PushState } from "#domain/api/push.js";
import { CONSENT_VERSION } from "#domain/family.js";
import { bornYearsAgo } from "#tests/support/birth-dates.js";
import { addGuardian } from "#tests/server/support/guardians.js";
import { loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";
import { startPushService, type LocalPushService, type TestDevice } from "#tests/server/support/push-service.js";
import { createTestApp, type TestClient } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { addDays, todayIn, zonedTimeToUtc } from "#domain/schedule.js";
import { runReminderTick } from "../mail/reminders.js";
import { createPushSender } from "./sender.js";

/*
 * Notifications by Web Push (docs/product.md §16, issue #30) end to end against a push service on the loopback that
 * checks the VAPID signature and decrypts each message with the device's keys (RFC 8291): devices, choices, the
 * test button, a game's kickoff, scores and final to the team and its guardians, once each, and gone devices
 * dropped.
 */
describe.each(testEngines())("Web Push on $engine", ({ create }) => {
  let database: TestDatabase;
  let built: ReturnType<typeof createTestApp>;
  let service: LocalPushService;
  let team: LoggerTeam;
  let guardian: TestClient;
  let gameId: string;
  /** Devices the tests below keep using: the guardian's phone, the head coach's laptop, the adult player's phone. */
  const kept: Record<"guardian" | "coach" | "player", TestDevice | null> = {
    guardian: null,
    coach: null,
    player: null,
  };
  let at = Date.now() - 600_000;

  const subscribe = async (client: TestClient, device: TestDevice) => {
    const res = await client.request<{ id: string; device: string }>("PUT", "/api/me/push/devices", {
      json: device.subscription,
      headers: { "user-agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** Everything queued now is sent: the notifier's checks done, then sender passes until one claims nothing. */
  const deliver = async () => {
    await built.services.push.notifier.idle();
    let total = 0;
    for (;;) {
      const pass = await built.services.push.sender.runOnce();
      total += pass.sent;
      if (pass.claimed === 0) return total;
    }
  };
  const snap = (detail: Record<string, unknown>) => ({
    id: randomUUID(),
    sessionId: gameId,
    period: 1,
    occurredAt: new Date((at += 1000)).toISOString(),
    detail,
  });

  beforeAll(async () => {
    database = await create();
    service = await startPushService();
    built = createTestApp(database);
    team = await loggerTeam(built.app, "Falcons", 2);
    const [child, adult] = team.players;
    expect((await child!.client.request("PATCH", "/api/profile", { json: { fullName: "Maya Rivera" } })).status).toBe(
      200,
    );
    expect((await adult!.client.request("PATCH", "/api/profile", { json: { fullName: "Leo Park" } })).status).toBe(200);
    await team.head.request("PUT", `/api/team/players/${child!.me.id}/birth-date`, {
      json: { birthDate: bornYearsAgo(11) },
    });
    guardian = (await addGuardian(built.app, team.head, child!.me.id)).client;
    const game = await team.head.post("/api/team/sessions", {
      kind: "game",
      date: new Date().toISOString().slice(0, 10),
      opponent: "Owls",
    });
    gameId = game.body.session.id;
  });
  afterAll(async () => {
    await service?.close();
    await database?.cleanup();
  });

  it("a device is kept by its endpoint, listed with the server's key, and only a push service's address is taken", async () => {
    const phone = service.device();
    kept.guardian = phone;
    const saved = await subscribe(guardian, phone);
    expect(saved.device).toBe("Chrome on Android");
    const state = await guardian.get<PushState>("/api/me/push");
    expect(state.body.publicKey).toBe(built.services.config.push.publicKey);
    expect(state.body.devices).toEqual([
      expect.objectContaining({ id: saved.id, device: "Chrome on Android", endpoint: phone.subscription.endpoint }),
    ]);
    expect(state.body.preferences).toEqual({
      game_start: true,
      scores: true,
      game_final: true,
      schedule: true,
      announcements: true,
    });
    // The same browser again: the same device, not a second one.
    expect((await subscribe(guardian, phone)).id).toBe(saved.id);

    for (const endpoint of [
      "http://10.0.0.5/push/x",
      "https://127.0.0.1/push",
      "https://localhost/push",
      "ftp://x.y/z",
    ]) {
      const bad = await guardian.request("PUT", "/api/me/push/devices", {
        json: { ...phone.subscription, endpoint },
      });
      expect(bad.status, endpoint).toBe(400);
      expect(JSON.stringify(bad.body)).toContain("push service");
    }
    const badKey = await guardian.request("PUT", "/api/me/push/devices", {
      json: { ...phone.subscription, keys: { p256dh: "not a key!", auth: phone.subscription.keys.auth } },
    });
    expect(badKey.status).toBe(400);
    // Someone else's device is not theirs to remove.
    expect((await team.head.delete(`/api/me/push/devices/${saved.id}`)).status).toBe(404);
    expect((await guardian.get<PushState>("/api/me/push")).body.devices).toHaveLength(1);
  });

  it("the test button reaches the device: signed with the server's VAPID key, decrypted with the device's keys", async () => {
    const laptop = service.device();
    kept.coach = laptop;
    const coachDevice = await subscribe(team.head, laptop);
    const queued = await team.head.post("/api/me/push/test", { deviceId: coachDevice.id });
    expect(queued.status).toBe(202);
    expect(queued.body).toEqual({ devices: 1 });
    expect(await deliver()).toBe(1);
    expect(laptop.messages).toHaveLength(1);
    expect(laptop.messages[0]).toMatchObject({
      payload: { title: "Flagline", body: "Notifications work on this device.", url: "/start" },
      vapidKey: built.services.config.push.publicKey,
      claims: { aud: service.origin, sub: "mailto:flagline@flagline.test" },
    });
    expect(service.refused).toEqual([]);
    // Sent is sent: another pass sends nothing again.
    expect(await deliver()).toBe(0);
    expect(laptop.messages).toHaveLength(1);
    // No device, no test.
    expect((await team.assistant.post("/api/me/push/test", {})).status).toBe(400);
    expect((await team.head.post("/api/me/push/test", { deviceId: "nope" })).status).toBe(404);
  });

  it("a game's kickoff, every score and the final reach the team and the guardians, once, by first name", async () => {
    const [child, adult] = team.players;
    const playerPhone = service.device();
    kept.player = playerPhone;
    await subscribe(adult!.client, playerPhone);
    // The player wants kickoff and final only.
    const prefs = await adult!.client.request("PATCH", "/api/me/push/preferences", { json: { scores: false } });
    expect(prefs.status).toBe(200);
    expect(prefs.body).toMatchObject({ scores: false, game_start: true });
    const before = service.all().length;

    const logged = await team.head.post("/api/team/snaps", {
      snaps: [snap({ kind: "pass", passerId: adult!.me.id, targetId: child!.me.id, result: "touchdown", yards: 20 })],
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(200);
    await deliver();
    const first = service.all().slice(before);
    const titles = first.map((m) => m.payload.title).sort();
    // Guardian, coach and player: kickoff; guardian and coach: the score.
    expect(titles.filter((t) => t === "Kickoff: Falcons vs Owls")).toHaveLength(3);
    const scores = first.filter((m) => m.payload.title === "Falcons 6–0 Owls");
    expect(scores).toHaveLength(2);
    expect(scores[0]!.payload.body).toBe("+6: Leo #11 → Maya #10, 20 yds, touchdown");
    expect(scores[0]!.urgency).toBe("high");
    // The game has no follow link: a tap opens the person's own start page.
    expect(scores[0]!.payload.url).toBe("/start");
    expect(playerPhone.messages.map((m) => m.payload.title)).toEqual(["Kickoff: Falcons vs Owls"]);
    for (const m of first) expect(JSON.stringify(m.payload)).not.toMatch(/Rivera|Park/);

    // Another server hearing the same change (or the next one) queues nothing twice.
    expect(await built.services.push.notifier.check(team.teamId, gameId)).toBe(0);
    expect(await deliver()).toBe(0);

    const final = await team.head.post(`/api/team/sessions/${gameId}/final`, { us: 6, them: 0 });
    expect(final.status).toBe(200);
    await deliver();
    const finals = service.all().filter((m) => m.payload.title === "Final: Falcons 6–0 Owls");
    expect(finals).toHaveLength(3);
    expect(finals[0]!.payload.body).toBe("Win. Tap for the box score.");
    expect(service.refused).toEqual([]);
  });

  it("a game of another day filled in afterwards notifies no one", async () => {
    const [child, adult] = team.players;
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const old = await team.head.post("/api/team/sessions", { kind: "game", date: lastWeek, opponent: "Ravens" });
    const before = service.all().length;
    const logged = await team.head.post("/api/team/snaps", {
      snaps: [
        {
          ...snap({ kind: "pass", passerId: adult!.me.id, targetId: child!.me.id, result: "touchdown", yards: 5 }),
          sessionId: old.body.session.id,
        },
      ],
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(200);
    expect(await built.services.push.notifier.check(team.teamId, old.body.session.id)).toBe(0);
    await deliver();
    expect(service.all().length).toBe(before);
  });

  it("a guardian linked mid-game to a child of another team gets its next score on the phone they already had", async () => {
    const other = await loggerTeam(built.app, "Hawks", 2);
    const [passer, child] = other.players;
    const game = await other.head.post("/api/team/sessions", {
      kind: "game",
      date: new Date().toISOString().slice(0, 10),
      opponent: "Jays",
    });
    const touchdown = (yards: number) =>
      other.head.post("/api/team/snaps", {
        snaps: [
          {
            ...snap({ kind: "pass", passerId: passer!.me.id, targetId: child!.me.id, result: "touchdown", yards }),
            sessionId: game.body.session.id,
          },
        ],
      });
    // No one of the Hawks has a device yet: the server keeps that answer for the team.
    expect((await touchdown(10)).status).toBe(200);
    await deliver();
    const before = kept.guardian!.messages.length;

    // The Falcons' guardian, signed in with a subscribed phone, takes the Hawks child's guardian link.
    const invite = await other.head.post<{ token: string }>(`/api/team/players/${child!.me.id}/guardian-invites`);
    const taken = await guardian.post(`/api/guardian-invites/${invite.body.token}`, {
      consent: true,
      consentVersion: CONSENT_VERSION,
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect((await touchdown(15)).status).toBe(200);
    await deliver();
    const titles = kept.guardian!.messages.slice(before).map((m) => m.payload.title);
    expect(titles).toEqual(expect.arrayContaining(["Kickoff: Hawks vs Jays", "Hawks 12–0 Jays"]));
  });

  it("a device the push service no longer knows (410) is dropped with what was queued for it", async () => {
    const old = service.device();
    const saved = await subscribe(team.assistant, old);
    old.status = 410;
    expect((await team.assistant.post("/api/me/push/test", {})).status).toBe(202);
    const pass = await built.services.push.sender.runOnce();
    expect(pass.gone).toBe(1);
    const state = await team.assistant.get<PushState>("/api/me/push");
    expect(state.body.devices.map((d) => d.id)).not.toContain(saved.id);
    const left = await database.db
      .selectFrom("push_outbox")
      .select("id")
      .where("subscription_id", "=", saved.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("a push service that fails is tried again later, and two servers sending at once deliver each once", async () => {
    const flaky = service.device();
    await subscribe(team.assistant, flaky);
    flaky.status = 500;
    expect((await team.assistant.post("/api/me/push/test", {})).status).toBe(202);
    const failed = await built.services.push.sender.runOnce();
    expect(failed).toMatchObject({ claimed: 1, failed: 1, sent: 0 });
    flaky.status = 201;
    // Not before its back-off (30 s): nothing at once, and a sender a minute on sends it.
    expect((await built.services.push.sender.runOnce()).claimed).toBe(0);
    const later = createPushSender({
      db: database.db,
      push: built.services.config.push,
      log: built.services.log,
      now: () => new Date(Date.now() + 60_000),
    });
    expect((await later.runOnce()).sent).toBe(1);
    expect(flaky.messages).toHaveLength(1);

    // Twenty notifications, two servers' senders at once: each arrives once.
    for (let i = 0; i < 20; i++) expect((await team.assistant.post("/api/me/push/test", {})).status).toBe(202);
    const a = createPushSender({
      db: database.db,
      push: built.services.config.push,
      log: built.services.log,
      batchSize: 5,
    });
    const b = createPushSender({
      db: database.db,
      push: built.services.config.push,
      log: built.services.log,
      batchSize: 5,
    });
    const drain = async (s: typeof a) => {
      let n = 0;
      for (;;) {
        const r = await s.runOnce();
        n += r.sent;
        if (r.claimed === 0) return n;
      }
    };
    const [sentA, sentB] = await Promise.all([drain(a), drain(b)]);
    expect(sentA + sentB).toBe(20);
    expect(flaky.messages).toHaveLength(21);
  });

  it("a sender killed before the mark leaves rows another sends once its claim expires; a restart repeats nothing", async () => {
    const phone = service.device();
    const { id } = await subscribe(team.assistant, phone);
    for (let i = 0; i < 3; i++) await team.assistant.post("/api/me/push/test", { deviceId: id });
    const killed = createPushSender({
      db: database.db,
      push: built.services.config.push,
      log: built.services.log,
      hook: (point) => {
        if (point === "before") throw new Error("killed");
      },
    });
    await expect(killed.runOnce()).rejects.toThrow("killed");
    // A restarted server at once: the rows are still claimed by the dead one.
    const restarted = createPushSender({ db: database.db, push: built.services.config.push, log: built.services.log });
    expect((await restarted.runOnce()).claimed).toBe(0);
    // Once the claims expire (2 minutes), they are sent, each once.
    const after = createPushSender({
      db: database.db,
      push: built.services.config.push,
      log: built.services.log,
      now: () => new Date(Date.now() + 3 * 60_000),
    });
    expect((await after.runOnce()).sent).toBe(3);
    expect(phone.messages).toHaveLength(3);
    // And a further restart sends none of them again.
    expect(
      (await createPushSender({ db: database.db, push: built.services.config.push, log: built.services.log }).runOnce())
        .claimed,
    ).toBe(0);
  });

  it("an announcement, a change within 48 hours and a reminder to answer reach devices, under their own choices", async () => {
    const [child, adult] = team.players;
    const counts = () => [kept.guardian!, kept.coach!, kept.player!].map((d) => d.messages.length);
    const [g0, c0, p0] = counts();
    const posted = await team.head.post("/api/team/announcements", {
      body: "Bring water: it will be hot on Saturday.",
    });
    expect(posted.status).toBe(201);
    await deliver();
    // The guardian and the player get it; the author's own devices do not.
    expect(counts()).toEqual([g0! + 1, c0, p0! + 1]);
    const announced = kept.guardian!.messages.at(-1)!;
    expect(announced.payload.body).toBe("Bring water: it will be hot on Saturday.");
    expect(announced.payload.title).toMatch(/^Falcons.*: /);

    // A game tomorrow, moved: told at once to the team and the guardians.
    const zone = "UTC";
    const date = addDays(todayIn(zone), 1);
    const made = await team.head.post("/api/team/schedule", {
      kind: "game",
      date,
      startTime: "18:30",
      opponent: "Hawks",
    });
    expect(made.status).toBe(201);
    const eventId = made.body.events[0].id as string;
    const before = service.all().length;
    const moved = await team.head.request("PATCH", `/api/team/schedule/${eventId}`, { json: { startTime: "19:00" } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await deliver();
    expect(service.all().length).toBeGreaterThan(before);
    expect(kept.guardian!.messages.at(-1)!.payload.body).toMatch(
      /^New time: Game against Hawks on \w+ \d{4}-\d{2}-\d{2} at 19:00$/,
    );

    // The player turns schedule notifications off; the guardian of the child (who signs in on their own, so is
    // reminded themselves) gets none; the player who has not answered gets none either now.
    expect(
      (await adult!.client.request("PATCH", "/api/me/push/preferences", { json: { schedule: false } })).status,
    ).toBe(200);
    const childPhone = service.device();
    await subscribe(child!.client, childPhone);
    const tickAt = zonedTimeToUtc(addDays(date, -2), "19:00", zone);
    const due = new Date(Math.max(tickAt.getTime(), Date.now()));
    const done = await runReminderTick({
      db: database.db,
      config: built.services.config,
      log: built.services.log,
      now: due,
    });
    // The child's reminder, and the coaches' warning (no one is going yet) to the head coach's and the assistant's
    // devices.
    expect(done.pushes).toBe(4);
    await deliver();
    expect(kept.coach!.messages.at(-1)!.payload).toMatchObject({
      title: expect.stringMatching(/^Too few players: Game against Hawks, /),
      url: `/coach/schedule/${eventId}`,
    });
    expect(childPhone.messages).toHaveLength(1);
    expect(childPhone.messages[0]!.payload).toMatchObject({
      body: "Are you coming? Tap to answer.",
      url: expect.stringMatching(/^\/answer\/[A-Za-z0-9_.-]+$/),
    });
    // Once: the next tick queues nothing again.
    expect(
      (await runReminderTick({ db: database.db, config: built.services.config, log: built.services.log, now: due }))
        .pushes,
    ).toBe(0);
  });
});
