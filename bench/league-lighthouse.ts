/**
 * npm run build && npm run bench -- --scenario league-lighthouse [--runs 3] [--small-only | --big-only]
 *
 * Issue #31: Lighthouse mobile (its defaults: simulated slow 4G, 4x CPU slowdown) on a league's public page,
 * /league/:id, and its first team's page, /league/:id/teams/:teamId, as scripts/lighthouse.ts runs the app's other pages (the built app: dist/server/main.js and
 * build/client, so `npm run build` first). Two leagues are seeded straight into a fresh database
 * (bench/league-seed.ts) before the server starts:
 *   - the big league: 200 teams in 8 divisions, 12 fields of 2, a single round robin of 2,400 games over 10
 *     Saturdays (generateSeason), the first 5 Saturdays played, their results as a season leaves them;
 *   - a small league: 8 teams in one division, 28 games, half played.
 * Each page runs `--runs` times; the median run's scores are printed with Lighthouse's host CPU index of every run,
 * and written to bench/results/league-lighthouse.md.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { generateSeason } from "../src/domain/leagues/schedule-generator.js";
import { buildSlots } from "../src/domain/leagues/slots.js";
import { migrateToLatest, openDatabase } from "../src/server/db/index.js";
import type { DB } from "../src/server/db/schema.js";
import { random, seasonResult, seedFlaglineTeams, seedLeague, seedOwner, type SeedGame } from "./league-seed.js";
import type { Kysely } from "kysely";

const args = process.argv.slice(2);
const RUNS = args.includes("--runs") ? Math.max(1, Number(args[args.indexOf("--runs") + 1]) || 1) : 3;
const port = 4900 + Math.floor(Math.random() * 300);
const base = `http://localhost:${port}`;
const log = (line: string) => process.stderr.write(`[league-lighthouse] ${line}\n`);

/** A league of `divisions` × `perDivision` Flagline teams, a single round robin over `weeks` Saturdays. */
async function league(
  db: Kysely<DB>,
  owner: string,
  name: string,
  divisions: number,
  perDivision: number,
  weeks: number,
  played: number,
  firstCode: number,
): Promise<{ id: string; games: number }> {
  const n = divisions * perDivision;
  const flagline = await seedFlaglineTeams(db, n, firstCode);
  const teamKey = (i: number) => `t${i}`;
  const dates = Array.from({ length: weeks }, (_, w) =>
    new Date(Date.UTC(2027, 2, 6 + 7 * w)).toISOString().slice(0, 10),
  );
  const fields = Array.from({ length: 12 }, (_, i) => ({ id: `f${i}`, subFields: ["A", "B"] }));
  const slots = buildSlots({
    fields,
    dates,
    times: Array.from({ length: 10 }, (_, h) => ({ startMinute: (8 + h) * 60, durationMinutes: 60 })),
  });
  const season = generateSeason({
    teams: Array.from({ length: n }, (_, i) => ({ id: teamKey(i), divisionId: `d${Math.floor(i / perDivision)}` })),
    slots,
    doubleRoundRobin: false,
    minRestMinutes: 0,
  });
  const slotOf = new Map(slots.map((s) => [s.id, s]));
  const next = random(2033);
  const games: SeedGame[] = season.games.map((g) => {
    const slot = slotOf.get(g.slotId)!;
    const time = `${String(Math.floor(slot.startMinute / 60)).padStart(2, "0")}:${String(slot.startMinute % 60).padStart(2, "0")}`;
    return {
      division: Number(g.divisionId.slice(1)),
      home: Number(g.homeTeamId.slice(1)),
      away: Number(g.awayTeamId.slice(1)),
      round: g.round,
      date: slot.date,
      startTime: time,
      field: Number(slot.fieldId.slice(1)),
      subField: slot.subField,
      result: dates.indexOf(slot.date) < played ? seasonResult(next) : null,
    };
  });
  const seeded = await seedLeague(db, {
    name,
    timeZone: "America/Chicago",
    ownerId: owner,
    divisions: Array.from({ length: divisions }, (_, d) => `${8 + 2 * d}U`),
    teams: flagline.map((f, i) => ({ name: `Falcons ${i + 1}`, division: Math.floor(i / perDivision), flagline: f })),
    fields: fields.map((_, i) => ({ name: `Riverside Park ${i + 1}`, subFields: ["A", "B"] })),
    games,
  });
  return { id: seeded.leagueId, games: games.length };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "flagline-league-lighthouse-"));
