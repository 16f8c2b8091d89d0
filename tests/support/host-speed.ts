import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";

/*
 * How much slower this host is than the machine the suite's waits were written on (docs/testing.md, "Slow hosts").
 *
 * The end-to-end and integration suites wait for conditions, and a condition needs a deadline. A fixed 7 s deadline
 * written on a quiet two-core machine fails on a host that does the same work two or three times slower (a busy
 * kernel, a shared CI runner, the suite pinned to one core), although nothing is broken. So every deadline is the
 * quiet machine's figure times this factor:
 *
 *   factor = clamp(median(workload time) / REFERENCE_MS, 1, 4) × (2 / usable cores, when fewer than 2)
 *
 * - The workload is a fixed piece of CPU-bound JavaScript (string building, hashing arithmetic, array sorting: the
 *   kind of work a test runner, a server and a renderer do) run seven times; the median resists a single hiccup
 *   while still seeing a host that is busy all the time.
 * - The cores term: the suite runs the server, Chromium and the runner's workers at once. With one usable core
 *   (`taskset -c 0`, a one-vCPU runner) they share it, so each waits about twice as long for the CPU even when the
 *   core itself is as fast as the reference. `os.availableParallelism()` follows the process's CPU affinity.
 * - FLAGLINE_HOST_FACTOR overrides the measurement (a number ≥ 1) for a host the probe misjudges; the measured value
 *   is also handed to child processes through it, so Playwright's workers and Vitest's forks use the factor the
 *   main process measured instead of measuring again while the suite already loads the machine.
 */

/** Median time of the workload on the quiet two-core development machine (2026-11-26: 17.2-19.4 ms per run, a core to itself). */
export const REFERENCE_MS = 17;
/** Past this the host is too slow for the suite to be meaningful; deadlines stop growing. */
const MAX_FACTOR = 4;
const ENV = "FLAGLINE_HOST_FACTOR";

/** One run of the fixed workload; returns a value so the engine cannot drop the work. */
function workload(): number {
  let text = "";
  for (let i = 0; i < 20_000; i++) text += String.fromCharCode(97 + (i % 26));
  let hash = 0;
  for (let i = 0; i < 400_000; i++) hash = (Math.imul(hash ^ i, 0x5bd1e995) + text.charCodeAt(i % text.length)) | 0;
  const values = Array.from({ length: 30_000 }, (_, i) => (i * 7919) % 30_011);
  values.sort((a, b) => a - b);
  return hash ^ values[values.length >> 1]! ^ text.length;
}

/** Milliseconds of each of `runs` runs of the workload (after one warm-up run). */
export function sampleWorkload(runs = 7): number[] {
  let sink = workload();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    sink ^= workload();
    times.push(performance.now() - start);
  }
  if (sink === 0.5) times.push(0); // never true: keeps `sink` alive
  return times;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/** The factor from a measured workload time and the usable cores (pure, for the unit test). */
export function factorFrom(medianMs: number, cores: number): number {
  const cpu = Math.min(MAX_FACTOR, Math.max(1, medianMs / REFERENCE_MS));
  const sharing = cores >= 2 ? 1 : 2;
  return Math.round(cpu * sharing * 100) / 100;
}

/** Reads an override or an inherited measurement: a finite number ≥ 1, else undefined. */
export function parseFactor(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 1 ? n : undefined;
}

/**
 * The host's factor: taken from FLAGLINE_HOST_FACTOR when set, else measured once and written there for child
 * processes.
 */
export function hostFactor(): number {
  const given = parseFactor(process.env[ENV]);
  if (given !== undefined) return given;
  const factor = factorFrom(median(sampleWorkload()), availableParallelism());
  process.env[ENV] = String(factor);
  return factor;
}

/** A deadline written for the quiet reference machine, stretched for this host. */
export function scaled(ms: number, factor = hostFactor()): number {
  return Math.round(ms * factor);
}
