import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Context } from "hono";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
};

const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".txt", ".map"]);

interface StaticFile {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  type: string;
  etag: string;
  immutable: boolean;
  /** For HTML: the Content-Security-Policy allowing exactly this page's inline scripts by hash. */
  csp?: string;
}

/** sha256 hashes of the inline <script> elements of an HTML page (React Router's hydration data). */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const re = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const content = m[1] ?? "";
    if (content.length === 0) continue;
    hashes.push(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return hashes;
}

function pageCsp(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.length ? " " + scriptHashes.join(" ") : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** The build's table of each signed-in route's modules (src/web/prerender/spa-boot.ts spaRoutes): RegExp source, files. */
export const SPA_ROUTES_FILE = "/__spa-routes.json";
/** Set on the fallback's <html> when its route's module preloads are in the page: the start script then adds none. */
export const ROUTE_PRELOADS_ATTRIBUTE = "data-route-preloads";

interface RoutePreloads {
  pattern: RegExp;
  hrefs: string[];
}

/** The build's route table, or none when it is missing or not what the build writes (the start script preloads). */
function readSpaRoutes(file: StaticFile | undefined): RoutePreloads[] {
  if (!file) return [];
  let table: unknown;
  try {
    table = JSON.parse(file.body.toString("utf8"));
  } catch {
    return [];
  }
  if (!Array.isArray(table)) return [];
  const routes: RoutePreloads[] = [];
  for (const entry of table as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== "string" || !Array.isArray(entry[1])) return [];
    const hrefs = (entry[1] as unknown[]).filter(
      (h): h is string => typeof h === "string" && /^\/assets\/[\w.-]+$/.test(h),
    );
    routes.push({ pattern: new RegExp(entry[0]), hrefs });
  }
  return routes;
}

function staticFile(body: Buffer, type: string, immutable: boolean, ext: string): StaticFile {
  const file: StaticFile = {
    body,
    type,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    immutable,
  };
  if (COMPRESSIBLE.has(ext) && body.length > 512) {
    file.gzip = gzipSync(body, { level: 9 });
    file.brotli = brotliCompressSync(body);
  }
  return file;
}

/**
 * The SPA fallback for one signed-in route (issue #35): its route's module preloads written into the page, after the
 * stylesheet, where the browser's preload scanner starts them, instead of by the start script, whose appendChild of
 * each was a quarter of the HTML's parse task on a slow phone. The <html> element says so, and the script then adds
 * none. (A page the service worker answers is the plain fallback: its script preloads as before.)
 */
function routeFallback(fallback: StaticFile, links: string): StaticFile {
  const html = fallback.body.toString("utf8");
  const stylesheet = /<link rel="stylesheet" href="[^"]+"\/>/.exec(html)?.[0];
  if (!stylesheet || !html.includes("<html")) return fallback;
  const body = html.replace("<html", `<html ${ROUTE_PRELOADS_ATTRIBUTE}`).replace(stylesheet, stylesheet + links);
  return { ...staticFile(Buffer.from(body, "utf8"), fallback.type, false, ".html"), csp: fallback.csp };
}

/** A follow link's address: /follow/<token> (scripts/build-follow-page.ts writes the page it is answered with). */
const FOLLOW_PAGE = /^\/follow\/[A-Za-z0-9_.-]{1,400}$/;

/** Whether a path names a file (`/favicon.ico`, `/robots.txt`) rather than a page of the app. */
export function looksLikeFile(pathname: string): boolean {
  return /\.[A-Za-z0-9]{1,8}$/.test(pathname.slice(pathname.lastIndexOf("/") + 1));
}

/**
 * Serves the built web app from memory: prerendered public pages at their paths, hashed assets with a year's
 * cache, and the SPA fallback for every other client route. Loaded once at start; the build is immutable.
 */
export function createStaticSite(root: string) {
  const files = new Map<string, StaticFile>();
  if (existsSync(root)) {
    for (const full of walk(root)) {
      const rel = "/" + relative(root, full).split(sep).join("/");
      const ext = extname(full).toLowerCase();
      const body = readFileSync(full);
      const file = staticFile(body, TYPES[ext] ?? "application/octet-stream", rel.startsWith("/assets/"), ext);
      if (ext === ".html") file.csp = pageCsp(inlineScriptHashes(body.toString("utf8")));
      // A service worker runs under the CSP its own script is served with: Workbox needs importScripts and fetch.
      if (rel === "/sw.js" || rel === "/push-sw.js" || /^\/workbox-[\w-]+\.js$/.test(rel)) {
        file.csp = "default-src 'none'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";
      }
      files.set(rel, file);
    }
  }
  const fallback = files.get("/__spa-fallback.html") ?? files.get("/index.html");
  const spaRoutes = readSpaRoutes(files.get(SPA_ROUTES_FILE));
  /** Each route's fallback, made on its first request, by the modules it preloads. */
  const routeFallbacks = new Map<string, StaticFile>();

  function fallbackFor(pathname: string): StaticFile | undefined {
    if (!fallback) return undefined;
    // Every matching route's modules, once each, as the start script does (/coach/games/rules is also /coach/games/:id).
    const hrefs = [...new Set(spaRoutes.filter((r) => r.pattern.test(pathname)).flatMap((r) => r.hrefs))];
    if (hrefs.length === 0) return fallback;
    const key = hrefs.join(" ");
    let file = routeFallbacks.get(key);
    if (!file) {
      const links = hrefs.map((h) => `<link rel="modulepreload" fetchpriority="low" href="${h}"/>`).join("");
      routeFallbacks.set(key, (file = routeFallback(fallback, links)));
    }
    return file;
  }

  function lookup(pathname: string): StaticFile | undefined {
    if (pathname.endsWith("/")) return files.get(pathname + "index.html");
    return files.get(pathname) ?? files.get(pathname + "/index.html");
  }

  function respond(c: Context, file: StaticFile, status: 200 | 404 = 200): Response {
    const headers = new Headers({
      "content-type": file.type,
      etag: file.etag,
      vary: "accept-encoding",
      "cache-control": file.immutable ? "public, max-age=31536000, immutable" : "no-cache",
    });
    if (file.csp) headers.set("content-security-policy", file.csp);
    if (c.req.header("if-none-match") === file.etag) return new Response(null, { status: 304, headers });
    const accept = c.req.header("accept-encoding") ?? "";
    let body = file.body;
    if (file.brotli && /\bbr\b/.test(accept)) {
      body = file.brotli;
      headers.set("content-encoding", "br");
    } else if (file.gzip && /\bgzip\b/.test(accept)) {
      body = file.gzip;
      headers.set("content-encoding", "gzip");
    }
    headers.set("content-length", String(body.length));
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status, headers });
  }

  return {
    available: files.size > 0,
    handle(c: Context): Response | null {
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(c.req.url).pathname);
      } catch {
        return null;
      }
      if (pathname.includes("\0") || pathname.split("/").includes("..")) return null;
      // A game's follow link (docs/product.md §15): its own small page, not the app; the token is read by its script.
      if (FOLLOW_PAGE.test(pathname)) {
        const page = files.get("/follow.html");
        return page ? respond(c, page) : null;
      }
      const file = lookup(pathname);
      if (file) return respond(c, file);
      // A missing hashed asset or file is a real 404, not a page. A file's extension is short: a token with a dot
      // in the path of a page (`/answer/<payload>.<mac>`, a mail's link) is an address of the app.
      if (pathname.startsWith("/assets/") || looksLikeFile(pathname)) return null;
      const page = fallbackFor(pathname);
      return page ? respond(c, page) : null;
    },
  };
}
