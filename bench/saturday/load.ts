import { Worker } from "node:worker_threads";
import { percentile } from "../load.js";
import type { GameTeamSpec, WorkerInput, WorkerResult } from "./protocol.js";

/** One G's load, merged over the workers. */
export interface LoadResult {
  games: number;
  streams: number;
  writes: number;
  writeP50: number;
  writeP99: number;
  screens: number;
  screenP50: number;
  screenP99: number;
  /** Follow pages among the streams, and their change-to-page times (in screen* too). */
  followers: number;
  followP50: number;
  followP99: number;
  misses: number;
  /** Seconds from the first stream opening to every viewer holding its first screen. */
  connectSeconds: number;
  counts: Omit<
    WorkerResult,
    | "writeMs"
    | "screenMs"
    | "followMs"
    | "firstFailure"
    | "loopDelayP99"
    | "loopDelayMax"
    | "loopUtilization"
    | "streamStatuses"
  >;
  streamStatuses: Record<number, number>;
  clientLoopDelayP99: number;
  clientLoopDelayMax: number;
  clientLoopUtilization: number;
  firstFailure: string;
}

export interface LoadPlan {
  url: string;
  origin: string;
  teams: GameTeamSpec[];
  workers: number;
  periodMs: number;
  durationMs: number;
  timeoutMs: number;
  /** Streams over h2c (--h2). */
  h2: boolean;
  /** Called once every screen is loaded, just before writing starts, and when the write window ends. */
  onStart(): void;
  onWindowEnd(): void;
  log(line: string): void;
}

/** Runs the scorers and viewers of `plan.teams` in worker threads and merges what they measured. */
export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const g = plan.teams.length;
  const streams = plan.teams.reduce((s, t) => s + t.viewers.length + (t.followToken ? t.followers : 0), 0);
  const followers = plan.teams.reduce((s, t) => s + (t.followToken ? t.followers : 0), 0);
  // Streams open at 250 a second (phones arriving over the minutes before kick-off, compressed).
  const connectMs = Math.max(2_000, streams * 4);
  const shares = Array.from({ length: Math.min(plan.workers, g) }, (_, w) =>
    plan.teams.map((t, i) => ({ t, i })).filter(({ i }) => i % plan.workers === w),
  );
  const workers = shares.map((share) => {
    const input: WorkerInput = {
      url: plan.url,
      origin: plan.origin,
      teams: share.map(({ t }) => t),
      // Team i's first snap i/G of a period after the start: writes spread evenly over every period.
      offsetsMs: share.map(({ i }) => (i / g) * plan.periodMs),
      periodMs: plan.periodMs,
      durationMs: plan.durationMs,
      connectMs,
      drainMs: 5_000,
      timeoutMs: plan.timeoutMs,
      h2: plan.h2,
    };
    // The worker is TypeScript, as this file: it registers tsx's loader first (a worker's own entry module
    // does not go through the --import hooks on Node 20).
    const entry = new URL("./worker.ts", import.meta.url).href;
    const boot = `import("tsx/esm/api").then((t) => { t.register(); return import(${JSON.stringify(entry)}); })`;
    return new Worker(boot, { eval: true, workerData: input });
  });
  const next = (w: Worker, type: string, timeoutMs: number) =>
    new Promise<WorkerResult | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        w.off("message", on);
        resolve(null);
      }, timeoutMs);
      const on = (m: { type: string; result?: WorkerResult }) => {
        if (m.type !== type) return;
        clearTimeout(timer);
        w.off("message", on);
        resolve(m.result ?? null);
      };
      w.on("message", on);
      w.once("error", reject);
    });
  try {
    const t0 = performance.now();
    const ready = workers.map((w) => next(w, "ready", connectMs + 120_000));
    for (const w of workers) w.postMessage({ type: "connect" });
    await Promise.all(ready);
    const connectSeconds = (performance.now() - t0) / 1000;
    plan.log(`  ${streams} streams open, screens loaded in ${connectSeconds.toFixed(1)} s; writing`);
    const done = workers.map((w) => next(w, "done", plan.durationMs + 180_000));
    // A moment for the last screens' requests to finish before the first write.
    const startIn = 3_000;
    for (const w of workers) w.postMessage({ type: "start", startIn });
    setTimeout(plan.onStart, startIn);
    let windowEnded = false;
    const endWindow = () => {
      if (windowEnded) return;
      windowEnded = true;
      plan.onWindowEnd();
    };
    const windowEnd = setTimeout(endWindow, startIn + plan.durationMs);
    const results = (await Promise.all(done)).filter((r): r is WorkerResult => r !== null);
    // The workers' own clocks may end a hair before this timer: the window ends now at the latest.
    clearTimeout(windowEnd);
    endWindow();
    if (results.length < workers.length) throw new Error("a load worker did not finish in time");
    // Only now, with every worker's writes done and the window closed, do the streams close (all at once).
    const closed = workers.map((w) => next(w, "closed", 60_000));
    for (const w of workers) w.postMessage({ type: "close" });
    await Promise.all(closed);
    return merge(g, streams, followers, connectSeconds, results);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

function merge(
  games: number,
  streams: number,
  followers: number,
  connectSeconds: number,
  results: WorkerResult[],
): LoadResult {
  const followMs = results.flatMap((r) => r.followMs).sort((a, b) => a - b);
  const writeMs = results.flatMap((r) => r.writeMs).sort((a, b) => a - b);
  const misses = results.reduce((s, r) => s + r.misses, 0);
  // A write a screen never showed counts as infinitely late.
  const screenMs = [...results.flatMap((r) => r.screenMs), ...Array<number>(misses).fill(Infinity)].sort(
    (a, b) => a - b,
  );
  const sum = (k: keyof LoadResult["counts"]) => results.reduce((s, r) => s + (r[k] as number), 0);
  return {
    games,
    streams,
    writes: writeMs.length,
    writeP50: percentile(writeMs, 50),
    writeP99: percentile(writeMs, 99),
    screens: screenMs.length,
    screenP50: percentile(screenMs, 50),
    screenP99: percentile(screenMs, 99),
    followers,
    followP50: followMs.length ? percentile(followMs, 50) : 0,
    followP99: followMs.length ? percentile(followMs, 99) : 0,
    misses,
    connectSeconds: +connectSeconds.toFixed(1),
    counts: {
      misses,
      writes: sum("writes"),
      writeFailures: sum("writeFailures"),
      write429: sum("write429"),
      writeTimeouts: sum("writeTimeouts"),
      reads: sum("reads"),
      readFailures: sum("readFailures"),
      read429: sum("read429"),
      readTimeouts: sum("readTimeouts"),
      streamDrops: sum("streamDrops"),
      stream429: sum("stream429"),
      streamRefused: sum("streamRefused"),
      changes: sum("changes"),
      payloadScoreboards: sum("payloadScoreboards"),
      payloadLeaderboards: sum("payloadLeaderboards"),
    },
    clientLoopDelayP99: Math.max(...results.map((r) => r.loopDelayP99)),
    clientLoopDelayMax: Math.max(...results.map((r) => r.loopDelayMax)),
    clientLoopUtilization: Math.max(...results.map((r) => r.loopUtilization)),
    firstFailure: results.map((r) => r.firstFailure).find(Boolean) ?? "",
    streamStatuses: results.reduce<Record<number, number>>((all, r) => {
      for (const [k, n] of Object.entries(r.streamStatuses)) all[Number(k)] = (all[Number(k)] ?? 0) + n;
      return all;
    }, {}),
  };
}
