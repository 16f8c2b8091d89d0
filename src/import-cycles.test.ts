// No import cycle anywhere in src/ (issue 28): a loop closed only by a type-only import still ties two modules
// together (neither can be read, moved or tested without the other), so type-only imports count. The graph is
// built from every .ts/.tsx file's static imports, re-exports, `import type` and dynamic `import()` as TypeScript's
// preprocessor reads them, resolved through relative paths, package.json "imports" (#domain, #server, #tests) and
// tsconfig "paths" (~/); a specifier that resolves to no file of the repository (a package, a generated route type)
// is not an edge.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The aliases of package.json "imports" and tsconfig "paths", as (prefix, target directory) pairs. */
function aliases(): Array<[string, string]> {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { imports: Record<string, string> };
  const found = new Map<string, string>();
  for (const [from, to] of Object.entries(pkg.imports)) {
    const prefix = from.slice(0, from.indexOf("*"));
    found.set(prefix, resolve(root, to.slice(0, to.indexOf("*"))));
  }
  const tsconfig = ts.readConfigFile(join(root, "tsconfig.json"), (path) => ts.sys.readFile(path)).config as {
    compilerOptions: { baseUrl?: string; paths?: Record<string, string[]> };
  };
  const base = resolve(root, tsconfig.compilerOptions.baseUrl ?? ".");
  for (const [from, [to]] of Object.entries(tsconfig.compilerOptions.paths ?? {})) {
    if (to === undefined) continue;
    found.set(from.slice(0, from.indexOf("*")), resolve(base, to.slice(0, to.indexOf("*"))));
  }
  // Longest prefix first, so "#domain/" is not taken for a shorter one.
  return [...found].sort(([a], [b]) => b.length - a.length);
}

/** The file a path without its extension (or with a .js one standing for .ts) names, if any. */
function fileAt(path: string): string | null {
  const stem = path.replace(/\.(?:js|jsx|mjs)$/, "");
  const candidates = [path, `${stem}.ts`, `${stem}.tsx`, join(path, "index.ts"), join(path, "index.tsx")];
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(c) && statSync(c).isFile()) ?? null;
}

function importGraph(): Map<string, string[]> {
  const prefixes = aliases();
  const resolveSpecifier = (from: string, specifier: string): string | null => {
    if (specifier.startsWith(".")) return fileAt(resolve(dirname(from), specifier));
    const alias = prefixes.find(([prefix]) => specifier.startsWith(prefix));
    return alias ? fileAt(join(alias[1], specifier.slice(alias[0].length))) : null;
  };
  const graph = new Map<string, string[]>();
  // Only src/ files are read: what they import from tests/ (test support) is a leaf here. Nothing under src/
  // imports a test file, and production code imports no tests/ at all (lint), so no loop of src/ runs through tests/.
  for (const file of sourceFiles(join(root, "src"))) {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = info.importedFiles.map((f) => resolveSpecifier(file, f.fileName));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== null))]);
  }
  return graph;
}

/** The strongly connected components of more than one file, or of one file importing itself (Tarjan). */
function tangles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** A shortest loop through a component's first file, as the chain of imports that closes it. */
function shortestLoop(graph: Map<string, string[]>, component: readonly string[]): string[] {
  const inside = new Set(component);
  const start = component[0]!;
  const parent = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const loop = [v];
        while (loop[0] !== start) loop.unshift(parent.get(loop[0]!)!);
        return [...loop, start];
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

describe("the cycle finder", () => {
  it("takes type-only imports, re-exports and dynamic imports as edges", () => {
    const code = [
      'import type { A } from "./a.js";',
      'export { b } from "./b.js";',
      'export type { C } from "./c.js";',
      'export const d = () => import("./d.js");',
    ].join("\n");
    expect(ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName)).toEqual([
      "./a.js",
      "./b.js",
      "./c.js",
      "./d.js",
    ]);
  });

  it("finds each loop, and a shortest chain that closes it", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c", "a"]],
      ["c", ["a"]],
      ["d", ["a", "e"]],
      ["e", ["e"]],
    ]);
    expect(tangles(graph)).toEqual([["a", "b", "c"], ["e"]]);
    expect(shortestLoop(graph, ["a", "b", "c"])).toEqual(["a", "b", "a"]);
  });
});

describe("the import graph of src/", () => {
  const graph = importGraph();
  const name = (file: string) => relative(root, file);

  it("is read in full, aliases included", () => {
    // Guards the resolver: the graph would be trivially acyclic if aliased imports resolved to nothing.
    const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => [name(from), name(to)] as const));
    expect(edges.some(([, to]) => to.startsWith("src/domain/"))).toBe(true);
    expect(edges.some(([from, to]) => from.startsWith("src/server/") && to.startsWith("src/server/db/"))).toBe(true);
    expect(edges.some(([from, to]) => from.startsWith("src/web/") && to.startsWith("src/web/lib/"))).toBe(true);
    expect(edges.some(([from, to]) => from.startsWith("src/") && to.startsWith("tests/"))).toBe(true);
  });

  it("has no cycle, type-only imports included", () => {
    const found = tangles(graph);
    const report = found.map(
      (component) =>
        `${component.length} files: ${component.map(name).join(", ")}\n  e.g. ${shortestLoop(graph, component)
          .map(name)
          .join(" -> ")}`,
    );
    if (report.length > 0) console.log(`Import cycles in src/:\n${report.join("\n")}`);
    expect(found.map((component) => component.map(name).join(" "))).toEqual([]);
  });
});
