/**
 * npm run bench -- --scenario saturday [--quick] (see bench/saturday/options.ts for every flag)
 *
 * A league's Saturday: for each G of the ladder, G games are logged at once (each game's head coach posts a snap
 * every 10 s to POST /api/team/snaps, staggered so writes spread evenly) while V assistant coaches per team hold
 * GET /api/team/stream open and keep the scoreboard and leaderboard on screen as the web does: they take what a
 * `change` message carries (scoreboard / leaderboard) and refetch what it does not. Today's design (commit
 * 56c5083) and the new one run in the same bench, each on its own fresh database migrated by its own server.
 * Writes bench/results/saturday.{json,md}.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { openDatabase } from "../../src/server/db/index.js";
import { generate, postgresLoader, sqliteLoader, type BulkLoader } from "../generate.js";
import { describeMachine } from "../report.js";
import { freePort, freshDatabase, getJson, startProcess, tsxCommand, type ServerProcess } from "../servers.js";
import { buildDesigns, type Design } from "./bundles.js";
import { startSmtpSink, type SmtpSink } from "../smtp-sink.js";
import { reminderBurst, type ReminderBurst } from "./burst.js";
import { runLoad } from "./load.js";
import { parseSaturdayOptions } from "./options.js";
import { cpuSeconds, watch, watchMachine } from "./proc.js";
import type { GameTeamSpec } from "./protocol.js";
import {
  SCREEN_P99_MS,
  WRITE_P99_MS,
  busyHost,
  saturdayMarkdown,
  threadsOf,
  verdictOf,
  type DesignRun,
  type RungResult,
} from "./report.js";
import { seedGameTeams } from "./seed.js";

const opts = parseSaturdayOptions(process.argv.slice(2));
const began = performance.now();
const log = (line: string) =>
  process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
const cleanups: Array<() => Promise<void> | void> = [];
async function cleanUp() {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch((e) => log(`cleanup: ${String(e)}`));
}
process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));

/** PostgreSQL's processes (its CPU is the database's share of the machine). */
function postgresPids(): number[] {
  if (opts.engine !== "postgres") return [];
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, "utf8").trim() === "postgres";
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * CPU of all PostgreSQL processes over a window, % of one core: backends that start during the window (pools grow
 * under load) count from their start.
 */
function watchPostgres(): () => number | null {
  if (opts.engine !== "postgres") return () => null;
  const cpu = (pid: number) => {
    try {
      return cpuSeconds(pid);
    } catch {
      return null;
    }
  };
  const t0 = performance.now();
  const before = new Map(postgresPids().map((p) => [p, cpu(p) ?? 0]));
  return () => {
    let used = 0;
    for (const p of postgresPids()) used += (cpu(p) ?? 0) - (before.get(p) ?? 0);
    return +((100 * used) / ((performance.now() - t0) / 1000)).toFixed(1);
  };
}

