import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { VitePWA, type VitePWAOptions } from "vite-plugin-pwa";
import { PUBLIC_PATHS } from "./react-router.config.ts";
import { deferHydration } from "./src/web/prerender/defer-hydration.ts";
import { spaBoot, spaRoutes } from "./src/web/prerender/spa-boot.ts";
import { startInTurns } from "./src/web/prerender/start-in-turns.ts";

const apiTarget = process.env.API_URL ?? "http://localhost:3000";

/** Where the browser build lands (react-router.config.ts buildDirectory + "/client"). */
const CLIENT_OUT_DIR = "build/client";
/** Runtime cache of the few API answers the logger needs to open offline. Named in vite.config.ts only. */
const API_CACHE = "flagline-api";

/**
 * The service worker (docs/architecture.md: vite-plugin-pwa, app shell offline). Registered from the coach area only
 * (src/web/lib/pwa.ts): the public pages' JS is unchanged. Precaches the whole built client (JS, CSS, the
 * prerendered public pages, the SPA fallback) and answers every other navigation with the SPA fallback, so
 * /coach/log opens with no connection once a coach has visited it. A few GETs the logger reads are cached at run
 * time, network first: the player grid and the sessions still show offline.
 */
const pwaOptions: Partial<VitePWAOptions> = {
  strategies: "generateSW",
  registerType: "autoUpdate",
  // Registered by src/web/lib/pwa.ts from the coach area, never by a script injected into every page.
  injectRegister: false,
  // Pinned so the pass that runs after prerendering (pwaAfterPrerender) writes to the client build too.
  outDir: CLIENT_OUT_DIR,
  includeAssets: ["favicon.png", "apple-touch-icon.png", "icon-192.png", "icon-512.png", "notification-badge.png"],
  manifest: {
    id: "/",
    name: "Flagline",
    short_name: "Flagline",
    description:
      "Self-hosted performance tracking for flag-football teams: sideline logging, live leaderboards and player dashboards.",
    // src/web/app/routes/start.tsx: the signed-in user's dashboard, else the home page.
    start_url: "/start",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    // src/web/app/app.css: field-900 (the header) and stone-50 (the page).
    theme_color: "#10402a",
    background_color: "#fafaf9",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    ],
    shortcuts: [{ name: "Log events", short_name: "Log", url: "/coach/log" }],
  },
  workbox: {
    globPatterns: ["**/*.{js,css,html,svg,webmanifest}"],
    // Prerendered pages are written as <path>/index.html but served at <path>: precache them under the URL the
    // browser asks for, so a public page opens offline (and "/" is found through Workbox's directoryIndex).
    manifestTransforms: [
      (entries) => ({
        manifest: entries.map((entry) =>
          entry.url.endsWith("/index.html") ? { ...entry, url: entry.url.slice(0, -"/index.html".length) } : entry,
        ),
        warnings: [],
      }),
    ],
    navigateFallback: "/__spa-fallback.html",
    // Notifications (public/push-sw.js, decision 0035): the push and notification-click handlers.
    importScripts: ["/push-sw.js"],
    // Not the API, and not a file (/robots.txt, /sw.js): those go to the network like before.
    // Nor a follow link's page (/follow/<token>) or a league's public pages (/league/...), which the server answers
    // with its own small pages.
    navigateFallbackDenylist: [/^\/api\//, /^\/follow\//, /^\/league\//, /\/[^/?]+\.[^/]+$/],
    // autoUpdate without the injected register script: the new worker takes over at once.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Who is signed in (the guard needs it), the roster for the player grid, the plays for the play picker,
        // the sessions, one session's events and attendance, a game's snaps (the scoreboard and play-by-play) and
        // the league rules. Network first, so online they are always fresh.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          /^\/api\/(?:me|team\/players|team\/plays|team\/rules|team\/sessions(?:\/[^/]+(?:\/snaps)?)?)$/.test(
            url.pathname,
          ),
        handler: "NetworkFirst",
        method: "GET",
        options: {
          cacheName: API_CACHE,
          // A sideline connection that hangs is worse than none: after 4 s use what was cached.
          networkTimeoutSeconds: 4,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 },
          plugins: [
            {
              // Entries are keyed by the owner key src/web/lib/api-cache.ts writes for the signed-in user (and
              // replaces, deleting this cache, whenever the session changes or ends): one user's answers are never
              // read for another. With no owner, a throwaway key: stored, never served. (Copied into sw.js as
              // source: no outer names; the literals match api-cache.ts.)
              cacheKeyWillBeUsed: async ({ request }) => {
                let key = "";
                try {
                  const entry = await (await caches.open("flagline-cache-owner")).match("/__flagline/cache-owner");
                  key = entry ? ((await entry.text()).split(" ")[1] ?? "") : "";
                } catch {
                  key = "";
                }
                const url = new URL(request.url);
                url.searchParams.set("flagline-owner", key || `none-${crypto.randomUUID()}`);
                return url.href;
              },
            },
          ],
        },
      },
      {
        // Signing out forgets the cached answers above, so the next person on this phone offline does not see
        // the last coach's team. (This function is copied into sw.js as source: it must not use outer names.)
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === "/api/session",
        handler: "NetworkOnly",
        method: "DELETE",
        options: {
          plugins: [
            {
              requestWillFetch: async ({ request }) => {
                await caches.delete("flagline-api");
                return request;
              },
            },
          ],
        },
      },
    ],
  },
};

