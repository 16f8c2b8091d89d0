/**
 * npm run check:durability [-- --clients 50 --kill-after 1500]
 * Starts Flagline on a fresh data dir, has N clients log as fast as they are acknowledged (half single events, half
 * game snaps, which the snap writer's thread commits: decision 0031), kills the server with SIGKILL midway, restarts
 * it, and checks that every acknowledged event and snap is stored exactly once and every counter equals a recount
 * from the events. Exit code 0 when all holds, 1 otherwise.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "#tests/server/support/free-port.js";
import { openDatabase } from "../src/server/db/index.js";
import { checkIntegrity } from "../src/server/db/integrity.js";

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const CLIENTS = option("--clients", 50);
const KILL_AFTER = option("--kill-after", 1500);
const PLAYERS = 10;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "flagline-durability-"));

function startServer(): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      AUTH_RATE_LIMIT: "0",
      WEB_ROOT: "/nonexistent",
      PUBLIC_URL: base,
    },
    stdio: ["ignore", "ignore", "inherit"],
    // Its own process group: the crash below kills the primary and every worker at once (decision 0024).
    detached: true,
  });
}

/** Kills every process of the server (primary and workers) without warning, as a power cut would. */
function crash(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // already gone
  }
}

/**
 * Waits for the server to answer, or to exit. Compiling and starting it through tsx can take tens of seconds on a
 * busy two-core machine, so the cap is generous; a server that dies fails at once instead.
 */