/** Starts the design's servers (and the balancer in front of several); returns the URL to load and the pids. */
async function startServers(design: Design, env: Record<string, string>) {
  const servers: ServerProcess[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  cleanups.push(stopAll);
  // Behind the balancer every server knows the balancer's address as its public URL (the Origin check of writes).
  const balancerPort = opts.servers > 1 ? await freePort() : 0;
  const publicUrl: Record<string, string> = balancerPort ? { PUBLIC_URL: `http://127.0.0.1:${balancerPort}` } : {};
  // One more try when a start fails: on this shared machine a free port can be taken between lookup and listen.
  const start = (args: string[], e: Record<string, string>, port?: number) =>
    startProcess(args, e, port).catch((error: unknown) => {
      log(`a server did not start (${String(error).slice(0, 200)}); trying once more`);
      return startProcess(args, e, port);
    });
  for (let i = 0; i < opts.servers; i++) servers.push(await start(design.args, { ...env, ...publicUrl }));
  let url = servers[0]!.url;
  if (balancerPort) {
    const backends = servers.map((s) => s.url).join(",");
    const balancer = await start(tsxCommand("bench/saturday/balancer.ts"), { BACKENDS: backends }, balancerPort);
    servers.push(balancer);
    url = balancer.url;
  }
  return {
    url,
    appPids: servers.slice(0, opts.servers).map((s) => s.pid),
    balancerPid: opts.servers > 1 ? servers[opts.servers]!.pid : null,
    async stop() {
      cleanups.splice(cleanups.indexOf(stopAll), 1);
      await stopAll();
    },
  };
}

async function runDesign(design: Design): Promise<DesignRun> {
  const run: DesignRun = { design: design.name, label: design.label, rungs: [], errors: [], skipped: [] };
  log(`=== ${design.label}, ${opts.engine}, ${opts.servers} server(s) ===`);
  // Migrated by the design's own server.
  const { dataDir, databaseUrl } = await freshDatabase(opts.engine, {
    pgUrl: opts.pgUrl,
    dirPrefix: "flagline-saturday-",
    databasePrefix: "flagline_saturday_",
    cleanups,
    migrate: false,
  });
  const authSecret = randomBytes(32).toString("hex");
  let sink: SmtpSink | null = null;
  if (opts.reminderBurst !== null) {
    const started = await startSmtpSink();
    sink = started;
    cleanups.push(() => started.close());
  }
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    LOG_LEVEL: opts.logLevel,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(sink ? { SMTP_URL: sink.url, MAIL_FROM: "Flagline <noreply@saturday.bench.flagline.test>" } : {}),
  };
  // The design's own server migrates its fresh database (the new design has migrations the old one lacks).
  await (await startServers({ ...design }, env)).stop();

  const t0 = performance.now();
  const inner =
    opts.engine === "sqlite" ? sqliteLoader(path.join(dataDir, "flagline.db")) : await postgresLoader(databaseUrl!);
  // bench/generate.ts fills the newest schema's tables; today's design lacks some (migration 009's tallies).
  const probe = openDatabase({ databaseUrl, dataDir });
  const tables = new Set((await probe.db.introspection.getTables()).map((t) => t.name));
  await probe.close();
  const loader: BulkLoader = {
    insert: (table, rows) => (tables.has(table) ? inner.insert(table, rows) : Promise.resolve()),
    finish: () => inner.finish(),
  };
  await generate(
    loader,
    {
      measured: [],
      background: { teams: opts.background, players: 20, eventsPerPlayer: opts.backgroundEvents },
      seed: 2026,
    },
    () => {},
  );
  const database = openDatabase({ databaseUrl, dataDir });
  let teams: GameTeamSpec[];
  try {
    teams = await seedGameTeams(database.db, {
      games: Math.max(...opts.games),
      viewers: opts.viewers,
      playerViewers: opts.playerViewers,
      players: opts.players,
      followers: opts.followers,
      authSecret,
    });
  } finally {
    await database.close();
  }
  log(
    `seeded ${opts.background} background and ${teams.length} game teams in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  for (const g of opts.games) {
    const last = run.rungs.at(-1);
    // A clear miss (a p99 over twice its target) ends the ladder for this design; a near miss goes on.
    const clearMiss = last && (last.writeP99 > 2 * WRITE_P99_MS || !(last.screenP99 <= 2 * SCREEN_P99_MS));
    if (clearMiss && !opts.noSkip) {
      run.skipped.push(g);
      continue;
    }
    const servers = await startServers(design, env);
    try {
      // The minted session is one Better Auth accepts, and the game shows on the scoreboard.
      const check = await getJson(
        servers.url,
        "/api/team/scoreboard",
        teams[0]!.viewers[0]?.cookie ?? teams[0]!.scorerCookie,
      );
      const board = check.status === 200 ? (JSON.parse(check.text) as { scoreboard: unknown }).scoreboard : null;
      if (!board)
        throw new Error(`GET /api/team/scoreboard with a minted session: ${check.status} ${check.text.slice(0, 200)}`);
      log(`G=${g}: ${g * (opts.viewers + opts.playerViewers + opts.followers)} viewers connecting`);
      let stopPostgres: () => number | null = () => null;
      let postgresCpuPercent: number | null = null;
      let stopWatch: ReturnType<typeof watch> | null = null;
      let stopMachine: ReturnType<typeof watchMachine> | null = null;
      let machineUsage: ReturnType<ReturnType<typeof watchMachine>> | null = null;
      let usage: ReturnType<ReturnType<typeof watch>> = [];
      const burst: ReminderBurst | null =
        sink && opts.reminderBurst !== null
          ? reminderBurst({
              databaseUrl,
              dataDir,
              teams: teams.slice(0, g),
              sink,
              afterMs: opts.reminderBurst * 1000,
              log,
            })
          : null;
      let burstResult: RungResult["burst"] = null;
      const load = await runLoad({
        url: servers.url,
        origin: servers.url,
        teams: teams.slice(0, g),
        workers: opts.workers,
        periodMs: opts.period * 1000,
        durationMs: opts.duration * 1000,
        timeoutMs: 10_000,
        h2: opts.h2,
        onStart: () => {
          stopWatch = watch([...servers.appPids, "self"]);
          stopMachine = watchMachine();
          stopPostgres = watchPostgres();
          burst?.start();
        },
        onWindowEnd: () => {
          usage = stopWatch ? stopWatch() : [];
          machineUsage = stopMachine ? stopMachine() : null;
          burstResult = burst?.finish() ?? null;
          postgresCpuPercent = stopPostgres();
        },
        log,
      });
      const app = usage.slice(0, servers.appPids.length);
      const rung: RungResult = {
        ...load,
        servers: app,
        // Not a number when the window's usage was not read (the watch never started): "not read", not 0 %.
        serverCpuPercent: app.length ? +app.reduce((s, u) => s + u.cpuPercent, 0).toFixed(1) : NaN,
        serverRssMb: app.length ? app.reduce((s, u) => s + u.maxRssMb, 0) : NaN,
        clientCpuPercent: usage[servers.appPids.length]?.cpuPercent ?? NaN,
        postgresCpuPercent,
        ...neighbours(machineUsage, usage, postgresCpuPercent),
        loadAverage: loadavg()[0]!,
        burst: burstResult,
        verdict: { pass: false, why: "" },
      };
      rung.verdict = verdictOf(rung);
      run.rungs.push(rung);
      log(
        `  G=${g}: write p50 ${rung.writeP50.toFixed(1)} / p99 ${rung.writeP99.toFixed(1)} ms; screen p99 ${rung.screenP99.toFixed(0)} ms; server CPU ${rung.serverCpuPercent}% (main / busiest other thread ${threadsOf(rung)}) RSS ${rung.serverRssMb} MB; client CPU ${rung.clientCpuPercent}% loop p99 ${rung.clientLoopDelayP99.toFixed(1)} ms; others ${rung.othersCpuPercent}% steal ${rung.stealPercent}%${busyHost(rung) ? " (busy host)" : ""}; ${rung.verdict.pass ? "PASS" : `MISS (${rung.verdict.why})`}`,
      );
    } catch (error) {
      run.errors.push(`G=${g}: ${error instanceof Error ? error.message : String(error)}`);
      log(`  G=${g} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      break;
    } finally {
      await servers.stop();
    }
  }
  return run;
}

