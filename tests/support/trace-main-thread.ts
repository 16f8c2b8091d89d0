/**
 * How long a page's main thread ran, and how long its tasks took, in a Chromium trace (a Lighthouse run's
 * `artifacts.Trace`, or a DevTools recording). Each complete event carries its wall time (`dur`) and the time its
 * thread was on a CPU (`tdur`); a task that waited for a CPU part of the way takes more of the first than the second.
 * Lighthouse's simulated Total Blocking Time multiplies each task's wall time by its CPU slowdown (4 for mobile), so on
 * a host whose CPUs are busy with other threads the wait is multiplied too (docs/lighthouse.md, issue #35).
 */

export interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadLoad {
  /** Top-level tasks of the page's main thread from the navigation on. */
  tasks: number;
  /** Their wall time, in ms. */
  wallMs: number;
  /** The time the thread was on a CPU in them, in ms. */
  cpuMs: number;
  /** Σ max(0, wall × slowdown − 50 ms): blocking time as the tasks took it on this host. */
  blockingFromWallMs: number;
  /** Σ max(0, CPU × slowdown − 50 ms): the same had the thread never waited for a CPU. */
  blockingFromCpuMs: number;
}

/**
 * The page's main thread, as "pid:tid": the CrRendererMain thread with the most task time of a process named
 * "Renderer". Chromium's own WebUI renderers (the omnibox popup headless Chromium 156 starts is a "WebUI Top
 * Renderer") are not the page. Undefined when the trace has none.
 */
export function pageMainThread(events: readonly TraceEvent[]): string | undefined {
  const threadNames = new Map<string, string>();
  const processNames = new Map<number | undefined, string>();
  for (const e of events) {
    if (e.ph === "M" && e.name === "thread_name") threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
    if (e.ph === "M" && e.name === "process_name") processNames.set(e.pid, e.args?.name ?? "");
  }
  const taskTime = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (
      e.ph === "X" &&
      e.name === "RunTask" &&
      threadNames.get(key) === "CrRendererMain" &&
      processNames.get(e.pid) === "Renderer"
    )
      taskTime.set(key, (taskTime.get(key) ?? 0) + (e.dur ?? 0));
  }
  return [...taskTime].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * The top-level tasks of the main thread `key` ("pid:tid") in `events`, from its first navigationStart on (all of
 * them when it has none).
 */
export function mainThreadTasks(events: readonly TraceEvent[], key: string): TraceEvent[] {
  const starts = events
    .filter((e) => e.name === "navigationStart" && `${e.pid}:${e.tid}` === key)
    .map((e) => e.ts ?? 0);
  const from = starts.length > 0 ? Math.min(...starts) : -Infinity;
  return events.filter(
    (e) => e.ph === "X" && e.name === "RunTask" && `${e.pid}:${e.tid}` === key && (e.ts ?? 0) >= from,
  );
}

/**
 * The main thread's load in `events` (pageMainThread's), counted from its first navigationStart. Null when the trace
 * has no such thread.
 */
export function mainThreadLoad(events: readonly TraceEvent[], slowdown = 4): MainThreadLoad | null {
  const key = pageMainThread(events);
  if (key === undefined) return null;
  const tasks = mainThreadTasks(events, key);
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  const blocking = (time: number) => Math.max(0, time * slowdown - 50);
  return {
    tasks: tasks.length,
    wallMs: tasks.reduce((s, e) => s + ms(e.dur), 0),
    cpuMs: tasks.reduce((s, e) => s + ms(e.tdur), 0),
    blockingFromWallMs: tasks.reduce((s, e) => s + blocking(ms(e.dur)), 0),
    blockingFromCpuMs: tasks.reduce((s, e) => s + blocking(ms(e.tdur)), 0),
  };
}
