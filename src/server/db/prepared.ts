import { CompiledQuery, type Compilable, type Kysely, type RootOperationNode } from "kysely";
import type { DB } from "./schema.js";

/*
 * Queries built and compiled once, then run with new parameters (decision 0032). Kysely builds every query anew:
 * an immutable tree of nodes, a walk that compiles it to SQL, for each call. On game day's hot reads (a change's
 * scoreboard and leaderboard, read for every snap a team logs) that was about a sixth of the server's main thread,
 * more than SQLite took to run them. A prepared query is the same builder code, run once per database with
 * stand-ins for its parameters: the SQL and the parameter positions are kept, and each call fills in its values.
 *
 * The build function must only pass its parameters into the query (where, join, values, limit): it gets stand-ins,
 * not the values, so a branch on a parameter would be taken once for every call. Preparing checks that each
 * parameter a call passes was bound in the SQL, and throws otherwise (a parameter inlined or unused).
 *
 * A database with Kysely plugins (tests that make queries fail) runs the builder each time, so its plugins see
 * every query as before.
 */

const STAND_IN = "\u0000flagline-parameter:";

interface Template {
  sql: string;
  query: RootOperationNode;
  /** Each SQL parameter: the name of a call's parameter, or a constant of the query. */
  slots: Array<{ name: string } | { value: unknown }>;
}

export type PreparedQuery<P, R> = (db: Kysely<DB>, params: P) => Promise<R[]>;

export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
): PreparedQuery<P, R> {
  // One template per database: its adapter is shared by the database and its transactions, and the engine's SQL
  // differs (? or $1).
  const templates = new WeakMap<object, Template>();
  return async (db, params) => {
    const executor = db.getExecutor();
    if (executor.plugins.length > 0) return (await db.executeQuery(build(db, params).compile())).rows;
    let template = templates.get(executor.adapter);
    if (!template) {
      template = compileTemplate(db, build, params);
      templates.set(executor.adapter, template);
    }
    const values = template.slots.map((slot) => ("name" in slot ? params[slot.name] : slot.value));
    const compiled = { ...CompiledQuery.raw(template.sql, values), query: template.query } as CompiledQuery<R>;
    return (await db.executeQuery(compiled)).rows;
  };
}

function compileTemplate<P extends Record<string, unknown>, R>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
  params: P,
): Template {
  const standIns = new Proxy({} as P, { get: (_, name) => `${STAND_IN}${String(name)}` });
  const compiled = build(db, standIns).compile();
  const slots = compiled.parameters.map((value) =>
    typeof value === "string" && value.startsWith(STAND_IN) ? { name: value.slice(STAND_IN.length) } : { value },
  );
  const bound = new Set(slots.flatMap((slot) => ("name" in slot ? [slot.name] : [])));
  for (const name of Object.keys(params)) {
    if (!bound.has(name)) throw new Error(`prepared query: parameter "${name}" is not a parameter of its SQL`);
  }
  if (compiled.sql.includes(STAND_IN)) throw new Error("prepared query: a parameter was written into its SQL");
  return { sql: compiled.sql, query: compiled.query, slots };
}
