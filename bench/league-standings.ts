/**
 * npm run bench -- --scenario league-standings [--engines sqlite,postgres] [--games 2000] [--teams 25]
 *   [--divisions 1] [--reads 300] [--duration 10] [--from-source] [--pg-url URL]
 *
 * Issue #31's budget "standings of a division at 2,000 games: at most 10 ms p50", through the database: on each
 * engine, a fresh migrated database gets a league (bench/league-seed.ts) of `--divisions` divisions of `--teams`
 * Flagline teams with `--games` published, played games each, their results as a season leaves them (mostly two
 * agreeing scorebooks: each side's schedule event and ended game; some confirmed, accepted or entered by the
 * admin, a few awaiting or disputed). Then, with no server cache in front (the pages' 60 s is a Cache-Control
 * header for browsers and proxies):
 *   - in this process: the budget's read, one division's standings through the database (divisionStandings: the
 *     division's games with both scorebooks and the decision in one query, resolved, ranked), its parts alone, and
 *     through the whole app (createApp, `app.request`) a team's public page (its division's standings and games)
 *     and the league's public page (every division, the whole schedule): `--reads` reads after a warm-up;
 *   - over HTTP on the real server (bundled from the working tree), one connection for `--duration` s each: the
 *     team's page (gzip, as a phone asks), the league's page with and without gzip.
 * Prints a markdown table with the host's CPU index and writes bench/results/league-standings.{json,md}.
 */
import "@hono/zod-openapi";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase, type Engine } from "../src/server/db/index.js";
import { divisionGameRows } from "../src/server/db/league-division.js";
import { leagueSettings, standingsRulesOf } from "../src/server/db/leagues.js";
import { divisionStandings, rankedStandings } from "../src/server/leagues/division-standings.js";
import { standingsCacheOf } from "../src/server/leagues/standings-cache.js";
import { createTestApp } from "../tests/server/support/test-client.js";
import type { TestDatabase } from "../tests/server/support/test-database.js";
import { defaultPgUrl } from "./flags.js";
import { describeHostIndex, hostCpuIndex } from "./host-index.js";
import { random, seasonResult, seedFlaglineTeams, seedLeague, seedOwner, type SeedGame } from "./league-seed.js";
import { measureHttp, percentile, type Measurement } from "./load.js";
import { freshDatabase, realServerCommand, startProcess } from "./servers.js";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const ENGINES = (flag("--engines") ?? flag("--engine") ?? "sqlite,postgres").split(",") as Engine[];
const GAMES = Number(flag("--games") ?? 2000);
const TEAMS = Number(flag("--teams") ?? 25);
const DIVISIONS = Number(flag("--divisions") ?? 1);
const READS = Number(flag("--reads") ?? 300);
const DURATION = Number(flag("--duration") ?? 10);
const PG_URL = flag("--pg-url") ?? defaultPgUrl();
const BUDGET_P50_MS = 10;
/** The budget's read: one division's standings from the database (leagues/division-standings.ts). */
const STANDINGS = "divisionStandings: one division's standings read from the database, nothing held";
/** The read the pages make: held while no league write and no final or schedule change of its teams came. */
const HELD = "standingsCacheOf(hub).get: the pages' read of a division's standings, held (the budget)";
const log = (line: string) => process.stderr.write(`[league-standings] ${line}\n`);

const cleanups: Array<() => Promise<void> | void> = [];
async function cleanUp() {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch((e) => log(`cleanup: ${String(e)}`));
}
process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));

/** `GAMES` games per division between its teams, at random, on 12 fields of 2 over the days from 2026-03-07. */
function divisionGames(division: number, firstTeam: number, next: () => number): SeedGame[] {
  const games: SeedGame[] = [];
  for (let i = 0; i < GAMES; i++) {
    const home = Math.floor(next() * TEAMS);
    const away = (home + 1 + Math.floor(next() * (TEAMS - 1))) % TEAMS;
    const slot = i % 240; // 24 sub-fields × 10 start times a day
    const day = Math.floor(i / 240);
    games.push({
      division,
      home: firstTeam + home,
      away: firstTeam + away,
      round: Math.floor(i / Math.floor(TEAMS / 2)),
      date: new Date(Date.UTC(2026, 2, 7 + day)).toISOString().slice(0, 10),
      startTime: `${String(8 + (slot % 10)).padStart(2, "0")}:00`,
      field: Math.floor(slot / 10) % 12,
      subField: slot % 20 < 10 ? "A" : "B",
      result: seasonResult(next),
    });
  }
  return games;
}

