import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number | "self"): number {
  return statSeconds(`/proc/${pid}/stat`);
}

/** CPU seconds of each thread of a process, by thread id (/proc/<pid>/task/<tid>/stat); the main thread's is the pid. */
function threadSeconds(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        out.set(Number(tid), statSeconds(`/proc/${pid}/task/${tid}/stat`));
      } catch {
        // the thread ended
      }
    }
  } catch {
    // the process ended
  }
  return out;
}

function statSeconds(path: string): number {
  const stat = readFileSync(path, "utf8");
  // Fields after the command name (which may hold spaces) start at ") ".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/**
 * The whole machine's CPU seconds from /proc/stat, summed over its cores: busy (user, nice, system, irq, softirq)
 * and stolen (the hypervisor ran another guest while this one wanted a core).
 */
function machineCpuSeconds(): { busy: number; steal: number } {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n", 1)[0]!
    .trim()
    .split(/\s+/)
    .map(Number);
  return { busy: (user! + nice! + system! + irq! + softirq!) / TICKS, steal: (steal ?? 0) / TICKS };
}

/**
 * Watches the whole machine over a measured window: its busy CPU and the CPU stolen from it, in % of one core. What
 * the bench's processes did not use of the busy CPU was other work competing with them (a neighbour).
 */
export function watchMachine(): () => { busyPercent: number; stealPercent: number } {
  const t0 = performance.now();
  const at0 = machineCpuSeconds();
  return () => {
    const seconds = (performance.now() - t0) / 1000;
    const at1 = machineCpuSeconds();
    return {
      busyPercent: +((100 * (at1.busy - at0.busy)) / seconds).toFixed(1),
      stealPercent: +((100 * (at1.steal - at0.steal)) / seconds).toFixed(1),
    };
  };
}

/** Resident memory of a process in MB, from /proc/<pid>/status. */
function rssMb(pid: number | "self"): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : 0;
}

/** A process and its descendants (a clustered server's workers), from /proc/<pid>/task/<tid>/children. */
function processTree(pid: number | "self"): Array<number | "self"> {
  const out: Array<number | "self"> = [pid];
  for (let i = 0; i < out.length; i += 1) {
    const p = out[i]!;
    try {
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${task}/children`, "utf8").trim();
        if (children) out.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // the process ended
    }
  }
  return out;
}

/**
 * Watches processes during a measured window: CPU used over it (% of one core) and the largest RSS seen, each
 * summed over the process and its descendants (a server of several processes counts whole).
 */
export interface Usage {
  cpuPercent: number;
  maxRssMb: number;
  /**
   * Of the process itself (not its descendants), % of one core: its main thread, and its busiest other thread (a
   * one-process server's snap writer, decision 0031). Whether a server uses both cores shows here.
   */
  mainThreadPercent: number | null;
  busiestOtherThreadPercent: number | null;
}

export function watch(pids: Array<number | "self">): () => Usage[] {
  const t0 = performance.now();
  const safe = <T>(f: () => T, fallback: T): T => {
    try {
      return f();
    } catch {
      return fallback; // the process ended
    }
  };
  type Pid = number | "self";
  const treeOf = (p: Pid): Pid[] => (p === "self" ? ["self"] : processTree(p));
  const cpu0: Array<Map<Pid, number>> = pids.map(
    (p) => new Map(treeOf(p).map((q): [Pid, number] => [q, safe(() => cpuSeconds(q), 0)])),
  );
  /** CPU at the last look, per process of each tree: a worker that ended during the window keeps its share. */
  const last: Array<Map<Pid, number>> = cpu0.map((m) => new Map(m));
  const rssNow = (p: Pid): number => treeOf(p).reduce((sum: number, q) => sum + safe(() => rssMb(q), 0), 0);
  const maxRss: number[] = pids.map((p) => rssNow(p));
  const look = () =>
    pids.forEach((p, i) => {
      for (const q of treeOf(p))
        last[i]!.set(
          q,
          safe(() => cpuSeconds(q), last[i]!.get(q) ?? 0),
        );
      maxRss[i] = Math.max(maxRss[i]!, rssNow(p));
    });
  const threads0 = pids.map((p) => (p === "self" ? null : threadSeconds(p)));
  const timer = setInterval(look, 1_000);
  return () => {
    clearInterval(timer);
    look();
    const seconds = (performance.now() - t0) / 1000;
    const percent = (cpu: number) => +((100 * cpu) / seconds).toFixed(1);
    return pids.map((p, i) => {
      let used = 0;
      for (const [q, now] of last[i]!) used += now - (cpu0[i]!.get(q) ?? 0);
      let main: number | null = null;
      let busiest: number | null = null;
      const before = threads0[i];
      if (before && p !== "self") {
        for (const [tid, now] of threadSeconds(p)) {
          const share = percent(now - (before.get(tid) ?? 0));
          if (tid === p) main = share;
          else busiest = Math.max(busiest ?? 0, share);
        }
      }
      return {
        cpuPercent: percent(used),
        maxRssMb: +maxRss[i]!.toFixed(0),
        mainThreadPercent: main,
        busiestOtherThreadPercent: busiest,
      };
    });
  };
}
