// @vitest-environment jsdom
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "~/lib/api";
import { dropEarly, takeEarly, takeEarlyMe } from "~/lib/early-fetch";
import { SCREEN_HEAD_STYLE_ID } from "./screen-head";
import { LOCALE_WORKER, ROUTE_PRELOADS_ATTRIBUTE, spaBoot, spaRoutes } from "./spa-boot";

/*
 * The SPA fallback's start script (decision 0017), built from a small React Router manifest and run in a DOM at a
 * signed-in address: it preloads that route's modules (not another route's, not what the page already preloads)
 * and starts the session check and the screen's first reads, which the app's first request for each takes once.
 */
const MANIFEST = {
  entry: { module: "/assets/entry.client-a.js", imports: [] },
  routes: {
    root: { id: "root", path: "", module: "/assets/root-a.js", imports: ["/assets/shared-a.js"] },
    "routes/coach/layout": {
      id: "routes/coach/layout",
      parentId: "root",
      module: "/assets/coach-layout-a.js",
      imports: ["/assets/shared-a.js", "/assets/guards-a.js"],
    },
    "routes/coach/leaderboard": {
      id: "routes/coach/leaderboard",
      parentId: "routes/coach/layout",
      path: "coach/leaderboard",
      module: "/assets/leaderboard-a.js",
      imports: ["/assets/table-a.js"],
    },
    "routes/coach/games-box-score": {
      id: "routes/coach/games-box-score",
      parentId: "routes/coach/layout",
      path: "coach/games/:id",
      module: "/assets/box-score-a.js",
      imports: [],
    },
    "routes/public/home": { id: "routes/public/home", parentId: "root", index: true, module: "/assets/home-a.js" },
  },
};

const HTML =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/manifest-abc.js"/>' +
  '<link rel="modulepreload" href="/assets/root-a.js"/><link rel="modulepreload" href="/assets/shared-a.js"/>' +
  '<link rel="stylesheet" href="/assets/app-a.css"/></head><body><div>frame</div>' +
  '<div data-screen-head="/coach/leaderboard" aria-hidden="true" class="hidden">Leaderboard</div></body></html>';

let dir: string | undefined;
function build(): string {
  dir = mkdtempSync(join(tmpdir(), "spa-boot-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets/manifest-abc.js"), `window.__reactRouterManifest=${JSON.stringify(MANIFEST)};`);
  return spaBoot(HTML, dir);
}

/**
 * Runs the built page's start script at `path`, in a browser whose role hint says `role` (the area's own role when
 * left out: a signed-in visit); returns the modules it preloads and the requests it makes.
 */
async function run(
  html: string,
  path: string,
  role: string | null = path.split("/")[1] ?? null,
): Promise<{ preloads: string[]; fetched: string[]; headRule: string | null }> {
  const script = /<head><script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  window.history.replaceState(null, "", path);
  document.cookie = role ? `flagline-role=${role}; Path=/` : "flagline-role=; Path=/; Max-Age=0";
  document.head.innerHTML = "";
  const fetched: string[] = [];
  vi.stubGlobal("fetch", (url: string) => {
    fetched.push(url);
    return Promise.resolve(new Response('{"user":null}', { status: 200 }));
  });
  new Function(script)();
  // The requests and the worker start in tasks of their own, queued by the script: one task turn later.
  await nextTask();
  const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) =>
    (l as HTMLLinkElement).getAttribute("href")!,
  );
  const headRule = document.getElementById(SCREEN_HEAD_STYLE_ID)?.textContent ?? null;
  return { preloads, fetched, headRule };
}

