/**
 * npm run bench -- --scenario league (or npx tsx bench/league.ts)
 *
 * Issue "Leagues": the pure league rules (src/domain/leagues) at a big league's size, in this process, no I/O.
 *   - generateSeason for 200 teams in 8 divisions of 25, 12 fields of 2 sub-fields, 10 Saturdays of 10 hourly slots
 *     (08:00–17:00, 60 min), single round robin, no minimum rest: 2,400 slots for 2,400 games. Median and max of 5
 *     runs after a warm-up; the season is checked with scheduleConflicts (must find nothing) and its placed and
 *     unplaced games counted. The same league over 10 weekends (Saturday and Sunday, 4,800 slots) beside it.
 *   - computeStandings for a division of 25 teams with 2,000 results: p50 over 200 runs.
 * Budgets: the generator under 2 s on a slow two-core machine (aim: 300 ms), standings under 2 ms. Exits non-zero
 * when the generator takes over 2 s or the season has a conflict. Prints a markdown table and the host's CPU
 * index; writes bench/results/league.{json,md}.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { scheduleConflicts } from "../src/domain/leagues/conflicts.js";
import { generateSeason, type GeneratorInput, type GeneratorResult } from "../src/domain/leagues/schedule-generator.js";
import { buildSlots } from "../src/domain/leagues/slots.js";
import { computeStandings, DEFAULT_STANDINGS_RULES, type LeagueResult } from "../src/domain/leagues/standings.js";
import { describeHostIndex, hostCpuIndex } from "./host-index.js";

const GENERATOR_RUNS = 5;
const STANDINGS_RUNS = 200;
const GENERATOR_BUDGET_MS = 2_000;
const GENERATOR_AIM_MS = 300;
const STANDINGS_BUDGET_MS = 2;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

function league(sundays: boolean): GeneratorInput {
  const dates = Array.from({ length: 10 }).flatMap((_, w) => {
    const saturday = Date.UTC(2027, 2, 6 + 7 * w);
    return sundays ? [day(saturday), day(saturday + 86_400_000)] : [day(saturday)];
  });
  return {
    teams: Array.from({ length: 200 }, (_, i) => ({
      id: `team-${String(i + 1).padStart(3, "0")}`,
      divisionId: `division-${Math.floor(i / 25) + 1}`,
    })),
    slots: buildSlots({
      fields: Array.from({ length: 12 }, (_, i) => ({ id: `field-${i + 1}`, subFields: ["A", "B"] })),
      dates,
      times: Array.from({ length: 10 }, (_, h) => ({ startMinute: (8 + h) * 60, durationMinutes: 60 })),
    }),
    doubleRoundRobin: false,
    minRestMinutes: 0,
  };
}

interface SeasonMeasure {
  label: string;
  slots: number;
  medianMs: number;
  maxMs: number;
  runsMs: number[];
  games: number;
  placed: number;
  unplaced: number;
  byes: number;
  conflicts: number;
  checkMs: number;
}

function measureSeason(label: string, input: GeneratorInput): SeasonMeasure {
  generateSeason(input); // warm-up
  const runsMs: number[] = [];
  let result: GeneratorResult | undefined;
  for (let i = 0; i < GENERATOR_RUNS; i += 1) {
    const start = performance.now();
    result = generateSeason(input);
    runsMs.push(performance.now() - start);
  }
  const season = result!;
  const games = season.games.map((g, i) => ({ ...g, id: `game-${i}` }));
  const checkStart = performance.now();
  const conflicts = scheduleConflicts({ games, slots: input.slots, minRestMinutes: input.minRestMinutes });
  const checkMs = performance.now() - checkStart;
  return {
    label,
    slots: input.slots.length,
    medianMs: median(runsMs),
    maxMs: Math.max(...runsMs),
    runsMs,
    games: season.games.length + season.unplaced.length,
    placed: season.games.length,
    unplaced: season.unplaced.length,
    byes: season.byes.length,
    conflicts: conflicts.length,
    checkMs,
  };
}

/** A deterministic pseudo-random sequence (mulberry32), so every run measures the same results. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function standingsWorkload(): { teamIds: string[]; results: LeagueResult[] } {
  const next = random(2027);
  const teamIds = Array.from({ length: 25 }, (_, i) => `team-${String(i + 1).padStart(2, "0")}`);
  const results: LeagueResult[] = [];
  for (let i = 0; i < 2_000; i += 1) {
    const home = Math.floor(next() * 25);
    const away = (home + 1 + Math.floor(next() * 24)) % 25;
    const forfeit = next() < 0.02 ? (next() < 0.5 ? "home" : "away") : null;
    results.push({
      gameId: `result-${i}`,
      homeTeamId: teamIds[home]!,
      awayTeamId: teamIds[away]!,
      homeScore: forfeit ? (forfeit === "home" ? 0 : 1) : Math.floor(next() * 6) * 7,
      awayScore: forfeit ? (forfeit === "away" ? 0 : 1) : Math.floor(next() * 6) * 7,
      forfeit,
      playedAt: new Date(Date.UTC(2027, 2, 6) + i * 3_600_000).toISOString(),
    });
  }
  return { teamIds, results };
}

const host = await hostCpuIndex();
const tight = measureSeason("10 Saturdays (2,400 slots)", league(false));
const roomy = measureSeason("10 weekends, Saturday and Sunday (4,800 slots)", league(true));

const { teamIds, results } = standingsWorkload();
for (let i = 0; i < 20; i += 1) computeStandings(teamIds, results, DEFAULT_STANDINGS_RULES); // warm-up
const standingsMs: number[] = [];
for (let i = 0; i < STANDINGS_RUNS; i += 1) {
  const start = performance.now();
  computeStandings(teamIds, results, DEFAULT_STANDINGS_RULES);
  standingsMs.push(performance.now() - start);
}
const sortedStandings = [...standingsMs].sort((a, b) => a - b);
const standings = {
  p50Ms: sortedStandings[Math.floor(STANDINGS_RUNS * 0.5)]!,
  p95Ms: sortedStandings[Math.floor(STANDINGS_RUNS * 0.95)]!,
  maxMs: sortedStandings.at(-1)!,
};

const generatorOk = tight.maxMs <= GENERATOR_BUDGET_MS && roomy.maxMs <= GENERATOR_BUDGET_MS;
const conflictsOk = tight.conflicts === 0 && roomy.conflicts === 0;
const ms = (x: number) => x.toFixed(x < 10 ? 3 : 1);
const seasonRow = (s: SeasonMeasure) =>
  `| generateSeason: 200 teams, 8 divisions, 12 fields × 2, ${s.label} | ${ms(s.medianMs)} | ${ms(s.maxMs)} | ` +
  `${s.placed.toLocaleString("en-US")} of ${s.games.toLocaleString("en-US")} placed, ${s.unplaced} unplaced, ` +
  `${s.byes} byes; ${s.conflicts} conflicts (scheduleConflicts: ${ms(s.checkMs)} ms) | ` +
  `${s.maxMs <= GENERATOR_BUDGET_MS ? "ok" : "OVER"} (< ${GENERATOR_BUDGET_MS.toLocaleString("en-US")} ms; aim ${GENERATOR_AIM_MS}) |`;
const md = [
  `Host CPU index: ${describeHostIndex(host)}. Node ${process.version}. generateSeason: median and max of ` +
    `${GENERATOR_RUNS} runs after a warm-up; computeStandings: ${STANDINGS_RUNS} runs.`,
  "",
  "| What | ms (median / p50) | ms (max) | Result | Budget |",
  "| --- | ---: | ---: | --- | --- |",
  seasonRow(tight),
  seasonRow(roomy),
  `| computeStandings: 25 teams, 2,000 results (p95 ${ms(standings.p95Ms)} ms) | ${ms(standings.p50Ms)} | ` +
    `${ms(standings.maxMs)} | ${teamIds.length} rows | ` +
    `${standings.p50Ms < STANDINGS_BUDGET_MS ? "ok" : "OVER"} (< ${STANDINGS_BUDGET_MS} ms) |`,
].join("\n");

const out = path.join(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
writeFileSync(
  path.join(out, "league.json"),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      host,
      node: process.version,
      budgets: { generatorMs: GENERATOR_BUDGET_MS, generatorAimMs: GENERATOR_AIM_MS, standingsMs: STANDINGS_BUDGET_MS },
      seasons: [tight, roomy],
      standings: { teams: teamIds.length, results: results.length, runs: STANDINGS_RUNS, ...standings },
      ok: generatorOk && conflictsOk,
    },
    null,
    2,
  ) + "\n",
);
writeFileSync(path.join(out, "league.md"), md + "\n");
process.stdout.write(md + "\n");
if (!generatorOk) process.stderr.write(`generateSeason took over ${GENERATOR_BUDGET_MS} ms\n`);
if (!conflictsOk) process.stderr.write("the generated season has conflicts\n");
process.exit(generatorOk && conflictsOk ? 0 : 1);
