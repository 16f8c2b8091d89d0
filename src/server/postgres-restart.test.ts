import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.js";
import { OUTAGE_ERRORS } from "./http/errors.js";
import { startMailBackground, type MailBackground } from "./mail/background.js";
import { createPgHub } from "./realtime/pg-hub.js";
import { changeNow, type HubChange } from "./realtime/hub.js";
import { createServices } from "./server.js";
import type { Services } from "./services.js";
import type { PushService } from "./push/service.js";
import { aPassSnap, loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";
import { startSmtpPeer, type SmtpPeer } from "#tests/server/support/smtp-peer.js";
import { startTcpProxy, type TcpProxy } from "#tests/server/support/tcp-proxy.js";
import { testConfig } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { scaled } from "#tests/support/host-speed.js";

/*
 * Issue #32, fault 3: PostgreSQL restarts while coaches log a game. The app server reaches it through a TCP proxy
 * (tests/server/support/tcp-proxy.ts), so the shared PostgreSQL keeps running: the proxy drops every connection and
 * refuses new ones (the database is down), then takes new ones and never answers (its network is gone), then
 * forwards again. Meanwhile four writers keep posting snaps. During the outage every request is answered 503, none
 * hangs; once the database is back, writes succeed again, the live updates of another app server arrive again
 * (the LISTEN connection is back), the mail outbox sends again, and every acknowledged snap is stored.
 */

const postgres = testEngines().find((e) => e.engine === "postgres");

interface Outcome {
  id: string;
  status: number;
  code: string | undefined;
  started: number;
  finished: number;
}

async function waitUntil(ok: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!postgres)("PostgreSQL restarts under load (issue #32)", () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let peer: SmtpPeer;
  let services: Services & { push: PushService };
  let mail: MailBackground;
  let otherServer: Awaited<ReturnType<typeof createPgHub>>;
  let team: LoggerTeam;
  let gameId: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), "flagline-pg-restart-"));
  const logLines: string[] = [];
  const logged = (text: string) => logLines.filter((line) => line.includes(text)).length;

  beforeAll(async () => {
    database = await postgres!.create();
    const directUrl = (database.env as { DATABASE_URL: string }).DATABASE_URL;
    const url = new URL(directUrl);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    peer = await startSmtpPeer();
    const log = pino({ level: "info" }, { write: (line: string) => void logLines.push(line) });
    services = await createServices(
      testConfig({
        databaseUrl: proxy.proxied(directUrl),
        dataDir,
        mail: { smtpUrl: peer.url, from: "Flagline <noreply@flagline.test>", contactTo: "team@flagline.test" },
      }),
      log,
    );
    mail = startMailBackground(services);
    // Another app server on the same database, reaching it directly: its changes come here by NOTIFY.
    otherServer = await createPgHub({ connectionString: directUrl, log: pino({ level: "silent" }) });

    const app = createApp(services);
    team = await loggerTeam(app, "Falcons", 2);
    // The coach's confirmation of the players, written directly (as test-client.ts does for its test apps).
    await database.db.updateTable("profiles").set({ confirmed: 1 }).execute();
    const game = await team.head.post("/api/team/sessions", { kind: "game", date: "2026-10-03", opponent: "Eagles" });
    expect(game.status).toBe(201);
    gameId = game.body.session.id;
  });

  afterAll(async () => {
    await mail?.stop();
    await services?.push.stop();
    await services?.snapWriter.close();
    await services?.hub.close();
    await services?.database.close();
    await otherServer?.close();
    await proxy?.close();
    await peer?.close();
    await database?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const aSnap = () => aPassSnap(team, gameId);

  it("answers 503 during the outage, never hangs, and works again with live updates and mail once it is back", async () => {
    // A screen of this server, subscribed before the outage; the other server's changes reach it by NOTIFY.
    const heard: HubChange[] = [];
    services.hub.subscribe(team.teamId, (change) => heard.push(change));
    /** Publishes on the other server until this one hears it (a change sent while LISTEN is down is lost). */
    const liveUpdateArrives = (ms: number) => {
      const before = heard.length;
      return waitUntil(
        () => {
          otherServer.publish(team.teamId, changeNow("plays"));
          return heard.length > before;
        },
        ms,
        "a live update from the other server",
      );
    };
    await liveUpdateArrives(scaled(5_000));

    // Four coaches' phones keep sending snaps.
    const outcomes: Outcome[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        const snap = aSnap();
        const started = Date.now();
        const res = await team.head.post("/api/team/snaps", { snaps: [snap] });
        outcomes.push({ id: snap.id, status: res.status, code: res.body?.error?.code, started, finished: Date.now() });
        if (res.status === 503) expect(res.body.error).toMatchObject(OUTAGE_ERRORS.database_unavailable);
        if (res.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    const answered = (from: number, status: number) =>
      outcomes.filter((o) => o.started >= from && o.status === status).length;

    try {
      await waitUntil(() => answered(0, 200) >= 8, scaled(10_000), "writes before the outage");

      // PostgreSQL goes down: every connection dropped, new ones refused.
      const down = Date.now();
      const lost = logged("live update listener lost its PostgreSQL connection");
      const mailFailed = logged("mail outbox pass failed");
      await proxy.cut("refuse");
      await waitUntil(() => answered(down, 503) >= 8, scaled(10_000), "503s while PostgreSQL refuses connections");
      await waitUntil(
        () => logged("live update listener lost its PostgreSQL connection") > lost,
        scaled(5_000),
        "LISTEN lost",
      );
      await waitUntil(() => logged("mail outbox pass failed") > mailFailed, scaled(10_000), "a failed mail pass");

      // Its network goes: connections are taken and never answered.
      const silent = Date.now();
      const retries = logged("could not reconnect the live update listener");
      await proxy.cut("hang");
      await waitUntil(() => answered(silent, 503) >= 4, scaled(10_000), "503s while PostgreSQL does not answer");
      await waitUntil(
        () => logged("could not reconnect the live update listener") > retries,
        scaled(10_000),
        "a LISTEN reconnect that gave up on the silent database",
      );

      // Back: within 5 s, writes succeed, live updates arrive and mail is sent again.
      const back = Date.now();
      await proxy.restore();
      await waitUntil(() => answered(back, 200) >= 1, scaled(5_000), "a write after PostgreSQL is back");
      await liveUpdateArrives(scaled(5_000));
      // An announcement's mail goes through the outbox, which polls every 5 s: its next pass after the failed
      // ones sends it.
      const announced = await team.head.post("/api/team/announcements", { body: "Back on the field" });
      expect(announced.status).toBe(201);
      const player = team.players[0]!.me.email.toLowerCase();
      await peer.waitFor((m) => m.to.includes(player) && m.text.includes("Back on the field"), scaled(10_000));

      // Every request started during the outage was answered 503, each long before a client would give up.
      const during = outcomes.filter((o) => o.started >= down && o.finished < back);
      expect(during.length).toBeGreaterThan(0);
      for (const o of during) {
        expect(o.status).toBe(503);
        expect(o.finished - o.started).toBeLessThan(10_000);
      }
    } finally {
      writing = false;
      // A request that hangs fails the test here rather than holding it until its time is up.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        writers,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("the writers' requests are still not answered")), scaled(15_000));
        }),
      ]).finally(() => clearTimeout(timer));
    }

    // Nothing was answered 500, and every acknowledged snap is stored.
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.id);
    const stored = await database.db.selectFrom("snaps").select("id").where("id", "in", acknowledged).execute();
    expect(stored.length).toBe(acknowledged.length);
  }, 90_000);
});
