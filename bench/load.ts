import { loadavg } from "node:os";
import autocannon from "autocannon";
import type { Kysely } from "kysely";
import type { DB, NewEventRecord } from "../src/server/db/schema.js";

/** One measured run. Latencies are exact (per response, from autocannon's response events), in ms. */
export interface Measurement {
  connections: number;
  seconds: number;
  /** 2xx answers (or committed inserts). */
  ok: number;
  /** Anything else: non-2xx answers, socket errors, timeouts. */
  failed: number;
  /** ok per second. */
  perSecond: number;
  p50: number;
  p99: number;
  mean: number;
  /** 1-minute load average when the run started (the machine is shared). */
  load: number;
  /** First failure seen, to show in the report. */
  failure?: string;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

function summarize(
  times: number[],
  connections: number,
  seconds: number,
  failed: number,
  load: number,
  failure?: string,
): Measurement {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    connections,
    seconds,
    ok: times.length,
    failed,
    perSecond: times.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: sorted.reduce((s, t) => s + t, 0) / (sorted.length || 1),
    load,
    ...(failure ? { failure } : {}),
  };
}

export interface HttpRun {
  url: string;
  path: string;
  method?: "GET" | "POST";
  headers: Record<string, string>;
  /** A fresh body per request (POST). */
  body?: () => string;
  connections: number;
  duration: number;
  /** Seconds of an unrecorded run first (JIT, caches, connection setup). 0 for none. */
  warmup: number;
  /** Seconds to wait for one answer. */
  timeout?: number;
}

async function cannon(run: HttpRun, duration: number): Promise<{ times: number[]; result: autocannon.Result }> {
  const times: number[] = [];
  const makeBody = run.body;
  const instance = autocannon({
    url: run.url,
    connections: run.connections,
    duration,
    timeout: run.timeout ?? 60,
    requests: [
      {
        method: run.method ?? "GET",
        path: run.path,
        headers: run.headers,
        ...(makeBody
          ? {
              setupRequest: (request: autocannon.Request) => {
                request.body = makeBody();
                return request;
              },
            }
          : {}),
      },
    ],
  });
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  return { times, result };
}

/** Runs autocannon against one endpoint: a warm-up, then the measured run. */
export async function measureHttp(run: HttpRun): Promise<Measurement> {
  if (run.warmup > 0) await cannon(run, run.warmup);
  const load = loadavg()[0]!;
  const { times, result } = await cannon(run, run.duration);
  const failed = result.non2xx + result.errors + result.timeouts;
  const failure = failed
    ? `non-2xx ${result.non2xx} (${Object.keys(result.statusCodeStats).join(",")}), errors ${result.errors}, timeouts ${result.timeouts}`
    : undefined;
  return summarize(times, run.connections, result.duration, failed, load, failure);
}

/**
 * The engine's own ceiling for durable single-row writes: `clients` async workers, each inserting one event row
 * per statement, each statement its own (autocommit) transaction, through the same openDatabase() the server
 * uses (SQLite: WAL + synchronous=FULL, one connection; PostgreSQL: default fsync, a pool of `clients`).
 */
export async function measureRawInserts(
  db: Kysely<DB>,
  clients: number,
  seconds: number,
  row: () => NewEventRecord,
): Promise<Measurement> {
  const load = loadavg()[0]!;
  const times: number[] = [];
  let failed = 0;
  let failure: string | undefined;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await db.insertInto("events").values(row()).execute();
          times.push(performance.now() - t0);
        } catch (error) {
          failed++;
          failure ??= String(error);
        }
      }
    }),
  );
  return summarize(times, clients, (performance.now() - started) / 1000, failed, load, failure);
}
