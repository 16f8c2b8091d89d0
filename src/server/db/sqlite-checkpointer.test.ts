import { execFile, execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startCheckpointer, type CheckpointFailure, type CheckpointResult } from "./sqlite-checkpointer.js";
import { openDatabase } from "./index.js";

/** Whether this machine lets the test mount a small file system it can fill (root in a container usually can). */
function canMountTmpfs(): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), "flagline-ckpt-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dir], { stdio: "ignore" });
    execFileSync("umount", [dir]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes `file` until the file system has no room left. */
function fillUp(file: string): void {
  const fd = openSync(file, "w");
  try {
    for (let n = 64 * 1024; n >= 1; n = Math.floor(n / 2)) {
      const chunk = Buffer.alloc(n, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as { code?: string }).code !== "ENOSPC") throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Waits until the worker's latest checkpoint copied every frame of the WAL into the database file. */
function everyFrameCheckpointed(results: CheckpointResult[]): Promise<void> {
  return vi.waitFor(
    () => {
      const last = results.at(-1);
      // (The WAL may have restarted from its start after an earlier checkpoint: frames, not rows.)
      expect(last?.log ?? 0).toBeGreaterThan(0);
      expect(last?.checkpointed).toBe(last?.log);
    },
    { timeout: 30_000, interval: 20 },
  );
}

describe("WAL checkpoints in a worker thread", () => {
  const dirs: string[] = [];
  const tempFile = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "flagline-ckpt-"));
    dirs.push(dir);
    return path.join(dir, "t.db");
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const openWal = (file: string) => {
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = FULL");
    sqlite.exec("create table t (id integer primary key, v text not null)");
    return sqlite;
  };
  const autocheckpoint = (sqlite: SQLite.Database) => sqlite.pragma("wal_autocheckpoint", { simple: true });

  it("takes checkpoints off the writing connection and copies every committed frame into the database file", async () => {
    const file = tempFile();
    const sqlite = openWal(file);
    const results: CheckpointResult[] = [];
    const checkpointer = startCheckpointer(sqlite, file, { intervalMs: 20, onCheckpoint: (r) => results.push(r) });
    try {
      // The writing connection never checkpoints by itself any more.
      expect(autocheckpoint(sqlite)).toBe(0);
      const insert = sqlite.prepare("insert into t (v) values (?)");
      // 1,500 commits: past the 1,000 pages at which the connection would have checkpointed inside a commit.
      for (let i = 0; i < 1500; i++) insert.run(`row ${i}`);
      await everyFrameCheckpointed(results);
    } finally {
      await checkpointer.stop();
    }
    // Gone: the connection checkpoints by itself again.
    expect(autocheckpoint(sqlite)).toBe(1000);
    sqlite.close();
  });

  it("a server database with the worker closes cleanly and keeps every write", async () => {
    const file = tempFile();
    const failures: unknown[] = [];
    const database = openDatabase({
      dataDir: path.dirname(file),
      sqlitePath: file,
      checkpointInWorker: { onFailure: (e) => failures.push(e) },
    });
    await database.db.schema.createTable("t").addColumn("v", "text").execute();
    for (let i = 0; i < 300; i++)
      await database.db
        .insertInto("t" as never)
        .values({ v: `r${i}` } as never)
        .execute();
    await database.close();
    expect(failures).toEqual([]);
    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare("select count(*) as n from t").get()).toEqual({ n: 300 });
    reopened.close();
  });

  // Issue #32: a full disk. A checkpoint copies the WAL's pages into the database file, which must grow: with no
  // room it fails (SQLITE_FULL). The worker must live through that and checkpoint once there is room again,
  // rather than die and leave the checkpoints to the server's own connection, inside its commits.
  it.skipIf(!canMountTmpfs())(
    "goes on after a checkpoint fails for want of room, and catches up once there is room",
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "flagline-ckpt-full-"));
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", dir]);
      const file = path.join(dir, "t.db");
      const ballast = path.join(dir, "ballast");
      const sqlite = openWal(file);
      try {
        // Rows that live only in the WAL: the connection does not checkpoint, and no worker runs yet.
        sqlite.pragma("wal_autocheckpoint = 0");
        const insert = sqlite.prepare("insert into t (v) values (?)");
        const filler = "x".repeat(1000);
        sqlite.transaction(() => {
          for (let i = 0; i < 1000; i++) insert.run(filler);
        })();
        fillUp(ballast);

        const results: CheckpointResult[] = [];
        const failed: CheckpointFailure[] = [];
        let resumed = 0;
        const checkpointer = startCheckpointer(sqlite, file, {
          intervalMs: 20,
          onCheckpoint: (r) => results.push(r),
          onCheckpointFailed: (f) => failed.push(f),
          onCheckpointResumed: () => resumed++,
        });
        try {
          await vi.waitFor(() => expect(failed.length).toBe(1), { timeout: 30_000, interval: 20 });
          expect(failed[0]!.code).toBe("SQLITE_FULL");
          // Still the worker's job: the connection was not handed the checkpoints back.
          expect(autocheckpoint(sqlite)).toBe(0);
          unlinkSync(ballast);
          await everyFrameCheckpointed(results);
          // Reported once for the whole run of failures, and once when it ended.
          expect(failed.length).toBe(1);
          expect(resumed).toBe(1);
        } finally {
          await checkpointer.stop();
        }
        sqlite.close();
        const reopened = new SQLite(file, { readonly: true });
        expect(reopened.prepare("select count(*) as n from t").get()).toEqual({ n: 1000 });
        expect(reopened.pragma("integrity_check", { simple: true })).toBe("ok");
        reopened.close();
      } finally {
        if (sqlite.open) sqlite.close();
        execFileSync("umount", [dir]);
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it("keeps the process alive until the worker has stopped, so a shutdown reaches its last line", async () => {
    // The server's shutdown (main.ts) closes the database, then logs "stopped cleanly": with nothing else pending,
    // a process waiting only on an unref'd worker would end in between, the line never written.
    const dir = mkdtempSync(path.join(tmpdir(), "flagline-ckpt-"));
    dirs.push(dir);
    const script = `
      const { openDatabase } = await import(process.argv[1]);
      const database = openDatabase({ dataDir: process.argv[2], checkpointInWorker: {} });
      await database.close();
      console.log("closed");`;
    const index = fileURLToPath(new URL("./index.ts", import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script, index, dir],
      { timeout: 60_000 },
    );
    expect(stdout.trim()).toBe("closed");
  }, 70_000);
});