/** What every screen runs: React, React Router, TanStack Query (their modules and the few they import). */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/](?:query-core|react-query)|cookie|set-cookie-parser|turbo-stream|clsx)[\\/]/;
/**
 * The app's own shared modules (and the guard, the live stream and the player search's context, which every
 * signed-in screen runs through its area's layout) ...
 */
const SHARED =
  /[\\/]src[\\/](?:(?:web[\\/](?:lib|ui)|domain)[\\/]|web[\\/]app[\\/]guards\.tsx$|web[\\/]features[\\/](?:live[\\/](?:index|use-team-live-updates|apply-change|change-keys)\.ts$|player-search[\\/](?:index|player-search-context)\.tsx?$))/;
/** The logger's own modules that its screen and its on-demand parts share: one file, not one each. */
const LOGGER_CORE =
  /[\\/]src[\\/]web[\\/]features[\\/]logger[\\/](?:view-model|player-tiles|outbox[\\/](?:new-id|outbox|describe)|snaps[\\/](?:snap-buttons|snap-model))\.tsx?$/;
/**
 * ... but not those that import a library only some screens load (the chart library, the form library, Radix), nor
 * the modules with zod schemas (the API's, the forms', the account's): zod and its schemas, built when their module
 * runs, load only with a form or after a screen's first paint (decision 0021), never with the shared code.
 */
const NOT_SHARED =
  /[\\/](?:ui[\\/](?:score-chart|chart-frame|form-errors|form-field|confirm-dialog|sheet-dialog)\.tsx?|domain[\\/](?:api[\\/].*|schemas\.ts|account\.ts|zod\.ts))$/;

/** The prerendered file of a public path, e.g. "/" -> build/client/index.html. */
function prerenderedFile(path: string): string {
  return join(CLIENT_OUT_DIR, path, "index.html");
}

/**
 * React Router prerenders the public pages and writes __spa-fallback.html after the client build, in its server
 * build; vite-plugin-pwa writes sw.js at the end of the client build, before those pages exist. This runs at the
 * end of the server build, when build/client is complete: it first defers the public pages' app start to the
 * first interaction (decision 0006, src/web/prerender/defer-hydration.ts), then runs the plugin's generator once more,
 * so the precache holds the final prerendered pages and the SPA fallback the worker answers navigations with.
 */
function pwaAfterPrerender(): Plugin {
  let ssrBuild = false;
  let plugins: readonly Plugin[] = [];
  return {
    name: "flagline:pwa-after-prerender",
    apply: "build",
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
      plugins = config.plugins;
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        if (!ssrBuild) return;
        for (const path of PUBLIC_PATHS) {
          const file = prerenderedFile(path);
          writeFileSync(file, deferHydration(readFileSync(file, "utf8")));
        }
        // The signed-in screens' page starts its route modules and session check at once (decision 0017), and runs
        // the framework and the shared code one chunk per task (issue #35).
        // The server writes each route's module preloads into that route's page (src/server/http/static.ts).
        const fallback = join(CLIENT_OUT_DIR, "__spa-fallback.html");
        const built = readFileSync(fallback, "utf8");
        writeFileSync(join(CLIENT_OUT_DIR, "__spa-routes.json"), JSON.stringify(spaRoutes(built, CLIENT_OUT_DIR)));
        writeFileSync(fallback, startInTurns(spaBoot(built, CLIENT_OUT_DIR), CLIENT_OUT_DIR));
        const pwa = plugins.find((p) => p.name === "vite-plugin-pwa");
        const api = pwa?.api as { generateSW?: () => Promise<unknown> } | undefined;
        if (!api?.generateSW) throw new Error("vite-plugin-pwa not found: cannot write the service worker");
        await api.generateSW();
      },
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), VitePWA(pwaOptions), pwaAfterPrerender()],
  build: {
    // NO_MINIFY=1 npm run build: readable function names in CPU profiles (scripts/first-load-trace.ts).
    minify: process.env.NO_MINIFY ? false : undefined,
    rolldownOptions: {
      output: {
        // Fewer, larger shared files: on a phone every file costs a round trip over the server's six HTTP/1.1
        // connections, and a signed-in screen loaded 43-52 of them (decision 0017). The icons in one chunk (each was a
        // file of about 1 kB), the framework every screen runs in one, and the app's own shared code (src/web/lib,
        // src/web/ui, src/domain, and what both signed-in areas' layouts run) in one, except what pulls a library only
        // some screens need (the charts, the forms, zod); the logger's modules that its on-demand parts share too
        // (decision 0021: the logger's first load went from 21 files to 13).
        codeSplitting: {
          groups: [
            { name: "icons", test: /[\\/]node_modules[\\/]lucide-react[\\/]/, priority: 30 },
            { name: "framework", test: FRAMEWORK, priority: 20 },
            { name: "shared", test: (id) => SHARED.test(id) && !NOT_SHARED.test(id), minShareCount: 2, priority: 10 },
            { name: "logger-core", test: LOGGER_CORE, priority: 5 },
          ],
        },
      },
    },
  },
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./src/web", import.meta.url)),
    },
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
    },
  },
});
