import ICAL from "ical.js";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarFeed, ScheduleResponse } from "#domain/api/schedule.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import {
  createTestApp,
  signUpCoach,
  signUpPlayer,
  TEST_ORIGIN,
  TestClient,
  uniqueEmail,
  PASSWORD,
} from "#tests/server/support/test-client.js";

/*
 * Calendar feeds (routes/calendar.ts, issue #29), on every engine. Every feed is read back with ical.js, a parser
 * written apart from the library that writes it, so what is checked is what a calendar app would understand.
 */

type App = ReturnType<typeof createTestApp>["app"];

interface ParsedEvent {
  uid: string;
  sequence: number;
  summary: string;
  status: string;
  location: string | null;
  description: string;
  url: string;
  /** DTSTART as written: the wall-clock time and its TZID. */
  localStart: string;
  tzid: string | null;
  /** DTSTART and DTEND as instants. */
  start: string;
  end: string;
  dtstamp: string;
  lastModified: string;
  created: string;
}

interface ParsedCalendar {
  name: string | null;
  refreshInterval: string | null;
  publishedTtl: string | null;
  timezones: string[];
  events: ParsedEvent[];
}

/** A UTC DATE-TIME property as an ISO instant (second precision), checked to be UTC as RFC 5545 wants. */
function utcOf(value: ICAL.Time): string {
  expect(value.zone?.tzid, "DTSTAMP, CREATED and LAST-MODIFIED must be UTC").toBe("UTC");
  return value.toJSDate().toISOString();
}

function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const timezones = calendar.getAllSubcomponents("vtimezone");
  for (const zone of timezones) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((vevent): ParsedEvent => {
    const event = new ICAL.Event(vevent);
    const start = event.startDate;
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      status: String(vevent.getFirstPropertyValue("status")),
      location: event.location ?? null,
      description: event.description,
      url: String(vevent.getFirstPropertyValue("url")),
      localStart: start.toString(),
      tzid: vevent.getFirstProperty("dtstart")!.getParameter("tzid") as string | null,
      start: start.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      dtstamp: utcOf(vevent.getFirstPropertyValue("dtstamp") as ICAL.Time),
      lastModified: utcOf(vevent.getFirstPropertyValue("last-modified") as ICAL.Time),
      created: utcOf(vevent.getFirstPropertyValue("created") as ICAL.Time),
    };
  });
  const text_ = (name: string) => {
    const value = calendar.getFirstPropertyValue(name);
    return value === null ? null : String(value);
  };
  return {
    name: text_("x-wr-calname"),
    refreshInterval: text_("refresh-interval"),
    publishedTtl: text_("x-published-ttl"),
    timezones: timezones.map((zone) => String(zone.getFirstPropertyValue("tzid"))),
    events,
  };
}

/** The path of a feed address (the app is called in process, at TEST_ORIGIN). */
const pathOf = (url: string) => new URL(url).pathname;

async function readFeed(app: App, url: string, headers: Record<string, string> = {}) {
  // Anonymous: a calendar app sends no cookie.
  return new TestClient(app).request<string>("GET", pathOf(url), { headers });
}

/** The instant (second precision) a row stores, as the feed writes it. */
const second = (iso: string) => new Date(Date.parse(iso) - (Date.parse(iso) % 1000)).toISOString();

