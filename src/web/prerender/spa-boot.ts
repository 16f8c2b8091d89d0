import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CHILD_HEADER } from "../../domain/acting.ts";
import { ACTING_CHILD_KEY } from "../lib/acting-child.ts";
import { EARLY_GLOBAL } from "../lib/early-fetch.ts";
import { ROLE_HINT_COOKIE } from "../lib/role-hint.ts";
import { SCREEN_HEAD_ATTRIBUTE, SCREEN_HEAD_STYLE_ID } from "./screen-head.ts";

/**
 * Build step for the SPA fallback page, which every signed-in screen loads (decision 0017). React Router's fallback
 * preloads only the root's modules: the route's own modules are asked for after React Router has started and
 * matched the address, and the screen's session check (GET /api/me) after that again. Three round trips in a row
 * on a phone. This step puts a small inline script at the start of <head> that, before anything else:
 *
 * - adds `<link rel="modulepreload">` for every module of the layout and route the address matches (their static
 *   imports included, as React Router's manifest lists them), so they download alongside React; these and React
 *   Router's own module preloads ask for low priority, behind the stylesheet the frame paints with;
 * - on a guarded path (/coach/*, /player/*) starts GET /api/me at once, and on the screens below their first reads,
 *   and leaves the promises where src/web/lib/early-fetch.ts hands each to the app's first request for it.
 *
 * Only the signed-in areas' routes are listed (the public pages are prerendered and load their own modules).
 * Plain ES5 as a string, like the public pages' boot script: it is not bundled.
 */

/**
 * The first reads of the screens Lighthouse holds to a budget (decision 0017), by address: the exact GETs the screen
 * makes with no filter or season picked (a dashboard's largest paint is a number that arrives with its read).
 * `{tz}` is the viewer's zone as lib/time-zone.ts writes it. A screen whose reads depend on the address's query
 * (?season=, the leaderboard's filters) starts them only when the address has none; the logger's never depend on it.
 * A read the screen does not make is not used, and expires with the rest after 15 s.
 */
const EARLY_READS: ReadonlyArray<[path: string, reads: string[], anyQuery: boolean]> = [
  ["/coach/log", ["/api/team/players", "/api/team/sessions", "/api/team/plays"], true],
  ["/coach/leaderboard", ["/api/team/leaderboard?window=season&group=all", "/api/team/seasons"], false],
  [
    "/coach/dashboard",
    [
      "/api/team/dashboard",
      "/api/team/scoreboard",
      "/api/team/seasons",
      "/api/me/notices",
      "/api/team/announcements",
      "/api/team/schedule?when=upcoming&limit=1",
    ],
    false,
  ],
  [
    "/player/dashboard",
    [
      "/api/me/dashboard?tzOffset={tz}",
      "/api/me/stat-lines",
      "/api/team/scoreboard",
      "/api/team/seasons",
      "/api/me/notices",
      "/api/team/announcements",
      "/api/team/schedule?when=upcoming&limit=1",
    ],
    false,
  ],
];

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  module: string;
  imports?: string[];
}

function readManifest(clientDir: string, html: string): Record<string, ManifestRoute> {
  const href = /<link rel="modulepreload" href="(\/assets\/manifest-[\w-]+\.js)"/.exec(html)?.[1];
  if (!href) throw new Error("spa-boot: the SPA fallback preloads no React Router manifest");
  const source = readFileSync(join(clientDir, href), "utf8");
  const json = /^window\.__reactRouterManifest=(\{[\s\S]*\});?\s*$/.exec(source)?.[1];
  if (!json) throw new Error(`spa-boot: ${href} is not React Router's manifest as expected`);
  return (JSON.parse(json) as { routes: Record<string, ManifestRoute> }).routes;
}

