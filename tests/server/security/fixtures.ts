/*
 * Test support for the security suites: a world of three teams made through the API, a raw request helper that
 * never follows the answer's cookies unless asked, one VALID request per endpoint for any caller, and a snapshot
 * of every stored row. Not used by the server.
 */
import { createECDH, randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import type { TestDatabase } from "../support/test-database.js";
import { seedProfile } from "../support/test-database.js";
import { createTestApp, TEST_ORIGIN, testConfig, uniqueEmail } from "../support/test-client.js";
import type { MemoryFileStore } from "#server/storage/memory.js";
import { addRosterPlayers } from "#server/db/roster.js";
import { createApiToken } from "#server/db/api-tokens.js";
import { createScheduleEvents } from "#server/db/schedule.js";
import { saveSubscription } from "#server/db/push.js";
import { answerToken, unsubscribeToken } from "#server/mail/links.js";
import { CHILD_HEADER } from "#domain/acting.js";
import { CONSENT_VERSION } from "#domain/family.js";
import { ACCOUNT_REQUESTS } from "./account-requests.js";
import { LEAGUE_REQUESTS } from "./league-fixtures.js";
import { snapshot, type Snapshot } from "./snapshot.js";
import type { Actor } from "./endpoints.js";

export type TestApp = ReturnType<typeof createTestApp>["app"];

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** One request's inputs; the path is the OpenAPI template filled with `params`. */
export interface Req {
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  json?: unknown;
  /** A raw body (text, bytes, FormData); `json` wins when both are set. */
  body?: BodyInit;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  contentType: string | null;
  /** The body as text ("" for an event stream, which is closed unread, and for binary answers). */
  text: string;
  /** Parsed JSON, or the text when it is not JSON. */
  body: unknown;
  setCookies: string[];
}

/** The template with each {name} replaced by its percent-encoded value. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${template}`);
    return encodeSegment(value);
  });
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as bytes that are not UTF-8, the
 * way a hostile client would; dots are encoded too, so "." and ".." stay data, not path steps, as far as the URL
 * parser lets them (the callers avoid those two values).
 */
export function encodeSegment(value: string): string {
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out +=
        "%ED%" +
        (0xa0 + ((code >> 6) & 0x1f)).toString(16).toUpperCase() +
        "%" +
        (0x80 + (code & 0x3f)).toString(16).toUpperCase();
    else if (ch === ".") out += "%2E";
    else out += encodeURIComponent(ch);
  }
  return out;
}

export function queryString(query: Record<string, string | string[]> = {}): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    for (const value of Array.isArray(v) ? v : [v]) parts.push(`${encodeSegment(k)}=${encodeSegment(value)}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

/**
 * Sends one request to the app in process, as a browser on TEST_ORIGIN would (Origin on writes), with the given
 * cookies. The answer's cookies are returned, never kept. An event stream is closed as soon as it answers.
 */
export async function send(
  app: TestApp,
  cookies: ReadonlyMap<string, string> | null,
  method: string,
  template: string,
  req: Req = {},
): Promise<Answer> {
  const headers = new Headers(req.headers);
  if (!["GET", "HEAD"].includes(method) && !headers.has("origin")) headers.set("origin", TEST_ORIGIN);
  if (cookies?.size && !headers.has("cookie"))
    headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  let body = req.body;
  if (req.json !== undefined) {
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    body = JSON.stringify(req.json);
  }
  const url = `http://localhost:3000${fillPath(template, req.params)}${queryString(req.query)}`;
  const env = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 40000, remoteFamily: "IPv4" } } };
  const res = await app.request(url, { method, headers, body }, env);
  const contentType = res.headers.get("content-type");
  let text = "";
  if (contentType?.startsWith("text/event-stream")) await res.body?.cancel();
  else if (contentType && !/json|text/i.test(contentType)) await res.arrayBuffer();
  else text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return {
    status: res.status,
    headers: res.headers,
    contentType,
    text,
    body: parsed,
    setCookies: res.headers.getSetCookie(),
  };
}

/** Applies Set-Cookie headers to a cookie jar (an expired or emptied cookie is removed). */
export function adoptCookies(jar: Map<string, string>, setCookies: readonly string[]): void {
  for (const cookie of setCookies) {
    const [pair, ...attrs] = cookie.split(";");
    const eq = pair!.indexOf("=");
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The world: team A (under test), team B (another team), team C (accounts the public endpoints touch)

export interface Account {
  userId: string;
  email: string;
  password: string;
  fullName: string;
  teamId: string;
  cookies: Map<string, string>;
  /** Sent with every request of this caller (a guardian acting for a child: X-Flagline-Child). */
  headers?: Record<string, string>;
}

export interface TeamInfo {
  id: string;
  name: string;
  code: string;
  coachInviteCode: string;
}

export interface World {
  app: TestApp;
  database: TestDatabase;
  store: MemoryFileStore;
  /**
   * Resolves when the work a request left running in the background is done (the push notifier's look at a game it
   * changed), so a snapshot taken after it sees only what a request wrote.
   */
  settled: () => Promise<void>;
  accounts: Record<Exclude<Actor, "anonymous">, Account>;
  teamA: TeamInfo;
  teamB: TeamInfo;
  teamC: TeamInfo;
  /** A coach of team C: the account the sign-in requests sign in to. */
  coachC: Account;
  /** Team A's standing resources (never destroyed by a cell). */
  a: {
    sessionId: string;
    playId: string;
    eventId: string;
    /** The diagram of playId: the file the file endpoint serves. */
    fileId: string;
    /** Player A's own training log. */
    logId: string;
    feedbackId: string;
    /** A player of A without an account. */
    extraPlayerId: string;
    /** A snap of the game sessionId (a completion from player A to the other player of A). */
    snapId: string;
    /** A scheduled game, which player A answered (with a note only they and the coaches may read). */
    scheduleEventId: string;
  };
  /** Team B's own session, play and snap (what a caller of team A must never reach). */
  b: { sessionId: string; playId: string; snapId: string };
  /** Every user id that was ever a member of team A. */
  teamAUserIds: Set<string>;
  png: Buffer;
}

let serial = 0;
/** A name no other fixture has, and no prefix of another (the number is zero-padded and closed). */
export function uniqueName(prefix: string): string {
  serial += 1;
  return `${prefix} ${String(serial).padStart(5, "0")}.`;
}

export const FIXTURE_PASSWORD = "correct-horse-battery-staple";

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function cookieJarOf(setCookies: readonly string[]): Map<string, string> {
  const jar = new Map<string, string>();
  adoptCookies(jar, setCookies);
  return jar;
}

export async function signUp(
  app: TestApp,
  body: Record<string, unknown>,
): Promise<{ account: Account; team: TeamInfo | null }> {
  const email = uniqueEmail("sec");
  const res = await send(app, null, "POST", "/api/signup", { json: { email, password: FIXTURE_PASSWORD, ...body } });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  const user = (
    res.body as {
      user: {
        id: string;
        fullName: string;
        team: { id: string; name: string; code: string; coachInviteCode: string | null };
      };
    }
  ).user;
  return {
    account: {
      userId: user.id,
      email,
      password: FIXTURE_PASSWORD,
      fullName: user.fullName,
      teamId: user.team.id,
      cookies: cookieJarOf(res.setCookies),
    },
    team: user.team.coachInviteCode
      ? { id: user.team.id, name: user.team.name, code: user.team.code, coachInviteCode: user.team.coachInviteCode }
      : null,
  };
}

/** Sends as an account (or signed out) and insists on the status: for building fixtures. */
export async function must(
  app: TestApp,
  who: Account | null,
  status: number,
  method: string,
  template: string,
  req: Req = {},
): Promise<Answer> {
  const res = await send(app, who?.cookies ?? null, method, template, req);
  if (res.status !== status)
    throw new Error(`${method} ${template} answered ${res.status}, not ${status}: ${res.text.slice(0, 300)}`);
  return res;
}

export function imageForm(png: Buffer, field = "file"): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(png)], { type: "image/png" }), "picture.png");
  return form;
}

