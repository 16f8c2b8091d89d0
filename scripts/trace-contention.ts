/**
 * Who held the CPUs while a page's main thread ran its long tasks (issue #35, docs/lighthouse.md).
 *
 * Lighthouse multiplies each main-thread task's wall time by its CPU slowdown, so a task that waits for a CPU counts
 * four times what it waited. A trace says how long the page's thread was on a CPU (`tdur`), not who had the CPUs
 * meanwhile: the kernel's scheduler does. Record every context switch of the machine around a Lighthouse run, then
 * give this script the run's trace and the switches:
 *
 *   perf record -k CLOCK_MONOTONIC -e sched:sched_switch -a -o sched.data &   # before the run; stop it with SIGINT
 *   LIGHTHOUSE_RUNS=1 LIGHTHOUSE_SAVE=dir LIGHTHOUSE_PAGES=/coach/dashboard npx tsx scripts/lighthouse.ts
 *   perf script -i sched.data -F comm,pid,tid,cpu,time,trace > sched.txt
 *   npx tsx scripts/trace-contention.ts dir/_coach_dashboard-0.trace.json sched.txt [min task ms, 12.5]
 *
 * It prints, for the main thread's tasks longer than the given wall time (12.5 ms: 50 ms at Lighthouse's 4x), each
 * process's CPU time inside them and its busiest threads, with the trace's name for Chromium's processes. Chromium's
 * trace clock is CLOCK_MONOTONIC on Linux, which `-k CLOCK_MONOTONIC` gives perf's timestamps too. Needs Debian's
 * linux-perf and root (or kernel.perf_event_paranoid <= -1).
 */
import { readFileSync } from "node:fs";
import { mainThreadTasks, pageMainThread, type TraceEvent } from "../tests/support/trace-main-thread.js";

const [tracePath, schedPath, minTask = "12.5"] = process.argv.slice(2);
if (!tracePath || !schedPath) {
  console.error("usage: tsx scripts/trace-contention.ts <run>.trace.json <perf script output> [min task ms]");
  process.exit(2);
}

const parsed = JSON.parse(readFileSync(tracePath, "utf8")) as TraceEvent[] | { traceEvents: TraceEvent[] };
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
const main = pageMainThread(events);
if (!main) throw new Error("the trace has no page main thread");
const [mainPid] = main.split(":").map(Number);
const processNames = new Map<number, string>();
for (const e of events)
  if (e.ph === "M" && e.name === "process_name" && e.pid !== undefined) processNames.set(e.pid, e.args?.name ?? "");

const tasks = mainThreadTasks(events, main)
  .filter((e) => (e.dur ?? 0) > Number(minTask) * 1000)
  .map((e) => ({ from: e.ts!, to: e.ts! + e.dur!, cpu: e.tdur ?? 0 }))
  .sort((a, b) => a.from - b.from);

/** What ran on each CPU and when: a switch ends the running thread's slice, which began at the CPU's last switch. */
interface Slice {
  from: number;
  to: number;
  pid: number;
  thread: string;
}
const slices: Slice[] = [];
const lastSwitch = new Map<number, number>();
const line = /^\s*(.*?)\s+(\d+)\/(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+prev_comm=/;
for (const text of readFileSync(schedPath, "utf8").split("\n")) {
  const m = line.exec(text);
  if (!m) continue;
  const cpu = Number(m[4]);
  const at = Number(m[5]) * 1e6;
  const from = lastSwitch.get(cpu);
  if (from !== undefined) slices.push({ from, to: at, pid: Number(m[2]), thread: m[1]! });
  lastSwitch.set(cpu, at);
}
slices.sort((a, b) => a.from - b.from);

if (slices.length === 0 || tasks.length === 0) throw new Error("no context switches, or no long task, to compare");

const byProcess = new Map<number, { total: number; threads: Map<string, number> }>();
let wall = 0;
let start = 0;
for (const task of tasks) {
  wall += task.to - task.from;
  while (start < slices.length && slices[start]!.to <= task.from) start++;
  for (let i = start; i < slices.length && slices[i]!.from < task.to; i++) {
    const s = slices[i]!;
    const overlap = Math.min(s.to, task.to) - Math.max(s.from, task.from);
    if (overlap <= 0) continue;
    const entry = byProcess.get(s.pid) ?? { total: 0, threads: new Map<string, number>() };
    entry.total += overlap;
    entry.threads.set(s.thread, (entry.threads.get(s.thread) ?? 0) + overlap);
    byProcess.set(s.pid, entry);
  }
}

const ms = (us: number) => (us / 1000).toFixed(1);
const cpuOfTasks = tasks.reduce((sum, t) => sum + t.cpu, 0);
console.log(
  `page main thread ${main}: ${tasks.length} tasks over ${minTask} ms, ${ms(wall)} ms of wall time, ` +
    `${ms(cpuOfTasks)} ms of it on a CPU (trace); the machine's CPUs held ${ms(wall * new Set(lastSwitch.keys()).size)} ms`,
);
for (const [pid, { total, threads }] of [...byProcess].sort((a, b) => b[1].total - a[1].total).slice(0, 20)) {
  const name =
    pid === 0
      ? "idle"
      : pid === mainPid
        ? "the page's renderer"
        : (processNames.get(pid) ?? `not in the trace (${[...threads.keys()][0]})`);
  const busiest = [...threads]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([thread, us]) => `${thread} ${ms(us)}`)
    .join(", ");
  console.log(`${String(pid).padStart(7)}  ${ms(total).padStart(7)} ms  ${name}: ${busiest}`);
}
