// docs/architecture.md is the map the next engineer reads first (issue #28): this test fails when a route module,
// a web feature, a migration or a folder of src/ is not named in it, so the map changes in the same commit as the
// house.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const map = readFileSync(`${root}docs/architecture.md`, "utf8");

/** The part of the map between two headings. */
function section(from: string, to: string): string {
  const start = map.indexOf(from);
  const end = map.indexOf(to, start + from.length);
  if (start < 0 || end < 0) throw new Error(`docs/architecture.md has no "${from}" … "${to}" section`);
  return map.slice(start, end);
}

/** Whether `name` appears in `text` as a whole name (not inside a longer one), with or without an extension. */
function names(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^A-Za-z0-9_-])${escaped}(\\.tsx?)?/?($|[^A-Za-z0-9_-])`).test(text);
}

const entries = (dir: string) => readdirSync(`${root}${dir}`, { withFileTypes: true });
const modules = (dir: string) =>
  entries(dir)
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && e.name !== "index.ts")
    .map((e) => e.name.replace(/\.tsx?$/, ""));
const folders = (dir: string) =>
  entries(dir)
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

function missing(text: string, list: readonly string[]): string[] {
  return list.filter((n) => !names(text, n));
}

describe("docs/architecture.md names every part of the house", () => {
  const shape = section("## Shape", "## Data");
  const data = section("## Data", "## Configuration");

  it("every server route module, in the routes/ entry", () => {
    expect(missing(section("\n  routes/", "\n  db/"), modules("src/server/routes"))).toEqual([]);
  });

  it("every web feature, in the features/ entry", () => {
    expect(missing(section("\n  features/", "\n  pages/"), folders("src/web/features"))).toEqual([]);
  });

  it("every migration, in the Data section", () => {
    expect(missing(data, modules("src/server/db/migrations"))).toEqual([]);
  });

  it("every folder of src/domain, src/server and src/web (and each folder inside them)", () => {
    const all: string[] = [];
    for (const top of ["src/domain", "src/server", "src/web"]) {
      for (const f of folders(top)) {
        all.push(f);
        for (const inner of folders(`${top}/${f}`)) if (!top.endsWith("web") || f !== "features") all.push(inner);
      }
    }
    expect(missing(shape, all)).toEqual([]);
  });

  it("every table of the schema, in the Data section", () => {
    const schema = readFileSync(`${root}src/server/db/schema.ts`, "utf8");
    const db = schema.slice(schema.indexOf("export interface DB {"));
    const tables = [...db.matchAll(/^ {2}(\w+): \w+Table;/gm)].map((m) => m[1]!);
    expect(tables.length).toBeGreaterThan(20);
    expect(missing(data, tables)).toEqual([]);
  });

  it("the boundaries it calls lint-enforced are in the lint config", () => {
    // The map once listed "SQL only in db/" as lint-enforced with no such rule (issue #28).
    const boundaries = section("### Boundaries (lint-enforced)", "### Domain contract");
    const config = readFileSync(`${root}eslint.config.js`, "utf8");
    if (/SQL only in `?db\//.test(boundaries)) expect(config).toMatch(/selectFrom/);
    if (/never imports `?tests\//.test(boundaries)) expect(config).toMatch(/#tests/);
  });
});
