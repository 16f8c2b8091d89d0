import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScheduleEvent, ScheduleEventResponse, ScheduleResponse } from "#domain/api/schedule.js";
import type { TeamChange } from "#server/realtime/hub.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import {
  createTestApp,
  signUpCoach,
  signUpPlayer,
  TestClient,
  type TestResponse,
} from "#tests/server/support/test-client.js";

/*
 * The team's schedule and who is coming (issue #29): a weekly series across a daylight-saving change, cancelling
 * and restoring, changes to the rest of a series, the players' answers and their counts, what a player may see,
 * the team's zone, the upcoming/past split, team isolation, and logging a session for a scheduled event. One
 * database per engine; the tests run in order on one team's story.
 */

const SCHEDULE = "/api/team/schedule";
const SETTINGS = "/api/team/schedule-settings";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(testEngines())("the schedule on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let coach: TestClient;
  let otherCoach: TestClient;
  let ada: TestClient;
  let ben: TestClient;
  let waiting: TestClient;
  const heard: TeamChange["kind"][] = [];
  const ids = { ada: "", ben: "", cleo: "", waiting: "", outsider: "" };
  /** The weekly practices across the spring change, in order. */
  let series: ScheduleEvent[] = [];

  async function ok<T = any>(res: Promise<TestResponse<T>>, status = 200): Promise<T> {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    return r.body;
  }
  const patch = (client: TestClient, path: string, json: unknown) => client.request("PATCH", path, { json });
  const put = (client: TestClient, path: string, json: unknown) => client.request("PUT", path, { json });
  const answerPath = (eventId: string, playerId: string) => `${SCHEDULE}/${eventId}/answers/${playerId}`;
  const listAll = async (client: TestClient = coach) => ok<ScheduleResponse>(client.get(`${SCHEDULE}?when=all`));
  const makeOne = async (body: Record<string, unknown>) =>
    (await ok<ScheduleResponse>(coach.post(SCHEDULE, body), 201)).events[0]!;

  beforeAll(async () => {
    database = await create();
    const built = createTestApp(database);
    app = built.app;
    const services = built.services;
    const head = await signUpCoach(app, "Falcons");
    coach = head.client;
    const other = await signUpCoach(app, "Eagles");
    otherCoach = other.client;
    const code = head.me.team!.code;
    const a = await signUpPlayer(app, code, { fullName: "Ada Arrow", jerseyNumber: 1 });
    const b = await signUpPlayer(app, code, { fullName: "Ben Blitz", jerseyNumber: 2 });
    const w = await signUpPlayer(app, code, { fullName: "Wes Waiting", jerseyNumber: 9, waiting: true });
    [ada, ben, waiting] = [a.client, b.client, w.client];
    [ids.ada, ids.ben, ids.waiting] = [a.me.id, b.me.id, w.me.id];
    // A roster place the coach added and nobody claimed yet: on the roster, so it counts.
    const cleo = await ok(coach.post("/api/team/roster", { fullName: "Cleo Claimless", primaryPosition: "wr" }), 201);
    ids.cleo = cleo.player.id;
    ids.outsider = (await signUpPlayer(app, other.me.team!.code, { fullName: "Otto Outsider" })).me.id;
    services.hub.subscribe(head.me.team!.id, (change) => heard.push(change.kind));
  });
  afterAll(async () => database?.cleanup());

  it("a team starts in UTC wanting 5 players; a coach sets the zone and the minimum, a player may not", async () => {
    expect(await ok(ada.get(SETTINGS))).toEqual({ timeZone: "UTC", minPlayers: 5 });
    expect((await patch(ada, SETTINGS, { timeZone: "Europe/Berlin" })).status).toBe(403);
    expect(await ok(patch(coach, SETTINGS, { timeZone: "Europe/Berlin", minPlayers: 3 }))).toEqual({
      timeZone: "Europe/Berlin",
      minPlayers: 3,
    });
    expect(await ok(ben.get(SETTINGS))).toEqual({ timeZone: "Europe/Berlin", minPlayers: 3 });
    // null: back to the default.
    expect((await ok(patch(coach, SETTINGS, { minPlayers: null }))).minPlayers).toBe(5);
    expect(heard).toContain("schedule");
    const bad = await patch(coach, SETTINGS, { timeZone: "Mars/Olympus" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("timeZone");
    expect((await patch(coach, SETTINGS, {})).status).toBe(400);
    expect((await otherCoach.get(SETTINGS)).body).toEqual({ timeZone: "UTC", minPlayers: 5 });
  });

  it("a weekly series across the spring change keeps 18:00 local: its UTC start moves by an hour", async () => {
    heard.length = 0;
    const made = await ok<ScheduleResponse>(
      coach.post(SCHEDULE, {
        kind: "practice",
        date: "2026-03-23",
        startTime: "18:00",
        arriveBy: "17:45",
        placeName: "Riverside Park",
        opponent: "Nobody",
        repeat: { weekdays: [0, 2], until: "2026-04-06" },
      }),
      201,
    );
    expect(heard).toEqual(["schedule"]);
    expect(made.timeZone).toBe("Europe/Berlin");
    series = made.events;
    expect(series.map((e) => e.date)).toEqual(["2026-03-23", "2026-03-25", "2026-03-30", "2026-04-01", "2026-04-06"]);
    expect(new Set(series.map((e) => e.seriesId)).size).toBe(1);
    expect(series[0]!.seriesId).not.toBeNull();
    for (const e of series) {
      expect(e).toMatchObject({ kind: "practice", status: "scheduled", startTime: "18:00", durationMinutes: 60 });
      expect(e).toMatchObject({ opponent: null, homeAway: null, sequence: 0, cancelledAt: null, sessionId: null });
    }
    // CET (UTC+1) before 29 March, CEST (UTC+2) after.
    expect(series[0]!.startsAt).toBe("2026-03-23T17:00:00.000Z");
    expect(series[0]!.endsAt).toBe("2026-03-23T18:00:00.000Z");
    expect(series[2]!.startsAt).toBe("2026-03-30T16:00:00.000Z");
    expect(series[4]!.startsAt).toBe("2026-04-06T16:00:00.000Z");
    const listed = await listAll();
    expect(listed.events.map((e) => e.id)).toEqual(series.map((e) => e.id));
  });

  it("cancelling one occurrence leaves the others untouched; it stays listed, cancelled, and can be restored", async () => {
    const target = series[2]!;
    const cancelled = await ok<ScheduleResponse>(patch(coach, `${SCHEDULE}/${target.id}`, { status: "cancelled" }));
    expect(cancelled.events).toHaveLength(1);
    expect(cancelled.events[0]).toMatchObject({ id: target.id, status: "cancelled", sequence: 1 });
    expect(cancelled.events[0]!.cancelledAt).not.toBeNull();
    const listed = await listAll();
    const others = listed.events.filter((e) => e.seriesId === target.seriesId && e.id !== target.id);
    expect(others.map((e) => [e.status, e.sequence])).toEqual(others.map(() => ["scheduled", 0]));
    expect(listed.events.find((e) => e.id === target.id)).toMatchObject({ status: "cancelled", sequence: 1 });
    // Cancelling it again changes nothing.
    const again = await ok<ScheduleResponse>(patch(coach, `${SCHEDULE}/${target.id}`, { status: "cancelled" }));
    expect(again.events[0]).toMatchObject({ sequence: 1, cancelledAt: cancelled.events[0]!.cancelledAt });
    const restored = await ok<ScheduleResponse>(patch(coach, `${SCHEDULE}/${target.id}`, { status: "scheduled" }));
    expect(restored.events[0]).toMatchObject({ status: "scheduled", cancelledAt: null, sequence: 2 });
  });

  it('scope "following" changes this event and the later ones of its series; the date moves this one only', async () => {
    const [first, second, third, fourth, fifth] = series as [ScheduleEvent, ...ScheduleEvent[]];
    const changed = await ok<ScheduleResponse>(
      patch(coach, `${SCHEDULE}/${third!.id}`, {
        startTime: "19:00",
        placeName: "North Field",
        date: "2026-03-31",
        scope: "following",
      }),
    );
    expect(changed.events.map((e) => e.id)).toEqual([third!.id, fourth!.id, fifth!.id]);
    expect(changed.events.map((e) => e.date)).toEqual(["2026-03-31", "2026-04-01", "2026-04-06"]);
    for (const e of changed.events) expect(e).toMatchObject({ startTime: "19:00", placeName: "North Field" });
    expect(changed.events[0]!.startsAt).toBe("2026-03-31T17:00:00.000Z");
    expect(changed.events[2]!.startsAt).toBe("2026-04-06T17:00:00.000Z");
    expect(changed.events[2]!.sequence).toBe(1);
    const listed = await listAll();
    for (const before of [first!, second!]) {
      expect(listed.events.find((e) => e.id === before.id)).toMatchObject({
        startTime: "18:00",
        placeName: "Riverside Park",
        startsAt: before.startsAt,
        sequence: 0,
      });
    }
    // The default scope: this one only.
    const one = await ok<ScheduleResponse>(patch(coach, `${SCHEDULE}/${fourth!.id}`, { durationMinutes: 90 }));
    expect(one.events.map((e) => e.id)).toEqual([fourth!.id]);
    expect(one.events[0]!.endsAt).toBe("2026-04-01T18:30:00.000Z");
    expect((await listAll()).events.find((e) => e.id === fifth!.id)!.durationMinutes).toBe(60);
    // Arrive-by after the new start is refused by field, and nothing changes.
    const late = await patch(coach, `${SCHEDULE}/${fourth!.id}`, { startTime: "17:30" });
    expect(late.status).toBe(400);
    expect(late.body.error.fields).toHaveProperty("arriveBy");
  });

  it("players answer for themselves, coaches for any roster player; counts leave the waiting player out", async () => {
    const event = await makeOne({ kind: "game", date: day(7), startTime: "10:00", opponent: "Hawks" });
    expect(event.availability).toEqual({ going: 0, maybe: 0, no: 0, unanswered: 3 });

    heard.length = 0;
    const mine = await ok<ScheduleEventResponse>(
      put(ada, answerPath(event.id, ids.ada), { answer: "going", note: "  Bringing cones  " }),
    );
    expect(heard).toEqual(["schedule"]);
    expect(mine.answers).toBeNull();
    expect(mine.event.myAnswer).toEqual({ answer: "going", note: "Bringing cones" });
    expect(mine.event.availability).toEqual({ going: 1, maybe: 0, no: 0, unanswered: 2 });

    const forBen = await ok<ScheduleEventResponse>(put(coach, answerPath(event.id, ids.ben), { answer: "maybe" }));
    expect(forBen.event.myAnswer).toBeNull();
    expect(forBen.answers!.map((a) => [a.fullName, a.answer, a.byCoach])).toEqual([
      ["Ada Arrow", "going", false],
      ["Ben Blitz", "maybe", true],
      ["Cleo Claimless", null, false],
    ]);
    expect(forBen.answers![0]).toMatchObject({ playerId: ids.ada, jerseyNumber: 1, note: "Bringing cones" });
    expect(forBen.answers![2]!.answeredAt).toBeNull();

    // A player answering for another player: 403 in the error shape, nothing stored.
    const forOther = await put(ada, answerPath(event.id, ids.ben), { answer: "no" });
    expect(forOther.status).toBe(403);
    expect(forOther.body.error.code).toBe("forbidden");
    // A player the coach's team does not have: 404; so is an event id of nobody.
    expect((await put(coach, answerPath(event.id, ids.outsider), { answer: "going" })).status).toBe(404);
    expect((await put(coach, answerPath(event.id, ids.waiting), { answer: "going" })).status).toBe(404);
    expect((await put(coach, answerPath(randomUUID(), ids.ada), { answer: "going" })).status).toBe(404);
    // A team-code sign-up the coach has not confirmed is on no list.
    expect((await put(waiting, answerPath(event.id, ids.waiting), { answer: "going" })).status).toBe(403);
    const badAnswer = await put(ada, answerPath(event.id, ids.ada), { answer: "perhaps" });
    expect(badAnswer.status).toBe(400);
    expect(badAnswer.body.error.fields).toHaveProperty("answer");

    // Ben changes the coach's answer: one answer per player, upserted.
    await ok(put(ben, answerPath(event.id, ids.ben), { answer: "no" }));
    const detail = await ok<ScheduleEventResponse>(coach.get(`${SCHEDULE}/${event.id}`));
    expect(detail.event.availability).toEqual({ going: 1, maybe: 0, no: 1, unanswered: 1 });
    expect(detail.answers!.find((a) => a.playerId === ids.ben)).toMatchObject({ answer: "no", byCoach: false });

    // A player reads the counts and their own answer only.
    const asPlayer = await ok<ScheduleEventResponse>(ben.get(`${SCHEDULE}/${event.id}`));
    expect(asPlayer.answers).toBeNull();
    expect(asPlayer.event.myAnswer).toEqual({ answer: "no", note: null });
    expect(JSON.stringify(asPlayer)).not.toContain("Bringing cones");
    const listed = await listAll(ada);
    expect(listed.events.find((e) => e.id === event.id)!.myAnswer).toEqual({ answer: "going", note: "Bringing cones" });
    expect(listed.events.find((e) => e.id === event.id)!.availability.unanswered).toBe(1);
    expect((await listAll(coach)).events.every((e) => e.myAnswer === null)).toBe(true);

    // Cancelled: 409 with a clear message.
    await ok(patch(coach, `${SCHEDULE}/${event.id}`, { status: "cancelled" }));
    const late = await put(ada, answerPath(event.id, ids.ada), { answer: "no" });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: "event_cancelled" });
    expect(late.body.error.message).toMatch(/cancelled/);
  });

  it("upcoming and past split at the end of an event; limit caps the list", async () => {
    const past = await makeOne({ kind: "practice", date: day(-3), startTime: "12:00" });
    const soon = await makeOne({ kind: "practice", date: day(2), startTime: "12:00" });
    const later = await makeOne({ kind: "practice", date: day(30), startTime: "12:00" });
    const upcoming = await ok<ScheduleResponse>(coach.get(`${SCHEDULE}?when=upcoming`));
    const upIds = upcoming.events.map((e) => e.id);
    expect(upIds).toContain(soon.id);
    expect(upIds.indexOf(soon.id)).toBeLessThan(upIds.indexOf(later.id));
    expect(upIds).not.toContain(past.id);
    expect(upcoming.events.every((e) => e.endsAt > new Date().toISOString())).toBe(true);
    const pastList = await ok<ScheduleResponse>(ada.get(`${SCHEDULE}?when=past`));
    expect(pastList.events[0]!.id).toBe(past.id);
    expect(pastList.events.map((e) => e.id)).toContain(series[0]!.id);
    expect(pastList.events.map((e) => e.id)).not.toContain(soon.id);
    const starts = pastList.events.map((e) => e.startsAt);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(
      (await ok<ScheduleResponse>(coach.get(`${SCHEDULE}?when=upcoming&limit=1`))).events.map((e) => e.id),
    ).toEqual([upIds[0]]);
    const badLimit = await coach.get(`${SCHEDULE}?limit=0`);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error.fields).toHaveProperty("limit");
    expect((await coach.get(`${SCHEDULE}?when=soon`)).status).toBe(400);
  });

  it("a new zone keeps the events not yet ended at their local day and time; ended ones keep their instant", async () => {
    const future = await makeOne({ kind: "practice", date: "2027-01-15", startTime: "18:00" });
    expect(future.startsAt).toBe("2027-01-15T17:00:00.000Z");
    await ok(patch(coach, SETTINGS, { timeZone: "America/New_York" }));
    const listed = await listAll();
    expect(listed.timeZone).toBe("America/New_York");
    const moved = listed.events.find((e) => e.id === future.id)!;
    expect(moved).toMatchObject({ date: "2027-01-15", startTime: "18:00", sequence: 1 });
    expect(moved.startsAt).toBe("2027-01-15T23:00:00.000Z");
    expect(moved.endsAt).toBe("2027-01-16T00:00:00.000Z");
    const ended = listed.events.find((e) => e.id === series[0]!.id)!;
    expect(ended).toMatchObject({ startsAt: series[0]!.startsAt, sequence: 0 });
    // The same zone again moves nothing.
    await ok(patch(coach, SETTINGS, { timeZone: "America/New_York" }));
    expect((await listAll()).events.find((e) => e.id === future.id)!.sequence).toBe(1);
    // A new event is written in the new zone, across its own autumn change (7 November 2027).
    const fall = await ok<ScheduleResponse>(
      coach.post(SCHEDULE, {
        kind: "practice",
        date: "2027-10-30",
        startTime: "09:00",
        repeat: { weekdays: [5], until: "2027-11-13" },
      }),
      201,
    );
    expect(fall.events.map((e) => e.startsAt)).toEqual([
      "2027-10-30T13:00:00.000Z",
      "2027-11-06T13:00:00.000Z",
      "2027-11-13T14:00:00.000Z",
    ]);
  });

  it("another team's event answers 404 like an unknown one, and is in no list of theirs", async () => {
    const id = series[0]!.id;
    expect((await otherCoach.get(`${SCHEDULE}/${id}`)).status).toBe(404);
    expect((await otherCoach.get(`${SCHEDULE}/${randomUUID()}`)).status).toBe(404);
    expect((await patch(otherCoach, `${SCHEDULE}/${id}`, { status: "cancelled" })).status).toBe(404);
    expect((await put(otherCoach, answerPath(id, ids.ada), { answer: "going" })).status).toBe(404);
    expect((await ok<ScheduleResponse>(otherCoach.get(SCHEDULE))).events).toEqual([]);
    expect((await listAll()).events.find((e) => e.id === id)!.status).toBe("scheduled");
    // Players do not plan: 403.
    expect((await ada.post(SCHEDULE, { kind: "practice", date: day(1), startTime: "10:00" })).status).toBe(403);
    expect((await patch(ada, `${SCHEDULE}/${id}`, { notes: "mine" })).status).toBe(403);
  });

  it("bad input is a 400 with the schema's field messages", async () => {
    const impossible = await coach.post(SCHEDULE, { kind: "game", date: "2026-02-30", startTime: "25:00" });
    expect(impossible.status).toBe(400);
    expect(impossible.body.error.fields).toHaveProperty("date");
    expect(impossible.body.error.fields).toHaveProperty("startTime");
    const early = await coach.post(SCHEDULE, { kind: "game", date: day(3), startTime: "10:00", arriveBy: "10:30" });
    expect(early.status).toBe(400);
    expect(early.body.error.fields).toHaveProperty("arriveBy");
    const noDays = await coach.post(SCHEDULE, {
      kind: "practice",
      date: "2027-02-01",
      startTime: "10:00",
      repeat: { weekdays: [6], until: "2027-02-02" },
    });
    expect(noDays.status).toBe(400);
    const nul = await coach.post(SCHEDULE, { kind: "game", date: day(3), startTime: "10:00", notes: "a\u0000b" });
    expect(nul.status).toBe(400);
    const id = series[1]!.id;
    expect((await patch(coach, `${SCHEDULE}/${id}`, {})).status).toBe(400);
    expect((await patch(coach, `${SCHEDULE}/${id}`, { scope: "following" })).status).toBe(400);
    expect((await patch(coach, `${SCHEDULE}/not-a-uuid`, { notes: "x" })).status).toBe(400);
    const badUrl = await patch(coach, `${SCHEDULE}/${id}`, { mapUrl: "javascript:alert(1)" });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.fields).toHaveProperty("mapUrl");
  });

  it("a session started for a scheduled event is linked to it and takes the game's opponent and home/away", async () => {
    const game = await makeOne({ kind: "game", date: day(5), startTime: "11:00", opponent: "Owls", homeAway: "away" });
    heard.length = 0;
    const started = await ok(
      coach.post("/api/team/sessions", { kind: "game", date: day(5), scheduledEventId: game.id }),
      201,
    );
    expect(started.session).toMatchObject({ kind: "game", opponent: "Owls", homeAway: "away" });
    expect(heard).toEqual(expect.arrayContaining(["sessions", "schedule"]));
    const linked = await ok<ScheduleEventResponse>(ada.get(`${SCHEDULE}/${game.id}`));
    expect(linked.event.sessionId).toBe(started.session.id);

    // Once only.
    const twice = await coach.post("/api/team/sessions", { kind: "game", date: day(5), scheduledEventId: game.id });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("event_already_linked");

    // A client-made id, replayed: the same session, still linked; the body's own opponent wins.
    const other = await makeOne({ kind: "game", date: day(6), startTime: "11:00", opponent: "Owls" });
    const sessionId = randomUUID();
    const body = { id: sessionId, kind: "game", date: day(6), opponent: "Ospreys", scheduledEventId: other.id };
    expect((await ok(coach.post("/api/team/sessions", body), 201)).session.opponent).toBe("Ospreys");
    expect((await ok(coach.post("/api/team/sessions", body), 200)).session.id).toBe(sessionId);
    expect((await ok<ScheduleEventResponse>(coach.get(`${SCHEDULE}/${other.id}`))).event.sessionId).toBe(sessionId);

    // Another kind, a cancelled event, another team's event: refused, nothing made.
    const practice = await makeOne({ kind: "practice", date: day(6), startTime: "09:00" });
    const sessionsBefore = (await ok(coach.get("/api/team/sessions"))).sessions.length;
    const wrongKind = await coach.post("/api/team/sessions", {
      kind: "game",
      date: day(6),
      scheduledEventId: practice.id,
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error.fields).toHaveProperty("scheduledEventId");
    await ok(patch(coach, `${SCHEDULE}/${practice.id}`, { status: "cancelled" }));
    const cancelled = await coach.post("/api/team/sessions", {
      kind: "practice",
      date: day(6),
      scheduledEventId: practice.id,
    });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.code).toBe("event_cancelled");
    const foreign = await otherCoach.post("/api/team/sessions", {
      kind: "practice",
      date: day(6),
      scheduledEventId: series[0]!.id,
    });
    expect(foreign.status).toBe(400);
    expect((await ok(coach.get("/api/team/sessions"))).sessions.length).toBe(sessionsBefore);
    expect((await ok<ScheduleEventResponse>(coach.get(`${SCHEDULE}/${practice.id}`))).event.sessionId).toBeNull();

    // Without a scheduled event, a session is made as before.
    expect((await coach.post("/api/team/sessions", { kind: "practice", date: day(0) })).status).toBe(201);
  });

  it("an API token reads the schedule, and may not answer for a player", async () => {
    const { secret } = await ok(coach.post("/api/team/api-tokens", { name: "Club site", scope: "write" }), 201);
    const withToken = (method: string, path: string, json?: unknown) =>
      new TestClient(app).request(method, path, {
        headers: { authorization: `Bearer ${secret}` },
        ...(json === undefined ? {} : { json }),
      });
    const listed = await ok<ScheduleResponse>(withToken("GET", `${SCHEDULE}?when=all`));
    expect(listed.events.map((e) => e.id)).toContain(series[0]!.id);
    expect((await ok<ScheduleEventResponse>(withToken("GET", `${SCHEDULE}/${series[0]!.id}`))).answers).not.toBeNull();
    expect((await ok(withToken("GET", SETTINGS))).timeZone).toBe("America/New_York");
    const answered = await withToken("PUT", answerPath(series[0]!.id, ids.ada), { answer: "going" });
    expect(answered.status).toBe(403);
    expect(answered.body.error.code).toBe("token_not_allowed");
  });
});
