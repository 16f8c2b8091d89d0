import type { Config } from "@react-router/dev/config";

/**
 * Public pages are prerendered at build time so their HTML holds the content before any JS runs; every other
 * route is client-rendered behind build/client/__spa-fallback.html, which the server sends for any path that has
 * no prerendered file.
 */
export const PUBLIC_PATHS = ["/", "/features", "/how-it-works", "/pricing", "/about", "/contact", "/login", "/signup"];

export default {
  appDirectory: "src/web/app",
  buildDirectory: "build",
  ssr: false,
  prerender: PUBLIC_PATHS,
} satisfies Config;