/** A valid snap of a session: a completion between two players. */
export function aSnap(sessionId: string, passerId: string, targetId: string, over: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    sessionId,
    period: 1,
    occurredAt: new Date(Date.now() - 120_000).toISOString(),
    detail: { kind: "pass", passerId, targetId, result: "complete", yards: 9 },
    ...over,
  };
}

export function anEvent(playerId: string, over: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    playerId,
    eventType: "Catch",
    yards: 9,
    occurredAt: new Date(Date.now() - 120_000).toISOString(),
    ...over,
  };
}

/** Player A's note to their answer: only they and their coaches may read it. */
const SCHEDULE_NOTE_OF_A = "Aldermoor answer note of Amara";

export async function buildWorld(
  app: TestApp,
  database: TestDatabase,
  store: MemoryFileStore,
  settled: () => Promise<void>,
): Promise<World> {
  const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

  const headA = await signUp(app, { role: "coach", fullName: "Aurelio Ashgrove", teamName: "Aldermoor Aces" });
  const teamA = headA.team!;
  const assistantA = await signUp(app, {
    role: "coach",
    fullName: "Astrid Applewood",
    coachInviteCode: teamA.coachInviteCode,
  });
  const playerA = await signUp(app, {
    role: "player",
    fullName: "Amara Ambrose",
    teamCode: teamA.code,
    jerseyNumber: 11,
    primaryPosition: "qb",
  });
  const otherPlayerA = await signUp(app, {
    role: "player",
    fullName: "Anselm Aubergine",
    teamCode: teamA.code,
    jerseyNumber: 12,
    primaryPosition: "cb",
  });
  const headB = await signUp(app, { role: "coach", fullName: "Bertram Blackwood", teamName: "Brambleton Badgers" });
  const teamB = headB.team!;
  const playerB = await signUp(app, {
    role: "player",
    fullName: "Beatrix Bellweather",
    teamCode: teamB.code,
    jerseyNumber: 21,
    primaryPosition: "wr",
  });
  const headC = await signUp(app, { role: "coach", fullName: "Cordelia Cranbrook", teamName: "Copperfield Comets" });

  // Team-code sign-ups wait for their coach (docs/product.md §11); the world's players are confirmed.
  await database.db.updateTable("profiles").set({ confirmed: 1 }).where("role", "=", "player").execute();

  const extra = await seedProfile(database.db, {
    teamId: teamA.id,
    role: "player",
    fullName: "Abelard Ainsworth",
    jerseyNumber: 13,
    primaryPosition: "rb",
    positions: ["rb"],
  });

  const hA = headA.account;
  const pA = playerA.account;
  // Team A's standing resources, made through the API as its head coach and its player.
  const session = await must(app, hA, 201, "POST", "/api/team/sessions", {
    json: {
      kind: "game",
      date: today(),
      opponent: "Ambervale Antelopes",
      location: "Aldermoor Field North",
      notes: "Aldermoor game notes",
    },
  });
  const sessionId = (session.body as { session: { id: string } }).session.id;
  const play = await must(app, hA, 201, "POST", "/api/team/plays", {
    json: {
      name: "Aldermoor Sweep Left",
      side: "offense",
      formation: "Aldermoor Trips",
      tags: ["aldermoor-tag"],
      notes: "Aldermoor play notes",
    },
  });
  const playId = (play.body as { play: { id: string } }).play.id;
  const diagram = await must(app, hA, 201, "POST", "/api/team/plays/{id}/diagram", {
    params: { id: playId },
    body: imageForm(png),
  });
  const fileId = (diagram.body as { diagramUrl: string }).diagramUrl.split("/").pop()!;
  const event = anEvent(pA.userId, { sessionId, playId });
  await must(app, hA, 200, "POST", "/api/team/events", {
    json: {
      events: [
        event,
        anEvent(otherPlayerA.account.userId, { sessionId, eventType: "Flag Pull", yards: null }),
        anEvent(extra.userId, { eventType: "Rush TD", yards: 12 }),
      ],
    },
  });
  const snap = aSnap(sessionId, pA.userId, otherPlayerA.account.userId, { playId });
  await must(app, hA, 200, "POST", "/api/team/snaps", {
    json: { snaps: [snap, aSnap(sessionId, otherPlayerA.account.userId, extra.userId, { period: 2 })] },
  });
  await must(app, hA, 200, "PUT", "/api/team/sessions/{id}/attendance", {
    params: { id: sessionId },
    json: {
      marks: [
        { playerId: pA.userId, present: true },
        { playerId: otherPlayerA.account.userId, present: false },
      ],
    },
  });
  const feedback = await must(app, hA, 201, "POST", "/api/team/players/{id}/feedback", {
    params: { id: pA.userId },
    json: { category: "Technique", body: "Aldermoor feedback for Amara: keep the release high." },
  });
  const feedbackId = (feedback.body as { feedback: { id: string } }).feedback.id;
  const log = await must(app, pA, 201, "POST", "/api/me/training-logs", {
    json: {
      date: today(),
      activityType: "Throwing",
      durationMinutes: 45,
      intensity: 7,
      notes: "Aldermoor private log of Amara",
    },
  });
  const logId = (log.body as { log: { id: string } }).log.id;
  await must(app, pA, 201, "POST", "/api/profile/photo", { body: imageForm(png) });
  const scheduled = await must(app, hA, 201, "POST", "/api/team/schedule", {
    json: {
      kind: "game",
      date: today(),
      startTime: "23:30",
      opponent: "Ambervale Antelopes scheduled",
      homeAway: "home",
      placeName: "Aldermoor Field South",
      address: "Aldermoor Lane 12",
      field: "Aldermoor pitch 3",
      mapUrl: "https://maps.example.com/aldermoor",
      notes: "Aldermoor schedule notes",
    },
  });
  const scheduleEventId = (scheduled.body as { events: { id: string }[] }).events[0]!.id;
  await must(app, pA, 200, "PUT", "/api/team/schedule/{id}/answers/{playerId}", {
    params: { id: scheduleEventId, playerId: pA.userId },
    json: { answer: "going", note: SCHEDULE_NOTE_OF_A },
  });

  // Player A's guardian (docs/product.md §13): a guardian-only account made from the head coach's link.
  const guardianA = await newGuardianOf(app, hA, pA.userId, "Aurora Ambrose");

  // Team B has data of its own, so what its members are shown is never trivially empty.
  const hB = headB.account;
  const pB = playerB.account;
  const sessionB = await must(app, hB, 201, "POST", "/api/team/sessions", {
    json: { kind: "practice", date: today(), location: "Brambleton Park" },
  });
  const sessionBId = (sessionB.body as { session: { id: string } }).session.id;
  const playB = await must(app, hB, 201, "POST", "/api/team/plays", {
    json: { name: "Brambleton Blitz", side: "defense" },
  });
  const playBId = (playB.body as { play: { id: string } }).play.id;
  await must(app, hB, 200, "POST", "/api/team/events", {
    json: {
      events: [anEvent(pB.userId, { sessionId: sessionBId, playId: playBId, eventType: "Interception", yards: null })],
    },
  });
  const snapB = { ...aSnap(sessionBId, pB.userId, pB.userId), detail: { kind: "sack", defenderId: pB.userId } };
  await must(app, hB, 200, "POST", "/api/team/snaps", { json: { snaps: [snapB] } });
  await must(app, hB, 201, "POST", "/api/team/players/{id}/feedback", {
    params: { id: pB.userId },
    json: { category: "Effort", body: "Brambleton feedback for Beatrix." },
  });
  await must(app, pB, 201, "POST", "/api/me/training-logs", {
    json: { date: today(), activityType: "Catching", durationMinutes: 30, intensity: 5, notes: "Brambleton log" },
  });
  await must(app, hB, 201, "POST", "/api/team/schedule", {
    json: { kind: "practice", date: today(), startTime: "07:00", placeName: "Brambleton Park", notes: "Brambleton" },
  });

  return {
    app,
    database,
    store,
    settled,
    accounts: {
      playerA: pA,
      otherPlayerA: otherPlayerA.account,
      headCoachA: hA,
      assistantCoachA: assistantA.account,
      coachB: hB,
      playerB: pB,
      guardianA,
      // The same account (the same cookie jar) acting for player A, and naming player B, who is not theirs.
      guardianForA: { ...guardianA, cookies: guardianA.cookies, headers: { [CHILD_HEADER]: pA.userId } },
      guardianForB: { ...guardianA, cookies: guardianA.cookies, headers: { [CHILD_HEADER]: pB.userId } },
    },
    teamA,
    teamB,
    teamC: headC.team!,
    coachC: headC.account,
    a: {
      sessionId,
      playId,
      eventId: event.id,
      fileId,
      logId,
      feedbackId,
      extraPlayerId: extra.userId,
      snapId: snap.id,
      scheduleEventId,
    },
    b: { sessionId: sessionBId, playId: playBId, snapId: snapB.id },
    teamAUserIds: new Set([hA.userId, assistantA.account.userId, pA.userId, otherPlayerA.account.userId, extra.userId]),
    png,
  };
}