async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`server exited before it answered (${server.exitCode ?? server.signalCode})`);
    try {
      // A connection that is accepted but never answered must not hold the loop past its deadline.
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not come up within 120 s on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function post(path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

let server = startServer();
let exitCode = 1;
try {
  await waitForHealth();
  const coachRes = await post("/api/signup", {
    role: "coach",
    fullName: "Durable Coach",
    email: "coach@durability.test",
    password: "durability-1",
    teamName: "Durables",
  });
  const coach = (await coachRes.json()) as { user: { team: { code: string } } };
  const cookie = cookieOf(coachRes);
  const players: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const res = await post("/api/signup", {
      role: "player",
      fullName: `Player ${i}`,
      email: `p${i}@durability.test`,
      password: "durability-1",
      teamCode: coach.user.team.code,
      jerseyNumber: i,
      primaryPosition: i % 2 ? "wr" : "cb",
    });
    const id = ((await res.json()) as { user: { id: string } }).user.id;
    // A team-code sign-up waits for the coach (docs/product.md §11): the coach confirms each player.
    const confirmed = await post(`/api/team/roster/${id}/confirmation`, { decision: "confirm" }, cookie);
    if (confirmed.status !== 200) throw new Error(`confirming player ${i} failed: ${confirmed.status}`);
    players.push(id);
  }

  const sessionId = randomUUID();
  const game = await post(
    "/api/team/sessions",
    { id: sessionId, kind: "game", date: new Date().toISOString().slice(0, 10) },
    cookie,
  );
  if (game.status !== 201) throw new Error(`creating the game failed: ${game.status}`);
  const snapOf = (id: string, runner: string) => ({
    id,
    sessionId,
    period: 1,
    occurredAt: new Date().toISOString(),
    detail: { kind: "run", runnerId: runner, yards: 4, touchdown: false },
  });

  const acknowledged = new Set<string>();
  const attempted = new Set<string>();
  const acknowledgedSnaps = new Set<string>();
  const attemptedSnaps = new Map<string, string>();
  let killed = false;
  const started = performance.now();
  const clients = Array.from({ length: CLIENTS }, async (_, c) => {
    for (let n = 0; !killed; n++) {
      const id = randomUUID();
      // Every other client is a scorer logging snaps.
      if (c % 2 === 1) {
        const runner = players[(c + n) % PLAYERS]!;
        attemptedSnaps.set(id, runner);
        try {
          const res = await post("/api/team/snaps", { snaps: [snapOf(id, runner)] }, cookie);
          if (res.status === 200) acknowledgedSnaps.add(id);
          else if (!killed) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
        } catch (error) {
          if (!killed) throw error;
        }
        continue;
      }
      attempted.add(id);
      try {
        const res = await post(
          "/api/team/events",
          {
            events: [
              {
                id,
                playerId: players[(c + n) % PLAYERS],
                eventType: n % 3 ? "Flag Pull" : "Catch",
                yards: n % 3 ? null : 7,
                occurredAt: new Date().toISOString(),
              },
            ],
          },
          cookie,
        );
        if (res.status === 200) acknowledged.add(id);
        else if (!killed) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
      } catch (error) {
        if (!killed) throw error;
      }
      if (!killed && acknowledged.size >= KILL_AFTER) {
        killed = true;
        crash(server);
      }
    }
  });
  await Promise.all(clients);
  const seconds = (performance.now() - started) / 1000;
  if (server.exitCode === null && server.signalCode === null) await new Promise((r) => server.once("exit", r));

  server = startServer();
  await waitForHealth();
  const database = openDatabase({ dataDir });
  const stored = new Set<string>();
  // The single events the clients logged (a snap's events are counted with their snap below).
  for (const row of await database.db.selectFrom("events").select("id").where("snap_id", "is", null).execute())
    stored.add(row.id);
  const missing = [...acknowledged].filter((id) => !stored.has(id));
  const storedSnaps = new Set((await database.db.selectFrom("snaps").select("id").execute()).map((r) => r.id));
  const missingSnaps = [...acknowledgedSnaps].filter((id) => !storedSnaps.has(id));
  const report = await checkIntegrity(database.db);

  // Replaying everything the clients tried (as an offline outbox would) must change nothing acknowledged.
  const replay = [...attempted];
  let duplicatesOfAcked = 0;
  for (let i = 0; i < replay.length; i += 500) {
    const chunk = replay.slice(i, i + 500);
    const res = await post(
      "/api/team/events",
      {
        events: chunk.map((id, k) => ({
          id,
          playerId: players[k % PLAYERS],
          eventType: "Flag Pull",
          occurredAt: new Date().toISOString(),
        })),
      },
      cookie,
    );
    if (res.status !== 200) throw new Error(`replay refused: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { results: Array<{ id: string; status: string }> };
    duplicatesOfAcked += body.results.filter((r) => r.status === "duplicate" && acknowledged.has(r.id)).length;
  }
  let snapDuplicatesOfAcked = 0;
  const snapReplay = [...attemptedSnaps];
  for (let i = 0; i < snapReplay.length; i += 100) {
    const chunk = snapReplay.slice(i, i + 100);
    const res = await post("/api/team/snaps", { snaps: chunk.map(([id, runner]) => snapOf(id, runner)) }, cookie);
    if (res.status !== 200) throw new Error(`snap replay refused: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { results: Array<{ id: string; status: string }> };
    snapDuplicatesOfAcked += body.results.filter((r) => r.status === "duplicate" && acknowledgedSnaps.has(r.id)).length;
  }
  const afterReplay = await checkIntegrity(database.db);
  await database.close();

  console.log(
    `clients: ${CLIENTS}; acknowledged before SIGKILL: ${acknowledged.size} in ${seconds.toFixed(2)} s (${(acknowledged.size / seconds).toFixed(0)} events/s)`,
  );
  console.log(
    `stored after restart: ${stored.size} (attempted ${attempted.size}); acknowledged but missing: ${missing.length}`,
  );
  console.log(
    `replayed ${replay.length} ids: ${duplicatesOfAcked} of ${acknowledged.size} acknowledged came back "duplicate"`,
  );
  console.log(
    `snaps acknowledged before SIGKILL: ${acknowledgedSnaps.size}; stored after restart: ${storedSnaps.size}; ` +
      `acknowledged but missing: ${missingSnaps.length}; came back "duplicate": ${snapDuplicatesOfAcked}`,
  );
  console.log(`counter drift after restart: ${report.drift.length}; after replay: ${afterReplay.drift.length}`);
  const ok =
    missing.length === 0 &&
    missingSnaps.length === 0 &&
    acknowledgedSnaps.size > 0 &&
    snapDuplicatesOfAcked === acknowledgedSnaps.size &&
    report.drift.length === 0 &&
    afterReplay.drift.length === 0 &&
    duplicatesOfAcked === acknowledged.size;
  console.log(
    ok
      ? "DURABLE: every acknowledged event and snap is stored exactly once and every counter equals a recount."
      : "FAILED",
  );
  exitCode = ok ? 0 : 1;
} catch (error) {
  console.error("durability check failed:", error);
  exitCode = 1;
} finally {
  crash(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
