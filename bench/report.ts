import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { Engine } from "../src/server/db/index.js";
import { pageScripts } from "../src/web/prerender/first-load.js";
import type { Measurement } from "./load.js";
import { describeHostIndex, hostCpuIndex, type HostIndex } from "./host-index.js";
import type { TeamReadResult } from "./team-reads.js";

export interface Machine {
  cpu: string;
  nproc: number;
  memoryGiB: number;
  os: string;
  node: string;
  sqlite: string;
  postgres: string | null;
  autocannon: string;
  server: string;
  loadAtStart: number[];
  loadAtEnd?: number[];
  /** Lighthouse's benchmarkIndex of the host at the start (bench/host-index.ts): compares hosts' speed. */
  hostIndex?: HostIndex;
}

export interface ReadResult {
  size: number;
  /**
   * api: GET /api/team/players (counters); spec: one events query per player; memory: pre-serialized JSON;
   * yardstick: pre-serialized JSON behind the same session check (bench/spec-server.ts).
   */
  kind: "api" | "spec" | "memory" | "yardstick";
  latency: Measurement;
  throughput: Measurement;
  bytes: number;
}

interface WriteResult {
  /**
   * api: POST /api/team/events with eventsPerRequest events; api-session-cache: the same on the bench server with
   * getSession memoized (an experiment); raw: single-row durable inserts.
   */
  kind: "api" | "api-session-cache" | "raw";
  eventsPerRequest: number;
  m: Measurement;
  eventsPerSecond: number;
  /** Events the database holds that were not there before the run (API runs): at least every acknowledged one. */
  stored?: number;
  acknowledged?: number;
}

export interface EngineResult {
  engine: Engine;
  generation?: { seconds: number; rows: Record<string, number> };
  reads: ReadResult[];
  writes: WriteResult[];
  /** Team reads at 1 connection, per measured team size (bench/team-reads.ts). */
  teamReads: TeamReadResult[];
  /** Median µs of each part of one GET /api/team/players, called in the bench process. */
  breakdown: Record<string, number>;
  checks: string[];
  errors: string[];
}

export interface FrontEnd {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** The app a public page starts on the first interaction (decision 0006). */
  appGzipBytes: number;
}

export interface BenchResults {
  startedAt: string;
  finishedAt?: string;
  seconds?: number;
  options: Record<string, unknown>;
  machine: Machine;
  engines: EngineResult[];
  /** The in-memory yardstick (engine-independent), per size. */
  memory: ReadResult[];
  frontEnd: FrontEnd | null;
}

const require = createRequire(import.meta.url);

export async function describeMachine(pgUrl: string | null, server: string): Promise<Machine> {
  const sqlite = new SQLite(":memory:");
  const sqliteVersion = (sqlite.prepare("select sqlite_version() as v").get() as { v: string }).v;
  sqlite.close();
  let postgres: string | null = null;
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    try {
      await client.connect();
      postgres = ((await client.query("show server_version")).rows[0] as { server_version: string }).server_version;
    } catch {
      postgres = null;
    } finally {
      await client.end().catch(() => {});
    }
  }
  const pkg = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  return {
    hostIndex: await hostCpuIndex().catch(() => undefined),
    cpu: os.cpus()[0]?.model ?? "unknown",
    nproc: os.availableParallelism(),
    memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    sqlite: `${sqliteVersion} (better-sqlite3 ${pkg("better-sqlite3")})`,
    postgres,
    autocannon: pkg("autocannon"),
    server,
    loadAtStart: os.loadavg().map((l) => +l.toFixed(2)),
  };
}

/** What build/client/index.html loads before any interaction (src/web/prerender/first-load.ts), gzipped -9. */
export function frontEndBudget(clientDir = "build/client"): FrontEnd | null {
  const index = path.join(clientDir, "index.html");
  if (!existsSync(index)) return null;
  const { firstLoad, app } = pageScripts(clientDir, index);
  return {
    files: firstLoad.files.length,
    rawBytes: firstLoad.rawBytes,
    gzipBytes: firstLoad.gzipBytes,
    appGzipBytes: app.gzipBytes,
  };
}

/** Whole numbers, with decimals below 10 (a slow endpoint's 0.4 req/s is not 0). */
const n0 = (v: number) =>
  !Number.isFinite(v) ? "–" : v >= 10 ? Math.round(v).toLocaleString("en-US") : v >= 1 ? v.toFixed(1) : v.toFixed(2);
const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)) : "–");
const size = (v: number) => (v >= 1_000_000 ? `${v / 1_000_000}M` : v >= 1_000 ? `${v / 1_000}k` : String(v));

/** Bytes as kB (1,000 bytes, the unit of the budget and of Vite's build report). */
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const READ_LABEL: Record<ReadResult["kind"], string> = {
  api: "GET /api/team/players (counters, 1 query)",
  memory: "same JSON served from memory",
  spec: "docs/product.md §7 pattern: 1 events query per player",
  yardstick: "same JSON behind the same session check (yardstick)",
};