export function accountOf(w: World, actor: Actor): Account | null {
  return actor === "anonymous" ? null : w.accounts[actor];
}

// ---------------------------------------------------------------------------------------------------------------
// Fresh resources of team A, for the cells that destroy or change what they name

export async function freshSession(w: World): Promise<string> {
  const res = await must(w.app, w.accounts.headCoachA, 201, "POST", "/api/team/sessions", {
    json: { kind: "practice", date: today(), notes: uniqueName("Aldermoor fresh session") },
  });
  return (res.body as { session: { id: string } }).session.id;
}

async function freshAnnouncement(w: World): Promise<string> {
  const res = await must(w.app, w.accounts.headCoachA, 201, "POST", "/api/team/announcements", {
    json: { body: uniqueName("Aldermoor announcement") },
  });
  return (res.body as { announcement: { id: string } }).announcement.id;
}

export async function freshPlay(w: World, opts: { archived?: boolean; diagram?: boolean } = {}): Promise<string> {
  const res = await must(w.app, w.accounts.headCoachA, 201, "POST", "/api/team/plays", {
    json: { name: uniqueName("Aldermoor fresh play"), side: "defense" },
  });
  const id = (res.body as { play: { id: string } }).play.id;
  if (opts.archived)
    await must(w.app, w.accounts.headCoachA, 200, "POST", "/api/team/plays/{id}/archive", { params: { id } });
  if (opts.diagram)
    await must(w.app, w.accounts.headCoachA, 201, "POST", "/api/team/plays/{id}/diagram", {
      params: { id },
      body: imageForm(w.png),
    });
  return id;
}

export async function freshSnap(w: World): Promise<string> {
  const snap = aSnap(w.a.sessionId, w.accounts.playerA.userId, w.a.extraPlayerId);
  await must(w.app, w.accounts.headCoachA, 200, "POST", "/api/team/snaps", { json: { snaps: [snap] } });
  return snap.id;
}

export async function freshEvent(w: World): Promise<string> {
  const event = anEvent(w.accounts.playerA.userId, { eventType: "Pass Completion", yards: 14 });
  await must(w.app, w.accounts.headCoachA, 200, "POST", "/api/team/events", { json: { events: [event] } });
  return event.id;
}

/** A player of A with no account (removing one from the team must not cost a real member). */
export async function freshPlayerOfA(w: World): Promise<string> {
  const p = await seedProfile(w.database.db, {
    teamId: w.teamA.id,
    role: "player",
    fullName: uniqueName("Aldermoor fresh player"),
    // No number: jersey numbers are unique within a team, and this is called once per cell.
    jerseyNumber: null,
    primaryPosition: "lb",
    positions: ["lb"],
  });
  w.teamAUserIds.add(p.userId);
  return p.userId;
}