const database = openDatabase({ dataDir });
await migrateToLatest(database.db, database.engine);
const owner = await seedOwner(database.db);
const pages: Array<{ label: string; id: string; games: number }> = [];
if (!args.includes("--small-only"))
  pages.push({
    label: "200 teams, 8 divisions",
    ...(await league(database.db, owner, "Metro Flag League", 8, 25, 10, 5, 8_000_000)),
  });
if (!args.includes("--big-only"))
  pages.push({
    label: "8 teams, 1 division",
    ...(await league(database.db, owner, "Small Flag League", 1, 8, 7, 4, 8_100_000)),
  });
await database.close();

const server = spawn(process.execPath, ["dist/server/main.js"], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "error",
    PUBLIC_URL: base,
    NODE_ENV: "production",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});
const rows: string[] = [];
const score = (r: Result) => Math.round((r.categories.performance?.score ?? 0) * 100);
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (i > 600) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const page of pages) {
    const api = Buffer.from(await (await fetch(`${base}/api/public/leagues/${page.id}`)).arrayBuffer());
    const bytes = api.byteLength;
    const gzipped = gzipSync(api).byteLength;
    const firstTeam = (JSON.parse(api.toString("utf8")) as { teams: Array<{ id: string }> }).teams[0]!.id;
    // The league's page and its first team's page, as a parent opens them (the server's HTML, decision 0042).
    const urls = [
      { path: `/league/${page.id}`, label: `/league/:id, ${page.label} (${page.games.toLocaleString("en-US")} games)` },
      { path: `/league/${page.id}/teams/${firstTeam}`, label: `/league/:id/teams/:teamId, ${page.label}` },
    ];
    for (const url of urls) {
      const html = Buffer.from(
        await (await fetch(`${base}${url.path}`, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
      );
      const results: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await lighthouse(`${base}${url.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
        });
        results.push(r!.lhr);
        if (r!.lhr.runtimeError) log(`${url.label}: run ${i + 1} failed: ${r!.lhr.runtimeError.message}`);
        // LIGHTHOUSE_SAVE=dir keeps each report's JSON, to read its audits.
        if (process.env.LIGHTHOUSE_SAVE)
          writeFileSync(
            path.join(process.env.LIGHTHOUSE_SAVE, `league-${page.games}-${urls.indexOf(url)}-${i}.json`),
            JSON.stringify(r!.lhr),
          );
        log(
          `${url.label}: run ${i + 1}: ${score(r!.lhr)} (host CPU index ${Math.round(r!.lhr.environment.benchmarkIndex)})`,
        );
      }
      const median = [...results].sort((a, b) => score(a) - score(b))[Math.floor((results.length - 1) / 2)]!;
      const audit = (id: string) => median.audits[id]?.displayValue ?? "?";
      rows.push(
        `| ${url.label} (page ${(html.byteLength / 1024).toFixed(0)} KB, ${(gzipSync(html).byteLength / 1024).toFixed(0)} KB gzipped; API answer ${(bytes / 1024).toFixed(0)} KB, ${(gzipped / 1024).toFixed(0)} KB gzipped) | ` +
          `${score(median)} (${results.map(score).join(", ")}) | ${Math.round((median.categories.accessibility?.score ?? 0) * 100)} | ` +
          `${audit("first-contentful-paint")} | ${audit("largest-contentful-paint")} | ${audit("total-blocking-time")} | ` +
          `${audit("cumulative-layout-shift")} | ${results.map((r) => Math.round(r.environment.benchmarkIndex)).join(", ")} |`,
      );
    }
  }
} finally {
  chrome.kill();
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
const md = [
  `Lighthouse 12 mobile (defaults), ${new Date().toISOString()}, ${RUNS} runs a page, the median run shown.`,
  "",
  "| Page | Performance (runs) | Accessibility | FCP | LCP | TBT | CLS | Host CPU index of each run |",
  "| --- | --- | ---: | --- | --- | --- | --- | --- |",
  ...rows,
].join("\n");
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/league-lighthouse.md", md + "\n");
console.log(md);
process.exit(0);