/** "/coach/games/:id" -> a RegExp source matching that path (and nothing longer). */
function pathPattern(path: string): string {
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((s) => (s.startsWith(":") ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return `^/${segments.join("/")}/?$`;
}

/**
 * The modules the start script of a built SPA fallback (`html`, spaBoot's output) preloads for `path`: what a
 * signed-in screen loads besides the fallback's own scripts. Read back from the script's tables, the `f` and `t` it
 * is written with below. Used by first-load.ts for the screens' budget checks.
 */
export function startScriptPreloads(html: string, path: string): string[] {
  const tables = /var d = document, p = location\.pathname, f = (\[.*?\]), t = (\[.*?\]), seen = \{\};/.exec(html);
  if (!tables) throw new Error("spa-boot: this page has no start script");
  const files = JSON.parse(tables[1]!) as string[];
  const table = JSON.parse(tables[2]!) as Array<[string, number[]]>;
  const out = new Set<string>();
  for (const [pattern, indexes] of table)
    if (new RegExp(pattern).test(path)) for (const i of indexes) out.add(files[i]!);
  return [...out];
}

/** The worker that loads the locale data off the page's thread (public/, served at the root). */
export const LOCALE_WORKER = "warm-locale.js";

/**
 * Set on the fallback's <html> by the server when it wrote the route's module preloads into the page
 * (src/server/http/static.ts, which holds the same name): the start script then adds none.
 */
export const ROUTE_PRELOADS_ATTRIBUTE = "data-route-preloads";

/** Each signed-in route's modules: the start script's tables (files, and each route's RegExp source and indexes). */
function routeTable(html: string, clientDir: string) {
  const routes = readManifest(clientDir, html);
  const already = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!));
  const files: string[] = [];
  const indexOf = (file: string) => {
    let i = files.indexOf(file);
    if (i < 0) i = files.push(file) - 1;
    return i;
  };
  const table: Array<[string, number[]]> = [];
  for (const route of Object.values(routes)) {
    if (!route.path || route.path.includes("*")) continue;
    const chain: ManifestRoute[] = [];
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) chain.push(r);
    const fullPath = chain
      .map((r) => r.path ?? "")
      .filter(Boolean)
      .reverse()
      .join("/");
    if (!/^(coach|player)\//.test(fullPath)) continue;
    const modules = new Set<string>();
    for (const r of chain) {
      if (r.id === "root") continue;
      for (const file of [r.module, ...(r.imports ?? [])]) if (!already.has(file)) modules.add(file);
    }
    table.push([pathPattern(fullPath), [...modules].map(indexOf)]);
  }
  if (table.length === 0) throw new Error("spa-boot: no /coach or /player route found in the manifest");
  return { files, table };
}

/**
 * The route table the server writes into each signed-in route's page (src/server/http/static.ts reads it from
 * build/client/__spa-routes.json): RegExp source and module files, in the start script's order. `html` is the
 * fallback as React Router wrote it (before spaBoot).
 */
export function spaRoutes(html: string, clientDir: string): Array<[pattern: string, files: string[]]> {
  const { files, table } = routeTable(html, clientDir);
  return table.map(([pattern, indexes]) => [pattern, indexes.map((i) => files[i]!)]);
}

