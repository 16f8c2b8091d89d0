import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BUSY_TIMEOUT_MS, openDatabase, type Database } from "./index.js";

/*
 * Another process writing the same SQLite file (a maintenance script, the e2e seeding) must never make one of our
 * transactions fail: it waits for the write lock instead of being refused with SQLITE_BUSY_SNAPSHOT.
 */
describe("SQLite transactions and a second writer", () => {
  let dir: string;
  let database: Database;
  let other: SQLite.Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "flagline-txn-"));
    database = openDatabase({ dataDir: dir });
    await sql`create table counters (id integer primary key, n integer not null)`.execute(database.db);
    await sql`insert into counters (id, n) values (1, 0), (2, 0)`.execute(database.db);
    other = new SQLite(join(dir, "flagline.db"));
    other.pragma("busy_timeout = 0");
  });

  afterEach(async () => {
    other.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a transaction that reads, then writes, commits even when another connection tries to write in between", async () => {
    let otherWrite: "written" | "refused" | undefined;
    await database.db.transaction().execute(async (trx) => {
      const row = await sql<{ n: number }>`select n from counters where id = 1`.execute(trx);
      // The other process writes now, between our read and our write.
      try {
        other.prepare("update counters set n = n + 100 where id = 2").run();
        otherWrite = "written";
      } catch {
        otherWrite = "refused";
      }
      await sql`update counters set n = ${row.rows[0]!.n + 1} where id = 1`.execute(trx);
    });
    // Ours held the write lock from its start, so the other writer was the one told to wait (it has no timeout).
    expect(otherWrite).toBe("refused");
    const rows = await sql<{ id: number; n: number }>`select id, n from counters order by id`.execute(database.db);
    expect(rows.rows).toEqual([
      { id: 1, n: 1 },
      { id: 2, n: 0 },
    ]);
    // Once ours committed, the other writer gets through.
    other.prepare("update counters set n = n + 100 where id = 2").run();
    expect(other.prepare("select n from counters where id = 2").get()).toEqual({ n: 100 });
  });

  it("waits for another writer's lock without stopping the event loop, then commits", async () => {
    other.exec("begin immediate");
    other.prepare("update counters set n = n + 100 where id = 2").run();
    const ours = database.db.transaction().execute(async (trx) => {
      await sql`update counters set n = n + 1 where id = 1`.execute(trx);
    });
    // While our transaction waits for the lock, timers still run: the busy wait is not a sleep on this thread.
    let ticks = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        ticks += 1;
        if (ticks === 5) {
          clearInterval(timer);
          resolve();
        }
      }, 2);
    });
    expect(ticks).toBe(5);
    other.exec("commit");
    await ours;
    const rows = await sql<{ id: number; n: number }>`select id, n from counters order by id`.execute(database.db);
    expect(rows.rows).toEqual([
      { id: 1, n: 1 },
      { id: 2, n: 100 },
    ]);
  });

  it("gives up after the busy timeout with SQLITE_BUSY, as a statement would", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "Date"] });
    try {
      other.exec("begin immediate");
      const ours = database.db.transaction().execute(async () => {});
      const failed = expect(ours).rejects.toMatchObject({ code: "SQLITE_BUSY" });
      await vi.advanceTimersByTimeAsync(BUSY_TIMEOUT_MS + 100);
      await failed;
    } finally {
      vi.useRealTimers();
      other.exec("rollback");
    }
  });
});