describe.each(testEngines())("calendar feeds on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let coach: Awaited<ReturnType<typeof signUpCoach>>;
  let other: Awaited<ReturnType<typeof signUpCoach>>;
  let player: Awaited<ReturnType<typeof signUpPlayer>>;
  let gameId: string;
  let practiceIds: string[];
  let otherEventId: string;
  let playerFeed: CalendarFeed;

  async function schedule(client: TestClient, body: unknown): Promise<ScheduleResponse> {
    const res = await client.post<ScheduleResponse>("/api/team/schedule", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  async function change(id: string, body: unknown): Promise<void> {
    const res = await coach.client.request("PATCH", `/api/team/schedule/${id}`, { json: body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async function feedOf(client: TestClient): Promise<CalendarFeed> {
    const res = await client.get<CalendarFeed>("/api/me/calendar");
    expect(res.status).toBe(200);
    return res.body;
  }

  async function parsedFeed(feed: CalendarFeed): Promise<ParsedCalendar> {
    const res = await readFeed(app, feed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    return parseCalendar(res.body);
  }

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
    coach = await signUpCoach(app, "Falcons");
    other = await signUpCoach(app, "Eagles");
    player = await signUpPlayer(app, coach.me.team!.code, { fullName: "Quinn Passer" });
    const zone = await coach.client.request("PATCH", "/api/team/schedule-settings", {
      json: { timeZone: "Europe/Berlin" },
    });
    expect(zone.status, JSON.stringify(zone.body)).toBe(200);

    // Weekly 18:00 practices across the next spring-forward in Berlin (2027-03-28), so they are in the feed's
    // window (the feed keeps 180 days back; 2026-03-29's change is checked on the download below).
    const practices = await schedule(coach.client, {
      kind: "practice",
      date: "2027-03-16",
      startTime: "18:00",
      durationMinutes: 90,
      placeName: "Riverside Park",
      repeat: { weekdays: [1], until: "2027-04-06" },
    });
    practiceIds = practices.events.map((e) => e.id);
    const game = await schedule(coach.client, {
      kind: "game",
      date: "2027-04-10",
      startTime: "11:00",
      arriveBy: "10:15",
      durationMinutes: 60,
      placeName: "Hawks Stadium",
      field: "3",
      address: "1 Stadium Road, Hamburg",
      opponent: "Hawks",
      homeAway: "away",
      notes: "Bring white jerseys.",
    });
    gameId = game.events[0]!.id;
    otherEventId = (await schedule(other.client, { kind: "practice", date: "2027-04-10", startTime: "09:00" }))
      .events[0]!.id;
    playerFeed = await feedOf(player.client);
  });
  afterAll(async () => database?.cleanup());

  it("gives each person one address, https and webcal, shown again unchanged and never stored", async () => {
    expect(playerFeed.url).toMatch(
      new RegExp(`^${TEST_ORIGIN}/api/calendar/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}\\.ics$`),
    );
    expect(playerFeed.webcalUrl).toBe(playerFeed.url.replace(/^http:\/\//, "webcal://"));
    expect(await feedOf(player.client)).toEqual(playerFeed);
    const coachFeed = await feedOf(coach.client);
    expect(coachFeed.url).not.toBe(playerFeed.url);

    const token = pathOf(playerFeed.url)
      .split("/")
      .pop()!
      .replace(/\.ics$/, "");
    const mac = token.split(".")[1]!;
    const rows = JSON.stringify((await sql`select * from calendar_feeds`.execute(database.db)).rows);
    expect(rows).not.toContain(mac);
    expect((await new TestClient(app).get("/api/me/calendar")).status).toBe(401);
  });

  it("writes every event with its UID, sequence, times in the team's zone, place, description and link", async () => {
    const feed = await parsedFeed(playerFeed);
    expect(feed.name).toBe("Falcons");
    expect(feed.refreshInterval).toBe("PT1H");
    expect(feed.publishedTtl).toBe("PT1H");
    expect(feed.timezones).toEqual(["Europe/Berlin"]);
    expect(feed.events).toHaveLength(practiceIds.length + 1);

    const host = new URL(TEST_ORIGIN).hostname;
    const game = feed.events.find((e) => e.uid === `${gameId}@${host}`)!;
    expect(game).toBeDefined();
    const row = await database.db
      .selectFrom("schedule_events")
      .selectAll()
      .where("id", "=", gameId)
      .executeTakeFirstOrThrow();
    expect(game).toMatchObject({
      sequence: row.sequence,
      summary: "Game at Hawks",
      status: "CONFIRMED",
      location: "Hawks Stadium, Field 3, 1 Stadium Road, Hamburg",
      url: `${TEST_ORIGIN}/player/schedule/${gameId}`,
      localStart: "2027-04-10T11:00:00",
      tzid: "Europe/Berlin",
      // CEST: UTC+2.
      start: "2027-04-10T09:00:00.000Z",
      end: "2027-04-10T10:00:00.000Z",
      dtstamp: second(row.updated_at),
      lastModified: second(row.updated_at),
      created: second(row.created_at),
    });
    expect(game.description).toContain("Opponent: Hawks");
    expect(game.description).toContain("Away game");
    expect(game.description).toContain("Arrive by 10:15");
    expect(game.description).toContain("Bring white jerseys.");

    // The same events for a coach link to the coach's page.
    const coachView = await parsedFeed(await feedOf(coach.client));
    expect(coachView.events.find((e) => e.uid === game.uid)!.url).toBe(`${TEST_ORIGIN}/coach/schedule/${gameId}`);
  });

  it("keeps a weekly 18:00 practice at 18:00 local across the daylight-saving change: its UTC instant moves", async () => {
    const practices = (await parsedFeed(playerFeed)).events
      .filter((e) => e.summary === "Practice")
      .sort((a, b) => a.start.localeCompare(b.start));
    expect(practices.map((e) => e.localStart)).toEqual([
      "2027-03-16T18:00:00",
      "2027-03-23T18:00:00",
      "2027-03-30T18:00:00",
      "2027-04-06T18:00:00",
    ]);
    expect(practices.map((e) => e.start)).toEqual([
      "2027-03-16T17:00:00.000Z",
      "2027-03-23T17:00:00.000Z",
      "2027-03-30T16:00:00.000Z",
      "2027-04-06T16:00:00.000Z",
    ]);
    expect(practices.every((e) => e.location === "Riverside Park")).toBe(true);
  });

  it("a moved event keeps its UID with a higher SEQUENCE and the new time; a cancelled one stays, CANCELLED", async () => {
    const before = (await parsedFeed(playerFeed)).events;
    const moved = practiceIds[1]!;
    const cancelled = practiceIds[2]!;
    const uidOf = (id: string) => `${id}@${new URL(TEST_ORIGIN).hostname}`;
    const old = before.find((e) => e.uid === uidOf(moved))!;
    await change(moved, { startTime: "19:30" });
    await change(cancelled, { status: "cancelled" });

    const after = (await parsedFeed(playerFeed)).events;
    expect(after).toHaveLength(before.length);
    const now = after.find((e) => e.uid === uidOf(moved))!;
    expect(now.sequence).toBeGreaterThan(old.sequence);
    expect(now.localStart).toBe("2027-03-23T19:30:00");
    expect(now.start).toBe("2027-03-23T18:30:00.000Z");
    expect(Date.parse(now.lastModified)).toBeGreaterThanOrEqual(Date.parse(old.lastModified));
    expect(now.dtstamp).toBe(now.lastModified);
    const gone = after.find((e) => e.uid === uidOf(cancelled))!;
    expect(gone.status).toBe("CANCELLED");
    expect(gone.summary).toBe("Cancelled: Practice");
    expect(gone.sequence).toBeGreaterThan(before.find((e) => e.uid === uidOf(cancelled))!.sequence);
  });

  it("answers an unchanged feed 304 by its strong ETag, and 200 with a new tag once something changed", async () => {
    const first = await readFeed(app, playerFeed.url);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get("cache-control")).toBe("private, max-age=300");
    const again = await readFeed(app, playerFeed.url, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get("etag")).toBe(etag);

    await change(gameId, { notes: "Bring white and blue jerseys." });
    const changed = await readFeed(app, playerFeed.url, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(parseCalendar(changed.body).events.find((e) => e.uid.startsWith(gameId))!.description).toContain(
      "white and blue",
    );
  });

  it("reads the feed whatever Authorization header a calendar app sends: the address is the key", async () => {
    const basic = await readFeed(app, playerFeed.url, { authorization: "Basic dXNlcjpwYXNz" });
    expect(basic.status).toBe(200);
    const bearer = await readFeed(app, playerFeed.url, { authorization: "Bearer not-a-flagline-token" });
    expect(bearer.status).toBe(200);
    expect(parseCalendar(bearer.body).events.length).toBeGreaterThan(0);
  });

  it("replacing the address makes the old one 404 and the new one work", async () => {
    const client = (await signUpPlayer(app, coach.me.team!.code, { fullName: "Robin Runner" })).client;
    const old = await feedOf(client);
    expect((await readFeed(app, old.url)).status).toBe(200);
    const replaced = await client.post<CalendarFeed>("/api/me/calendar/replace");
    expect(replaced.status).toBe(200);
    expect(replaced.body.url).not.toBe(old.url);
    expect(await feedOf(client)).toEqual(replaced.body);
    const gone = await readFeed(app, old.url);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: { code: "not_found" } });
    expect((await readFeed(app, replaced.body.url)).status).toBe(200);
    // Another person's feed is untouched.
    expect((await readFeed(app, playerFeed.url)).status).toBe(200);
  });

  it("answers 404 to a token that is malformed, forged or names nobody", async () => {
    const token = pathOf(playerFeed.url)
      .split("/")
      .pop()!
      .replace(/\.ics$/, "");
    const [who, mac] = token.split(".") as [string, string];
    const flipped = mac.slice(0, -2) + (mac.at(-2) === "A" ? "B" : "A") + mac.at(-1);
    const nobody = Buffer.from("no-such-user").toString("base64url");
    for (const file of [
      `${who}.${flipped}.ics`,
      `${nobody}.${mac}.ics`,
      `${token}.ical`,
      token,
      "x.ics",
      `${who}.${mac}x.ics`,
    ]) {
      const res = await new TestClient(app).get(`/api/calendar/${file}`);
      expect(res.status, file).toBe(404);
    }
  });

  it("holds no player's name or answer: only the schedule", async () => {
    const answer = await player.client.request("PUT", `/api/team/schedule/${gameId}/answers/${player.me.id}`, {
      json: { answer: "going", note: "Quinn brings oranges" },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const feed of [playerFeed, await feedOf(coach.client)]) {
      const text = (await readFeed(app, feed.url)).body;
      expect(text).not.toContain("Quinn");
      expect(text).not.toContain("Passer");
      expect(text).not.toContain("oranges");
      expect(text).not.toContain("Casey Coach");
    }
  });

  it("gives a person taken off the team an empty calendar that names no team", async () => {
    const leaving = await signUpPlayer(app, coach.me.team!.code, { fullName: "Lee Leaving" });
    const feed = await feedOf(leaving.client);
    expect((await parsedFeed(feed)).events.length).toBeGreaterThan(0);
    const removed = await coach.client.delete(`/api/team/players/${leaving.me.id}`);
    expect([200, 204], JSON.stringify(removed.body)).toContain(removed.status);
    const res = await readFeed(app, feed.url);
    expect(res.status).toBe(200);
    const calendar = parseCalendar(res.body);
    expect(calendar.events).toEqual([]);
    expect(res.body).not.toContain("Falcons");
  });

  it("downloads one event of the caller's team as an attachment; another team's event is 404", async () => {
    const res = await player.client.get<string>(`/api/team/schedule/${gameId}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="game-2027-04-10.ics"');
    const calendar = parseCalendar(res.body);
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]).toMatchObject({
      uid: `${gameId}@${new URL(TEST_ORIGIN).hostname}`,
      summary: "Game at Hawks",
      localStart: "2027-04-10T11:00:00",
      url: `${TEST_ORIGIN}/player/schedule/${gameId}`,
    });
    expect((await player.client.get(`/api/team/schedule/${otherEventId}/calendar.ics`)).status).toBe(404);
    expect((await other.client.get(`/api/team/schedule/${gameId}/calendar.ics`)).status).toBe(404);
    expect((await new TestClient(app).get(`/api/team/schedule/${gameId}/calendar.ics`)).status).toBe(401);
  });

  it("keeps 18:00 local across 2026-03-29's change in the download, and a game at home reads 'vs'", async () => {
    const practices = await schedule(coach.client, {
      kind: "practice",
      date: "2026-03-24",
      startTime: "18:00",
      repeat: { weekdays: [1], until: "2026-03-31" },
    });
    const instants: string[] = [];
    for (const event of practices.events) {
      const res = await coach.client.get<string>(`/api/team/schedule/${event.id}/calendar.ics`);
      const parsed = parseCalendar(res.body).events[0]!;
      expect(parsed.localStart.slice(11)).toBe("18:00:00");
      instants.push(parsed.start);
    }
    expect(instants).toEqual(["2026-03-24T17:00:00.000Z", "2026-03-31T16:00:00.000Z"]);

    const home = await schedule(coach.client, {
      kind: "game",
      date: "2027-05-01",
      startTime: "14:00",
      opponent: "Owls",
      homeAway: "home",
    });
    const res = await coach.client.get<string>(`/api/team/schedule/${home.events[0]!.id}/calendar.ics`);
    expect(parseCalendar(res.body).events[0]!.summary).toBe("Game vs Owls");
  });

  it("a deleted account's address answers 404", async () => {
    const client = new TestClient(app);
    const email = uniqueEmail("gone");
    const signup = await client.post("/api/signup", {
      role: "player",
      fullName: "Gale Gone",
      email,
      password: PASSWORD,
      teamCode: coach.me.team!.code,
      positions: [],
      primaryPosition: "wr",
    });
    expect(signup.status).toBe(201);
    const feed = await feedOf(client);
    await database.db.deleteFrom("user").where("email", "=", email).execute();
    expect((await readFeed(app, feed.url)).status).toBe(404);
  });
});
