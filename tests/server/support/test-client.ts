import webpush from "web-push";
import type { PushConfig } from "#server/push/config.js";
import { createPushService, type PushService } from "#server/push/service.js";
/* Test utilities: the whole Hono app over a test database, and a cookie-keeping client. Not used by the server. */
import { pino } from "pino";
import { createApp } from "#server/app.js";
import { createAuth } from "#server/auth/index.js";
import type { Config } from "#server/config.js";
import { createEventWriter } from "#server/db/event-writer.js";
import { createSnapWriter } from "#server/db/snaps.js";
import type { TestDatabase } from "./test-database.js";
import { createMemoryHub, type TeamChange } from "#server/realtime/hub.js";
import { createFileStore } from "#server/storage/index.js";
import { createMemoryFileStore } from "#server/storage/memory.js";
import { createOutboxBell, type Services } from "#server/services.js";
import { createMailer } from "#server/mail/index.js";

export const TEST_ORIGIN = "http://localhost:3000";

/** One VAPID key pair for the whole test run; push endpoints on the loopback allowed (tests/server/support/push-service.ts). */
const TEST_PUSH: PushConfig = {
  ...webpush.generateVAPIDKeys(),
  subject: "mailto:flagline@flagline.test",
  endpointOrigins: ["http://127.0.0.1"],
};

export function testConfig(overrides: Partial<Config> = {}): Config {
  const publicUrl = overrides.publicUrl ?? TEST_ORIGIN;
  return {
    port: 0,
    host: "127.0.0.1",
    dataDir: "",
    databaseUrl: undefined,
    authSecret: "test-secret-test-secret-test-secret-0123",
    publicUrl: TEST_ORIGIN,
    // As with PUBLIC_URL set: only its host is answered (TestClient sends requests there).
    allowedHosts: [new URL(publicUrl).hostname],
    allowIpHosts: false,
    logLevel: "silent",
    webRoot: "/nonexistent-web-root",
    authRateLimit: 0,
    contactRateLimit: 100,
    trustProxy: 0,
    storage: { kind: "disk" },
    operatorEmails: [],
    mail: null,
    processes: 1,
    retentionDays: 730,
    push: TEST_PUSH,
    ...overrides,
  };
}

export function createTestApp(database: TestDatabase, overrides: Partial<Config> = {}) {
  const config = testConfig(overrides);
  const log = pino({ level: "silent" });
  const mailer = config.mail ? createMailer(config.mail, log) : null;
  const base = {
    database,
    auth: createAuth(database, config, mailer),
    mailer,
    config,
    log,
    hub: createMemoryHub(),
    // No data folder (the default here): uploads stay in memory, so tests leave no files behind.
    files: config.dataDir || config.storage.kind === "s3" ? createFileStore(config) : createMemoryFileStore(),
    eventWriter: createEventWriter(database.db),
    snapWriter: createSnapWriter(database.db),
    mailOutbox: createOutboxBell(),
  };
  // The push sender is not started: tests run its passes (services.push.sender.runOnce()).
  const services: Services & { push: PushService } = { ...base, push: createPushService(base) };
  const app = createApp(services);
  appOrigins.set(app, new URL(config.publicUrl).origin);
  appDatabases.set(app, database);
  return { app, services };
}

/** Each test app's PUBLIC_URL origin: TestClient addresses its requests (Host, default Origin) there. */
const appOrigins = new WeakMap<object, string>();
/** Each test app's database: signUpPlayer stands in for the coach's confirmation there. */
const appDatabases = new WeakMap<object, TestDatabase>();

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

type TestApp = ReturnType<typeof createTestApp>["app"];

