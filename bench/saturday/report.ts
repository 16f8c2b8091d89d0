import { machineTable, type Machine } from "../report.js";
import type { BurstResult } from "./burst.js";
import type { LoadResult } from "./load.js";
import type { SaturdayOptions } from "./options.js";
import type { Usage } from "./proc.js";

/** Targets of docs/architecture.md's game-day budget. */
export const WRITE_P99_MS = 100;
export const SCREEN_P99_MS = 1_000;
/** Other work or stolen CPU above this (% of one core) over a write window marks its figures as a busy host's. */
const BUSY_HOST_PERCENT = 15;

/** Whether other work or the hypervisor took enough CPU during the window to move the figures. */
export function busyHost(r: Pick<RungResult, "othersCpuPercent" | "stealPercent">): boolean {
  return r.othersCpuPercent > BUSY_HOST_PERCENT || r.stealPercent > BUSY_HOST_PERCENT;
}

export interface RungResult extends LoadResult {
  servers: Usage[];
  /** Over the write window, all app servers together (% of one core), and their largest RSS summed. */
  serverCpuPercent: number;
  serverRssMb: number;
  /** The bench process (main thread + load workers). */
  clientCpuPercent: number;
  postgresCpuPercent: number | null;
  /**
   * Over the write window, % of one core: the machine's busy CPU that none of the measured processes (servers,
   * PostgreSQL, the bench) used, i.e. other work competing with them; and the CPU the hypervisor stole.
   */
  othersCpuPercent: number;
  stealPercent: number;
  loadAverage: number;
  /** Issue #29's reminder burst inside the write window (--reminder-burst), or null. */
  burst: BurstResult | null;
  verdict: { pass: boolean; why: string };
}

export interface DesignRun {
  design: "today" | "new";
  label: string;
  rungs: RungResult[];
  /** G values not run because a smaller G already missed a target. */
  skipped: number[];
  errors: string[];
}

export interface SaturdayResults {
  startedAt: string;
  seconds: number;
  options: SaturdayOptions;
  machine: Machine;
  runs: DesignRun[];
}

/** The first server's main thread and busiest other thread, "not read" when they were not. */
export function threadsOf(r: Pick<RungResult, "servers">): string {
  const first = r.servers[0];
  if (first?.mainThreadPercent == null) return "not read";
  return `${first.mainThreadPercent.toFixed(0)} / ${first.busiestOtherThreadPercent?.toFixed(0) ?? "none"}`;
}

export function verdictOf(r: LoadResult & { burst?: BurstResult | null }): { pass: boolean; why: string } {
  const why: string[] = [];
  if (r.burst && r.burst.sent < r.burst.expected)
    why.push(`reminder burst: ${r.burst.sent} of ${r.burst.expected} mails sent in the window`);
  if (!(r.writeP99 <= WRITE_P99_MS)) why.push(`write p99 ${r.writeP99.toFixed(0)} ms > ${WRITE_P99_MS}`);
  if (!(r.screenP99 <= SCREEN_P99_MS))
    why.push(
      `screen p99 ${Number.isFinite(r.screenP99) ? r.screenP99.toFixed(0) + " ms" : "never shown"} > ${SCREEN_P99_MS}`,
    );
  if (r.writes === 0) why.push("no write acknowledged");
  return { pass: why.length === 0, why: why.join("; ") };
}

/** A figure, or "not read" when the bench could not read it (NaN). */
const orNotRead = (v: number, format: (v: number) => string) => (Number.isFinite(v) ? format(v) : "not read");
const ms = (v: number) => (!Number.isFinite(v) ? "∞" : v < 10 ? v.toFixed(1) : Math.round(v).toLocaleString("en-US"));
const row = (cells: Array<string | number>) => `| ${cells.join(" | ")} |`;

