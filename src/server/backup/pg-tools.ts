import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { BackupError } from "./folders.js";

/*
 * pg_dump and pg_restore, PostgreSQL's own tools, found on PATH or in PG_BIN (a folder such as
 * /usr/lib/postgresql/16/bin when several versions are installed). Neither works against a server newer than
 * itself, so each is checked before it runs: a clear message instead of pg_dump's "server version mismatch".
 */

const run = promisify(execFile);

export type PgTool = "pg_dump" | "pg_restore";

export interface PgToolInfo {
  path: string;
  /** 15.4 */
  version: string;
  major: number;
}

function installHint(tool: PgTool, major: number): string {
  return (
    `Install PostgreSQL's client tools, version ${major} or newer (Debian/Ubuntu: apt install postgresql-client-${major}), ` +
    `or set PG_BIN to the folder holding ${tool}.`
  );
}

/** "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)" → 15.20, major 15; 9.6.24 → major 9. */
export function parsePgToolVersion(output: string): { version: string; major: number } | null {
  const m = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(output);
  if (!m) return null;
  return { version: [m[1], m[2], m[3]].filter((p) => p !== undefined).join("."), major: Number(m[1]) };
}

/** Finds `tool` and checks it can work with a server of major version `serverMajor`; a BackupError says why not. */
export async function requirePgTool(
  tool: PgTool,
  serverMajor: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PgToolInfo> {
  const path = env.PG_BIN ? join(env.PG_BIN, tool) : tool;
  let output: string;
  try {
    output = (await run(path, ["--version"])).stdout;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EACCES")
      throw new BackupError(`${tool} was not found (${path}). ${installHint(tool, serverMajor)}`);
    throw new BackupError(`${path} --version failed: ${(error as Error).message}`);
  }
  const parsed = parsePgToolVersion(output);
  if (!parsed) throw new BackupError(`Could not read ${tool}'s version from "${output.trim()}".`);
  if (parsed.major < serverMajor) {
    throw new BackupError(
      `${tool} ${parsed.version} is older than the PostgreSQL ${serverMajor} server, which it cannot work with. ` +
        installHint(tool, serverMajor),
    );
  }
  return { path, ...parsed };
}

/**
 * How the tools reach the database of `url`: the address without its password on the command line (where `ps`
 * would show it), the password in PGPASSWORD.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function runTool(path: string, args: string[], env: NodeJS.ProcessEnv, what: string): Promise<void> {
  try {
    await run(path, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim();
    throw new BackupError(`${what} failed: ${stderr || (error as Error).message}`);
  }
}

/** pg_dump's custom format of the database of `url` as it was in `snapshot` (db/pg-backup.ts) into `file`. */
export async function pgDump(tool: PgToolInfo, url: string, file: string, snapshot: string): Promise<void> {
  const { dbname, env } = connection(url);
  await runTool(
    tool.path,
    ["--format=custom", "--no-password", `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`],
    env,
    "pg_dump",
  );
}

/**
 * pg_restore of `file` into the database of `url`: what the dump holds is dropped first when it exists (--clean
 * --if-exists), owners and grants are left to whoever restores (--no-owner --no-acl: the roles of the old server
 * may not exist here), and all of it in one transaction, so a failure leaves the database as it was.
 */
export async function pgRestore(tool: PgToolInfo, url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await runTool(
    tool.path,
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-acl",
      "--single-transaction",
      "--exit-on-error",
      "--no-password",
      `--dbname=${dbname}`,
      file,
    ],
    env,
    "pg_restore",
  );
}