/** A browser stand-in: keeps cookies, sends the same-site Origin on writes, and can pose as one client address. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: TestApp,
    private readonly ip = "127.0.0.1",
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    opts: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers = new Headers(opts.headers);
    const origin = appOrigins.get(this.app) ?? TEST_ORIGIN;
    if (!["GET", "HEAD"].includes(method) && !headers.has("origin")) headers.set("origin", origin);
    if (this.cookies.size && !headers.has("cookie")) {
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    let body = opts.body;
    if (opts.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(opts.json);
    }
    const env = { incoming: { socket: { remoteAddress: this.ip, remotePort: 40000, remoteFamily: "IPv4" } } };
    const res = await this.app.request(`${origin}${path}`, { method, headers, body }, env);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(path: string) => this.request<T>("GET", path);
  post = <T = any>(path: string, json?: unknown) => this.request<T>("POST", path, { json });
  delete = <T = any>(path: string) => this.request<T>("DELETE", path);
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const PASSWORD = "correct-horse-battery";

/** Signs up a head coach (creating a team) and returns the client, signed in, with the team's codes. */
export async function signUpCoach(app: TestApp, teamName = "Falcons") {
  const client = new TestClient(app);
  const res = await client.post("/api/signup", {
    role: "coach",
    fullName: "Casey Coach",
    email: uniqueEmail("coach"),
    password: PASSWORD,
    teamName,
  });
  if (res.status !== 201) throw new Error(`coach sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, me: res.body.user as import("#domain/account.js").Me };
}

/** An assistant coach of the team whose coach invite code is given, signed up through the API. */
export async function signUpAssistant(app: TestApp, coachInviteCode: string, fullName = "Ari Assistant") {
  const client = new TestClient(app);
  const res = await client.post("/api/signup", {
    role: "coach",
    fullName,
    email: uniqueEmail("assistant"),
    password: PASSWORD,
    coachInviteCode,
  });
  if (res.status !== 201) throw new Error(`assistant sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, me: res.body.user as import("#domain/account.js").Me };
}

export async function signUpPlayer(
  app: TestApp,
  teamCode: string,
  extra: Partial<{
    fullName: string;
    jerseyNumber: number;
    primaryPosition: string;
    positions: string[];
    /** Leave the player waiting for the coach, as a team-code sign-up lands (docs/product.md §11). */
    waiting: boolean;
  }> = {},
) {
  const client = new TestClient(app);
  const body = {
    role: "player",
    fullName: extra.fullName ?? "Pat Player",
    email: uniqueEmail("player"),
    password: PASSWORD,
    teamCode,
    jerseyNumber: extra.jerseyNumber ?? 7,
    primaryPosition: extra.primaryPosition ?? "wr",
    positions: extra.positions ?? [],
  };
  let res = await client.post("/api/signup", body);
  // The default #7 is someone's already: this player signs up without a number, as a person would
  // (docs/product.md §11). A number the test chose is its to check.
  if (res.status === 409 && res.body?.error?.code === "jersey_taken" && extra.jerseyNumber === undefined) {
    const { jerseyNumber: _taken, ...withoutNumber } = body;
    res = await client.post("/api/signup", withoutNumber);
  }
  if (res.status !== 201) throw new Error(`player sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const me = res.body.user as import("#domain/account.js").Me;
  const database = appDatabases.get(app);
  if (!extra.waiting && database) {
    // Most suites need a player on the team's lists: the coach's confirmation, written directly.
    await database.db.updateTable("profiles").set({ confirmed: 1 }).where("user_id", "=", me.id).execute();
    me.waitingForCoach = false;
  }
  return { client, me };
}

/**
 * The app over `database` with two coaches' teams, Falcons (a) and Eagles (b), and the kinds of change the
 * first team's live updates announce from now on (heard), for suites that check one team cannot touch the other.
 */
export async function twoTeams(database: TestDatabase) {
  const built = createTestApp(database);
  const a = await signUpCoach(built.app, "Falcons");
  const b = await signUpCoach(built.app, "Eagles");
  const heard: TeamChange["kind"][] = [];
  built.services.hub.subscribe(a.me.team!.id, (change) => heard.push(change.kind));
  return { app: built.app, a, b, heard };
}
