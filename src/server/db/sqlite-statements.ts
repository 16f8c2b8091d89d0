import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/** Distinct statements kept prepared at most (the least recently used goes first). */
const MAX_STATEMENTS = 500;

/**
 * The SQLite database as Kysely sees it, with its prepared statements kept and reused by SQL text. Kysely prepares
 * every query anew, and on a single-event write that preparing was about a sixth of the server's time (decision
 * 0016's profile); the same few dozen statements serve almost every request. A statement still being iterated (a
 * streamed query) is busy: the same text then gets a fresh, unkept statement. SQLite re-prepares a kept statement
 * by itself when the schema changes (a migration).
 */
export function withStatementCache(sqlite: SQLite.Database, max = MAX_STATEMENTS): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      kept.clear();
      sqlite.close();
    },
    prepare(text) {
      const held = kept.get(text);
      if (held) {
        if (held.busy) return sqlite.prepare(text);
        // Most recently used last, so eviction takes the coldest.
        kept.delete(text);
        kept.set(text, held);
        return held;
      }
      const statement = sqlite.prepare(text);
      kept.set(text, statement);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
      return statement;
    },
  };
}
