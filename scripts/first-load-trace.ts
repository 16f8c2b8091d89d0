/**
 * npm run trace:first-load -- /coach/log [/coach/dashboard ...]
 * Issue #35's instrument for a signed-in screen's first load, steadier than a Lighthouse score on a host whose speed
 * moves: runs `npm run build` first (the npm script does), starts the demo on a fresh data dir, signs the demo's
 * head coach in (a /player/... address: a demo player), and loads each address FIRST_LOAD_RUNS times (5 unless set)
 * in the system Chromium with a phone's viewport, the HTTP cache off and DevTools' CPU throttling (FIRST_LOAD_CPU,
 * 4 unless set: Lighthouse's mobile slowdown, applied for real instead of simulated). Each load is traced for
 * FIRST_LOAD_WAIT_MS (6,000 unless set) with the page's JavaScript sampled, and the trace is saved under
 * FIRST_LOAD_OUT (a temp dir unless set) for DevTools' Performance panel.
 *
 * Prints, per load, the page's main thread: style recalculation, layout and paint (ms), the time of its tasks over
 * 50 ms beyond 50 ms (Total Blocking Time's measure, without Lighthouse's FCP-to-TTI window), the same from the first
 * contentful paint on (the window's start: steadier between loads), and each long task with the functions sampled
 * most inside it; then the median of each figure. An unminified build (`NO_MINIFY=1 npm run build`, vite.config.ts)
 * gives the functions their names.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { freePort } from "#tests/server/support/free-port.js";
import { signInDemo } from "./demo-sign-in.js";
import { pageMainThread } from "../tests/support/trace-main-thread.js";

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      timeDeltas?: number[];
      cpuProfile?: {
        nodes?: Array<{ id: number; parent?: number; callFrame: { functionName: string; url?: string } }>;
        samples?: number[];
      };
    };
  };
}

const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
if (paths.length === 0) {
  console.error("usage: npm run trace:first-load -- /coach/log [/coach/dashboard ...]");
  process.exit(2);
}
const runs = Math.max(1, Number(process.env.FIRST_LOAD_RUNS) || 5);
const slowdown = Math.max(1, Number(process.env.FIRST_LOAD_CPU) || 4);
const waitMs = Math.max(1000, Number(process.env.FIRST_LOAD_WAIT_MS) || 6000);
const outDir = process.env.FIRST_LOAD_OUT || mkdtempSync(join(tmpdir(), "flagline-first-load-"));
mkdirSync(outDir, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), "flagline-first-load-data-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const server = spawn(process.execPath, ["dist/server/demo.js"], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "error", PUBLIC_URL: base },
  stdio: ["ignore", "pipe", "inherit"],
});
let serverOut = "";
server.stdout.on("data", (c: Buffer) => (serverOut += c.toString()));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
const LONG_TASK_US = 50_000;

/**
 * Blocking time as Lighthouse counts it from the first contentful paint: each long task's part after `fcp`, beyond
 * 50 ms. Without a paint in the trace, every task counts.
 */
function blockingAfter(tasks: TraceEvent[], fcp: number | undefined): number {
  let total = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const from = fcp === undefined ? task.ts : Math.max(task.ts, fcp);
    if (end - from > LONG_TASK_US) total += (end - from - LONG_TASK_US) / 1000;
  }
  return total;
}

