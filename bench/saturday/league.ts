/**
 * npm run bench -- --scenario league-saturday [--quick] [--games 1000] [--engine sqlite|postgres] (--help: all)
 *
 * Issue #31's "a Saturday where both teams of every game log it, with results confirmed as they end, keeps write
 * p99 ≤ 100 ms". The saturday scenario's load (bench/saturday/: head coaches posting a snap every 10 s to
 * POST /api/team/snaps, assistant coaches holding the team's stream open) with league games between pairs of its
 * teams (league-plan.ts): G teams in leagues of 200, G/2 league games at any moment, both teams of each logging it
 * from its schedule event. Games last `--game-length` seconds and end in turn (each group of four teams at its own
 * offset), so that results come about all through the window while the other games' writes go on: both coaches
 * end a game on the same final (the scorebooks confirm it), or one ends it and the other confirms, or they end it
 * on different finals and one accepts the other's (league-worker.ts); each coach then reads the team's league
 * games. Beside it, the public league page is read uncached at `--public-reads` a second (a proxy would keep it a
 * minute). Measured: write p50/p99 (every write, and snaps alone), the result reads' p50/p99, the public page's,
 * the server's CPU and memory. Writes bench/results/league-saturday-<engine>.{json,md}.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { migrateToLatest, openDatabase } from "../../src/server/db/index.js";
import { generate, postgresLoader, sqliteLoader } from "../generate.js";
import { describeHostIndex, hostCpuIndex } from "../host-index.js";
import { percentile } from "../load.js";
import { freshDatabase, getJson, realServerCommand, startProcess } from "../servers.js";
import { keepAliveAgent, request } from "./http.js";
import { seedLeagues } from "./league-plan.js";
import type { GroupSpec, LeagueWorkerInput, LeagueWorkerResult, WriteKind } from "./league-protocol.js";
import { parseLeagueOptions } from "./league-options.js";
import { cpuSeconds, watch, watchMachine } from "./proc.js";
import { seedGameTeams } from "./seed.js";

const opts = parseLeagueOptions(process.argv.slice(2));
const began = performance.now();
const log = (line: string) =>
  process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
const cleanups: Array<() => Promise<void> | void> = [];
async function cleanUp() {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch((e) => log(`cleanup: ${String(e)}`));
}
process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1) ?? NaN };
};

async function main(): Promise<number> {
  const startedAt = new Date().toISOString();
  const hostBefore = await hostCpuIndex().catch(() => undefined);
  log(`host CPU index ${describeHostIndex(hostBefore)}`);
  const { dataDir, databaseUrl } = await freshDatabase(opts.engine, {
    pgUrl: opts.pgUrl,
    dirPrefix: "flagline-league-saturday-",
    databasePrefix: "flagline_league_saturday_",
    cleanups,
    migrate: false, // below, timed with the seeding
  });
  const authSecret = randomBytes(32).toString("hex");
  const t0 = performance.now();
  const database = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(database.db, database.engine);
  await database.close();
  const loader =
    opts.engine === "sqlite" ? sqliteLoader(path.join(dataDir, "flagline.db")) : await postgresLoader(databaseUrl!);
  await generate(
    loader,
    { measured: [], background: { teams: opts.background, players: 20, eventsPerPlayer: 10 }, seed: 2026 },
    () => {},
  );
  const db = openDatabase({ databaseUrl, dataDir });
  const today = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  const rounds = Math.ceil(opts.duration / opts.gameLength) + 1;
  let seeded: Awaited<ReturnType<typeof seedLeagues>>;
  try {
    const teams = await seedGameTeams(db.db, {
      games: opts.games,
      viewers: opts.viewers,
      playerViewers: 0,
      players: opts.players,
      followers: 0,
      authSecret,
    });
    seeded = await seedLeagues(db.db, teams, { ...opts, rounds, today });
    if (opts.engine === "postgres") await sql`analyze`.execute(db.db);
  } finally {
    await db.close();
  }
  const groupsCount = seeded.groups.length;
  // Game ends spread evenly over a game's length (each group at its offset); writes evenly over the period (each
  // team at its phase, in an order that mixes groups and leagues).
  const order = (j: number) => (j * 7919) % opts.games;
  const groups: GroupSpec[] = seeded.groups.map((g, k) => ({
    ...g,
    teams: g.teams.map((t, i) => ({ ...t, phaseMs: Math.round((order(k * 4 + i) / opts.games) * opts.period * 1000) })),
    offsetMs: Math.round((k / groupsCount) * opts.gameLength * 1000),
  }));
  log(
    `seeded ${opts.background} background teams, ${opts.games} league teams in ${seeded.leagueIds.length} leagues ` +
      `(${seeded.gamesBefore} games played before today, ${rounds} rounds today) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const server = realServerCommand(opts.fromSource);
  log(`server: ${server.describe}`);
  const proc = await startProcess(server.args, {
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    LOG_LEVEL: opts.logLevel,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  cleanups.push(() => proc.stop());
  const check = await getJson(proc.url, "/api/team/league-games", groups[0]!.teams[0]!.scorerCookie);
  const listed = check.status === 200 ? (JSON.parse(check.text) as { games: unknown[] }).games.length : 0;
  if (listed === 0)
    throw new Error(`GET /api/team/league-games with a minted session: ${check.status} ${check.text.slice(0, 200)}`);

  const streams = opts.games * opts.viewers;
  const connectMs = Math.max(2_000, streams * 4);
  const shares = Array.from({ length: opts.workers }, (_, w) => groups.filter((_, k) => k % opts.workers === w));
  const entry = new URL("./league-worker.ts", import.meta.url).href;
  const boot = `import("tsx/esm/api").then((t) => { t.register(); return import(${JSON.stringify(entry)}); })`;
  const workers = shares.map((share) => {
    const input: LeagueWorkerInput = {
      url: proc.url,
      origin: proc.url,
      date: today,
      groups: share,
      periodMs: opts.period * 1000,
      gameMs: opts.gameLength * 1000,
      durationMs: opts.duration * 1000,
      connectMs,
      timeoutMs: 10_000,
    };
    return new Worker(boot, { eval: true, workerData: input });
  });
  cleanups.push(() => Promise.all(workers.map((w) => w.terminate())).then(() => {}));
  const next = (w: Worker, type: string) =>
    new Promise<LeagueWorkerResult | null>((resolve, reject) => {
      const on = (m: { type: string; result?: LeagueWorkerResult }) => {
        if (m.type !== type) return;
        w.off("message", on);
        resolve(m.result ?? null);
      };
      w.on("message", on);
      w.once("error", reject);
    });
  log(`${streams} streams connecting`);
  const ready = workers.map((w) => next(w, "ready"));
  for (const w of workers) w.postMessage({ type: "connect" });
  await Promise.all(ready);
  const done = workers.map((w) => next(w, "done"));
  const startIn = 3_000;
  for (const w of workers) w.postMessage({ type: "start", startIn });
  await new Promise((r) => setTimeout(r, startIn));
  log(`writing for ${opts.duration} s: ${opts.games / 2} games at a time, each ${opts.gameLength} s`);
  const stopWatch = watch([proc.pid, "self"]);
  const stopMachine = watchMachine();
  const cpu0 = cpuSeconds(proc.pid);
  const publicMs = await publicReads(proc.url, seeded.leagueIds, opts.duration * 1000);
  const usage = stopWatch();
  const machine = stopMachine();
  const serverCpuSeconds = cpuSeconds(proc.pid) - cpu0;
  const results = (await Promise.all(done)).filter((r): r is LeagueWorkerResult => r !== null);
  // Only now, with every worker's writes done, do the streams close (all at once).
  const closed = workers.map((w) => next(w, "closed"));
  for (const w of workers) w.postMessage({ type: "close" });
  await Promise.all(closed);
  await proc.stop();
  const hostAfter = await hostCpuIndex().catch(() => undefined);

  const kinds: WriteKind[] = ["snap", "start", "final", "decision"];
  const by = Object.fromEntries(kinds.map((k) => [k, results.flatMap((r) => r.writeMs[k])])) as Record<
    WriteKind,
    number[]
  >;
  const all = kinds.flatMap((k) => by[k]);
  const sum = (k: keyof LeagueWorkerResult) => results.reduce((s, r) => s + (r[k] as number), 0);
  const summary = {
    writes: stats(all),
    byKind: Object.fromEntries(kinds.map((k) => [k, stats(by[k])])),
    resultReads: stats(results.flatMap((r) => r.resultReadMs)),
    publicReads: stats(publicMs),
    gamesEnded: sum("gamesEnded"),
    resultsConfirmed: sum("resultsConfirmed"),
    resultsWrong: sum("resultsWrong"),
    writeFailures: sum("writeFailures"),
    readFailures: sum("readFailures"),
    streamsOpen: sum("streamsOpen"),
    streamDrops: sum("streamDrops"),
    streamStatuses: results.reduce<Record<number, number>>((all, r) => {
      for (const [k, n] of Object.entries(r.streamStatuses)) all[Number(k)] = (all[Number(k)] ?? 0) + n;
      return all;
    }, {}),
    changes: sum("changes"),
    clientLoopDelayP99: Math.max(...results.map((r) => r.loopDelayP99)),
    firstFailure: results.map((r) => r.firstFailure).find(Boolean) ?? "",
    serverCpuPercent: usage[0]!.cpuPercent,
    serverRssMb: usage[0]!.maxRssMb,
    clientCpuPercent: usage[1]!.cpuPercent,
    cpuMsPerWrite: +((serverCpuSeconds * 1000) / Math.max(1, all.length)).toFixed(1),
    machineBusyPercent: machine.busyPercent,
    // What of the machine's busy CPU neither the server nor the bench used (PostgreSQL's share too, on that engine).
    othersCpuPercent: +Math.max(0, machine.busyPercent - usage[0]!.cpuPercent - usage[1]!.cpuPercent).toFixed(1),
    stealPercent: machine.stealPercent,
    load: loadavg()[0]!,
  };
  const pass = summary.writes.p99 <= 100 && summary.resultsWrong === 0 && summary.writeFailures === 0;
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(x < 10 ? 1 : 0) : "—");
  const row = (label: string, s: { n: number; p50: number; p99: number; max: number }) =>
    `| ${label} | ${s.n.toLocaleString("en-US")} | ${f(s.p50)} | ${f(s.p99)} | ${f(s.max)} |`;
  const md = [
    `League Saturday, ${opts.engine}, ${startedAt}: G = ${opts.games} teams in ${seeded.leagueIds.length} leagues ` +
      `(${opts.games / 2} games at a time, both teams logging, a snap every ${opts.period} s each), V = ${opts.viewers} ` +
      `streams a team, games of ${opts.gameLength} s over ${opts.duration} s of writing, public page ${opts.publicReads}/s. ` +
      `Host CPU index ${describeHostIndex(hostBefore)} before, ${describeHostIndex(hostAfter)} after.`,
    "",
    "| What | Count | p50 ms | p99 ms | max ms |",
    "| --- | ---: | ---: | ---: | ---: |",
    row("**every write**", summary.writes),
    ...kinds.map((k) => row(`write: ${k}`, summary.byKind[k]!)),
    row("result read: GET /api/team/league-games after a game ends", summary.resultReads),
    row("public league page, uncached (GET /api/public/leagues/{id}, gzip)", summary.publicReads),
    "",
    `Games ended ${summary.gamesEnded}, results read as confirmed by both coaches ${summary.resultsConfirmed}, other ` +
      `${summary.resultsWrong}; write retries ${summary.writeFailures}, read failures ${summary.readFailures}; streams ` +
      `opened ${summary.streamsOpen} (ended early ${summary.streamDrops}: ${JSON.stringify(summary.streamStatuses)}), ${summary.changes.toLocaleString("en-US")} messages. ` +
      `Server CPU ${summary.serverCpuPercent} % of a core, ${summary.cpuMsPerWrite} CPU ms per write, RSS ${summary.serverRssMb} MB; ` +
      `bench client ${summary.clientCpuPercent} %, its loop p99 ${summary.clientLoopDelayP99.toFixed(0)} ms; machine busy ` +
      `${summary.machineBusyPercent} % (others ${summary.othersCpuPercent} %${summary.othersCpuPercent > 15 ? ": a busy host" : ""}), ` +
      `steal ${summary.stealPercent} %, load ${summary.load.toFixed(1)}. ` +
      `${pass ? "PASS" : "MISS"} (write p99 ≤ 100 ms, every result confirmed, no failed write).` +
      `${summary.firstFailure ? ` First failure: ${summary.firstFailure}` : ""}`,
  ].join("\n");
  mkdirSync(opts.outDir, { recursive: true });
  const stem = `league-saturday-${opts.engine}`;
  writeFileSync(
    path.join(opts.outDir, `${stem}.json`),
    JSON.stringify(
      {
        startedAt,
        options: opts,
        hostBefore,
        hostAfter,
        leagues: seeded.leagueIds.length,
        gamesBefore: seeded.gamesBefore,
        summary,
        pass,
      },
      null,
      2,
    ) + "\n",
  );
  writeFileSync(path.join(opts.outDir, `${stem}.md`), md + "\n");
  console.log(md);
  return 0;
}

/** The public league page, read at `opts.publicReads` a second (each league in turn) for `ms`; times in ms. */
async function publicReads(url: string, leagueIds: string[], ms: number): Promise<number[]> {
  const times: number[] = [];
  if (opts.publicReads <= 0) {
    await new Promise((r) => setTimeout(r, ms));
    return times;
  }
  const agent = keepAliveAgent();
  const base = new URL(url);
  const end = performance.now() + ms;
  const every = 1000 / opts.publicReads;
  const pending: Array<Promise<void>> = [];
  for (let i = 0, at = performance.now(); at < end; i++, at += every) {
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    pending.push(
      request(agent, base, `/api/public/leagues/${leagueIds[i % leagueIds.length]}`, {
        headers: { "accept-encoding": "gzip" },
        timeoutMs: 10_000,
      }).then((a) => {
        if (a.status === 200) times.push(performance.now() - t0);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return times;
}

process.exit(
  await main()
    .catch((error: unknown) => {
      log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return 1;
    })
    .finally(cleanUp),
);
