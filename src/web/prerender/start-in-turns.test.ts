import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startInTurns } from "./start-in-turns";

/*
 * Issue #35: the SPA fallback's module script, as React Router writes it, runs the framework, icons, shared code
 * and root module in one task. Rewritten, it runs each shared chunk in a task of its own, each after the chunks it
 * imports, then the root, then entry.client with the root's module where React Router reads it.
 */
const REACT_ROUTER_SCRIPT =
  '<script type="module" async="">import "/assets/manifest-abc.js";\nimport * as route0 from "/assets/root-a.js";\n  \n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-a.js");</script>';

const html = (script = REACT_ROUTER_SCRIPT) =>
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/manifest-abc.js"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-a.js"/><link rel="modulepreload" href="/assets/icons-a.js"/>' +
  '<link rel="modulepreload" href="/assets/framework-a.js"/><link rel="modulepreload" href="/assets/root-a.js"/>' +
  `<link rel="modulepreload" href="/assets/shared-a.js"/></head><body><div>frame</div>${script}</body></html>`;

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/**
 * A client dir where the framework chunk imports the icons chunk (as the real build's does) and shared both, with a
 * comment naming a package, as an unminified build (NO_MINIFY=1) has them.
 */
function clientDir(): string {
  dir = mkdtempSync(join(tmpdir(), "start-in-turns-"));
  mkdirSync(join(dir, "assets"));
  const files: Record<string, string> = {
    "runtime-a.js": "export const r = 1;",
    "icons-a.js": 'import{r as e}from"./runtime-a.js";export const i=1;',
    "framework-a.js": 'import{r as e}from"./runtime-a.js";import{i as t}from"./icons-a.js";export const f=1;',
    "shared-a.js":
      'import{f as e}from"./framework-a.js";import{i as t}from"./icons-a.js";export const s=1;\n' +
      // An unminified build keeps comments, bare module names in them included.
      '// import { useQuery } from "@tanstack/react-query";\n',
  };
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, "assets", name), source);
  return dir;
}

/** Runs the rewritten module script with `import()` recorded, and tells which loads had a task boundary before. */
async function run(page: string) {
  const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(page)![1]!;
  const loads: string[] = [];
  let turns = 0;
  const turnsBefore: number[] = [];
  const namespaces = new Map<string, object>();
  const win: { __reactRouterRouteModules?: Record<string, object> } = {};
  let modulesAtEntry: Record<string, object> | undefined;
  const load = (url: string) => {
    loads.push(url);
    turnsBefore.push(turns);
    if (url.includes("entry.client")) modulesAtEntry = win.__reactRouterRouteModules;
    const ns = { url };
    namespaces.set(url, ns);
    return Promise.resolve(ns);
  };
  class CountingChannel extends MessageChannel {
    constructor() {
      super();
      const post = this.port2.postMessage.bind(this.port2);
      this.port2.postMessage = (message: unknown) => {
        turns += 1;
        post(message);
      };
    }
  }
  const staticImport = /^import "([^"]+)";/.exec(script)![1]!;
  const body = script.replace(/^import "[^"]+";/, "").replace(/\bimport\(/g, "load(");
  const started = new Function("load", "window", "MessageChannel", `return (${"() => {" + body + "}"})();`) as (
    ...args: unknown[]
  ) => Promise<unknown>;
  await started(load, win, CountingChannel);
  await vi.waitFor(() => expect(loads).toHaveLength(5));
  return { staticImport, loads, turnsBefore, modulesAtEntry, root: namespaces.get("/assets/root-a.js") };
}

describe("the SPA fallback's start, one chunk per task", () => {
  it("runs icons, framework and shared in their import order, each in a task of its own, then the root and the entry", async () => {
    const out = await run(startInTurns(html(), clientDir()));
    expect(out.staticImport).toBe("/assets/manifest-abc.js");
    expect(out.loads).toEqual([
      "/assets/icons-a.js",
      "/assets/framework-a.js",
      "/assets/shared-a.js",
      "/assets/root-a.js",
      "/assets/entry.client-a.js",
    ]);
    // A task boundary before every load after the first chunk's, up to the root's.
    expect(out.turnsBefore.slice(0, 4)).toEqual([0, 1, 2, 3]);
    // React Router finds the root route's module where it reads it, before entry.client runs.
    expect(out.modulesAtEntry).toEqual({ root: out.root });
  });

  it("refuses a page whose module script is not React Router's as expected, or that lacks a chunk", () => {
    expect(() => startInTurns(html("<script type=\"module\">import('/x.js')</script>"), clientDir())).toThrow(
      /not React Router's as expected/,
    );
    expect(() =>
      startInTurns(html().replace('<link rel="modulepreload" href="/assets/icons-a.js"/>', ""), clientDir()),
    ).toThrow(/preloads no icons chunk/);
  });
});
