import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./index.js";
import { PREALLOCATED_WAL_BYTES, preallocateWal, scratchOf } from "./sqlite-wal.js";

const MB = 1024 * 1024;

describe("a WAL of its working size before the first write", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A database in WAL mode with one table, closed: SQLite has deleted its WAL, as after a clean shutdown. */
  const closedDatabase = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "flagline-wal-"));
    dirs.push(dir);
    const file = path.join(dir, "flagline.db");
    const db = new SQLite(file);
    db.pragma("journal_mode = WAL");
    db.exec("create table t (n integer primary key, body text not null)");
    db.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    return file;
  };

  const walSize = (file: string) => statSync(`${file}-wal`).size;

  it("gives a database with no WAL one of zeros, which SQLite writes into without growing it", () => {
    const file = closedDatabase();
    expect(preallocateWal(file, 4 * MB)).toBe(true);
    expect(walSize(file)).toBe(4 * MB);
    expect(readFileSync(`${file}-wal`).every((b) => b === 0)).toBe(true);

    const db = new SQLite(file);
    db.pragma("wal_autocheckpoint = 0");
    const insert = db.prepare("insert into t (body) values (?)");
    for (let i = 0; i < 200; i++) insert.run("x".repeat(1000));
    // 200 commits of about a page each: inside the 4 MB, so the file kept its size.
    expect(walSize(file)).toBe(4 * MB);
    expect(db.prepare("select count(*) as n from t").get()).toEqual({ n: 200 });
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    db.close();
    // Nothing of this process's own is left beside the database.
    expect(readdirSync(path.dirname(file)).sort()).toEqual(["flagline.db"]);
  });

  it("keeps every commit across a SIGKILL, and the next start leaves the crashed WAL as it is", () => {
    const file = closedDatabase();
    expect(preallocateWal(file, 4 * MB)).toBe(true);
    // Another process writes 300 rows, one commit each, and is killed without closing the database.
    const child = spawnSync(
      process.execPath,
      [
        "-e",
        `const db = new (require("better-sqlite3"))(${JSON.stringify(file)});
         db.pragma("synchronous = FULL");
         db.pragma("wal_autocheckpoint = 0");
         const insert = db.prepare("insert into t (body) values (?)");
         for (let i = 0; i < 300; i++) insert.run("row " + i);
         process.kill(process.pid, "SIGKILL");`,
      ],
      { cwd: process.cwd() },
    );
    expect(child.signal).toBe("SIGKILL");
    // Its WAL holds the only copy of those rows: a restart must not touch it.
    const before = readFileSync(`${file}-wal`);
    expect(preallocateWal(file, 4 * MB)).toBe(false);
    expect(readFileSync(`${file}-wal`).equals(before)).toBe(true);

    const db = new SQLite(file);
    expect(db.prepare("select count(*) as n, max(n) as last from t").get()).toEqual({ n: 300, last: 300 });
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    db.close();
  });

  it("removes the scratch file of a process killed while it wrote the zeros, not one that still runs", () => {
    const file = closedDatabase();
    const wal = `${file}-wal`;
    const gone = spawnSync(process.execPath, ["-e", ""]).pid!;
    writeFileSync(scratchOf(wal, gone), Buffer.alloc(1024));
    // This test's parent process is running: a start beside it must not take its file away.
    writeFileSync(scratchOf(wal, process.ppid), Buffer.alloc(1024));
    expect(preallocateWal(file, MB)).toBe(true);
    expect(readdirSync(path.dirname(file)).sort()).toEqual(
      ["flagline.db", "flagline.db-wal", path.basename(scratchOf(wal, process.ppid))].sort(),
    );
  });

  it("does nothing to a database that does not exist yet", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "flagline-wal-"));
    dirs.push(dir);
    const file = path.join(dir, "flagline.db");
    expect(preallocateWal(file)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("leaves the WAL to SQLite when the zeros cannot be written", () => {
    const file = closedDatabase();
    // The scratch file's name is taken by a directory: the write fails, as on a full disk.
    mkdirSync(scratchOf(`${file}-wal`, process.pid));
    expect(preallocateWal(file)).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);
    const db = new SQLite(file);
    db.prepare("insert into t (body) values ('after')").run();
    expect(db.prepare("select body from t").get()).toEqual({ body: "after" });
    db.close();
  });

  it("is gone once a database that ran no query is closed, as after any other", async () => {
    const file = closedDatabase();
    const database = openDatabase({ dataDir: path.dirname(file), preallocateWal: true });
    expect(walSize(file)).toBe(PREALLOCATED_WAL_BYTES);
    await database.close();
    // The connection closed, so SQLite deleted the WAL; a handle left open would keep it until collected.
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it("is what the server's openDatabase does, at the working size", async () => {
    const file = closedDatabase();
    const count = async (database: Database) =>
      (
        await database.db
          .selectFrom("t" as never)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const database = openDatabase({ dataDir: path.dirname(file), preallocateWal: true });
    try {
      expect(walSize(file)).toBe(PREALLOCATED_WAL_BYTES);
      expect(await count(database)).toBe(0);
    } finally {
      await database.close();
    }
    // Closed, SQLite deleted it as always. Scripts and tests open without it: SQLite makes its WAL as it always does.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const plain = openDatabase({ dataDir: path.dirname(file) });
    try {
      expect(await count(plain)).toBe(0);
      expect(walSize(file)).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
