import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewSnapInput } from "#domain/api/game.js";
import { seedGameTeams } from "../../bench/saturday/seed.js";
import { createApp } from "./app.js";
import { OUTAGE_ERRORS } from "./http/errors.js";
import { startMailBackground, type MailBackground } from "./mail/background.js";
import { createServices } from "./server.js";
import type { Services } from "./services.js";
import type { PushService } from "./push/service.js";
import {
  aPassSnap,
  aSnap,
  loggerTeam,
  openStream,
  type LoggerTeam,
  type OpenStream,
} from "#tests/server/support/logger-fixtures.js";
import { startPushService, type LocalPushService, type TestDevice } from "#tests/server/support/push-service.js";
import { startSmtpPeer, type SmtpPeer } from "#tests/server/support/smtp-peer.js";
import { startTcpProxy, type TcpProxy } from "#tests/server/support/tcp-proxy.js";
import { PASSWORD, TestClient, testConfig, type TestResponse } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { scaled } from "#tests/support/host-speed.js";

/*
 * Issue #32, fault 3: PostgreSQL restarts on a saturday at G = 100 (docs/performance.md, "Game day: the saturday
 * scenario"): 100 live games, each with a scorer posting snaps, and coaches watching live streams on a second app
 * server. Both app servers reach the database through a TCP proxy (tests/server/support/tcp-proxy.ts), so the shared
 * PostgreSQL keeps running: the proxy drops every connection and refuses new ones (the database is down), then takes
 * new ones and never answers (its network is gone), then forwards again.
 *
 * During the outage every request (snaps, a sign-in, a signed-in read) is answered 503 database_unavailable, none
 * hangs, and the scorers keep their plays and send them again, as the logger's outbox does. Within 5 s of the
 * database coming back every game's writes succeed and the screens on the other server get live updates again (both
 * servers' LISTEN connections are back); sign-in works again; the push outbox sends a notification it held through
 * the outage and a touchdown's, the mail outbox an announcement. Every acknowledged snap is stored, once.
 */

const postgres = testEngines().find((e) => e.engine === "postgres");

/** G: live games, each with a scorer (docs/performance.md). One is signed up through the API, the rest seeded. */
const GAMES = 100;
/** Games whose coaches watch a live stream on the other app server. */
const WATCHED = 5;
/**
 * A scorer's snap every 5 s (the saturday's is 10 s): an outage of one period leaves every game with a play waiting.
 * The watched games' scorers post every second, so a screen has news soon after the database is back.
 */
const PERIOD_MS = 5_000;
const WATCHED_PERIOD_MS = 1_000;
/** How soon a scorer's phone sends a refused play again. */
const RETRY_MS = 1_000;
/**
 * Longer than any answer during the outage may take (a connection attempt gives up after 2 s, db/index.ts): a request
 * still unanswered then is hanging. Unbounded, a full pool's waiters took 20 s here (one failed attempt each).
 */
const FAST_MS = scaled(5_000);

interface Outcome {
  game: number;
  id: string;
  status: number;
  started: number;
  finished: number;
  /** For a 200: the game's snaps acknowledged so far, this one included. */
  acked: number;
}

interface Game {
  sessionId: string;
  scorer: TestClient;
  snap(): NewSnapInput;
  periodMs: number;
  /** A coach of the team holding the live stream on the other server. */
  viewer?: TestClient;
  stream?: OpenStream;
  acked: number;
}