/** Resolves after the tasks queued so far (zero-delay timers run in the order they were set). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = "flagline-role=; Path=/; Max-Age=0";
  (window as unknown as Record<string, unknown>).__flaglineEarly = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the SPA fallback's start script", () => {
  it("comes first in <head>, with the stylesheet right after it", async () => {
    const html = build();
    expect(html).toMatch(/<head><script>[\s\S]*?<\/script><link rel="stylesheet" href="\/assets\/app-a.css"\/><meta/);
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it("on a coach screen preloads that route's and its layout's modules, not what the page already preloads", async () => {
    const { preloads, fetched } = await run(build(), "/coach/leaderboard");
    expect(preloads.sort()).toEqual([
      "/assets/coach-layout-a.js",
      "/assets/guards-a.js",
      "/assets/leaderboard-a.js",
      "/assets/table-a.js",
    ]);
    expect(fetched).toEqual(["/api/me", "/api/team/leaderboard?window=season&group=all", "/api/team/seasons"]);
  });

  it("adds no preloads to a page the server wrote its route's preloads into, and still starts the reads", async () => {
    const html = build();
    document.documentElement.setAttribute(ROUTE_PRELOADS_ATTRIBUTE, "");
    try {
      const { preloads, fetched } = await run(html, "/coach/leaderboard");
      expect(preloads).toEqual([]);
      expect(fetched).toEqual(["/api/me", "/api/team/leaderboard?window=season&group=all", "/api/team/seasons"]);
    } finally {
      document.documentElement.removeAttribute(ROUTE_PRELOADS_ATTRIBUTE);
    }
  });

  it("hands the server the same route table its script preloads from", async () => {
    build();
    const routes = spaRoutes(HTML, dir!);
    expect(routes).toEqual([
      [
        "^/coach/leaderboard/?$",
        ["/assets/leaderboard-a.js", "/assets/table-a.js", "/assets/coach-layout-a.js", "/assets/guards-a.js"],
      ],
      ["^/coach/games/[^/]+/?$", ["/assets/box-score-a.js", "/assets/coach-layout-a.js", "/assets/guards-a.js"]],
    ]);
    const leaderboard = (await run(build(), "/coach/leaderboard")).preloads;
    expect([...leaderboard].sort()).toEqual([...routes[0]![1]].sort());
  });

  it("starts a dashboard's first reads with the viewer's zone, and none that depend on a query the address has", async () => {
    const html = build();
    const tz = String(-new Date().getTimezoneOffset());
    expect((await run(html, "/player/dashboard")).fetched).toEqual([
      "/api/me",
      `/api/me/dashboard?tzOffset=${tz}`,
      "/api/me/stat-lines",
      "/api/team/scoreboard",
      "/api/team/seasons",
      "/api/me/notices",
      "/api/team/announcements",
      "/api/team/schedule?when=upcoming&limit=1",
    ]);
    expect((await run(html, "/coach/dashboard/")).fetched).toEqual([
      "/api/me",
      "/api/team/dashboard",
      "/api/team/scoreboard",
      "/api/team/seasons",
      "/api/me/notices",
      "/api/team/announcements",
      "/api/team/schedule?when=upcoming&limit=1",
    ]);
    // A picked season or filter changes those reads' addresses: only the session check starts.
    expect((await run(html, "/coach/leaderboard?window=last30")).fetched).toEqual(["/api/me"]);
    expect((await run(html, "/coach/games/123")).fetched).toEqual(["/api/me"]);
  });

  it("shows the screen's own head in the frame, only to a browser signed in to that area (issue #35)", async () => {
    const html = build();
    const shown = 'html [data-screen-head="/coach/leaderboard"] { display: block; }';
    expect((await run(html, "/coach/leaderboard")).headRule).toBe(shown);
    expect((await run(html, "/coach/leaderboard/")).headRule).toBe(shown);
    // Signed out, or signed in as the other role: the frame alone (the visit ends on another page).
    expect((await run(html, "/coach/leaderboard", null)).headRule).toBeNull();
    expect((await run(html, "/coach/leaderboard", "player")).headRule).toBeNull();
    // A screen the page holds no head for, and an address that only starts like one.
    expect((await run(html, "/coach/dashboard")).headRule).toBeNull();
    expect((await run(html, '/coach/leaderboard"]{}x')).headRule).toBeNull();
  });

  it("loads the locale data on a worker's thread, before the app makes its first formatter", async () => {
    const started: string[] = [];
    vi.stubGlobal(
      "Worker",
      class {
        constructor(url: string) {
          started.push(url);
        }
      },
    );
    await run(build(), "/coach/log");
    expect(started).toEqual([`/${LOCALE_WORKER}`]);
    expect(existsSync(join("public", LOCALE_WORKER))).toBe(true);
  });

  it("apiFetch reads a started GET once instead of asking again; a later request asks the server", async () => {
    await run(build(), "/coach/dashboard");
    const later = vi.fn(() => Promise.resolve(new Response('{"from":"server"}', { status: 200 })));
    vi.stubGlobal("fetch", later);
    expect(await apiFetch("/api/team/dashboard")).toEqual({ user: null });
    expect(later).not.toHaveBeenCalled();
    expect(await apiFetch("/api/team/dashboard")).toEqual({ from: "server" });
    expect(later).toHaveBeenCalledTimes(1);
    // Never for a write, nor for another address.
    await apiFetch("/api/team/scoreboard", { method: "POST", json: {} });
    expect(later).toHaveBeenCalledTimes(2);
    expect(takeEarly("/api/team/scoreboard")).toBeDefined();
  });

  it("matches a route with a parameter, and nothing on a public address", async () => {
    const html = build();
    expect((await run(html, "/coach/games/123")).preloads.sort()).toEqual([
      "/assets/box-score-a.js",
      "/assets/coach-layout-a.js",
      "/assets/guards-a.js",
    ]);
    expect(await run(html, "/claim/xyz")).toEqual({ preloads: [], fetched: [], headRule: null });
  });

  it("hands its session check to the app's first check once", async () => {
    await run(build(), "/coach/leaderboard");
    const early = takeEarlyMe();
    expect(early).toBeDefined();
    expect((await early!).status).toBe(200);
    expect(takeEarlyMe()).toBeUndefined();
  });

  it("a browser not signed in with the area's role makes the session check alone (issue #26.16)", async () => {
    const html = build();
    expect((await run(html, "/player/dashboard", null)).fetched).toEqual(["/api/me"]);
    expect((await run(html, "/coach/dashboard", "player")).fetched).toEqual(["/api/me"]);
    expect((await run(html, "/coach/dashboard", "coach")).fetched).toHaveLength(7);
  });

  it("sends no request inside the page's parse task; a read dropped before its task runs is never sent", async () => {
    const html = build();
    const script = /<head><script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    window.history.replaceState(null, "", "/coach/dashboard");
    document.cookie = "flagline-role=coach; Path=/";
    const sent: string[] = [];
    vi.stubGlobal("fetch", (url: string) => {
      sent.push(url);
      return Promise.resolve(new Response('{"user":null}', { status: 200 }));
    });
    new Function(script)();
    expect(sent).toEqual([]);
    // Taken before its request was sent, a read still answers; the others, dropped first, are never sent.
    const me = takeEarlyMe();
    expect(me).toBeDefined();
    dropEarly();
    await nextTask();
    expect(sent).toEqual(["/api/me"]);
    expect((await me!).status).toBe(200);
  });

  it("dropEarly ends a read already sent: aborted while under way, its body cancelled once answered", async () => {
    const html = build();
    const script = /<head><script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    window.history.replaceState(null, "", "/coach/dashboard");
    document.cookie = "flagline-role=coach; Path=/";
    const signals = new Map<string, AbortSignal>();
    const answered = new Response('{"error":{"code":"unauthenticated","message":"Sign in."}}', { status: 401 });
    const cancel = vi.spyOn(answered.body!, "cancel");
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
      signals.set(url, init.signal!);
      // The scoreboard has answered; the rest are under way.
      return url === "/api/team/scoreboard" ? Promise.resolve(answered) : new Promise<Response>(() => {});
    });
    new Function(script)();
    await nextTask();
    expect([...signals.keys()]).toHaveLength(7);
    const me = takeEarlyMe();
    expect(me).toBeDefined();

    dropEarly();
    expect(signals.get("/api/me")!.aborted).toBe(false);
    expect(signals.get("/api/team/dashboard")!.aborted).toBe(true);
    expect(signals.get("/api/team/seasons")!.aborted).toBe(true);
    await vi.waitFor(() => expect(cancel).toHaveBeenCalled());
    // Nothing is left to take.
    expect(takeEarly("/api/team/dashboard")).toBeUndefined();
  });
});