function errors(r: RungResult): string {
  const c = r.counts;
  const parts = [
    c.writeFailures && `${c.writeFailures} failed writes`,
    c.writeTimeouts && `${c.writeTimeouts} write timeouts`,
    c.write429 + c.read429 + c.stream429 && `${c.write429 + c.read429 + c.stream429} × 429`,
    c.readFailures && `${c.readFailures} failed reads`,
    c.readTimeouts && `${c.readTimeouts} read timeouts`,
    c.streamDrops && `${c.streamDrops} dropped streams`,
    c.streamRefused &&
      `${c.streamRefused} refused streams (${Object.entries(r.streamStatuses)
        .map(([k, n]) => `${n} × ${k === "0" ? "socket error" : k}`)
        .join(", ")})`,
    r.misses && `${r.misses} screens never updated`,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "none";
}

/** Server CPU per acknowledged write, ms: the write and everything it sets off (stream messages, refetches). */
function cpuPerWriteMs(r: RungResult, durationS: number): number {
  return r.writes ? ((r.serverCpuPercent / 100) * durationS * 1000) / r.writes : NaN;
}

export function saturdayMarkdown(res: SaturdayResults): string {
  const o = res.options;
  const lines = [
    `# Saturday scenario, ${res.startedAt} (${res.seconds} s${o.quick ? ", --quick" : ""})`,
    "",
    machineTable(res.machine, null),
    "",
    `Flags: games ${o.games.join(",")}; viewers ${o.viewers} assistant coaches${o.playerViewers ? ` + ${o.playerViewers} players` : ""}${o.followers ? ` + ${o.followers} follow pages` : ""} per team; ` +
      `${o.players} players per team; ${o.background} background teams (20 players, ${o.backgroundEvents} events each); a snap every ${o.period} s per game for ${o.duration} s; ` +
      `engine ${o.engine}; ${o.servers} app server(s)${o.servers > 1 ? " behind a TCP round-robin balancer (bench/saturday/balancer.ts)" : ""}; ` +
      `${o.workers} load worker threads; ${o.h2 ? "streams over h2c, 500 to a connection (decision 0036); " : ""}LOG_LEVEL ${o.logLevel}; ` +
      `server processes PROCESSES=${process.env.PROCESSES || "unset (one; decision 0024)"}.`,
    "",
    "How to read it: a **write** is POST /api/team/snaps (one snap, one event), timed from sending to its 2xx. " +
      "**Change-to-screen** is per write and viewer: from the write's 2xx to the moment that viewer's screen holds " +
      "data reflecting it (scoreboard snapCount and, for coaches, the leaderboard's event count); 0 when the data came " +
      "before the ack; a write a screen never showed counts as infinitely late. A viewer takes the `scoreboard` / " +
      "`leaderboard` a `change` message carries and refetches what it does not carry (today's design carries none). " +
      "CPU is % of one core over the write window, from /proc/<pid>/stat; RSS the largest seen. Main / busiest other " +
      "thread: the (first) server process's main thread and its busiest other thread (the snap writer's, decision " +
      "0031), from /proc/<pid>/task. Client loop delay: " +
      "the bench's own event-loop delay p99 (a slow client would show here). Load: the machine's 1-minute load " +
      "average at the end of the G (above the core count, other work was competing for the CPU). Others / steal: " +
      "over the write window, the machine's busy CPU that none of the measured processes used (other work) and the " +
      "CPU the hypervisor stole, in % of one core; a run with either above " +
      `${BUSY_HOST_PERCENT} % was measured on a busy host.`,
    "",
    row([
      "Design",
      "G",
      "Streams",
      "Writes",
      "Write p50 ms",
      "Write p99 ms",
      "Screen p50 ms",
      "Screen p99 ms",
      "Server CPU %",
      "Main / busiest other thread %",
      "Server RSS MB",
      o.engine === "postgres" ? "PostgreSQL CPU %" : "Reads (refetches)",
      "Client CPU % / loop p99 ms",
      "CPU ms per write",
      "Errors",
      "Load (1 min)",
      "Others / steal CPU %",
      "Verdict",
    ]),
    row([
      "---",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---:",
      "---",
      "---:",
      "---:",
      "---",
    ]),
  ];
  const games = [...new Set(res.runs.flatMap((r) => r.rungs.map((x) => x.games)))].sort((a, b) => a - b);
  for (const g of games)
    for (const run of res.runs) {
      const r = run.rungs.find((x) => x.games === g);
      if (!r) continue;
      lines.push(
        row([
          run.design === "today" ? "today's (56c5083)" : "new",
          g,
          r.streams,
          r.writes,
          ms(r.writeP50),
          ms(r.writeP99),
          ms(r.screenP50),
          ms(r.screenP99),
          orNotRead(r.serverCpuPercent, (v) => v.toFixed(0)),
          threadsOf(r),
          orNotRead(r.serverRssMb, String),
          r.postgresCpuPercent !== null ? r.postgresCpuPercent.toFixed(0) : r.counts.reads.toLocaleString("en-US"),
          `${orNotRead(r.clientCpuPercent, (v) => v.toFixed(0))} / ${ms(r.clientLoopDelayP99)}`,
          orNotRead(cpuPerWriteMs(r, o.duration), (v) => v.toFixed(1)),
          errors(r),
          r.loadAverage.toFixed(1),
          `${orNotRead(r.othersCpuPercent, (v) => v.toFixed(0))} / ${orNotRead(r.stealPercent, (v) => v.toFixed(0))}`,
          (r.verdict.pass ? "PASS" : `MISS: ${r.verdict.why}`) + (busyHost(r) ? " (busy host)" : ""),
        ]),
      );
    }
  lines.push("");
  for (const run of res.runs)
    for (const r of run.rungs) {
      if (r.followers === 0) continue;
      lines.push(
        `- G=${r.games}: ${r.followers.toLocaleString("en-US")} of the ${r.streams.toLocaleString("en-US")} streams ` +
          `were follow pages (docs/product.md §15); change-to-page p50 ${ms(r.followP50)} ms, p99 ${ms(r.followP99)} ms ` +
          `(issue #30's target: p99 <= 2 s).`,
      );
    }
  for (const run of res.runs)
    for (const r of run.rungs) {
      if (!r.burst) continue;
      const b = r.burst;
      lines.push(
        `- G=${r.games}, reminder burst beside the games (issue #29): ${b.expected.toLocaleString("en-US")} reminders ` +
          `fell due ${b.dueAtS} s into the write window; the server's minute tick and outbox sender put the first in ` +
          `the SMTP sink ${b.firstMailS ?? "never"} s and the last ${b.allSentS ?? "not"} s after they fell due ` +
          `(${b.sent.toLocaleString("en-US")} sent inside the window).`,
      );
    }
  for (const run of res.runs) {
    const passed = run.rungs.filter((r) => r.verdict.pass).map((r) => r.games);
    const best = passed.length ? Math.max(...passed) : null;
    lines.push(
      `- **${run.label}**: largest G with write p99 <= ${WRITE_P99_MS} ms and screen p99 <= ${SCREEN_P99_MS} ms: ` +
        `${best ?? "none of those run"}` +
        (run.skipped.length ? ` (not run: G=${run.skipped.join(", ")}, a smaller G already missed)` : "") +
        `. Goal G = 1,000 at V = 10: ${best !== null && best >= 1000 && o.viewers >= 10 ? "MET" : "NOT MET"}` +
        (o.engine === "sqlite" ? "" : ` (on ${o.engine})`) +
        ".",
    );
    const payloads = run.rungs.reduce((s, r) => s + r.counts.payloadScoreboards + r.counts.payloadLeaderboards, 0);
    lines.push(
      `  - stream messages carried ${payloads ? `${payloads.toLocaleString("en-US")} scoreboards/leaderboards` : "no data (every change was refetched)"}; first failure seen: ${run.rungs.map((r) => r.firstFailure).find(Boolean) || "none"}.`,
    );
    for (const e of run.errors) lines.push(`  - ERROR ${e}`);
  }
  if (o.servers > 1) lines.push("", ...serversNote(res));
  return lines.join("\n");
}

/** What more servers add: measured here, and reasoned for a machine with cores to spare. */
function serversNote(res: SaturdayResults): string[] {
  const o = res.options;
  const out = [`## ${o.servers} servers on ${o.engine}`, ""];
  for (const run of res.runs) {
    const ok = run.rungs.filter((x) => x.writes > 0);
    const r = ok.at(-1);
    if (!r) continue;
    // The marginal cost between the two largest G (fixed costs such as idle streams cancel out); with one G, the
    // average, an upper bound.
    const prev = ok.at(-2);
    const cpuMs = (x: RungResult) => (x.serverCpuPercent / 100) * o.duration * 1000;
    const perWrite =
      prev && r.writes > prev.writes
        ? (cpuMs(r) - cpuMs(prev)) / (r.writes - prev.writes)
        : cpuPerWriteMs(r, o.duration);
    const perCore = 1000 / perWrite;
    const gPerCore = perCore * o.period;
    out.push(
      `- ${run.label} at G=${r.games}: the ${o.servers} servers used ${r.servers.map((s) => `${s.cpuPercent.toFixed(0)}%`).join(" + ")} of a core, ` +
        `PostgreSQL ${r.postgresCpuPercent?.toFixed(0) ?? "?"}%, the bench client ${r.clientCpuPercent.toFixed(0)}%, on ${res.machine.nproc} cores. ` +
        `Server CPU per write with its fan-out: ${perWrite.toFixed(1)} ms (${prev ? `marginal, G=${prev.games} to ${r.games}` : "average over the run"}), so one server core carries about ${Math.round(perCore)} writes/s ` +
        `(~${Math.round(gPerCore).toLocaleString("en-US")} games at one snap per ${o.period} s). ${spareCores(r, res.machine.nproc)} ` +
        `On a machine with cores to spare each added server adds about that many games, until PostgreSQL's own CPU ` +
        `(${r.postgresCpuPercent?.toFixed(0) ?? "?"}% at G=${r.games}) or its fsyncs become the limit.`,
    );
  }
  return out;
}

/** What the measured CPU says about adding a server on this machine: busy cores only split, idle ones add. */
function spareCores(r: RungResult, nproc: number): string {
  const busy = r.servers.reduce((sum, s) => sum + s.cpuPercent, 0) + (r.postgresCpuPercent ?? 0) + r.clientCpuPercent;
  const idle = Math.max(0, nproc * 100 - busy);
  const load = r.loadAverage;
  if (idle < 50 || load >= nproc)
    return (
      `Here servers, database and client used ${busy.toFixed(0)}% of ${nproc * 100}% (1-minute load ${load.toFixed(1)} on ${nproc} cores), ` +
      `so one more server would only split the same CPU.`
    );
  return (
    `Here ${idle.toFixed(0)}% of the ${nproc} cores' ${nproc * 100}% stayed idle, so one more server could use about ` +
    `${Math.min(100, idle).toFixed(0)}% of a core more.`
  );
}
