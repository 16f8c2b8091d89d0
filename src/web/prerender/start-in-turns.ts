import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { staticImports } from "./first-load.ts";

/**
 * Build step for the SPA fallback page (issue #35). React Router's inline module script imports the root route
 * statically, so the browser runs the framework (React, React Router, TanStack Query), the icons, the app's shared
 * code and the root module in one task once they are all downloaded: 60 ms of a slow host's own time, and 240 ms
 * under Lighthouse's phone slowdown, in a single task after the frame has painted. This step rewrites that script to
 * import the three shared chunks one at a time, each in its own task, then the root module, then entry.client as
 * React Router does: the same modules run in the same order (each chunk's imports run before it, as a static
 * import would run them), cut into tasks a phone can answer a tap between.
 */

/** The chunks run one per task (vite.config.ts names them), each after the ones it imports. */
const IN_TURN = ["framework", "icons", "shared"] as const;

/** `chunks` ordered so that each comes after every other one it imports, directly or not (read from `clientDir`). */
function importOrder(chunks: readonly string[], clientDir: string): string[] {
  const reaches = new Map<string, Set<string>>();
  const reach = (url: string, seen: Set<string>) => {
    for (const dep of staticImports(readFileSync(join(clientDir, url), "utf8"), url))
      // A chunk's own files; an unminified build's comments show bare names ("@tanstack/react-query") too.
      if (!seen.has(dep) && dep.startsWith("/assets/") && existsSync(join(clientDir, dep))) {
        seen.add(dep);
        reach(dep, seen);
      }
    return seen;
  };
  for (const chunk of chunks) reaches.set(chunk, reach(chunk, new Set()));
  const ordered: string[] = [];
  const visit = (chunk: string, path: Set<string>) => {
    if (ordered.includes(chunk)) return;
    if (path.has(chunk)) throw new Error(`startInTurns: ${chunk} imports itself through the other chunks`);
    for (const other of chunks)
      if (other !== chunk && reaches.get(chunk)!.has(other)) visit(other, new Set([...path, chunk]));
    ordered.push(chunk);
  };
  for (const chunk of chunks) visit(chunk, new Set());
  return ordered;
}

/** The start of React Router's inline module script, as React Router 7 writes it for the SPA fallback. */
const MODULE_SCRIPT =
  /<script type="module" async="">\s*import "([^"]+)";\s*import \* as route0 from "([^"]+)";\s*window\.__reactRouterRouteModules = \{"root":route0\};\s*import\("([^"]+)"\);\s*<\/script>/;

export function startInTurns(html: string, clientDir: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) throw new Error("startInTurns: the SPA fallback's module script is not React Router's as expected");
  const [, manifest, root, entry] = script as unknown as [string, string, string, string];
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((m) => m[1]!);
  const chunks = importOrder(
    IN_TURN.map((name) => {
      const file = preloaded.find((href) => new RegExp(`/${name}-[\\w-]+\\.js$`).test(href));
      if (!file) throw new Error(`startInTurns: the SPA fallback preloads no ${name} chunk`);
      return file;
    }),
    clientDir,
  );
  // A message through a MessageChannel is a task of its own that a background tab does not delay (a timer there
  // waits a second or more).
  const body = `import ${JSON.stringify(manifest)};
var turn = function () {
  return new Promise(function (resolve) {
    var channel = new MessageChannel();
    channel.port1.onmessage = function () { resolve(); };
    channel.port2.postMessage(0);
  });
};
import(${JSON.stringify(chunks[0])})
${[...chunks.slice(1), root].map((file) => `.then(turn).then(function () { return import(${JSON.stringify(file)}); })`).join("\n")}
.then(function (route0) {
  window.__reactRouterRouteModules = {"root":route0};
  return import(${JSON.stringify(entry)});
});`;
  return html.replace(script[0], () => `<script type="module" async="">${body}</script>`);
}
