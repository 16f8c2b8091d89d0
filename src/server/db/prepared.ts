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
 * A parameter may be a list of values (for `in (…)`) or of rows (for an insert's `values`): the query is then
 * prepared once per list length (and the rows' columns), up to MAX_LISTED items; a longer list runs the builder, as
 * every call did before, so the templates stay few. A row's values go into the query as they are: the build maps
 * no value of a row to another.
 *
 * A database with Kysely plugins (tests that make queries fail) runs the builder each time, so its plugins see
 * every query as before.
 */

const STAND_IN = "\u0000flagline-parameter:";

/** The longest list a prepared query is prepared for (a list longer than that is built on each call). */
export const MAX_LISTED = 8;

interface Template {
  sql: string;
  query: RootOperationNode;
  /**
   * Each SQL parameter: a call's parameter (a list's item at `index`, a row's `field`), or a constant of the query.
   */
  slots: Array<{ name: string; index?: number; field?: string } | { value: unknown }>;
}

type Scalar = string | number | boolean | null;
/** A value, a list of values (for `in (…)`), or rows of values (for a multi-row insert's `values`). */
type Param = Scalar | readonly Scalar[] | readonly { readonly [column: string]: Scalar }[];

export type PreparedQuery<P, R> = (db: Kysely<DB>, params: P) => Promise<R[]>;

export function prepared<P extends { [K in keyof P]: Param }, R>(
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
): PreparedQuery<P, R> {
  // Per database (its adapter is shared by the database and its transactions, and the engine's SQL differs: ? or
  // $1), one template per shape: the lengths of the call's lists.
  const templates = new WeakMap<object, Map<string, Template>>();
  return async (db, params) => {
    const executor = db.getExecutor();
    const shape = shapeOf(params);
    if (executor.plugins.length > 0 || shape === null) return (await db.executeQuery(build(db, params).compile())).rows;
    let ofDatabase = templates.get(executor.adapter);
    if (!ofDatabase) templates.set(executor.adapter, (ofDatabase = new Map()));
    let template = ofDatabase.get(shape);
    if (!template) {
      template = compileTemplate(db, build, params);
      ofDatabase.set(shape, template);
    }
    const values = template.slots.map((slot) => {
      if (!("name" in slot)) return slot.value;
      const value = (params as Record<string, Param>)[slot.name];
      if (slot.index === undefined) return value;
      const item = (value as readonly unknown[])[slot.index];
      return slot.field === undefined ? item : (item as Record<string, Scalar>)[slot.field];
    });
    const compiled = { ...CompiledQuery.raw(template.sql, values), query: template.query } as CompiledQuery<R>;
    return (await db.executeQuery(compiled)).rows;
  };
}

/**
 * The lengths of the call's lists and the columns of each of their rows ("" when it has none), or null when one is
 * too long to prepare.
 */
function shapeOf(params: object): string | null {
  let shape = "";
  for (const [name, value] of Object.entries(params)) {
    if (!Array.isArray(value)) continue;
    if (value.length > MAX_LISTED) return null;
    shape += `${name}:${value.length}`;
    for (const item of value) if (item !== null && typeof item === "object") shape += `|${Object.keys(item).join()}`;
    shape += ";";
  }
  return shape;
}

/** The stand-in of a parameter, a list's item or a row's column, as compileTemplate reads it back. */
const standIn = (name: string, index?: number, field?: string) =>
  `${STAND_IN}${index === undefined ? "" : `${index}:`}${name}${field === undefined ? "" : `.${field}`}`;

function compileTemplate<P extends { [K in keyof P]: Param }, R>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
  params: P,
): Template {
  const standIns: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    standIns[name] = Array.isArray(value)
      ? value.map((item: unknown, i) =>
          item !== null && typeof item === "object"
            ? Object.fromEntries(Object.keys(item).map((field) => [field, standIn(name, i, field)]))
            : standIn(name, i),
        )
      : standIn(name);
  }
  const compiled = build(db, standIns as P).compile();
  const slots = compiled.parameters.map((value): Template["slots"][number] => {
    if (typeof value !== "string" || !value.startsWith(STAND_IN)) return { value };
    const found = /^(?:(\d+):)?([^.]*)(?:\.(.*))?$/.exec(value.slice(STAND_IN.length))!;
    return { name: found[2]!, index: found[1] === undefined ? undefined : Number(found[1]), field: found[3] };
  });
  const bound = new Set(slots.flatMap((slot) => ("name" in slot ? [slot.name] : [])));
  for (const [name, value] of Object.entries(params)) {
    // An empty list binds nothing; the build decides what an empty list means (usually: leave the part out).
    if (Array.isArray(value) && value.length === 0) continue;
    if (!bound.has(name)) throw new Error(`prepared query: parameter "${name}" is not a parameter of its SQL`);
  }
  if (compiled.sql.includes(STAND_IN)) throw new Error("prepared query: a parameter was written into its SQL");
  return { sql: compiled.sql, query: compiled.query, slots };
}