/** An assistant coach of A with no account (removing one or handing them the role costs no real member). */
async function freshAssistantOfA(w: World): Promise<string> {
  const p = await seedProfile(w.database.db, {
    teamId: w.teamA.id,
    role: "coach",
    coachRole: "assistant",
    fullName: uniqueName("Aldermoor fresh assistant"),
  });
  w.teamAUserIds.add(p.userId);
  return p.userId;
}

/** A stored contact message (the operator's mark-as-handled names one). */
async function contactMessageId(w: World): Promise<string> {
  const row = await w.database.db.selectFrom("contact_messages").select("id").limit(1).executeTakeFirst();
  if (row) return row.id;
  await must(w.app, null, 201, "POST", "/api/contact", {
    json: { name: "Olive Operator", email: "olive@example.com", message: "A message for the operator to handle." },
  });
  return contactMessageId(w);
}

/** A guardian link the coach makes for a player of their team; its token. */
async function guardianLink(app: TestApp, coach: Account, playerId: string): Promise<string> {
  const res = await must(app, coach, 201, "POST", "/api/team/players/{id}/guardian-invites", {
    params: { id: playerId },
  });
  return (res.body as { token: string }).token;
}

/** A new guardian-only account, made signed out from a coach's link for the player, signed in. */
export async function newGuardianOf(
  app: TestApp,
  coach: Account,
  playerId: string,
  fullName: string,
): Promise<Account> {
  const email = uniqueEmail("guardian");
  const res = await must(app, null, 201, "POST", "/api/guardian-invites/{token}", {
    params: { token: await guardianLink(app, coach, playerId) },
    json: { consent: true, consentVersion: CONSENT_VERSION, fullName, email, password: FIXTURE_PASSWORD },
  });
  const user = (res.body as { user: { id: string } }).user;
  return {
    userId: user.id,
    email,
    password: FIXTURE_PASSWORD,
    fullName,
    teamId: "",
    cookies: cookieJarOf(res.setCookies),
  };
}

/** A new player of team A whose guardian guardian A is (a link of A's head coach, taken signed in). */
async function freshChildOfGuardianA(w: World): Promise<string> {
  const id = await freshPlayerOfA(w);
  await must(w.app, w.accounts.guardianA, 201, "POST", "/api/guardian-invites/{token}", {
    params: { token: await guardianLink(w.app, w.accounts.headCoachA, id) },
    json: { consent: true, consentVersion: CONSENT_VERSION },
  });
  return id;
}

/** A guardian link for a roster row of team C (what it shows is not team A's secret). */
export async function freshGuardianLinkC(w: World): Promise<string> {
  return guardianLink(w.app, w.coachC, (await freshRosterRow(w, "C")).id);
}

/** A roster row nobody has claimed, on team A (the coach's invite) or team C (the public claim: not A's secret). */
export async function freshRosterRow(w: World, team: "A" | "C"): Promise<{ id: string; token: string }> {
  const teamId = team === "A" ? w.teamA.id : w.teamC.id;
  const fullName = uniqueName(team === "A" ? "Aldermoor roster row" : "Copperfield roster row");
  const result = await addRosterPlayers(w.database.db, teamId, [
    { fullName, jerseyNumber: null, primaryPosition: "wr", positions: [] },
  ]);
  if (!("added" in result)) throw new Error("roster row not added");
  const row = result.added[0]!;
  if (team === "A") w.teamAUserIds.add(row.id);
  return { id: row.id, token: row.inviteToken! };
}

/** A player of A with a jersey and position request waiting for the coach. */
export async function freshRequestOfA(w: World): Promise<string> {
  const id = await freshPlayerOfA(w);
  await w.database.db
    .updateTable("profiles")
    .set({ requested_primary_position: "cb", requested_at: new Date().toISOString() })
    .where("user_id", "=", id)
    .execute();
  return id;
}

export async function freshLogOfPlayerA(w: World): Promise<string> {
  const res = await must(w.app, w.accounts.playerA, 201, "POST", "/api/me/training-logs", {
    json: {
      date: today(),
      activityType: "Strength",
      durationMinutes: 20,
      intensity: 4,
      notes: uniqueName("Aldermoor fresh log"),
    },
  });
  return (res.body as { log: { id: string } }).log.id;
}

// ---------------------------------------------------------------------------------------------------------------
// A valid request for every endpoint

export interface ValidRequest {
  /** Builds the request for this caller; may make fresh resources of team A first. */
  build(w: World, actor: Actor): Promise<Req>;
  /** Runs after the cell (the password change hands the browser a new session cookie). */
  after?(w: World, actor: Actor, answer: Answer): void | Promise<void>;
  /** Run after every other endpoint (it ends the caller's session). */
  last?: boolean;
}

const none = async (): Promise<Req> => ({});

/** A browser's PushSubscription for a push service on the loopback (allowed by the test config), with real keys. */
function pushSubscriptionJson() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    expirationTime: null,
  };
}

/** A fresh device of the caller (of player A for a signed-out caller). */
async function deviceOf(w: World, actor: Actor): Promise<string> {
  const owner = w.accounts[actor === "anonymous" ? "playerA" : actor].userId;
  const sub = pushSubscriptionJson();
  return saveSubscription(w.database.db, { userId: owner, ...sub, ...sub.keys, device: "Chrome on Linux" });
}

let passwordTurn = 0;

