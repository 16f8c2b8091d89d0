import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/server/support/free-port.js";
import { testConfig } from "#tests/server/support/test-client.js";
import { databaseUrl, POSTGRES_MARKER, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createAuth } from "../auth/index.js";
import { seedDemo } from "../demo/seed.js";
import { readManifest } from "./folders.js";

/*
 * npm run backup and npm run restore on PostgreSQL: pg_dump of a seeded database, restored into a fresh one, the
 * integrity check passing there and every table holding the same rows. Runs with TEST_DATABASE_URL only.
 */

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL;
const postgres = testEngines().find((e) => e.engine === "postgres");

function script(name: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
    env: { ...process.env, STORAGE: "disk", ...env },
  });
}

/** The scripts' failures: exit code and output, for expect. */
const failure = (e: { code: number; stdout: string; stderr: string }) => e;

async function onAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Every table's rows as one checksum each: equal checksums, equal data. */
async function tableChecksums(url: string): Promise<Record<string, string>> {
  return onAdmin(url, async (client) => {
    const { rows: tables } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    const sums: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string; sum: string | null }>(
        `select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as sum from "${name}" t`,
      );
      sums[name] = `${rows[0]!.n}:${rows[0]!.sum ?? ""}`;
    }
    return sums;
  });
}

describe.skipIf(!postgres)("npm run backup / npm run restore on PostgreSQL", () => {
  const root = mkdtempSync(join(tmpdir(), "flagline-pg-backup-"));
  const fresh = `flagline_t_${randomBytes(6).toString("hex")}`;
  let source: TestDatabase;
  let freshUrl: string;
  let port: string;

  beforeAll(async () => {
    source = await postgres!.create();
    const auth = createAuth(source, testConfig(), null);
    expect(await seedDemo(source.db, auth, { weeks: 2 })).not.toBeNull();
    mkdirSync(join(root, "data", "uploads", "photos"), { recursive: true });
    writeFileSync(join(root, "data", "uploads", "photos", "a.webp"), "image bytes");
    await onAdmin(adminUrl!, (c) => c.query(`CREATE DATABASE "${fresh}"`));
    freshUrl = databaseUrl(adminUrl!, fresh);
    port = String(await freePort());
    appendFileSync(POSTGRES_MARKER, `${new Date().toISOString()} ${fresh} backup and restore\n`);
  });
  afterAll(async () => {
    await source?.cleanup();
    await onAdmin(adminUrl!, (c) => c.query(`DROP DATABASE IF EXISTS "${fresh}" WITH (FORCE)`));
    rmSync(root, { recursive: true, force: true });
  });

  it("dumps the database and the uploads, restores them into a fresh database that passes the integrity check", async () => {
    const sourceUrl = (source.env as { DATABASE_URL: string }).DATABASE_URL;
    const out = join(root, "backup");
    const made = await script("backup", ["--out", out], { DATABASE_URL: sourceUrl, DATA_DIR: join(root, "data") });
    expect(made.stdout).toContain("Backup written to");
    const manifest = readManifest(out)!;
    expect(manifest).toMatchObject({
      format: "flagline-backup/1",
      engine: "postgres",
      madeBy: "npm run backup",
      teams: 1,
      profiles: 13,
      uploads: "copied",
      postgres: { server: expect.any(Number) as number },
    });
    expect(manifest.events).toBeGreaterThan(0);

    const target = { DATABASE_URL: freshUrl, DATA_DIR: join(root, "restored"), PORT: port };
    const restored = await script("restore", [out], target);
    expect(restored.stdout).toContain("Counters check out against the events.");
    expect(readFileSync(join(root, "restored", "uploads", "photos", "a.webp"), "utf8")).toBe("image bytes");

    const check = await script("check-integrity", [], { DATABASE_URL: freshUrl });
    expect(check.stdout).toContain("OK: every counter and tally equals a recount");
    expect(await tableChecksums(freshUrl)).toEqual(await tableChecksums(sourceUrl));

    // The database now holds Flagline: a second restore is refused without --force, and replaces it with it,
    // after saving what was there.
    const refused = await script("restore", [out], target).catch(failure);
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toContain("is not empty");
    const forced = await script("restore", [out, "--force"], target);
    expect(forced.stdout).toMatch(/The data it replaced is kept in .*pre-restore-/);
    expect(await tableChecksums(freshUrl)).toEqual(await tableChecksums(sourceUrl));
  }, 120_000);

  it("says in the manifest and on screen that files in S3 are not in the backup", async () => {
    const sourceUrl = (source.env as { DATABASE_URL: string }).DATABASE_URL;
    const out = join(root, "backup-s3");
    const made = await script("backup", ["--out", out], {
      DATABASE_URL: sourceUrl,
      DATA_DIR: join(root, "data"),
      STORAGE: "s3",
      S3_BUCKET: "team-photos",
    });
    expect(made.stdout).toContain('Note: Uploaded files are in the S3 bucket "team-photos"');
    expect(readManifest(out)).toMatchObject({ engine: "postgres", uploads: "s3", note: expect.stringContaining("S3") });
  }, 60_000);

  it("refuses with a clear message when pg_dump is missing or older than the server", async () => {
    const sourceUrl = (source.env as { DATABASE_URL: string }).DATABASE_URL;
    const bin = join(root, "old-bin");
    mkdirSync(bin, { recursive: true });
    const env = { DATABASE_URL: sourceUrl, DATA_DIR: join(root, "data"), PG_BIN: bin };
    const missing = await script("backup", ["--out", join(root, "never-1")], env).catch(failure);
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining("pg_dump was not found") });
    writeFileSync(join(bin, "pg_dump"), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
    const old = await script("backup", ["--out", join(root, "never-2")], env).catch(failure);
    expect(old).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/pg_dump 9\.6\.24 is older than the PostgreSQL \d+ server/),
    });
  }, 60_000);
});