/** The SPA fallback's HTML with the early-start script first in <head>. */
export function spaBoot(html: string, clientDir: string): string {
  const { files, table } = routeTable(html, clientDir);
  // The screens' heads the page holds, hidden (app/shell/screen-heads.tsx): the script shows the address's own.
  const heads = [...html.matchAll(new RegExp(`${SCREEN_HEAD_ATTRIBUTE}="(/[\\w/-]+)"`, "g"))].map((m) => m[1]!);
  const script = `(function () {
  var d = document, p = location.pathname, f = ${JSON.stringify(files)}, t = ${JSON.stringify(table)}, seen = {};
  // The server wrote them into the page already (its own route's page; the service worker's copy has none).
  for (var i = d.documentElement.hasAttribute("${ROUTE_PRELOADS_ATTRIBUTE}") ? t.length : 0; i < t.length; i++) {
    if (!new RegExp(t[i][0]).test(p)) continue;
    for (var j = 0; j < t[i][1].length; j++) {
      var href = f[t[i][1][j]];
      if (seen[href]) continue;
      seen[href] = 1;
      var l = d.createElement("link");
      l.rel = "modulepreload";
      l.fetchPriority = "low";
      l.href = href;
      d.head.appendChild(l);
    }
  }
  var area = /^\\/(coach|player)(\\/|$)/.exec(p);
  if (area && window.fetch) {
    var early = (window.${EARLY_GLOBAL} = { at: Date.now(), responses: {}, aborts: {} }), r = ${JSON.stringify(EARLY_READS)};
    var heads = ${JSON.stringify(heads)};
    var reads = ["/api/me"];
    // The screen's reads only for a browser whose last session check said signed in with this area's role (the
    // role hint): a signed-out visit makes the session check alone, not requests bound to answer 401.
    var hint = new RegExp("(?:^|;\\\\s*)${ROLE_HINT_COOKIE}=(\\\\w+)").exec(d.cookie);
    var signedIn = hint && hint[1] === area[1], screen = p.replace(/\\/$/, "");
    // The screen's head in the frame, for the area the role hint says this browser is signed in to (a fixed path
    // from the page, never the address's own text, goes into the rule).
    var head = heads[heads.indexOf(screen)];
    if (signedIn && head) {
      var style = d.createElement("style");
      style.id = "${SCREEN_HEAD_STYLE_ID}";
      style.textContent = 'html [${SCREEN_HEAD_ATTRIBUTE}="' + head + '"] { display: block; }';
      d.head.appendChild(style);
    }
    for (var k = 0; k < r.length; k++) {
      if (signedIn && screen === r[k][0] && (r[k][2] || !location.search))
        reads = reads.concat(r[k][1]);
    }
    // A guardian acting for a child in this tab (lib/acting-child.ts): the reads are the child's.
    var headers = { Accept: "application/json" }, child = null;
    try {
      child = sessionStorage.getItem(${JSON.stringify(ACTING_CHILD_KEY)});
    } catch (e) {}
    if (child) headers[${JSON.stringify(CHILD_HEADER)}] = child;
    // Each request starts in a task of its own, after this one: a fetch call costs the page's thread a few ms (more
    // on a phone's busy core, where the browser's network work interrupts it), and in the HTML's parse task they
    // made its longest task after the first paint (issue #35). The app finds each read's promise at once all the
    // same, and a read dropped before its task runs is never sent (its signal is aborted).
    for (var n = 0; n < reads.length; n++) {
      (function (url) {
        var abort = window.AbortController ? new AbortController() : null, start;
        early.aborts[url] = abort;
        early.responses[url] = new Promise(function (resolve) {
          start = resolve;
        });
        early.responses[url].catch(function () {});
        setTimeout(function () {
          if (abort && abort.signal.aborted) return start(Promise.reject(new Error("dropped before it was sent")));
          try {
            start(fetch(url, { credentials: "same-origin", headers: headers, signal: abort ? abort.signal : undefined }));
          } catch (e) {
            start(Promise.reject(e));
          }
        }, 0);
      })(reads[n].replace("{tz}", String(-new Date().getTimezoneOffset())));
    }
  }
  // The browser's locale data, loaded on a worker's thread while the app's code downloads (public/${LOCALE_WORKER}):
  // the first Intl formatter a page makes loads it, 12-45 ms of the page's own thread on a fast machine and four
  // times that on a slow phone, in the middle of the app's start (issue #35; ui/format.ts makes its formatters on
  // first use). The data is the renderer process's, so the page's first formatter then finds it loaded.
  // In a task of its own too, after the requests'.
  if (window.Worker) {
    setTimeout(function () {
      try {
        new Worker("/${LOCALE_WORKER}");
      } catch (e) {}
    }, 0);
  }
})();`;
  // The stylesheet first: the frame paints with it alone, and behind a score of module requests it waited for one of
  // the browser's six connections to the server.
  const stylesheet = /<link rel="stylesheet" href="[^"]+"\/>/.exec(html)?.[0];
  if (!stylesheet) throw new Error("spa-boot: the SPA fallback links no stylesheet");
  const out = html
    .replace(stylesheet, "")
    // Module preloads at low priority (the start script's too): the frame paints with the HTML and the stylesheet
    // alone, so the stylesheet has the phone's bandwidth to itself instead of sharing it with 200 kB of modules
    // requested at high priority alongside it; the modules follow at once (nothing else is waiting).
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
    .replace(/<head>/, `<head><script>${script}</script>${stylesheet}`);
  if (!out.startsWith(html.slice(0, html.indexOf("<head>"))))
    throw new Error("spa-boot: the SPA fallback has no <head>");
  return out;
}