/** One valid request per endpoint, keyed like AUTHZ. Path ids point at team A's resources. */
export const VALID_REQUESTS: Readonly<Record<string, ValidRequest>> = {
  "GET /api/health": { build: none },
  "GET /api/openapi.json": { build: none },
  "POST /api/session": { build: async (w) => ({ json: { email: w.coachC.email, password: w.coachC.password } }) },
  // Ends the session it is sent with: it runs last, after every other endpoint.
  "DELETE /api/session": { build: none, last: true },
  "GET /api/session": { build: none },
  "GET /api/me": { build: none },
  "POST /api/signup": {
    build: async (w) => ({
      json: {
        role: "player",
        fullName: uniqueName("Copperfield recruit"),
        email: uniqueEmail("recruit"),
        password: FIXTURE_PASSWORD,
        teamCode: w.teamC.code,
        // No number: sign-up refuses one a player of the team wears (docs/product.md §11), and every cell signs up.
        primaryPosition: "wr",
      },
    }),
  },
  "POST /api/contact": {
    build: async () => ({
      json: { name: "Morgan Parent", email: "morgan@example.com", message: "Do you support 5v5 leagues this spring?" },
    }),
  },

  "GET /api/team/players": { build: none },
  "GET /api/team/players/{id}": {
    build: async (w) => ({ params: { id: w.accounts.playerA.userId }, query: { tzOffset: "60" } }),
  },
  "DELETE /api/team/players/{id}": { build: async (w) => ({ params: { id: await freshPlayerOfA(w) } }) },
  "POST /api/team/codes/rotate": {
    build: async (_w, actor) => ({ json: { which: actor === "coachB" ? "coach" : "team" } }),
    // The world follows the rotation, so the leak and invite-code checks look for the codes as they now are.
    after: (w, actor, answer) => {
      if (answer.status !== 200) return;
      const { code, coachInviteCode } = (answer.body as { team: { code: string; coachInviteCode: string } }).team;
      const team = actor === "headCoachA" ? w.teamA : actor === "coachB" ? w.teamB : null;
      if (team) Object.assign(team, { code, coachInviteCode });
    },
  },
  "GET /api/team/players/{id}/events": {
    build: async (w) => ({ params: { id: w.accounts.playerA.userId }, query: { limit: "10" } }),
  },
  "GET /api/team/players/{id}/stat-lines": { build: async (w) => ({ params: { id: w.accounts.playerA.userId } }) },
  "GET /api/team/players/{id}/training-logs": { build: async (w) => ({ params: { id: w.accounts.playerA.userId } }) },
  "POST /api/team/players/{id}/feedback": {
    build: async (w) => ({
      params: { id: w.accounts.playerA.userId },
      json: { category: "Effort", body: uniqueName("Aldermoor cell feedback") },
    }),
  },
  "GET /api/team/players/{id}/feedback": { build: async (w) => ({ params: { id: w.accounts.playerA.userId } }) },
  "GET /api/team/leaderboard": { build: async (w) => ({ query: { window: "session", sessionId: w.a.sessionId } }) },
  "GET /api/team/stats": { build: async () => ({ query: { tzOffset: "-300" } }) },
  "GET /api/team/dashboard": { build: none },

  "GET /api/team/sessions": { build: none },
  "POST /api/team/sessions": { build: async () => ({ json: { kind: "practice", date: today() } }) },
  "GET /api/team/sessions/{id}": { build: async (w) => ({ params: { id: w.a.sessionId } }) },
  "PATCH /api/team/sessions/{id}": {
    build: async (w) => ({ params: { id: w.a.sessionId }, json: { notes: "Aldermoor game notes" } }),
  },
  "DELETE /api/team/sessions/{id}": { build: async (w) => ({ params: { id: await freshSession(w) } }) },
  "PUT /api/team/sessions/{id}/attendance": {
    build: async (w) => ({
      params: { id: w.a.sessionId },
      json: { marks: [{ playerId: w.accounts.playerA.userId, present: true }] },
    }),
  },
  "GET /api/team/sessions/{id}/impact": { build: async (w) => ({ params: { id: w.a.sessionId } }) },
  "GET /api/team/sessions/{id}/merge": {
    build: async (w) => ({ params: { id: await freshSession(w) }, query: { intoId: await freshSession(w) } }),
  },
  "POST /api/team/sessions/{id}/merge": {
    build: async (w) => ({ params: { id: await freshSession(w) }, json: { intoId: await freshSession(w) } }),
  },
  "POST /api/team/events": {
    build: async (w) => ({ json: { events: [anEvent(w.accounts.playerA.userId, { sessionId: w.a.sessionId })] } }),
  },
  "DELETE /api/team/events/{id}": { build: async (w) => ({ params: { id: await freshEvent(w) } }) },
  "PATCH /api/team/events/{id}/play": {
    build: async (w) => ({ params: { id: w.a.eventId }, json: { playId: w.a.playId } }),
  },
  "GET /api/team/stream": { build: none },

  // A final game takes no snaps (the final score's cell may have run first): the game is reopened first.
  "POST /api/team/snaps": {
    build: async (w) => {
      await must(w.app, w.accounts.headCoachA, 200, "DELETE", "/api/team/sessions/{id}/final", {
        params: { id: w.a.sessionId },
      });
      return { json: { snaps: [aSnap(w.a.sessionId, w.accounts.playerA.userId, w.accounts.otherPlayerA.userId)] } };
    },
  },
  // The same edit every time (the snap as it already is, moved to the second half once): a replay is a no-op.
  "PUT /api/team/snaps/{id}": {
    build: async (w) => ({
      params: { id: w.a.snapId },
      json: {
        period: 2,
        playId: w.a.playId,
        detail: {
          kind: "pass",
          passerId: w.accounts.playerA.userId,
          targetId: w.accounts.otherPlayerA.userId,
          result: "complete",
          yards: 9,
        },
      },
    }),
  },
  "DELETE /api/team/snaps/{id}": { build: async (w) => ({ params: { id: await freshSnap(w) } }) },
  "GET /api/team/sessions/{id}/snaps": { build: async (w) => ({ params: { id: w.a.sessionId } }) },
  "GET /api/team/sessions/{id}/box-score.csv": { build: async (w) => ({ params: { id: w.a.sessionId } }) },
  "GET /api/team/sessions/{id}/participation": { build: async (w) => ({ params: { id: w.a.sessionId } }) },
  "GET /api/team/sessions/{id}/participation.csv": { build: async (w) => ({ params: { id: w.a.sessionId } }) },
  "POST /api/team/sessions/{id}/final": {
    build: async (w) => ({ params: { id: w.a.sessionId }, json: { us: 9, them: 6 } }),
  },
  "DELETE /api/team/sessions/{id}/final": { build: async (w) => ({ params: { id: w.a.sessionId } }) },
  // The same change every time (the game in its first half): a replay is a no-op.
  "PUT /api/team/sessions/{id}/period": {
    build: async (w) => ({ params: { id: w.a.sessionId }, json: { period: 1 } }),
  },
  "GET /api/team/scoreboard": { build: async () => ({ query: { tzOffset: "0" } }) },
  "GET /api/team/games": { build: none },
  "GET /api/team/announcements": { build: none },
  "POST /api/team/announcements": {
    build: async () => ({ json: { body: uniqueName("Aldermoor announcement") } }),
  },
  "DELETE /api/team/announcements/{id}": { build: async (w) => ({ params: { id: await freshAnnouncement(w) } }) },
  "GET /api/team/rules": { build: none },
  "PUT /api/team/rules": {
    build: async () => ({
      json: {
        periodKind: "half",
        touchdownPoints: 6,
        tryOneYards: 5,
        tryTwoYards: 10,
        safetyPoints: 2,
        trackDowns: true,
        downsToMidfield: 4,
        downsToScore: 4,
        noRunZones: ["5 yards before midfield"],
      },
    }),
  },

  "GET /api/team/plays": { build: async () => ({ query: { includeArchived: "true" } }) },
  "POST /api/team/plays": {
    build: async (_w, actor) => ({ json: { name: uniqueName(`${actor} play`), side: "offense", tags: ["x"] } }),
  },
  "PATCH /api/team/plays/{id}": {
    build: async (w) => ({ params: { id: w.a.playId }, json: { notes: "Aldermoor play notes" } }),
  },
  "POST /api/team/plays/{id}/archive": { build: async (w) => ({ params: { id: await freshPlay(w) } }) },
  "POST /api/team/plays/{id}/unarchive": {
    build: async (w) => ({ params: { id: await freshPlay(w, { archived: true }) } }),
  },
  "POST /api/team/plays/{id}/diagram": {
    build: async (w) => ({ params: { id: await freshPlay(w) }, body: imageForm(w.png) }),
  },
  "DELETE /api/team/plays/{id}/diagram": {
    build: async (w) => ({ params: { id: await freshPlay(w, { diagram: true }) } }),
  },
  "GET /api/team/playbook-analysis": { build: async () => ({ query: { kind: "all", tzOffset: "120" } }) },
  "GET /api/team/playbook-analysis/{playId}/events": {
    build: async (w) => ({ params: { playId: w.a.playId }, query: { limit: "5" } }),
  },

  "GET /api/team/roster": { build: none },
  "POST /api/team/roster": {
    build: async () => ({ json: { fullName: uniqueName("Added player"), jerseyNumber: null, primaryPosition: "wr" } }),
  },
  "POST /api/team/roster/import": {
    build: async () => ({
      json: { players: [{ fullName: uniqueName("Imported player"), jerseyNumber: null, primaryPosition: "cb" }] },
    }),
  },
  "PATCH /api/team/roster/{id}": {
    build: async (w) => ({ params: { id: await freshPlayerOfA(w) }, json: { primaryPosition: "safety" } }),
  },
  "POST /api/team/roster/{id}/invite": {
    build: async (w) => ({ params: { id: (await freshRosterRow(w, "A")).id } }),
  },
  "POST /api/team/roster/{id}/confirmation": {
    build: async (w) => ({ params: { id: await freshPlayerOfA(w) }, json: { decision: "confirm" } }),
  },
  "POST /api/team/roster/{id}/request": {
    build: async (w) => ({ params: { id: await freshRequestOfA(w) }, json: { decision: "approve" } }),
  },
  "GET /api/claim/{token}": { build: async (w) => ({ params: { token: (await freshRosterRow(w, "C")).token } }) },
  "POST /api/claim/{token}": {
    build: async (w) => ({
      params: { token: (await freshRosterRow(w, "C")).token },
      json: { email: uniqueEmail("claimer"), password: FIXTURE_PASSWORD },
    }),
  },

  "GET /api/guardian-invites/{token}": { build: async (w) => ({ params: { token: await freshGuardianLinkC(w) } }) },
  "POST /api/guardian-invites/{token}": {
    // Signed in, the caller's account becomes the guardian (the name, email and password are then not used).
    build: async (w) => ({
      params: { token: await freshGuardianLinkC(w) },
      json: {
        consent: true,
        consentVersion: CONSENT_VERSION,
        fullName: uniqueName("Copperfield guardian"),
        email: uniqueEmail("guardian"),
        password: FIXTURE_PASSWORD,
      },
    }),
  },
  "GET /api/family": { build: none },
  "PATCH /api/family": { build: async () => ({ json: { fullName: uniqueName("Aldermoor guardian") } }) },
  "PATCH /api/family/children/{id}": {
    build: async (w) => ({ params: { id: w.accounts.playerA.userId }, json: { shareWithTeam: false } }),
  },
  "POST /api/family/children/{id}/sign-in-invite": {
    build: async (w) => ({ params: { id: w.accounts.playerA.userId } }),
  },
  "GET /api/family/children/{id}/withdrawal": { build: async (w) => ({ params: { id: w.accounts.playerA.userId } }) },
  "GET /api/family/children/{id}/export": { build: async (w) => ({ params: { id: w.accounts.playerA.userId } }) },
  "POST /api/family/children/{id}/withdrawal": {
    build: async (w) => ({ params: { id: await freshChildOfGuardianA(w) }, json: { confirm: true } }),
  },
  "GET /api/team/players/{id}/family": { build: async (w) => ({ params: { id: w.accounts.playerA.userId } }) },
  "POST /api/team/players/{id}/guardian-invites": {
    build: async (w) => ({ params: { id: w.accounts.playerA.userId } }),
  },
  "DELETE /api/team/players/{id}/guardians/{guardianId}": {
    // A guardian of player A made for this cell: guardian A stays.
    build: async (w) => {
      const id = w.accounts.playerA.userId;
      const guardian = await newGuardianOf(w.app, w.accounts.headCoachA, id, uniqueName("Aldermoor guardian"));
      return { params: { id, guardianId: guardian.userId } };
    },
  },
  "PUT /api/team/players/{id}/birth-date": {
    build: async (w) => ({ params: { id: w.accounts.playerA.userId }, json: { birthDate: "1990-05-05" } }),
  },

  "GET /api/profile": { build: none },
  "PATCH /api/profile": {
    // The caller's own name again: a valid change that changes nothing the other cells rely on.
    build: async (w, actor) => ({ json: { fullName: accountOf(w, actor)?.fullName ?? "Nobody Signed In" } }),
  },
  "POST /api/profile/photo": { build: async (w) => ({ body: imageForm(w.png) }) },
  "DELETE /api/profile/photo": { build: none },
  "POST /api/profile/password": {
    build: async (w, actor) => {
      passwordTurn += 1;
      const current = accountOf(w, actor)?.password ?? FIXTURE_PASSWORD;
      return { json: { currentPassword: current, newPassword: `${FIXTURE_PASSWORD}-${passwordTurn}` } };
    },
    // Other sessions are revoked and this browser gets a new cookie: the account keeps working with it.
    after: (w, actor, answer) => {
      const account = accountOf(w, actor);
      if (!account || answer.status !== 204) return;
      account.password = `${FIXTURE_PASSWORD}-${passwordTurn}`;
      adoptCookies(account.cookies, answer.setCookies);
    },
  },
  "GET /api/files/{id}": { build: async (w) => ({ params: { id: w.a.fileId } }) },

  "GET /api/me/dashboard": { build: async () => ({ query: { tzOffset: "0" } }) },
  "GET /api/me/stat-lines": { build: none },
  "GET /api/me/training-logs": { build: async () => ({ query: { from: "2020-01-01" } }) },
  "POST /api/me/training-logs": {
    build: async () => ({ json: { date: today(), activityType: "Conditioning", durationMinutes: 25, intensity: 6 } }),
  },
  "PATCH /api/me/training-logs/{id}": { build: async (w) => ({ params: { id: w.a.logId }, json: { intensity: 8 } }) },
  "DELETE /api/me/training-logs/{id}": { build: async (w) => ({ params: { id: await freshLogOfPlayerA(w) } }) },
  "GET /api/me/feedback": { build: none },
  "POST /api/me/feedback/read": { build: none },
  "GET /api/me/notices": { build: none },
  "POST /api/me/notices/read": { build: async () => ({ json: { all: true } }) },
  ...ACCOUNT_REQUESTS,
  ...LEAGUE_REQUESTS,

  // The caller's own team's name again: a valid change that changes nothing the other cells rely on.
  "PATCH /api/team": {
    build: async (w, actor) => ({ json: { name: actor === "coachB" ? w.teamB.name : w.teamA.name } }),
  },
  "GET /api/team/coaches": { build: none },
  "DELETE /api/team/coaches/{id}": { build: async (w) => ({ params: { id: await freshAssistantOfA(w) } }) },
  "POST /api/team/coaches/{id}/head": {
    build: async (w) => ({ params: { id: await freshAssistantOfA(w) } }),
    // The head coach of A handed the role over: given back, so every other cell still has A's head coach.
    after: async (w, _actor, answer) => {
      if (answer.status !== 200) return;
      const coaches = (answer.body as { coaches: { id: string; coachRole: string }[] }).coaches;
      const newHead = coaches.find((c) => c.coachRole === "head")!.id;
      const db = w.database.db;
      await db.updateTable("profiles").set({ coach_role: "assistant" }).where("user_id", "=", newHead).execute();
      await db
        .updateTable("profiles")
        .set({ coach_role: "head" })
        .where("user_id", "=", w.accounts.headCoachA.userId)
        .execute();
    },
  },
  "POST /api/me/join": {
    build: async (w, actor) => ({ json: { code: actor === "coachB" ? w.teamB.code : w.teamA.code } }),
  },
  "GET /api/operator/messages": { build: none },
  "POST /api/operator/messages/{id}/handled": { build: async (w) => ({ params: { id: await contactMessageId(w) } }) },
  "GET /api/operator/teams": { build: none },
  "GET /api/operator/usage": { build: none },
  "GET /api/team/seasons": { build: none },
  // A start day after every season so far (each call's own), so every new season is accepted.
  "POST /api/team/seasons": {
    build: async () => ({ json: { name: uniqueName("Aldermoor season"), startsOn: nextSeasonStart() } }),
  },
  "PATCH /api/team/seasons/{id}": {
    build: async (w) => ({ params: { id: await currentSeasonOfA(w) }, json: { name: uniqueName("Aldermoor season") } }),
  },
  "GET /api/team/api-tokens": { build: none },
  "POST /api/team/api-tokens": {
    build: async () => ({ json: { name: uniqueName("Aldermoor token"), scope: "read" } }),
  },
  "DELETE /api/team/api-tokens/{id}": { build: async (w) => ({ params: { id: await freshTokenOfA(w) } }) },

  "GET /api/team/schedule": { build: async () => ({ query: { when: "all", limit: "50" } }) },
  "GET /api/team/schedule/{id}": { build: async (w) => ({ params: { id: w.a.scheduleEventId } }) },
  "POST /api/team/schedule": {
    build: async () => ({
      json: {
        kind: "practice",
        date: today(),
        startTime: "06:00",
        durationMinutes: 45,
        repeat: { weekdays: [0, 1, 2, 3, 4, 5, 6], until: today() },
      },
    }),
  },
  // The same change every time (the notes as they already are): a replay is a no-op.
  "PATCH /api/team/schedule/{id}": {
    build: async (w) => ({ params: { id: w.a.scheduleEventId }, json: { notes: "Aldermoor schedule notes" } }),
  },
  // Player A's answer as it already is: for player A, A's coaches (for them) and every caller refused.
  "PUT /api/team/schedule/{id}/answers/{playerId}": {
    build: async (w) => ({
      params: { id: w.a.scheduleEventId, playerId: w.accounts.playerA.userId },
      json: { answer: "going", note: SCHEDULE_NOTE_OF_A },
    }),
  },
  "GET /api/team/schedule-settings": { build: none },
  "PATCH /api/team/schedule-settings": { build: async () => ({ json: { minPlayers: 6 } }) },
  "GET /api/me/calendar": { build: none },
  "POST /api/me/calendar/replace": { build: none },
  "GET /api/calendar/{file}": {
    // Team C's coach's address, read afresh: a cell of the replace endpoint never touches team C's accounts.
    build: async (w) => {
      const res = await send(w.app, w.coachC.cookies, "GET", "/api/me/calendar");
      if (res.status !== 200) throw new Error(`calendar address: ${res.status} ${res.text}`);
      return { params: { file: new URL((res.body as { url: string }).url).pathname.split("/").pop()! } };
    },
  },
  "GET /api/team/schedule/{id}/calendar.ics": { build: async (w) => ({ params: { id: w.a.scheduleEventId } }) },
  "GET /api/team/reminder-settings": { build: none },
  "PATCH /api/team/reminder-settings": { build: async () => ({ json: { sameDayTime: "07:30" } }) },
  "GET /api/me/mail-preferences": { build: none },
  "PATCH /api/me/mail-preferences": { build: async () => ({ json: { digest: true } }) },
  "GET /api/me/push": { build: none },
  "PUT /api/me/push/devices": { build: async () => ({ json: pushSubscriptionJson() }) },
  // The caller's own device (player A's for a signed-out caller, who is refused before it is looked up).
  "DELETE /api/me/push/devices/{id}": { build: async (w, actor) => ({ params: { id: await deviceOf(w, actor) } }) },
  "PATCH /api/me/push/preferences": { build: async () => ({ json: { scores: true } }) },
  "POST /api/me/push/test": {
    build: async (w, actor) => ({ json: { deviceId: await deviceOf(w, actor) } }),
  },
  "GET /api/answer/{token}": { build: async (w) => ({ params: { token: await answerLinkOfC(w) } }) },
  "POST /api/answer/{token}": {
    build: async (w) => ({ params: { token: await answerLinkOfC(w) }, json: { answer: "maybe", note: "Copperfield" } }),
  },
  "GET /api/unsubscribe/{token}": { build: async (w) => ({ params: { token: unsubscribeLinkOfC(w) } }) },
  "POST /api/unsubscribe/{token}": { build: async (w) => ({ params: { token: unsubscribeLinkOfC(w) } }) },
  "GET /api/team/sessions/{id}/follow-link": { build: async (w) => ({ params: { id: w.a.sessionId } }) },
  "PUT /api/team/sessions/{id}/follow-link": { build: async (w) => ({ params: { id: w.a.sessionId } }) },
  "DELETE /api/team/sessions/{id}/follow-link": { build: async (w) => ({ params: { id: w.a.sessionId } }) },
  "GET /api/follow/{token}": { build: async (w) => ({ params: { token: await followLinkOfC(w) } }) },
  "GET /api/follow/{token}/stream": { build: async (w) => ({ params: { token: await followLinkOfC(w) } }) },
};