function row(cells: (string | number)[]): string {
  return `| ${cells.join(" | ")} |`;
}

function failed(m: Measurement): string {
  return m.failed ? ` ⚠ ${m.failed} failed` : "";
}

/** The results table of docs/performance.md: reads by team size, then writes. */
export function resultsTable(results: BenchResults): string {
  const lines = [
    row(["Engine", "Measurement", "Team events", "Conns", "p50 ms", "p99 ms", "req/s", "events/s", "Load (1 min)"]),
    row(["---", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]),
  ];
  const readRows = (engine: string, r: ReadResult) => {
    for (const m of [r.latency, r.throughput]) {
      lines.push(
        row([
          engine,
          READ_LABEL[r.kind],
          size(r.size),
          m.connections,
          ms(m.p50),
          ms(m.p99),
          n0(m.perSecond) + failed(m),
          "",
          m.load.toFixed(1),
        ]),
      );
    }
  };
  const sizes = [...new Set([...results.memory, ...results.engines.flatMap((e) => e.reads)].map((r) => r.size))].sort(
    (a, b) => a - b,
  );
  for (const s of sizes) {
    const mem = results.memory.find((r) => r.size === s);
    if (mem) readRows("—", mem);
    for (const e of results.engines) {
      for (const kind of ["api", "yardstick", "spec"] as const) {
        const r = e.reads.find((x) => x.size === s && x.kind === kind);
        if (r) readRows(e.engine, r);
      }
    }
  }
  for (const e of results.engines) {
    for (const w of e.writes) {
      const events = `${w.eventsPerRequest} event${w.eventsPerRequest > 1 ? "s" : ""}/request`;
      const label =
        w.kind === "api"
          ? `POST /api/team/events, ${events}`
          : w.kind === "api-session-cache"
            ? `POST /api/team/events, ${events}, getSession memoized 5 s (experiment)`
            : "raw single-row durable inserts (engine ceiling)";
      const m = w.m;
      lines.push(
        row([
          e.engine,
          label,
          "",
          m.connections,
          ms(m.p50),
          ms(m.p99),
          n0(m.perSecond) + failed(m),
          n0(w.eventsPerSecond),
          m.load.toFixed(1),
        ]),
      );
    }
  }
  return lines.join("\n");
}

export function machineTable(m: Machine, frontEnd: FrontEnd | null): string {
  const lines = [
    row(["", ""]),
    row(["---", "---"]),
    row(["CPU", `${m.cpu}, ${m.nproc} cores (shared with other test runs)`]),
    row(["Host CPU index", describeHostIndex(m.hostIndex)]),
    row(["Memory", `${m.memoryGiB} GiB`]),
    row(["OS", m.os]),
    row(["Node.js", m.node]),
    row(["SQLite", m.sqlite]),
    row(["PostgreSQL", m.postgres ?? "not measured"]),
    row(["autocannon", m.autocannon]),
    row(["Server under test", m.server]),
    row([
      "Load average (1, 5, 15 min)",
      `start ${m.loadAtStart.join(", ")}${m.loadAtEnd ? `; end ${m.loadAtEnd.join(", ")}` : ""}`,
    ]),
  ];
  if (frontEnd) {
    lines.push(
      row([
        "Front end (build/client/index.html)",
        `first load ${frontEnd.files} JS files + inline scripts, ${kB(frontEnd.gzipBytes)} gzipped (-9), ${kB(frontEnd.rawBytes)} raw; the app on first interaction ${kB(frontEnd.appGzipBytes)} gzipped`,
      ]),
    );
  }
  return lines.join("\n");
}

/** Where a team-summary request's time goes, per engine (median µs per call, in-process). */
export function breakdownTable(results: BenchResults): string {
  const engines = results.engines.filter((e) => Object.keys(e.breakdown).length > 0);
  if (engines.length === 0) return "";
  const labels = [...new Set(engines.flatMap((e) => Object.keys(e.breakdown)))];
  const lines = [
    row(["Part of GET /api/team/players", ...engines.map((e) => `${e.engine} µs`)]),
    row(["---", ...engines.map(() => "---:")]),
  ];
  for (const label of labels) lines.push(row([label, ...engines.map((e) => n0(e.breakdown[label] ?? NaN))]));
  return lines.join("\n");
}

