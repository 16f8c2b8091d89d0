import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from "./defer-hydration.ts";
import { startScriptPreloads } from "./spa-boot.ts";

/**
 * The JavaScript a built page loads, read from build/client the way a browser loads the page: every inline
 * script, every `<script src>`, every `<link rel="modulepreload">`, and every module those load through static
 * imports (and the inline module script's `import()` of entry.client, which it runs at once). Used by the
 * budget test (tests/e2e/budgets.spec.ts) and the bench report.
 *
 * `firstLoad` is what runs with nobody touching the page; `app` is what a prerendered public page holds inert and
 * starts on the first interaction (decision 0006). Sizes are gzip -9 bytes.
 */
interface ScriptLoad {
  /** Module files by URL path (/assets/x.js). */
  files: string[];
  /** Number of inline scripts counted. */
  inline: number;
  rawBytes: number;
  gzipBytes: number;
}

export interface PageScripts {
  firstLoad: ScriptLoad;
  app: ScriptLoad;
}

interface Collect {
  files: Set<string>;
  inline: string[];
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
}

/** Static imports of a module (`import … from "./x.js"`, `import "./x.js"`, `export … from`), not import(). */
export function staticImports(source: string, fromUrl: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["']([^"']+)["']/g;
  for (let m = re.exec(source); m; m = re.exec(source)) out.push(new URL(m[1]!, `http://x${fromUrl}`).pathname);
  return out;
}

/** Reads a page's HTML (e.g. build/client/index.html) and what it loads from `clientDir`. Throws when a file it
 * references is missing from the build. With `screen` (a signed-in address, for the SPA fallback), the modules its
 * start script preloads for that address count too: the route's own code (spa-boot.ts). */
export function pageScripts(clientDir: string, htmlFile: string, screen?: string): PageScripts {
  const html = readFileSync(htmlFile, "utf8");
  const live: Collect = { files: new Set(), inline: [] };
  const app: Collect = { files: new Set(), inline: [] };

  const addModule = (into: Collect, url: string) => {
    if (into.files.has(url)) return;
    const file = join(clientDir, url);
    if (!existsSync(file)) throw new Error(`${htmlFile} loads ${url}, which is not in ${clientDir}`);
    into.files.add(url);
    for (const dep of staticImports(readFileSync(file, "utf8"), url)) addModule(into, dep);
  };

  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") addModule(live, href);
    else if (rel === INERT_PRELOAD_REL) addModule(app, href);
  }
  for (const [, open, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = attr(open!, "type") ?? "";
    const src = attr(open!, "src");
    const into = type === INERT_MODULE_TYPE ? app : ["", "module", "text/javascript"].includes(type) ? live : null;
    if (!into) continue;
    if (src) addModule(into, src);
    if (!body) continue;
    into.inline.push(body);
    for (const dep of staticImports(body, "/")) addModule(into, dep);
    for (const [, dep] of body.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) addModule(into, dep!);
  }

  if (screen !== undefined) for (const url of startScriptPreloads(html, screen)) addModule(live, url);

  const total = (c: Collect): ScriptLoad => {
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const url of c.files) {
      const bytes = readFileSync(join(clientDir, url));
      rawBytes += bytes.length;
      gzipBytes += gzipSync(bytes, { level: 9 }).length;
    }
    for (const text of c.inline) {
      rawBytes += Buffer.byteLength(text);
      gzipBytes += gzipSync(text, { level: 9 }).length;
    }
    return { files: [...c.files].sort(), inline: c.inline.length, rawBytes, gzipBytes };
  };
  return { firstLoad: total(live), app: total(app) };
}