/** The follow link's token of a game of team C, with a snap logged (made once). */
const followLinks = new WeakMap<World, Promise<string>>();
function followLinkOfC(w: World): Promise<string> {
  let link = followLinks.get(w);
  if (!link) {
    link = (async () => {
      const game = await must(w.app, w.coachC, 201, "POST", "/api/team/sessions", {
        json: { kind: "game", date: today(), opponent: "Copperfield Hawks" },
      });
      const id = (game.body as { session: { id: string } }).session.id;
      const made = await must(w.app, w.coachC, 200, "PUT", `/api/team/sessions/${id}/follow-link`);
      return new URL((made.body as { link: { url: string } }).link.url).pathname.split("/").pop()!;
    })();
    followLinks.set(w, link);
  }
  return link;
}

/** A reminder's answer link of team C: a roster player of C, on an event of C a week ahead (made once). */
const answerLinks = new WeakMap<World, Promise<string>>();
function answerLinkOfC(w: World): Promise<string> {
  let link = answerLinks.get(w);
  if (!link) {
    link = (async () => {
      const player = await freshRosterRow(w, "C");
      const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const rows = await createScheduleEvents(w.database.db, w.teamC.id, w.coachC.userId, {
        kind: "practice",
        date: day,
        startTime: "18:00",
        placeName: "Copperfield Park",
      });
      return answerToken(testConfig().authSecret, rows![0]!.id, player.id);
    })();
    answerLinks.set(w, link);
  }
  return link;
}

