import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase, type Engine } from "../src/server/db/index.js";
import { freePort } from "#tests/server/support/free-port.js";
import { adminQuery, databaseUrl as databaseUrlOf } from "#tests/server/support/test-database.js";
import { bundleWorkingTree } from "./saturday/bundles.js";

/** A server under test, running as a child process (like scripts/durability.ts starts Flagline). */
export interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export { freePort };

/**
 * How the real server is started: the working tree's server bundled as build:server does (esbuild, a second or
 * two) into node_modules/.cache/flagline-bench/current/, where its external packages still resolve from
 * node_modules and neither git nor ESLint look; so a stale or half-rebuilt dist/ cannot be what is measured. When
 * the bundle cannot be made (someone's edit in progress), the source with tsx.
 */
export function realServerCommand(fromSource: boolean): { args: string[]; describe: string } {
  if (!fromSource) {
    try {
      const bundle = bundleWorkingTree();
      const head = execFileSync("git", ["rev-parse", "--short", "HEAD"]).toString().trim();
      return {
        args: ["--enable-source-maps", bundle],
        describe: `node ${path.relative(process.cwd(), bundle)} (the working tree at ${head}, bundled by the bench)`,
      };
    } catch (error) {
      process.stderr.write(`bundling the server failed, running it from source: ${String(error)}\n`);
    }
  }
  return { args: ["--import", "tsx", "src/server/main.ts"], describe: "node --import tsx src/server/main.ts" };
}

export function tsxCommand(script: string): string[] {
  return ["--import", "tsx", script];
}

/**
 * The node flags `npm run serve` (and so `npm start`) runs the server with, e.g. the young generation's size
 * (decision 0019): every server the bench starts runs with them, so it measures what an install runs.
 */
function servedNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    scripts: Record<string, string>;
  };
  const flags = /^node((?: --\S+)*) /.exec(pkg.scripts.serve ?? "")?.[1] ?? "";
  return flags.split(" ").filter(Boolean);
}

/** Starts `node ...args` with env on `port` (default: a free one) and resolves once GET /api/health answers 200. */
export async function startProcess(args: string[], env: Record<string, string>, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the servers under test (node refuses
  // --cpu-prof in NODE_OPTIONS, which would profile the bench itself too).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...servedNodeFlags(), ...nodeArgs, ...args], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), PUBLIC_URL: url, ...env },
    // The request log goes nowhere (as to a log collector); errors are kept for the report.
    stdio: ["ignore", process.env.BENCH_SERVER_STDOUT ? "pipe" : "ignore", "pipe"],
  });
  // BENCH_SERVER_STDOUT=<file> keeps the servers' standard output (the request log, --trace-gc lines) there.
  if (process.env.BENCH_SERVER_STDOUT)
    child.stdout!.pipe(createWriteStream(process.env.BENCH_SERVER_STDOUT, { flags: "a" }));
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (gone) throw new Error(`server (${args.join(" ")}) exited before it was up:\n${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server (${args.join(" ")}) did not come up in 60 s:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    pid: child.pid!,
    async stop() {
      if (gone) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function postJson(base: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** Signs a coach up through the API, joining the team by its coach invite code; returns the session cookie. */
export async function signUpCoach(base: string, inviteCode: string, email: string): Promise<string> {
  const res = await postJson(base, "/api/signup", {
    role: "coach",
    fullName: "Bench Coach",
    email,
    password: "bench-password-1",
    coachInviteCode: inviteCode,
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const cookie = cookieOf(res);
  if (!cookie) throw new Error("signup answered without a session cookie");
  return cookie;
}

export async function getJson(base: string, path: string, cookie: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${path}`, { headers: { cookie } });
  return { status: res.status, text: await res.text() };
}

/**
 * A fresh database on the engine: a new DATA_DIR `<dirPrefix><random>` in the system's temporary folder, and on
 * PostgreSQL a new database `<databasePrefix><random>` on the server at `pgUrl` (its URL returned); both removed by
 * what it pushes to `cleanups`. Migrated unless `migrate` is false (a server under test migrates its own).
 */
export async function freshDatabase(
  engine: Engine,
  options: {
    pgUrl: string;
    dirPrefix: string;
    databasePrefix: string;
    cleanups: Array<() => Promise<void> | void>;
    migrate?: boolean;
  },
): Promise<{ dataDir: string; databaseUrl?: string }> {
  const { pgUrl, cleanups } = options;
  const dataDir = mkdtempSync(path.join(tmpdir(), options.dirPrefix));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (engine === "postgres") {
    const name = `${options.databasePrefix}${randomBytes(5).toString("hex")}`;
    await adminQuery(pgUrl, `create database "${name}"`);
    cleanups.push(() => adminQuery(pgUrl, `drop database if exists "${name}" with (force)`));
    databaseUrl = databaseUrlOf(pgUrl, name);
  }
  if (options.migrate ?? true) {
    const database = openDatabase({ databaseUrl, dataDir });
    try {
      await migrateToLatest(database.db, database.engine);
    } finally {
      await database.close();
    }
  }
  return { dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
}
