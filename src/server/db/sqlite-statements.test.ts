import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withStatementCache } from "./sqlite-statements.js";

describe("SQLite statements kept between queries", () => {
  let dir: string;
  let sqlite: SQLite.Database;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "flagline-statements-"));
    sqlite = new SQLite(path.join(dir, "t.db"));
    sqlite.exec("create table t (id integer primary key, name text)");
    sqlite.exec("insert into t (name) values ('a'), ('b'), ('c')");
  });
  afterEach(() => {
    if (sqlite.open) sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reuses the statement of the same SQL and still answers with the current rows", () => {
    const db = withStatementCache(sqlite);
    const first = db.prepare("select name from t where id = ?");
    expect(first.all([1])).toEqual([{ name: "a" }]);
    sqlite.exec("update t set name = 'z' where id = 1");
    const again = db.prepare("select name from t where id = ?");
    expect(again).toBe(first);
    expect(again.all([1])).toEqual([{ name: "z" }]);
  });

  it("gives a fresh statement while the kept one is still being iterated", () => {
    const db = withStatementCache(sqlite);
    const text = "select id from t order by id";
    const rows = db.prepare(text).iterate([]);
    expect(rows.next().value).toEqual({ id: 1 });
    const other = db.prepare(text);
    expect(other.all([])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect([...rows]).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it("keeps at most the given number, dropping the least recently used", () => {
    const db = withStatementCache(sqlite, 2);
    const a = db.prepare("select 1");
    const b = db.prepare("select 2");
    expect(db.prepare("select 1")).toBe(a);
    db.prepare("select 3");
    expect(db.prepare("select 1")).toBe(a);
    expect(db.prepare("select 2")).not.toBe(b);
  });

  it("follows a schema change made after the statement was kept", () => {
    const db = withStatementCache(sqlite);
    expect(db.prepare("select * from t where id = ?").all([2])).toEqual([{ id: 2, name: "b" }]);
    sqlite.exec("alter table t add column age integer");
    expect(db.prepare("select * from t where id = ?").all([2])).toEqual([{ id: 2, name: "b", age: null }]);
  });

  it("closes the database", () => {
    withStatementCache(sqlite).close();
    expect(sqlite.open).toBe(false);
  });
});