function summarise(events: TraceEvent[]) {
  // The page's main thread, its tasks and its JS samples.
  const main = pageMainThread(events);
  const mine = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X");
  const total = (name: string) => mine.filter((e) => e.name === name).reduce((s, e) => s + (e.dur ?? 0), 0) / 1000;
  const longTasks = mine.filter((e) => e.name === "RunTask" && (e.dur ?? 0) > LONG_TASK_US).sort((a, b) => a.ts - b.ts);

  // The main thread's CPU profile, sent in chunks of one profile id.
  const [pid, tid] = (main ?? "0:0").split(":").map(Number);
  const profile = events.find((e) => e.name === "Profile" && e.pid === pid && e.tid === tid);
  const frames = new Map<number, { name: string; parent?: number }>();
  const samples: Array<[ts: number, node: number]> = [];
  let clock = profile?.args?.data?.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === "ProfileChunk" && e.id === profile?.id && e.pid === pid)) {
    const data = chunk.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? [])
      frames.set(n.id, {
        name: `${n.callFrame.functionName || "(anonymous)"} ${(n.callFrame.url ?? "").replace(/^.*\/assets\//, "")}`,
        parent: n.parent,
      });
    (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      clock += data?.timeDeltas?.[i] ?? 0;
      samples.push([clock, node]);
    });
  }
  const start = mine.find((e) => e.name === "RunTask")?.ts ?? 0;
  // Total Blocking Time's window starts at the first contentful paint: the navigation's own first task, 80-445 ms at
  // 4x and before anything is drawn, made the whole-load figure swing between loads of one build.
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid && e.tid === tid)?.ts;
  const tasks = longTasks.map((task) => {
    const counts = new Map<string, number>();
    for (const [ts, node] of samples) {
      if (ts < task.ts || ts > task.ts + (task.dur ?? 0)) continue;
      const seen = new Set<string>();
      for (let at: number | undefined = node; at !== undefined; at = frames.get(at)?.parent) {
        const name = frames.get(at)?.name;
        if (!name || seen.has(name) || /^\((root|program|idle)\)/.test(name)) continue;
        seen.add(name);
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
    const top = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name]) => name);
    return { at: (task.ts - start) / 1000, ms: (task.dur ?? 0) / 1000, top };
  });
  return {
    style: total("UpdateLayoutTree"),
    layout: total("Layout"),
    paint: total("Paint"),
    blocking: blockingAfter(longTasks, undefined),
    afterFcp: blockingAfter(longTasks, fcp),
    tasks,
  };
}

try {
  const deadline = Date.now() + 120_000;
  while (!serverOut.includes("All demo accounts use the password")) {
    if (Date.now() > deadline) throw new Error("the demo did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
  const playerEmail = /player\s+(\S+@demo\.flagline\.test)/.exec(serverOut)?.[1];
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking"],
  });
  try {
    for (const path of paths) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      const login = await context.newPage();
      await login.goto(`${base}/login`);
      const email = path.startsWith("/player/") ? playerEmail : "coach@demo.flagline.test";
      if (!email) throw new Error("the demo printed no player login");
      await signInDemo(login, email);
      // Same-site pages share a renderer: the sign-in page must not run beside the measured one.
      await login.close();
      const figures: Array<ReturnType<typeof summarise>> = [];
      for (let i = 0; i < runs; i++) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
        const events: TraceEvent[] = [];
        cdp.on("Tracing.dataCollected", (d) => {
          events.push(...(d.value as unknown as TraceEvent[]));
        });
        const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
        await cdp.send("Tracing.start", {
          transferMode: "ReportEvents",
          traceConfig: {
            includedCategories: [
              "devtools.timeline",
              "disabled-by-default-devtools.timeline",
              "v8.execute",
              "disabled-by-default-v8.cpu_profiler",
              "loading",
            ],
          },
        });
        await page.goto(`${base}${path}`, { waitUntil: "load" });
        await page.waitForTimeout(waitMs);
        await cdp.send("Tracing.end");
        await complete;
        await page.close();
        const file = join(outDir, `${path.slice(1).replaceAll("/", "_")}-${i}.trace.json`);
        writeFileSync(file, JSON.stringify({ traceEvents: events }));
        const f = summarise(events);
        figures.push(f);
        console.log(
          `${path} run ${i + 1}: style ${f.style.toFixed(0)} ms, layout ${f.layout.toFixed(0)} ms, paint ${f.paint.toFixed(0)} ms, blocking ${f.blocking.toFixed(0)} ms, after the first contentful paint ${f.afterFcp.toFixed(0)} ms (${file})`,
        );
        for (const t of f.tasks)
          console.log(`    ${t.at.toFixed(0).padStart(5)} ms: a task of ${t.ms.toFixed(0)} ms  ${t.top.join(" < ")}`);
      }
      const m = (pick: (f: ReturnType<typeof summarise>) => number) => median(figures.map(pick)).toFixed(0);
      console.log(
        `${path} median of ${runs} at ${slowdown}x: style ${m((f) => f.style)} ms, layout ${m((f) => f.layout)} ms, paint ${m((f) => f.paint)} ms, blocking ${m((f) => f.blocking)} ms, after the first contentful paint ${m((f) => f.afterFcp)} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