async function waitUntil(ok: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client holding a seeded Better Auth session (bench/saturday/seed.ts gives the Cookie header's pair). */
function seededClient(app: ReturnType<typeof createApp>, cookie: string) {
  const client = new TestClient(app);
  const eq = cookie.indexOf("=");
  client.cookies.set(cookie.slice(0, eq), cookie.slice(eq + 1));
  return client;
}

/** The highest snap count of the game the stream's change messages carried, from message `from` on. */
function shownSnaps(stream: OpenStream, from = 0): number {
  let most = 0;
  for (const m of stream.messages.slice(from)) {
    if (m.event !== "change" || !m.data) continue;
    const count = (JSON.parse(m.data) as { scoreboard?: { snapCount?: number } | null }).scoreboard?.snapCount;
    if (typeof count === "number" && count > most) most = count;
  }
  return most;
}

describe.skipIf(!postgres)("PostgreSQL restarts on a saturday at G = 100 (issue #32)", () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let peer: SmtpPeer;
  let pushService: LocalPushService;
  /** The server the scorers write to; it runs the mail and push outboxes. */
  let services: Services & { push: PushService };
  /** The server the watching coaches' streams are on. */
  let watching: Services & { push: PushService };
  let mail: MailBackground;
  let app: ReturnType<typeof createApp>;
  let watchingApp: ReturnType<typeof createApp>;
  let team: LoggerTeam;
  let phone: TestDevice;
  const games: Game[] = [];
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "flagline-pg-restart-")));
  const logLines: string[] = [];
  const logged = (text: string) => logLines.filter((line) => line.includes(text)).length;

  beforeAll(async () => {
    database = await postgres!.create();
    const directUrl = (database.env as { DATABASE_URL: string }).DATABASE_URL;
    const url = new URL(directUrl);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    peer = await startSmtpPeer();
    pushService = await startPushService();
    const log = pino({ level: "info" }, { write: (line: string) => void logLines.push(line) });
    const config = testConfig({
      databaseUrl: proxy.proxied(directUrl),
      dataDir: dataDirs[0],
      mail: { smtpUrl: peer.url, from: "Flagline <noreply@flagline.test>", contactTo: "team@flagline.test" },
    });
    services = await createServices(config, log);
    watching = await createServices({ ...config, dataDir: dataDirs[1]!, mail: null }, log);
    // What server.ts runs beside the requests: the mail outbox and reminders, and the push outbox's sender.
    mail = startMailBackground(services);
    services.push.sender.start();
    app = createApp(services);
    watchingApp = createApp(watching);

    // One team signed up through the API: its head coach signs in below and has a phone for notifications.
    team = await loggerTeam(app, "Falcons", 2);
    // The coach's confirmation of the players, written directly (as test-client.ts does for its test apps).
    await database.db.updateTable("profiles").set({ confirmed: 1 }).execute();
    const today = new Date().toISOString().slice(0, 10);
    const game = await team.head.post("/api/team/sessions", { kind: "game", date: today, opponent: "Eagles" });
    expect(game.status).toBe(201);
    const falconsGame: string = game.body.session.id;
    phone = pushService.device();
    const device = await team.head.request("PUT", "/api/me/push/devices", { json: phone.subscription });
    expect(device.status).toBe(200);
    games.push({
      sessionId: falconsGame,
      scorer: team.head,
      snap: () => aPassSnap(team, falconsGame),
      periodMs: PERIOD_MS,
      acked: 0,
    });

    // The other games' teams, written straight into the tables as the saturday bench does (no sign-ups).
    const seeded = await seedGameTeams(database.db, {
      games: GAMES - 1,
      viewers: 1,
      playerViewers: 0,
      players: 4,
      followers: 0,
      authSecret: config.authSecret,
    });
    seeded.forEach((spec, i) => {
      let k = 0;
      const snap = () => {
        k += 1;
        const who = spec.playerIds[k % spec.playerIds.length]!;
        return aSnap(
          spec.sessionId,
          k % 2 === 0
            ? { kind: "flag_pull", defenderId: who, yards: null }
            : { kind: "run", runnerId: who, yards: 3 + (k % 9), touchdown: false },
        );
      };
      const watched = i < WATCHED;
      games.push({
        sessionId: spec.sessionId,
        scorer: seededClient(app, spec.scorerCookie),
        snap,
        periodMs: watched ? WATCHED_PERIOD_MS : PERIOD_MS,
        viewer: watched ? seededClient(watchingApp, spec.viewers[0]!.cookie) : undefined,
        acked: 0,
      });
    });
    for (const g of games) {
      if (!g.viewer) continue;
      g.stream = await openStream(watchingApp, g.viewer);
      expect(g.stream.status).toBe(200);
    }
  });

  afterAll(async () => {
    for (const g of games) await g.stream?.close();
    await mail?.stop();
    for (const s of [services, watching]) {
      await s?.push.stop();
      await s?.snapWriter.close();
      await s?.hub.close();
      await s?.database.close();
    }
    await proxy?.close();
    await peer?.close();
    await pushService?.close();
    await database?.cleanup();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("answers 503 fast during the outage and, once it is back, every game writes, screens update, sign-in and the outboxes work", async () => {
    const outcomes: Outcome[] = [];
    /** Sends one snap of game `i` and records the answer. */
    const post = async (i: number, snap: NewSnapInput): Promise<TestResponse> => {
      const g = games[i]!;
      const started = Date.now();
      const res = await g.scorer.post("/api/team/snaps", { snaps: [snap] });
      if (res.status === 200) g.acked += 1;
      outcomes.push({ game: i, id: snap.id, status: res.status, started, finished: Date.now(), acked: g.acked });
      if (res.status === 503) expect(res.body.error).toMatchObject(OUTAGE_ERRORS.database_unavailable);
      return res;
    };

    // Every game's scorer: a snap every period (staggered over it), a refused one sent again until it is stored.
    let scoring = true;
    let abandoned = false;
    const scorer = async (i: number) => {
      const g = games[i]!;
      await pause((i * g.periodMs) / GAMES);
      while (scoring) {
        const next = Date.now() + g.periodMs;
        const snap = g.snap();
        // Once the test stops, the play in hand is still sent until stored: every play is acknowledged in the end.
        while ((await post(i, snap)).status !== 200 && !abandoned) await pause(RETRY_MS);
        await pause(next - Date.now());
      }
    };
    const scorers = Promise.all(games.map((_, i) => scorer(i)));
    const answered = (from: number, status: number, game?: number) =>
      outcomes.filter((o) => o.started >= from && o.status === status && (game === undefined || o.game === game))
        .length;
    const everyGame = (ok: (i: number) => boolean) => games.every((_, i) => ok(i));
    const watched = games.filter((g) => g.stream);
    const signIn = () => new TestClient(app).post("/api/session", { email: team.headMe.email, password: PASSWORD });
    /** A sign-in and the coach's profile read, timed: both must be answered 503 database_unavailable, quickly. */
    const refusedAccount = async () => {
      for (const request of [signIn, () => team.head.get("/api/me")]) {
        const started = Date.now();
        const res = await request();
        expect(Date.now() - started).toBeLessThan(FAST_MS);
        expect(res.status).toBe(503);
        expect(res.body.error).toMatchObject(OUTAGE_ERRORS.database_unavailable);
      }
    };

    try {
      // The saturday is on: every game has a stored snap, the screens on the other server show their games'
      // snaps (by NOTIFY), and the phone had the Falcons' kickoff.
      await waitUntil(() => everyGame((i) => answered(0, 200, i) >= 1), scaled(15_000), "a write of every game");
      await waitUntil(
        () => watched.every((g) => shownSnaps(g.stream!) >= 1),
        scaled(5_000),
        "live updates on the other server",
      );
      await waitUntil(() => phone.messages.length >= 1, scaled(10_000), "the kickoff notification");
      expect(phone.messages[0]!.payload.title).toMatch(/^Kickoff: /);

      // A notification the push service turns away for now (429, retry in 1 s): still queued when the database
      // goes, it must be sent when it is back.
      phone.status = 429;
      const deferred = logged("notification could not be sent; it will be tried again");
      const queued = await team.head.post("/api/me/push/test", {});
      expect(queued.status).toBe(202);
      await waitUntil(
        () => logged("notification could not be sent; it will be tried again") > deferred,
        scaled(10_000),
        "the test notification deferred",
      );

      // PostgreSQL goes down: every connection dropped, new ones refused.
      const down = Date.now();
      const lost = logged("live update listener lost its PostgreSQL connection");
      const mailFailed = logged("mail outbox pass failed");
      const pushFailed = logged("push outbox pass failed");
      await proxy.cut("refuse");
      await refusedAccount();
      // Every game's scorer has a play refused (and waiting on the phone): the outage is at least one period long.
      await waitUntil(() => everyGame((i) => answered(down, 503, i) >= 1), scaled(15_000), "a 503 for every game");
      await waitUntil(
        () => logged("live update listener lost its PostgreSQL connection") >= lost + 2,
        scaled(5_000),
        "LISTEN lost on both servers",
      );
      await waitUntil(() => logged("mail outbox pass failed") > mailFailed, scaled(10_000), "a failed mail pass");
      await waitUntil(() => logged("push outbox pass failed") > pushFailed, scaled(10_000), "a failed push pass");

      // Its network goes: connections are taken and never answered.
      const silent = Date.now();
      const retries = logged("could not reconnect the live update listener");
      await proxy.cut("hang");
      await refusedAccount();
      await waitUntil(() => answered(silent, 503) >= 4, scaled(10_000), "503s while PostgreSQL does not answer");
      await waitUntil(
        () => logged("could not reconnect the live update listener") > retries,
        scaled(10_000),
        "a LISTEN reconnect that gave up on the silent database",
      );

      // Back: within 5 s, every game's writes succeed and every screen on the other server shows a snap written
      // since (both servers listen again).
      const back = Date.now();
      const seenBefore = watched.map((g) => g.stream!.messages.length);
      phone.status = 201;
      await proxy.restore();
      await waitUntil(
        () => everyGame((i) => answered(back, 200, i) >= 1),
        scaled(5_000),
        "a write of every game after PostgreSQL is back",
      );
      await waitUntil(
        () =>
          watched.every((g, w) => {
            const i = games.indexOf(g);
            const since = outcomes.filter((o) => o.game === i && o.status === 200 && o.started >= back);
            return since.some((o) => shownSnaps(g.stream!, seenBefore[w]) >= o.acked);
          }),
        scaled(5_000) - (Date.now() - back),
        "live updates of a snap written after PostgreSQL is back, on the other server",
      );
      // Signing in and reading work again.
      expect((await signIn()).status).toBe(200);
      expect((await team.head.get("/api/me")).status).toBe(200);

      // The push outbox: its next pass after the failed ones sends the notification kept through the outage
      // (nothing else wakes it), then a touchdown's notification.
      await waitUntil(
        () => phone.messages.some((m) => m.payload.body === "Notifications work on this device."),
        scaled(10_000),
        "the notification queued before the outage",
      );
      const touchdown = aSnap(games[0]!.sessionId, {
        kind: "run",
        runnerId: team.players[0]!.me.id,
        yards: 20,
        touchdown: true,
      });
      expect((await post(0, touchdown)).status).toBe(200);
      // The mail outbox: an announcement's mail is sent by its next pass after the failed ones.
      const announced = await team.head.post("/api/team/announcements", { body: "Back on the field" });
      expect(announced.status).toBe(201);
      const player = team.players[0]!.me.email.toLowerCase();
      await Promise.all([
        waitUntil(
          () =>
            phone.messages.some(
              (m) => m.payload.tag === `game-${games[0]!.sessionId}` && !m.payload.title.startsWith("Kickoff"),
            ),
          scaled(10_000),
          "the touchdown's notification",
        ),
        peer.waitFor((m) => m.to.includes(player) && m.text.includes("Back on the field"), scaled(10_000)),
      ]);
      expect(pushService.refused).toEqual([]);

      // Every request started during the outage was answered long before a client would give up; those answered
      // before it was over were 503s.
      const during = outcomes.filter((o) => o.started >= down && o.started < back);
      expect(during.length).toBeGreaterThan(GAMES);
      for (const o of during) {
        expect(o.finished - o.started).toBeLessThan(FAST_MS);
        if (o.finished < back) expect(o.status).toBe(503);
      }
    } finally {
      scoring = false;
      // A step above that failed must not leave the scorers' plays refused for ever.
      await proxy.restore();
      // A request that hangs fails the test here rather than holding it until its time is up.
      const settled = await Promise.race([scorers.then(() => true), pause(scaled(15_000)).then(() => false)]);
      if (!settled) abandoned = true;
    }
    expect(abandoned, "the scorers' requests are still not answered").toBe(false);

    // Nothing was answered anything but 200 or 503, and the stored snaps are exactly the acknowledged ones, once
    // each.
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.id);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    const stored = await database.db
      .selectFrom("snaps")
      .select("id")
      .where(
        "session_id",
        "in",
        games.map((g) => g.sessionId),
      )
      .execute();
    expect(stored.map((s) => s.id).sort()).toEqual([...acknowledged].sort());
  }, 120_000);
});
