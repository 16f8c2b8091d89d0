/**
 * npm run bench [-- --quick] [-- --engines sqlite|postgres] (see bench/options.ts for every flag)
 *
 * On each engine, on a fresh database: generates synthetic data in bulk (measured teams of 100 players with
 * 100k and 1M events, plus 1,000 teams of 20 players), starts the real server as a child process, signs one coach
 * per measured team up through the API, and measures with autocannon:
 *   - GET /api/team/players (one query over the counters) at 1 connection (latency) and 10 (throughput);
 *   - beside it the same JSON served from memory, and the docs/product.md §7 pattern (one events query per player);
 *   - POST /api/team/events from 50 clients, 1 and 10 events per request, and raw durable single-row inserts.
 * Writes bench/results/results.{json,md}; docs/performance.md is written from them.
 */
// As src/server/main.ts: zod gets .openapi() before any shared schema is built.
import "@hono/zod-openapi";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { PlayerSummary } from "../src/domain/player-summary.js";
import { openDatabase, type Engine } from "../src/server/db/index.js";
import { createAuth } from "../src/server/auth/index.js";
import { checkIntegrity } from "../src/server/db/integrity.js";
import { teamPlayerSummaries } from "../src/server/db/summaries.js";
import { getProfile } from "../src/server/db/teams.js";
import { generate, postgresLoader, sqliteLoader, type GeneratedTeam } from "./generate.js";
import { measureHttp, measureRawInserts, percentile, type Measurement } from "./load.js";
import { parseOptions } from "./options.js";
import {
  breakdownTable,
  budgetLines,
  describeMachine,
  frontEndBudget,
  machineTable,
  resultsTable,
  teamReadsTable,
  type BenchResults,
  type EngineResult,
  type ReadResult,
} from "./report.js";
import { logBenchGame, measureTeamReads } from "./team-reads.js";
import {
  freshDatabase,
  getJson,
  realServerCommand,
  signUpCoach,
  startProcess,
  tsxCommand,
  type ServerProcess,
} from "./servers.js";

const SPEC_PLAYERS_PATH = "/api/bench/spec-players";
/** bench/spec-server.ts: GET /api/team/players's answer, pre-serialized, behind the same session check. */
const YARDSTICK_PATH = "/api/bench/yardstick-players";
const PLAYERS_PATH = "/api/team/players";
/** How long the session-cache experiment keeps a getSession answer. */
const SESSION_CACHE_MS = 5_000;

// `--scenario saturday` is its own bench (bench/saturday/main.ts); without it, this file's default scenario.
// `--scenario calendar-feed`: issue #29's feed budget (bench/calendar-feed.ts); `--scenario reminder-burst`: its
// reminder burst (bench/reminder-burst.ts); `--scenario prepared`: game day's hot queries prepared or built
// (bench/prepared-queries.ts, decision 0032); `--scenario push-fanout`: issue #30's score notification to 1,000
// devices (bench/push-fanout.ts); `--scenario league`: issue #31's season generator and standings (bench/league.ts);
// `--scenario league-standings`: its standings read through the database (bench/league-standings.ts);
// `--scenario league-saturday`: a Saturday of league games logged by both teams (bench/saturday/league.ts);
// `--scenario league-lighthouse`: Lighthouse on a league's public page, after `npm run build` (bench/league-lighthouse.ts).
if (process.argv.includes("--scenario")) {
  const scenario = process.argv[process.argv.indexOf("--scenario") + 1];
  if (scenario === "calendar-feed")
    await import("./calendar-feed.js"); // ends the process when done
  else if (scenario === "reminder-burst")
    await import("./reminder-burst.js"); // ends the process when done
  else if (scenario === "prepared")
    await import("./prepared-queries.js"); // ends the process when done
  else if (scenario === "push-fanout")
    await import("./push-fanout.js"); // ends the process when done
  else if (scenario === "league")
    await import("./league.js"); // ends the process when done
  else if (scenario === "league-standings")
    await import("./league-standings.js"); // ends the process when done
  else if (scenario === "league-saturday")
    await import("./saturday/league.js"); // ends the process when done
  else if (scenario === "league-lighthouse")
    await import("./league-lighthouse.js"); // ends the process when done
  else await import("./saturday/main.js"); // ends the process when done
}
const opts = parseOptions(process.argv.slice(2));
const server = realServerCommand(opts.fromSource);
const began = performance.now();
const log = (line: string) =>
  process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