/** Team reads at 1 connection by team size, per engine; the first request's time too (a read cache is cold). */
export function teamReadsTable(results: BenchResults): string {
  const engines = results.engines.filter((e) => e.teamReads.length > 0);
  if (engines.length === 0) return "";
  const sizes = [...new Set(engines.flatMap((e) => e.teamReads.map((r) => r.size)))].sort((a, b) => a - b);
  const lines = [
    row([
      "Engine",
      "Team read (1 connection)",
      ...sizes.map((s) => `p50 / p99 ms @ ${size(s)} (first)`),
      "Largest / smallest p50",
    ]),
    row(["---", "---", ...sizes.map(() => "---:"), "---:"]),
  ];
  for (const e of engines) {
    for (const name of [...new Set(e.teamReads.map((r) => r.name))]) {
      const at = sizes.map((s) => e.teamReads.find((r) => r.name === name && r.size === s));
      const cells = at.map((r) =>
        r ? `${ms(r.latency.p50)} / ${ms(r.latency.p99)} (${ms(r.firstMs)})${failed(r.latency)}` : "–",
      );
      const first = at[0];
      const last = at[at.length - 1];
      const ratio = first && last && sizes.length > 1 ? `${(last.latency.p50 / first.latency.p50).toFixed(2)}×` : "–";
      lines.push(row([e.engine, name, ...cells, ratio]));
    }
  }
  return lines.join("\n");
}

/** One line per docs/architecture.md budget, for the embedded database (SQLite). */
export function budgetLines(results: BenchResults): string[] {
  const lines: string[] = [];
  const sqlite = results.engines.find((e) => e.engine === "sqlite");
  if (!sqlite) return ["SQLite was not measured: no budget verdicts."];
  const largest = Math.max(...sqlite.reads.map((r) => r.size));
  const api = sqlite.reads.find((r) => r.size === largest && r.kind === "api");
  const memory = results.memory.find((r) => r.size === largest);
  if (api) {
    lines.push(
      `Team summaries p50 <= 5 ms (${size(largest)} events, 1 connection): ${ms(api.latency.p50)} ms — ${api.latency.p50 <= 5 ? "MET" : "NOT MET"}`,
    );
    if (memory) {
      const ratio = api.throughput.perSecond / memory.throughput.perSecond;
      lines.push(
        `Team summaries vs the same JSON from memory, no session check (the old ratio, target was >= 50 %) (${api.throughput.connections} connections): ${n0(api.throughput.perSecond)} vs ${n0(memory.throughput.perSecond)} req/s = ${(ratio * 100).toFixed(0)}% — ${ratio >= 0.5 ? "MET" : "NOT MET"}`,
      );
    }
  }
  const yardstick = sqlite.reads.find((r) => r.size === largest && r.kind === "yardstick");
  if (api && yardstick) {
    const ratio = api.throughput.perSecond / yardstick.throughput.perSecond;
    lines.push(
      `Team summaries >= half the throughput of the same JSON behind the same session check (${api.throughput.connections} connections): ${n0(api.throughput.perSecond)} vs ${n0(yardstick.throughput.perSecond)} req/s = ${(ratio * 100).toFixed(0)}% — ${ratio >= 0.5 ? "MET" : "NOT MET"}`,
    );
  }
  const single = sqlite.writes.find((x) => x.kind === "api" && x.eventsPerRequest === 1);
  const raw = sqlite.writes.find((x) => x.kind === "raw");
  if (single && raw) {
    const ratio = single.eventsPerSecond / raw.eventsPerSecond;
    lines.push(
      `Single-event writes >= half the raw durable-insert rate (same run, ${single.m.connections} clients): ${n0(single.eventsPerSecond)} vs ${n0(raw.eventsPerSecond)} events/s = ${(ratio * 100).toFixed(0)}% — ${ratio >= 0.5 ? "MET" : "NOT MET"}`,
    );
  }
  const readSizes = [...new Set(sqlite.teamReads.map((r) => r.size))].sort((a, b) => a - b);
  if (readSizes.length > 0) {
    const small = readSizes[0]!;
    const big = readSizes[readSizes.length - 1]!;
    for (const name of [...new Set(sqlite.teamReads.map((r) => r.name))]) {
      const a = sqlite.teamReads.find((r) => r.name === name && r.size === small);
      const b = sqlite.teamReads.find((r) => r.name === name && r.size === big);
      if (!a || !b) continue;
      const flat = big === small || b.latency.p50 <= a.latency.p50 * 1.2;
      lines.push(
        `Team read "${name}" p50 <= 10 ms at ${size(big)} events: ${ms(b.latency.p50)} ms — ${b.latency.p50 <= 10 ? "MET" : "NOT MET"}` +
          (big === small
            ? ""
            : `; within 20 % of the ${size(small)} figure (${ms(a.latency.p50)} ms): ${((b.latency.p50 / a.latency.p50 - 1) * 100).toFixed(0)} % — ${flat ? "MET" : "NOT MET"}`),
      );
    }
  }
  for (const w of sqlite.writes.filter((x) => x.kind === "api")) {
    lines.push(
      `>= 2,000 acknowledged events/s, ${w.m.connections} clients, ${w.eventsPerRequest}/request: ${n0(w.eventsPerSecond)} — ${w.eventsPerSecond >= 2000 ? "MET" : "NOT MET"}`,
    );
  }
  if (results.frontEnd) {
    const g = results.frontEnd.gzipBytes;
    lines.push(
      `Front end first load (tested by tests/e2e/budgets.spec.ts): ${kB(g)} gzipped JS; budget 110 KB — ${g <= 110_000 ? "within" : "over"}`,
    );
  }
  return lines;
}