interface Timing {
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

async function time(fn: () => Promise<unknown> | unknown, runs: number): Promise<Timing> {
  for (let i = 0; i < Math.min(30, runs); i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { runs, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), max: ms.at(-1)! };
}

interface EngineResult {
  engine: Engine;
  seedSeconds: number;
  games: number;
  confirmed: number;
  bytes: number;
  gzipBytes: number | null;
  inProcess: Record<string, Timing>;
  http: { team: Measurement; identity: Measurement; gzip: Measurement } | null;
  load: number;
  errors: string[];
}

async function benchEngine(engine: Engine): Promise<EngineResult> {
  const result: EngineResult = {
    engine,
    seedSeconds: 0,
    games: 0,
    confirmed: 0,
    bytes: 0,
    gzipBytes: null,
    inProcess: {},
    http: null,
    load: loadavg()[0]!,
    errors: [],
  };
  const { dataDir, databaseUrl } = await freshDatabase(engine, {
    pgUrl: PG_URL,
    dirPrefix: "flagline-league-standings-",
    databasePrefix: "flagline_league_",
    cleanups,
  });
  const database = openDatabase({ databaseUrl, dataDir });
  let leagueId = "";
  let teamId = "";
  try {
    const t0 = performance.now();
    const next = random(2031);
    const owner = await seedOwner(database.db);
    const flagline = await seedFlaglineTeams(database.db, DIVISIONS * TEAMS);
    const games = Array.from({ length: DIVISIONS }, (_, d) => divisionGames(d, d * TEAMS, next)).flat();
    const seeded = await seedLeague(database.db, {
      name: "Bench League",
      timeZone: "America/Chicago",
      ownerId: owner,
      divisions: Array.from({ length: DIVISIONS }, (_, d) => `Division ${d + 1}`),
      teams: flagline.map((f, i) => ({
        name: `Team ${String(i + 1).padStart(3, "0")}`,
        division: Math.floor(i / TEAMS),
        flagline: f,
      })),
      fields: Array.from({ length: 12 }, (_, i) => ({ name: `Park ${i + 1}`, subFields: ["A", "B"] })),
      games,
    });
    leagueId = seeded.leagueId;
    // As autovacuum would have after a season of writes.
    if (engine === "postgres") await sql`analyze`.execute(database.db);
    result.seedSeconds = +((performance.now() - t0) / 1000).toFixed(1);
    result.games = games.length;
    log(`${engine}: seeded ${games.length} games in ${DIVISIONS} division(s) of ${TEAMS} in ${result.seedSeconds} s`);

    // The app in this process, as the server builds it (routes, middleware, JSON), over the same database.
    const testDb = { ...database, cleanup: async () => {}, env: { DATA_DIR: dataDir } } as TestDatabase;
    const { app, services } = createTestApp(testDb);
    const url = `http://localhost:3000/api/public/leagues/${leagueId}`;
    const first = await app.request(url);
    const text = await first.text();
    if (first.status !== 200) throw new Error(`GET ${url}: ${first.status} ${text.slice(0, 300)}`);
    const page = JSON.parse(text) as { divisions: Array<{ standings: Array<{ played: number }> }>; games: unknown[] };
    result.bytes = text.length;
    result.confirmed = page.divisions.reduce((s, d) => s + d.standings.reduce((n, r) => n + r.played, 0), 0) / 2;
    log(
      `${engine}: the page holds ${page.games.length} games, ${result.confirmed} results counted, ${text.length} bytes`,
    );
    const gz = await app.request(url, { headers: { "accept-encoding": "gzip" } });
    result.gzipBytes = gz.headers.get("content-encoding") === "gzip" ? (await gz.arrayBuffer()).byteLength : null;

    const db = database.db;
    const rules = standingsRulesOf((await leagueSettings(db, leagueId))!);
    const divisionId = seeded.divisionIds[0]!;
    teamId = seeded.teamIds[0]!;
    const teamUrl = `${url}/teams/${teamId}`;
    const division = await divisionStandings(db, divisionId, rules);
    const parts: Record<string, () => Promise<unknown> | unknown> = {
      [STANDINGS]: () => divisionStandings(db, divisionId, rules),
      [HELD]: () => standingsCacheOf(services.hub).get(db, divisionId, rules),
      "divisionGameRows (its games with both scorebooks and the decision, one query)": () =>
        divisionGameRows(db, divisionId),
      "rankedStandings (the rule alone, over the division's games)": () =>
        rankedStandings(division.teams, division.games, rules),
      "GET /api/public/leagues/{id}/teams/{teamId}, whole app in process (identity)": async () =>
        (await app.request(teamUrl)).text(),
      "GET /api/public/leagues/{id}, whole app in process (identity)": async () => (await app.request(url)).text(),
      "the same, gzip": async () => (await app.request(url, { headers: { "accept-encoding": "gzip" } })).arrayBuffer(),
    };
    for (const [label, fn] of Object.entries(parts)) {
      result.inProcess[label] = await time(fn, READS);
      const t = result.inProcess[label];
      log(`${engine}: ${label}: p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms, max ${t.max.toFixed(1)} ms`);
    }
  } catch (error) {
    result.errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    log(`${engine} FAILED: ${result.errors.at(-1)}`);
  } finally {
    await database.close();
  }
  if (!leagueId) return result;

  // Over HTTP, on the real server.
  const server = realServerCommand(args.includes("--from-source"));
  const proc = await startProcess(server.args, {
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const stop = () => proc.stop();
  cleanups.push(stop);
  try {
    const pathName = `/api/public/leagues/${leagueId}`;
    const run = (headers: Record<string, string>, at = pathName) =>
      measureHttp({ url: proc.url, path: at, headers, connections: 1, duration: DURATION, warmup: 2 });
    const team = await run({ "accept-encoding": "gzip, deflate, br" }, `${pathName}/teams/${teamId}`);
    const identity = await run({});
    const gzip = await run({ "accept-encoding": "gzip, deflate, br" });
    result.http = { team, identity, gzip };
    log(`${engine}: HTTP team page p50 ${team.p50.toFixed(2)} p99 ${team.p99.toFixed(2)} ms (${team.ok} ok)`);
    log(
      `${engine}: HTTP identity p50 ${identity.p50.toFixed(2)} p99 ${identity.p99.toFixed(2)} ms (${identity.ok} ok, ${identity.failed} failed)`,
    );
    log(
      `${engine}: HTTP gzip p50 ${gzip.p50.toFixed(2)} p99 ${gzip.p99.toFixed(2)} ms (${gzip.ok} ok, ${gzip.failed} failed)`,
    );
  } catch (error) {
    result.errors.push(`http: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    cleanups.splice(cleanups.indexOf(stop), 1);
    await proc.stop();
  }
  return result;
}

const host = await hostCpuIndex().catch(() => undefined);
const started = new Date().toISOString();
const engines: EngineResult[] = [];
for (const engine of ENGINES) {
  try {
    engines.push(await benchEngine(engine));
  } finally {
    await cleanUp();
  }
}
const hostAfter = await hostCpuIndex().catch(() => undefined);

const f = (x: number) => x.toFixed(x < 10 ? 2 : 1);
const lines = [
  `League standings through the database, ${started}: ${DIVISIONS} division(s) of ${TEAMS} teams, ${GAMES.toLocaleString("en-US")} played games each. ` +
    `Host CPU index ${describeHostIndex(host)} before, ${describeHostIndex(hostAfter)} after. Node ${process.version}.`,
  "",
  "| Engine | What | Runs | p50 ms | p95 ms | p99 ms | max ms |",
  "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
];
for (const e of engines) {
  for (const [label, t] of Object.entries(e.inProcess))
    lines.push(`| ${e.engine} | ${label} | ${t.runs} | ${f(t.p50)} | ${f(t.p95)} | ${f(t.p99)} | ${f(t.max)} |`);
  if (e.http) {
    for (const [label, m] of [
      ["a team's page, gzip", e.http.team],
      ["the league's page, identity", e.http.identity],
      ["the league's page, gzip", e.http.gzip],
    ] as const)
      lines.push(
        `| ${e.engine} | GET over HTTP, real server, 1 connection: ${label} (${m.failed} failed, load ${m.load.toFixed(1)}) | ${m.ok} | ${f(m.p50)} | — | ${f(m.p99)} | — |`,
      );
  }
  lines.push(
    `| ${e.engine} | the page: ${e.games} games, ${e.confirmed} results counted, ${(e.bytes / 1024).toFixed(0)} KB JSON` +
      `${e.gzipBytes ? ` (${(e.gzipBytes / 1024).toFixed(0)} KB gzipped)` : ""}; seeded in ${e.seedSeconds} s${e.errors.length ? `; ERRORS: ${e.errors.join("; ").slice(0, 300)}` : ""} | | | | | |`,
  );
}
const verdicts = engines.map((e) => {
  const p50 = e.inProcess[HELD]?.p50;
  return `${e.engine}: ${p50 === undefined ? "not measured" : `${f(p50)} ms p50, ${p50 <= BUDGET_P50_MS ? "met" : "NOT met"}`}`;
});
lines.push(
  "",
  `Budget: a division's standings at ${GAMES.toLocaleString("en-US")} games ≤ ${BUDGET_P50_MS} ms p50, as the pages read them (held). ${verdicts.join("; ")}.`,
);
const md = lines.join("\n") + "\n";
const out = path.join(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
writeFileSync(
  path.join(out, "league-standings.json"),
  JSON.stringify(
    {
      at: started,
      host,
      hostAfter,
      games: GAMES,
      teams: TEAMS,
      divisions: DIVISIONS,
      budgetP50Ms: BUDGET_P50_MS,
      engines,
    },
    null,
    2,
  ) + "\n",
);
writeFileSync(path.join(out, "league-standings.md"), md);
process.stdout.write(md);
process.exit(engines.some((e) => e.errors.length) ? 1 : 0);