/** Things to undo however the run ends (servers, temporary directories, the PostgreSQL database). */
const cleanups: Array<() => Promise<void> | void> = [];
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      log(`cleanup failed: ${String(error)}`);
    }
  }
}
process.once("SIGINT", () => {
  log("interrupted: cleaning up");
  void cleanUp().finally(() => process.exit(130));
});

/** Runs one phase of an engine's bench; a failure is recorded and the next phase still runs. */
async function phase(result: EngineResult, name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    log(`${result.engine} ${name} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    result.errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function withServer<T>(
  args: string[],
  env: Record<string, string>,
  fn: (server: ServerProcess) => Promise<T>,
): Promise<T> {
  const server = await startProcess(args, env);
  const stop = () => server.stop();
  cleanups.push(stop);
  try {
    return await fn(server);
  } finally {
    cleanups.splice(cleanups.indexOf(stop), 1);
    await server.stop();
  }
}

function playersOf(text: string): PlayerSummary[] {
  return (JSON.parse(text) as { players: PlayerSummary[] }).players;
}

/** Same summaries, compared per player (ties in score may be ordered differently). */
function sameSummaries(a: PlayerSummary[], b: PlayerSummary[]): boolean {
  if (a.length !== b.length) return false;
  const byId = new Map(b.map((p) => [p.id, p]));
  return a.every((p) => isDeepStrictEqual(p, byId.get(p.id)));
}

const fmt = (m: Measurement) =>
  `p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms, ${m.perSecond.toFixed(0)}/s (${m.ok} ok${m.failed ? `, ${m.failed} FAILED: ${m.failure}` : ""}; load ${m.load.toFixed(1)})`;

/**
 * Latency at 1 connection, then throughput at opts.readConnections. A slow endpoint (`slow`: the time of one
 * request made before, in ms) gets longer runs, so that each holds several rounds of every connection: 5
 * requests for the latency run, 3 per connection for the throughput run (as timed by the latency run), at most 30 s.
 */
async function measureRead(
  url: string,
  pathName: string,
  cookie: string | null,
  slow = 0,
): Promise<{ latency: Measurement; throughput: Measurement }> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const stretch = (ms: number) => Math.min(30, Math.max(opts.duration, Math.ceil(ms / 1000)));
  const latency = await measureHttp({
    url,
    path: pathName,
    headers,
    connections: 1,
    duration: stretch(5 * slow),
    warmup: opts.warmup,
    timeout: 120,
  });
  const oneRequest = slow && latency.ok > 0 ? latency.mean : slow;
  const throughput = await measureHttp({
    url,
    path: pathName,
    headers,
    connections: opts.readConnections,
    duration: stretch(3 * opts.readConnections * oneRequest),
    warmup: 0,
    timeout: 120,
  });
  return { latency, throughput };
}

/** Median time of one call of fn, in µs, over about `ms` milliseconds after a short warm-up. */
async function medianMicros(fn: () => unknown, ms: number): Promise<number> {
  for (let i = 0; i < 50; i++) await fn();
  const times: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until || times.length < 20) {
    const t0 = performance.now();
    await fn();
    times.push((performance.now() - t0) * 1000);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

/** The in-memory yardstick's results, one per size. */
const memory: ReadResult[] = [];

async function benchEngine(engine: Engine): Promise<EngineResult> {
  const result: EngineResult = {
    engine,
    reads: [],
    writes: [],
    teamReads: [],
    breakdown: {},
    checks: [],
    errors: [],
  };
  log(`=== ${engine} ===`);
  const { dataDir, databaseUrl } = await freshDatabase(engine, {
    pgUrl: opts.pgUrl,
    dirPrefix: "flagline-bench-",
    databasePrefix: "flagline_bench_",
    cleanups,
  });
  if (databaseUrl) log(`postgres: database ${new URL(databaseUrl).pathname.slice(1)}`);

  const loader =
    engine === "sqlite" ? sqliteLoader(path.join(dataDir, "flagline.db")) : await postgresLoader(databaseUrl!);
  const plan = {
    measured: opts.sizes.map((events) => ({ name: `Measured ${events}`, players: opts.players, events })),
    background: {
      teams: opts.backgroundTeams,
      players: opts.backgroundPlayers,
      eventsPerPlayer: opts.backgroundEventsPerPlayer,
    },
    seed: 2026,
  };
  log(
    `generating: ${opts.sizes.join(" + ")} events for ${opts.players}-player teams, ${opts.backgroundTeams} teams of ${opts.backgroundPlayers}`,
  );
  const gen = await generate(loader, plan, log);
  result.generation = { seconds: +gen.seconds.toFixed(1), rows: gen.rows };
  const totalRows = Object.values(gen.rows).reduce((a, b) => a + b, 0);
  log(
    `generated ${totalRows.toLocaleString("en-US")} rows (${gen.rows.events.toLocaleString("en-US")} events) in ${gen.seconds.toFixed(1)} s`,
  );

  if (opts.check) {
    const database = openDatabase({ databaseUrl, dataDir });
    try {
      const t0 = performance.now();
      const report = await checkIntegrity(database.db);
      const line = `integrity: ${report.events.toLocaleString("en-US")} events, ${report.players} players, ${report.drift.length} counters off (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
      log(line);
      result.checks.push(line);
      if (report.drift.length)
        result.errors.push(`generated counters drift: ${JSON.stringify(report.drift.slice(0, 3))}`);
    } finally {
      await database.close();
    }
  }

  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: opts.logLevel,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const teams = new Map<number, GeneratedTeam>(opts.sizes.map((s, i) => [s, gen.measured[i]!]));
  const cookies = new Map<number, string>();

  // 1. The real endpoint, on the real server.
  await phase(result, "summaries", () =>
    withServer(server.args, env, async (srv) => {
      for (const [s, team] of teams)
        cookies.set(s, await signUpCoach(srv.url, team.coachInviteCode, `coach-${s}@bench.flagline.test`));
      for (const s of opts.sizes) {
        const cookie = cookies.get(s)!;
        const answer = await getJson(srv.url, PLAYERS_PATH, cookie);
        if (answer.status !== 200)
          throw new Error(`GET ${PLAYERS_PATH} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        const players = playersOf(answer.text);
        if (players.length !== opts.players) throw new Error(`expected ${opts.players} players, got ${players.length}`);
        const events = players.reduce((sum, p) => sum + p.eventCount, 0);
        result.checks.push(
          `${PLAYERS_PATH} at ${s} events: ${players.length} players, ${events} events counted, ${answer.text.length} bytes`,
        );
        if (events !== s) result.errors.push(`${PLAYERS_PATH} counted ${events} events, expected ${s}`);
        log(`${engine} ${PLAYERS_PATH} @ ${s}: measuring`);
        const m = await measureRead(srv.url, PLAYERS_PATH, cookie);
        log(`  1 conn: ${fmt(m.latency)}`);
        log(`  ${opts.readConnections} conns: ${fmt(m.throughput)}`);
        result.reads.push({ size: s, kind: "api", ...m, bytes: answer.text.length });
        // The yardstick does not depend on the engine: measured once, right after the first engine's figures
        // (the real server idles meanwhile), so the two are taken under the same machine load.
        if (!memory.some((r) => r.size === s)) memory.push(await benchMemory(s, answer.text));
      }
    }),
  );

  // Where one GET /api/team/players spends its time: its parts, called in this process on the same database.
  await phase(result, "breakdown", async () => {
    const largest = Math.max(...opts.sizes);
    const team = teams.get(largest)!;
    const cookie = cookies.get(largest);
    if (!cookie) throw new Error("no coach session (sign-up failed)");
    const database = openDatabase({ databaseUrl, dataDir });
    try {
      const authSecret = readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
      const auth = createAuth(database, { authSecret, publicUrl: "http://127.0.0.1", authRateLimit: 0 });
      const headers = new Headers({ cookie });
      const session = await auth.api.getSession({ headers });
      if (!session) throw new Error("the coach's cookie gives no session in-process");
      const players = await teamPlayerSummaries(database.db, team.teamId);
      const parts: Record<string, () => unknown> = {
        "Better Auth getSession (cookie + session row)": () => auth.api.getSession({ headers }),
        "profile read (getProfile)": () => getProfile(database.db, session.user.id),
        [`teamPlayerSummaries (${largest} events)`]: () => teamPlayerSummaries(database.db, team.teamId),
        "JSON.stringify of the answer": () => JSON.stringify({ players }),
      };
      for (const [label, fn] of Object.entries(parts)) {
        const us = await medianMicros(fn, opts.quick ? 300 : 1500);
        result.breakdown[label] = +us.toFixed(0);
        log(`  ${label}: ${us.toFixed(0)} µs (median)`);
      }
    } finally {
      await database.close();
    }
  });

  // 2. The docs/product.md §7 access pattern, on the bench server (the same app plus that one endpoint).
  await phase(result, "spec pattern", () =>
    withServer(tsxCommand("bench/spec-server.ts"), env, async (srv) => {
      for (const s of opts.sizes) {
        const cookie = cookies.get(s);
        if (!cookie) throw new Error("no coach session (sign-up failed)");
        const answer = await getJson(srv.url, SPEC_PLAYERS_PATH, cookie);
        if (answer.status !== 200)
          throw new Error(`GET ${SPEC_PLAYERS_PATH} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        // Timed on a second request: the first one pays for the JIT and opening connections.
        const t0 = performance.now();
        await getJson(srv.url, SPEC_PLAYERS_PATH, cookie);
        const oneRequestMs = performance.now() - t0;
        const api = await getJson(srv.url, PLAYERS_PATH, cookie);
        const same = sameSummaries(playersOf(answer.text), playersOf(api.text));
        result.checks.push(
          `spec pattern at ${s} events: ${same ? "same summaries as" : "DIFFERENT summaries from"} ${PLAYERS_PATH}`,
        );
        if (!same) result.errors.push(`the spec pattern's summaries differ from ${PLAYERS_PATH}'s at ${s} events`);
        log(`${engine} spec pattern @ ${s}: measuring (${same ? "same JSON" : "DIFFERENT JSON"})`);
        const m = await measureRead(srv.url, SPEC_PLAYERS_PATH, cookie, oneRequestMs);
        log(`  1 conn: ${fmt(m.latency)}`);
        log(`  ${opts.readConnections} conns: ${fmt(m.throughput)}`);
        result.reads.push({ size: s, kind: "spec", ...m, bytes: answer.text.length });

        // The yardstick: the same JSON behind the same session check, on the same server process.
        const yard = await getJson(srv.url, YARDSTICK_PATH, cookie);
        if (yard.status !== 200 || yard.text !== api.text)
          throw new Error(
            `GET ${YARDSTICK_PATH} answered ${yard.status}, ${yard.text === api.text ? "same" : "NOT the same"} JSON`,
          );
        log(`${engine} yardstick (same JSON behind the same session check) @ ${s}: measuring`);
        const y = await measureRead(srv.url, YARDSTICK_PATH, cookie);
        log(`  1 conn: ${fmt(y.latency)}`);
        log(`  ${opts.readConnections} conns: ${fmt(y.throughput)}`);
        result.reads.push({ size: s, kind: "yardstick", ...y, bytes: yard.text.length });
      }
    }),
  );

  // Team reads at 1 connection (stats, playbook analysis, leaderboard windows, one game's sheet and box score).
  await phase(result, "team reads", () =>
    withServer(server.args, env, async (srv) => {
      for (const [s, team] of teams) {
        const cookie = cookies.get(s);
        if (!cookie) throw new Error("no coach session (sign-up failed)");
        const sessionId = await logBenchGame(srv.url, cookie, team.playerIds);
        log(`${engine} team reads @ ${s}: measuring`);
        const reads = await measureTeamReads(srv.url, cookie, s, sessionId, opts.duration, opts.warmup);
        for (const r of reads) log(`  ${r.name}: first ${r.firstMs.toFixed(1)} ms; ${fmt(r.latency)}`);
        result.teamReads.push(...reads);
      }
    }),
  );

  // 3. Event writes through the API from many clients, into the largest team.
  const largest = Math.max(...opts.sizes);
  const team = teams.get(largest)!;
  const database = openDatabase({ databaseUrl, dataDir, poolMax: opts.writeClients });
  const countEvents = async () =>
    Number(
      (
        await database.db
          .selectFrom("events")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("team_id", "=", team.teamId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** POST /api/team/events from opts.writeClients clients, perRequest events a request, into the largest team. */
  const measureWrites = async (srv: ServerProcess, perRequest: number, kind: "api" | "api-session-cache") => {
    const cookie = cookies.get(largest);
    if (!cookie) throw new Error("no coach session (sign-up failed)");
    let k = 0;
    const body = () =>
      JSON.stringify({
        events: Array.from({ length: perRequest }, () => ({
          id: randomUUID(),
          playerId: team.playerIds[k++ % team.playerIds.length],
          eventType: "Flag Pull",
          occurredAt: new Date().toISOString(),
        })),
      });
    const run = {
      url: srv.url,
      path: "/api/team/events",
      method: "POST" as const,
      headers: { cookie, "content-type": "application/json", origin: srv.url },
      body,
      connections: opts.writeClients,
      duration: opts.duration,
      timeout: 60,
    };
    log(`${engine} POST /api/team/events (${kind}), ${perRequest}/request, ${opts.writeClients} clients: measuring`);
    if (opts.warmup > 0) await measureHttp({ ...run, duration: opts.warmup, warmup: 0 });
    await new Promise((r) => setTimeout(r, 300));
    const before = await countEvents();
    const m = await measureHttp({ ...run, warmup: 0 });
    // Requests cut off when the run ends may still commit: give them a moment before counting.
    await new Promise((r) => setTimeout(r, 500));
    const stored = (await countEvents()) - before;
    const acknowledged = m.ok * perRequest;
    const eventsPerSecond = acknowledged / m.seconds;
    log(`  ${fmt(m)}; ${eventsPerSecond.toFixed(0)} events/s acknowledged; ${stored} stored`);
    result.writes.push({ kind, eventsPerRequest: perRequest, m, eventsPerSecond, stored, acknowledged });
    if (stored < acknowledged) result.errors.push(`${acknowledged} events acknowledged but only ${stored} stored`);
    result.checks.push(
      `writes (${kind}) ${perRequest}/request: ${acknowledged} acknowledged, ${stored} stored (>= acknowledged: ${stored >= acknowledged})`,
    );
  };
  try {
    await phase(result, "writes", () =>
      withServer(server.args, env, async (srv) => {
        for (const perRequest of [1, 10]) await measureWrites(srv, perRequest, "api");
      }),
    );

    // An experiment, not the product: the same app with Better Auth's getSession memoized per cookie for a few
    // seconds (bench/spec-server.ts), to see how much of the single-event write cost the session lookup is.
    await phase(result, "writes with a session cache", () =>
      withServer(
        tsxCommand("bench/spec-server.ts"),
        { ...env, BENCH_SESSION_CACHE_MS: String(SESSION_CACHE_MS) },
        (srv) => measureWrites(srv, 1, "api-session-cache"),
      ),
    );

    // 4. The engine's ceiling for durable single-row commits, same settings, no HTTP, no counters.
    await phase(result, "raw inserts", async () => {
      log(`${engine} raw single-row inserts, ${opts.writeClients} workers: measuring`);
      let p = 0;
      const row = () => {
        const now = new Date().toISOString();
        return {
          id: randomUUID(),
          team_id: team.teamId,
          season_id: team.seasonId,
          player_id: team.playerIds[p++ % team.playerIds.length]!,
          session_id: null,
          play_id: null,
          event_type: "Flag Pull",
          yards: null,
          occurred_at: now,
          created_by: team.headCoachId,
          created_at: now,
        };
      };
      if (opts.warmup > 0) await measureRawInserts(database.db, opts.writeClients, opts.warmup, row);
      const m = await measureRawInserts(database.db, opts.writeClients, opts.duration, row);
      log(`  ${fmt(m)}`);
      result.writes.push({ kind: "raw", eventsPerRequest: 1, m, eventsPerSecond: m.perSecond });
    });
  } finally {
    await database.close();
  }
  return result;
}

async function benchMemory(s: number, body: string): Promise<ReadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "flagline-bench-json-"));
  try {
    const file = path.join(dir, "players.json");
    writeFileSync(file, body);
    return await withServer(tsxCommand("bench/memory-server.ts"), { BENCH_MEMORY_JSON: file }, async (srv) => {
      log(`same JSON from memory @ ${s}: measuring`);
      const m = await measureRead(srv.url, PLAYERS_PATH, null);
      log(`  1 conn: ${fmt(m.latency)}`);
      log(`  ${opts.readConnections} conns: ${fmt(m.throughput)}`);
      return { size: s, kind: "memory" as const, ...m, bytes: body.length };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    options: { ...opts },
    machine: await describeMachine(opts.engines.includes("postgres") ? opts.pgUrl : null, server.describe),
    engines: [],
    memory: [],
    frontEnd: null,
  };
  log(
    `server: ${server.describe}; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  for (const engine of opts.engines) {
    let r: EngineResult;
    try {
      r = await benchEngine(engine);
    } catch (error) {
      log(`${engine} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      r = { engine, reads: [], writes: [], teamReads: [], breakdown: {}, checks: [], errors: [String(error)] };
    } finally {
      await cleanUp();
    }
    results.engines.push(r);
  }
  results.memory = memory;

  // Read at the end: someone else's build may have been replacing build/client when the run began.
  results.frontEnd = frontEndBudget();
  results.machine.loadAtEnd = loadavg().map((l) => +l.toFixed(2));
  results.finishedAt = new Date().toISOString();
  results.seconds = +((performance.now() - began) / 1000).toFixed(0);

  const markdown = [
    `Flagline bench, ${results.startedAt} (${results.seconds} s${opts.quick ? ", --quick" : ""})`,
    "",
    machineTable(results.machine, results.frontEnd),
    "",
    resultsTable(results),
    "",
    breakdownTable(results),
    "",
    teamReadsTable(results),
    "",
    ...budgetLines(results).map((l) => `- ${l}`),
    "",
    ...results.engines.flatMap((e) => [
      ...(e.generation
        ? [
            `- ${e.engine}: generated ${Object.entries(e.generation.rows)
              .map(([t, n]) => `${n.toLocaleString("en-US")} ${t}`)
              .join(", ")} in ${e.generation.seconds} s`,
          ]
        : []),
      ...e.checks.map((c) => `- ${e.engine}: ${c}`),
      ...e.errors.map((c) => `- ${e.engine}: ERROR ${c}`),
    ]),
  ].join("\n");
  mkdirSync(opts.outDir, { recursive: true });
  writeFileSync(path.join(opts.outDir, "results.json"), JSON.stringify(results, null, 2) + "\n");
  writeFileSync(path.join(opts.outDir, "results.md"), markdown + "\n");
  console.log(markdown);
  log(`done in ${results.seconds} s; written to ${opts.outDir}/results.{json,md}`);
  return results.engines.some((e) => e.errors.length > 0) ? 1 : 0;
}

process.exitCode = await main().catch(async (error: unknown) => {
  log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await cleanUp();
  return 1;
});
