import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number | "self"): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at ") ".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** Resident memory of a process in MB, from /proc/<pid>/status. */
function rssMb(pid: number | "self"): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : 0;
}

/** Watches processes during a measured window: CPU used over it (% of one core) and the largest RSS seen. */
export function watch(pids: Array<number | "self">): () => Array<{ cpuPercent: number; maxRssMb: number }> {
  const t0 = performance.now();
  const cpu0 = pids.map((p) => cpuSeconds(p));
  const maxRss = pids.map((p) => rssMb(p));
  const timer = setInterval(() => {
    pids.forEach((p, i) => {
      try {
        maxRss[i] = Math.max(maxRss[i]!, rssMb(p));
      } catch {
        // the process ended
      }
    });
  }, 1_000);
  return () => {
    clearInterval(timer);
    const seconds = (performance.now() - t0) / 1000;
    return pids.map((p, i) => {
      let used = 0;
      try {
        used = cpuSeconds(p) - cpu0[i]!;
        maxRss[i] = Math.max(maxRss[i]!, rssMb(p));
      } catch {
        // the process ended
      }
      return { cpuPercent: +((100 * used) / seconds).toFixed(1), maxRssMb: +maxRss[i]!.toFixed(0) };
    });
  };
}