/** Team C's coach's unsubscribe link of the weekly digest. */
function unsubscribeLinkOfC(w: World): string {
  return unsubscribeToken(testConfig().authSecret, w.coachC.userId, "digest");
}

/** An API token of team A, made by its head coach (revoking one costs no other cell its token). */
async function freshTokenOfA(w: World): Promise<string> {
  const head = w.accounts.headCoachA;
  const made = await createApiToken(w.database.db, w.teamA.id, head, {
    name: uniqueName("Aldermoor token"),
    scope: "write",
  });
  return made!.token.id;
}

let seasonStarts = 0;
function nextSeasonStart(): string {
  const day = new Date(Date.UTC(2100, 0, 1 + seasonStarts++));
  return day.toISOString().slice(0, 10);
}

async function currentSeasonOfA(w: World): Promise<string> {
  const row = await w.database.db
    .selectFrom("seasons")
    .select("id")
    .where("team_id", "=", w.teamA.id)
    .orderBy("starts_on", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---------------------------------------------------------------------------------------------------------------
// What team A holds: the strings no outsider may ever be shown

/**
 * Team A's ids, codes, names and free text as stored now (texts of at least 8 characters, all made distinctive
 * by the fixtures). Read from the database each time, so resources made by earlier cells count too.
 */
export async function teamSecrets(w: World): Promise<string[]> {
  const db = w.database.db;
  const teamId = w.teamA.id;
  const out = new Set<string>([teamId, w.teamA.name, w.teamA.code, w.teamA.coachInviteCode]);
  const add = (...values: (string | null | undefined)[]) => {
    for (const v of values) if (v && v.length >= 8) out.add(v);
  };
  for (const p of await db
    .selectFrom("profiles")
    .select(["user_id", "full_name"])
    .where("team_id", "=", teamId)
    .execute())
    add(p.user_id, p.full_name);
  for (const id of w.teamAUserIds) add(id);
  for (const s of await db
    .selectFrom("team_sessions")
    .select(["id", "opponent", "location", "notes"])
    .where("team_id", "=", teamId)
    .execute()) {
    add(s.id, s.opponent, s.location, s.notes);
  }
  for (const p of await db
    .selectFrom("plays")
    .select(["id", "name", "formation", "notes", "tags"])
    .where("team_id", "=", teamId)
    .execute()) {
    add(p.id, p.name, p.formation, p.notes);
    for (const tag of JSON.parse(p.tags) as string[]) add(tag);
  }
  for (const e of await db.selectFrom("events").select("id").where("team_id", "=", teamId).execute()) add(e.id);
  for (const n of await db.selectFrom("snaps").select("id").where("team_id", "=", teamId).execute()) add(n.id);
  for (const l of await db.selectFrom("training_logs").select(["id", "notes"]).where("team_id", "=", teamId).execute())
    add(l.id, l.notes);
  for (const f of await db.selectFrom("feedback").select(["id", "body"]).where("team_id", "=", teamId).execute())
    add(f.id, f.body);
  for (const f of await db.selectFrom("files").select(["id", "storage_key"]).where("team_id", "=", teamId).execute())
    add(f.id, f.storage_key);
  for (const e of await db
    .selectFrom("schedule_events")
    .select(["id", "place_name", "address", "field", "map_url", "opponent", "notes"])
    .where("team_id", "=", teamId)
    .execute())
    add(e.id, e.place_name, e.address, e.field, e.map_url, e.opponent, e.notes);
  return [...out];
}

/** Player A's own training logs and feedback: private to them and their coaches. */
export async function playerASecrets(w: World): Promise<string[]> {
  const db = w.database.db;
  const playerId = w.accounts.playerA.userId;
  const out: string[] = [];
  for (const l of await db
    .selectFrom("training_logs")
    .select(["id", "notes"])
    .where("player_id", "=", playerId)
    .execute())
    out.push(l.id, l.notes);
  for (const f of await db.selectFrom("feedback").select(["id", "body"]).where("player_id", "=", playerId).execute())
    out.push(f.id, f.body);
  for (const a of await db
    .selectFrom("schedule_answers")
    .select("note")
    .where("player_id", "=", playerId)
    .where("note", "is not", null)
    .execute())
    out.push(a.note!);
  return out.filter((s) => s.length >= 8);
}

// ---------------------------------------------------------------------------------------------------------------
// Stored rows

/** The world's snapshot, once its background work has settled. */
export async function worldSnapshot(w: World): Promise<Snapshot> {
  await w.settled();
  return snapshot(w.database, w.store);
}
