import { describe, expect, it } from "vitest";
import { BOOT_SCRIPT, deferHydration, INERT_MODULE_TYPE, INERT_PRELOAD_REL } from "./defer-hydration";

const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Flagline</title>',
  '<link rel="stylesheet" href="/assets/app.css"/></head><body><main><h1>Hello</h1></main>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>',
  "</body></html>",
].join("");

describe("deferHydration", () => {
  const out = deferHydration(PAGE);

  it("turns every modulepreload and the module script inert, in place", () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('<script type="module"');
    expect(out.match(new RegExp(`rel="${INERT_PRELOAD_REL}" href="/assets/[^"]+"`, "g"))).toHaveLength(2);
    expect(out).toContain(`<script type="${INERT_MODULE_TYPE}" async="">import "/assets/manifest-1.js";`);
    // Nothing else moves: the page minus the boot script is the page with the two markers swapped.
    const withoutBoot = out.replace(`<script>${BOOT_SCRIPT}</script>`, "");
    expect(withoutBoot.replaceAll(INERT_PRELOAD_REL, "modulepreload").replace(INERT_MODULE_TYPE, "module")).toBe(PAGE);
  });

  it("adds the boot script once, at the end of <head>, where it runs before the body parses", () => {
    expect(out.split(BOOT_SCRIPT)).toHaveLength(2);
    expect(out.indexOf(BOOT_SCRIPT)).toBeLessThan(out.indexOf("</head>"));
    expect(out.indexOf(BOOT_SCRIPT)).toBeGreaterThan(out.indexOf("<title>"));
  });

  it("keeps the boot script plain, self-contained JavaScript", () => {
    // Parses as a script (throws on a syntax error) and names no bundler helper.
    expect(() => new Function(BOOT_SCRIPT)).not.toThrow();
    expect(BOOT_SCRIPT).not.toMatch(/__name|__vite|import\(/);
    expect(BOOT_SCRIPT).toContain(`link[rel="${INERT_PRELOAD_REL}"]`);
    expect(BOOT_SCRIPT).toContain(`script[type="${INERT_MODULE_TYPE}"]`);
  });

  it("refuses a page that is not React Router's output or is already deferred", () => {
    expect(() => deferHydration("<html><head></head><body></body></html>")).toThrow(/one <script type="module">/);
    expect(() => deferHydration(PAGE.replace("</head>", "").replace("<head>", ""))).toThrow(/no <\/head>/);
    expect(() => deferHydration(out)).toThrow(/already/);
  });
});
