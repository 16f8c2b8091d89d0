/**
 * npm run bench -- --scenario push-fanout [--devices 1000] [--postgres postgres://…]
 *
 * Issue #30: "A score notification reaches 1,000 subscribed devices (local push endpoint) within 10 s of the snap."
 * On a fresh database (SQLite in a temporary DATA_DIR, or a fresh PostgreSQL database with --postgres) it seeds a
 * team with one player and `--devices` guardians of that player, each with one subscribed device of a push service
 * on the loopback (tests/server/support/push-service.ts: it checks each request's VAPID signature and decrypts it
 * with the device's keys, as a browser does). It starts the real server (bench/servers.ts), signs a coach up,
 * logs a first snap (its kickoff notification goes out and is awaited), then times a touchdown snap from the POST
 * to the moment the last device has its score notification. Prints the figures and the host's CPU index; writes
 * bench/results/push-fanout.{json,md}.
 *
 * The push service runs in this process, on the same two cores as the server: decrypting 1,000 messages here is
 * work a real push service does elsewhere, so the figure is pessimistic.
 */
import "@hono/zod-openapi";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { migrateToLatest, openDatabase } from "../src/server/db/index.js";
import { startPushService, type TestDevice } from "../tests/server/support/push-service.js";
import { databaseUrl as databaseUrlOf } from "../tests/server/support/test-database.js";
import { describeHostIndex, hostCpuIndex } from "./host-index.js";
import { realServerCommand, signUpCoach, startProcess, type ServerProcess } from "./servers.js";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const DEVICES = Number(flag("--devices") ?? 1000);
const POSTGRES = flag("--postgres");
const BUDGET_S = 10;
const log = (line: string) => process.stderr.write(`[push-fanout] ${line}\n`);
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const dataDir = mkdtempSync(path.join(tmpdir(), "flagline-push-"));
const push = await startPushService();
let server: ServerProcess | null = null;
let pgDatabase: string | null = null;
let pgAdmin: pg.Client | null = null;
try {
  let databaseUrl = "";
  if (POSTGRES) {
    pgAdmin = new pg.Client({ connectionString: POSTGRES });
    await pgAdmin.connect();
    pgDatabase = `flagline_push_${randomUUID().slice(0, 8)}`;
    await pgAdmin.query(`create database ${pgDatabase}`);
    databaseUrl = databaseUrlOf(POSTGRES, pgDatabase);
  }
  const database = openDatabase({ dataDir, databaseUrl: databaseUrl || undefined });
  await migrateToLatest(database.db, database.engine);
  const db = database.db;
  const now = new Date().toISOString();
  const teamId = randomUUID();
  const inviteCode = `PC${randomUUID().slice(0, 6).toUpperCase()}`;
  const playerId = randomUUID();
  const devices: TestDevice[] = [];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("teams")
      .values({ id: teamId, name: "Harbor Hawks", team_code: "PUSHT1", coach_invite_code: inviteCode, created_at: now })
      .execute();
    const user = (id: string, name: string, email: string) => ({
      id,
      name,
      email,
      emailVerified: 0,
      image: null,
      createdAt: now,
      updatedAt: now,
    });
    await trx
      .insertInto("user")
      .values(user(playerId, "Maya Rivera", "maya@push.test"))
      .execute();
    await trx
      .insertInto("profiles")
      .values({
        user_id: playerId,
        team_id: teamId,
        role: "player",
        coach_role: null,
        full_name: "Maya Rivera",
        jersey_number: 7,
        primary_position: "wr",
        photo_file_id: null,
        joined_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (let i = 0; i < DEVICES; i += 200) {
      const batch = Array.from({ length: Math.min(200, DEVICES - i) }, (_, k) => ({
        id: randomUUID(),
        n: i + k,
        device: push.device(),
      }));
      devices.push(...batch.map((b) => b.device));
      await trx
        .insertInto("user")
        .values(batch.map((b) => user(b.id, `Guardian ${b.n}`, `g${b.n}@push.test`)))
        .execute();
      await trx
        .insertInto("guardian_links")
        .values(batch.map((b) => ({ guardian_id: b.id, player_id: playerId, created_at: now })))
        .execute();
      await trx
        .insertInto("push_subscriptions")
        .values(
          batch.map((b) => ({
            id: randomUUID(),
            user_id: b.id,
            endpoint: b.device.subscription.endpoint,
            p256dh: b.device.subscription.keys.p256dh,
            auth: b.device.subscription.keys.auth,
            device: "Chrome on Android",
            created_at: now,
          })),
        )
        .execute();
    }
  });
  await database.close();
  log(`seeded a team, ${DEVICES} guardians with a device each (${POSTGRES ? "PostgreSQL" : "SQLite"})`);

  server = await startProcess(realServerCommand(false).args, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUSH_ENDPOINT_ORIGINS: "http://127.0.0.1",
    AUTH_RATE_LIMIT: "0",
    LOG_LEVEL: "warn",
  });
  const base = server.url;
  const cookie = await signUpCoach(base, inviteCode, `coach-${randomUUID().slice(0, 6)}@push.test`);
  const post = async (route: string, body: unknown) => {
    const res = await fetch(`${base}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const game = (await post("/api/team/sessions", {
    kind: "game",
    date: now.slice(0, 10),
    opponent: "Eagles",
  })) as { session: { id: string } };
  const sessionId = game.session.id;
  const snap = (detail: Record<string, unknown>) => ({
    snaps: [{ id: randomUUID(), sessionId, period: 1, occurredAt: new Date().toISOString(), detail }],
  });
  const everyDeviceHas = async (title: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!devices.every((d) => d.messages.some((m) => m.payload.title === title))) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  };

  // The kickoff first, so the score is timed alone.
  await post("/api/team/snaps", snap({ kind: "flag_pull", defenderId: playerId, yards: null }));
  if (!(await everyDeviceHas("Kickoff: Harbor Hawks vs Eagles", 120_000))) throw new Error("kickoff did not arrive");
  log("kickoff reached every device");

  const hostBefore = await hostCpuIndex();
  const load = loadavg()[0]!;
  const t0 = Date.now();
  await post("/api/team/snaps", snap({ kind: "run", runnerId: playerId, yards: 15, touchdown: true }));
  const acked = Date.now() - t0;
  const title = "Harbor Hawks 6–0 Eagles";
  const arrived = await everyDeviceHas(title, 120_000);
  const lastMs = Date.now() - t0;
  const times = devices.flatMap((d) =>
    d.messages.filter((m) => m.payload.title === title).map((m) => m.receivedAt - t0),
  );
  const once = devices.every((d) => d.messages.filter((m) => m.payload.title === title).length === 1);
  const hostAfter = await hostCpuIndex();
  log(`host CPU index before and after: ${describeHostIndex(hostBefore)}; ${describeHostIndex(hostAfter)}`);
  log(`score: the snap's answer in ${acked} ms; ${times.length} devices, the last after ${lastMs} ms`);

  const result = {
    at: new Date().toISOString(),
    engine: POSTGRES ? "postgres" : "sqlite",
    devices: DEVICES,
    snapAnswerMs: acked,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    lastMs,
    received: times.length,
    once,
    refused: push.refused.length,
    met: arrived && once && push.refused.length === 0 && lastMs <= BUDGET_S * 1000,
    load,
    host: [hostBefore.index, hostAfter.index],
  };
  const md = [
    `| Engine | Devices | Snap answered | First half reached (p50) | p99 | Last device | Each once, none refused | Met (≤ ${BUDGET_S} s) | Host CPU index | Load |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- | ---: |",
    `| ${result.engine} | ${DEVICES} | ${acked} ms | ${result.p50Ms} ms | ${result.p99Ms} ms | ${lastMs} ms | ${once && result.refused === 0 ? "yes" : "no"} | ${result.met ? "yes" : "no"} | ${result.host.map((h) => h.toLocaleString("en-US")).join(" → ")} | ${load.toFixed(1)} |`,
  ].join("\n");
  const out = path.join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, `push-fanout-${result.engine}.json`), JSON.stringify(result, null, 2) + "\n");
  writeFileSync(path.join(out, `push-fanout-${result.engine}.md`), md + "\n");
  process.stdout.write(md + "\n");
  if (!result.met) process.exitCode = 1;
} catch (error) {
  log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await server?.stop();
  await push.close();
  if (pgAdmin && pgDatabase) {
    await pgAdmin.query(`drop database if exists ${pgDatabase} with (force)`);
    await pgAdmin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
}
// bench/run.ts imports this file and must not go on to its own scenario.
process.exit(process.exitCode ?? 0);