/** What of the machine's busy CPU over the window the measured processes did not use, and what was stolen. */
function neighbours(
  machine: { busyPercent: number; stealPercent: number } | null,
  measured: Array<{ cpuPercent: number }>,
  postgresCpuPercent: number | null,
): { othersCpuPercent: number; stealPercent: number } {
  if (!machine) return { othersCpuPercent: NaN, stealPercent: NaN };
  const ours = measured.reduce((sum, u) => sum + u.cpuPercent, 0) + (postgresCpuPercent ?? 0);
  return { othersCpuPercent: +Math.max(0, machine.busyPercent - ours).toFixed(1), stealPercent: machine.stealPercent };
}

async function main(): Promise<number> {
  const startedAt = new Date().toISOString();
  log("bundling today's design (56c5083, once) and the working tree's server");
  const designs = buildDesigns().filter((d) => opts.designs.includes(d.name));
  const machine = await describeMachine(
    opts.engine === "postgres" ? opts.pgUrl : null,
    designs.map((d) => d.label).join("; "),
  );
  const runs: DesignRun[] = [];
  for (const design of designs) {
    try {
      runs.push(await runDesign(design));
    } catch (error) {
      log(`${design.name} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      runs.push({ design: design.name, label: design.label, rungs: [], skipped: [], errors: [String(error)] });
    } finally {
      await cleanUp();
    }
  }
  machine.loadAtEnd = loadavg().map((l) => +l.toFixed(2));
  const seconds = Math.round((performance.now() - began) / 1000);
  const results = { startedAt, seconds, options: opts, machine, runs };
  const markdown = saturdayMarkdown(results);
  mkdirSync(opts.outDir, { recursive: true });
  const stem = opts.servers > 1 ? `saturday-${opts.engine}-${opts.servers}-servers` : `saturday-${opts.engine}`;
  writeFileSync(path.join(opts.outDir, `${stem}.json`), JSON.stringify(results, null, 2) + "\n");
  writeFileSync(path.join(opts.outDir, `${stem}.md`), markdown + "\n");
  console.log(markdown);
  log(`done in ${seconds} s; written to ${opts.outDir}/${stem}.{json,md}`);
  return runs.some((r) => r.errors.length > 0) ? 1 : 0;
}

// Exits here: bench/run.ts awaits this module and never goes on to the default scenario.
process.exit(
  await main().catch(async (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await cleanUp();
    return 1;
  }),
);
