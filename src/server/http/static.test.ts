import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { ROUTE_PRELOADS_ATTRIBUTE as SCRIPT_ATTRIBUTE } from "../../web/prerender/spa-boot.js";
import { createStaticSite, looksLikeFile, ROUTE_PRELOADS_ATTRIBUTE, SPA_ROUTES_FILE } from "./static.js";

describe("which missing paths are files (a 404) and which are pages of the app (the SPA fallback)", () => {
  it("takes a short extension for a file", () => {
    for (const path of ["/favicon.ico", "/robots.txt", "/assets/app-abc123.js", "/x/photo.webp", "/feed.ics"])
      expect(looksLikeFile(path), path).toBe(true);
  });

  it("serves a page whose last segment is a token with a dot in it, as mail links have", () => {
    const mac = "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c";
    for (const path of [`/answer/eyJ1Ijo.${mac}`, `/unsubscribe/abc.${mac}`, "/coach/schedule", "/", "/v1.2/"])
      expect(looksLikeFile(path), path).toBe(false);
  });
});

describe("the SPA fallback of a signed-in route holds that route's module preloads (issue #35)", () => {
  const FALLBACK = [
    `<!DOCTYPE html><html lang="en"><head><script>var start = 1;</script>`,
    `<link rel="stylesheet" href="/assets/app-abc.css"/><meta charSet="utf-8"/>`,
    `<link rel="modulepreload" fetchpriority="low" href="/assets/root-abc.js"/></head><body><p>Loading</p></body></html>`,
  ].join("");
  const ROUTES = [
    ["^/coach/log/?$", ["/assets/log-abc.js", "/assets/layout-abc.js"]],
    ["^/coach/games/rules/?$", ["/assets/rules-abc.js", "/assets/layout-abc.js"]],
    ["^/coach/games/[^/]+/?$", ["/assets/game-abc.js", "/assets/layout-abc.js"]],
  ];
  let root = "";

  function site(routes: string | null = JSON.stringify(ROUTES)) {
    root = mkdtempSync(join(tmpdir(), "flagline-static-"));
    writeFileSync(join(root, "__spa-fallback.html"), FALLBACK);
    if (routes !== null) writeFileSync(join(root, SPA_ROUTES_FILE.slice(1)), routes);
    const served = createStaticSite(root);
    const app = new Hono();
    app.get("*", (c) => served.handle(c) ?? c.notFound());
    return app;
  }

  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" href="([^"]+)"\/>/g)].map((m) => m[1]);

  it("marks the page with the attribute the start script reads", () => {
    expect(ROUTE_PRELOADS_ATTRIBUTE).toBe(SCRIPT_ATTRIBUTE);
  });

  it("writes them after the stylesheet and marks the page, so its start script adds none", async () => {
    const res = await site().request("/coach/log");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<html ${ROUTE_PRELOADS_ATTRIBUTE} lang="en">`);
    expect(preloads(html)).toEqual(["/assets/log-abc.js", "/assets/layout-abc.js", "/assets/root-abc.js"]);
    expect(html.indexOf("/assets/log-abc.js")).toBeGreaterThan(html.indexOf("app-abc.css"));
    // The same inline scripts as the plain fallback, so the same policy allows them.
    const plain = await site().request("/coach/unknown/page/here");
    expect(res.headers.get("content-security-policy")).toBe(plain.headers.get("content-security-policy"));
    expect(res.headers.get("etag")).not.toBe(plain.headers.get("etag"));
  });

  it("takes every route the address matches, each module once, as the start script does", async () => {
    const html = await (await site().request("/coach/games/rules")).text();
    expect(preloads(html)).toEqual([
      "/assets/rules-abc.js",
      "/assets/layout-abc.js",
      "/assets/game-abc.js",
      "/assets/root-abc.js",
    ]);
  });

  it("serves the plain fallback elsewhere, and when the build's table is missing or not what it writes", async () => {
    for (const [routes, path] of [
      [JSON.stringify(ROUTES), "/coach/schedule"],
      [null, "/coach/log"],
      ["{not json", "/coach/log"],
      [JSON.stringify([["^/coach/log/?$", "not a list"]]), "/coach/log"],
      [JSON.stringify([["^/coach/log/?$", ['"/><script>alert(1)</script>']]]), "/coach/log"],
    ] as const) {
      const html = await (await site(routes).request(path)).text();
      expect(html, `${routes} ${path}`).toBe(FALLBACK);
      rmSync(root, { recursive: true, force: true });
    }
  });
});
