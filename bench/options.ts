import type { Engine } from "../src/server/db/index.js";
import { defaultPgUrl, walkFlags } from "./flags.js";

/** What one `npm run bench` does. Everything has a default; see usage() for the flags. */
export interface BenchOptions {
  quick: boolean;
  engines: Engine[];
  /** Event counts of the measured teams (one team per size, each with `players` players). */
  sizes: number[];
  /** Players of each measured team. */
  players: number;
  /** Background teams (so the summary query runs among many teams), their players and events per player. */
  backgroundTeams: number;
  backgroundPlayers: number;
  backgroundEventsPerPlayer: number;
  /** Seconds per measurement, and of the warm-up run before each. */
  duration: number;
  warmup: number;
  /** Connections of the throughput runs of reads (latency runs use 1). */
  readConnections: number;
  /** Concurrent clients of the write runs and of the raw insert loop. */
  writeClients: number;
  /** Admin URL of the PostgreSQL server a fresh flagline_bench_<random> database is made on. */
  pgUrl: string;
  /** Run the server from source (tsx) instead of the bundle the bench makes of the working tree. */
  fromSource: boolean;
  /** LOG_LEVEL of the servers under test. */
  logLevel: string;
  /** Recount every counter from the events after generating (checkIntegrity); 20 s or so at full size. */
  check: boolean;
  /** Where results (JSON and markdown) are written. */
  outDir: string;
}

function usage(): string {
  return `npm run bench [-- options]

  --quick                  small run for development: 10k events, 100 background teams, 2 s per measurement
  --engines sqlite,postgres which engines to measure (default both; also "sqlite" or "postgres")
  --sizes 100000,1000000   event counts of the measured teams
  --duration 10            seconds per measurement (after a warm-up run of --warmup seconds)
  --warmup 2
  --connections 10         connections of the read throughput runs (latency runs use 1)
  --clients 50             concurrent clients of the write runs and of the raw insert loop
  --pg-url URL             PostgreSQL admin URL (default $BENCH_DATABASE_URL, $TEST_DATABASE_URL or
                           postgres://postgres@127.0.0.1:5432/postgres); a fresh database is made and dropped
  --from-source            run src/server/main.ts with tsx instead of bundling the working tree (esbuild)
  --check                  recount every counter from the generated events (always on with --quick)
  --log-level info         LOG_LEVEL of the servers under test (production default: info)
  --out bench/results      where results.json and results.md go
`;
}

function list(value: string): string[] {
  return value
    .split(/[,|]/)
    .map((v) => v.trim())
    .filter(Boolean);
}

function positiveInt(name: string, value: string): number {
  const n = Number(value.replace(/_/g, ""));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

export function parseOptions(argv: readonly string[]): BenchOptions {
  const quick = argv.includes("--quick");
  const opts: BenchOptions = {
    quick,
    engines: ["sqlite", "postgres"],
    sizes: quick ? [10_000] : [100_000, 1_000_000],
    players: 100,
    backgroundTeams: quick ? 100 : 1_000,
    backgroundPlayers: 20,
    backgroundEventsPerPlayer: quick ? 5 : 10,
    duration: quick ? 2 : 10,
    warmup: quick ? 0.5 : 2,
    readConnections: 10,
    writeClients: 50,
    pgUrl: defaultPgUrl(),
    fromSource: false,
    logLevel: "info",
    check: quick,
    outDir: "bench/results",
  };
  walkFlags(argv, usage, opts, (flag, value) => {
    switch (flag) {
      case "--engines": {
        const engines = list(value());
        for (const e of engines) if (e !== "sqlite" && e !== "postgres") throw new Error(`unknown engine "${e}"`);
        opts.engines = engines as Engine[];
        return true;
      }
      case "--sizes":
        opts.sizes = list(value()).map((v) => positiveInt("--sizes", v));
        return true;
      case "--duration":
        opts.duration = positiveInt(flag, value());
        return true;
      case "--warmup": {
        const v = value();
        opts.warmup = Number(v);
        if (!Number.isFinite(opts.warmup) || opts.warmup < 0)
          throw new Error(`--warmup must be seconds >= 0, got "${v}"`);
        return true;
      }
      case "--connections":
        opts.readConnections = positiveInt(flag, value());
        return true;
      case "--clients":
        opts.writeClients = positiveInt(flag, value());
        return true;
      case "--check":
        opts.check = true;
        return true;
      case "--from-source":
        opts.fromSource = true;
        return true;
      default:
        return false;
    }
  });
  if (opts.sizes.length === 0) throw new Error("--sizes needs at least one size");
  opts.sizes.sort((a, b) => a - b);
  return opts;
}
