/**
 * A bench-only server: the real Flagline app (same config from the environment, same services) plus one extra
 * endpoint, GET /api/bench/spec-players, which answers the coach's team summaries the docs/product.md §7 way (one events
 * query per player, counted in JS). It authenticates exactly like GET /api/team/players (Better Auth session and
 * profile read via requireCoach), so the two differ only in how the summaries are computed.
 * Started by bench/run.ts as a child process: node --import tsx bench/spec-server.ts
 * (also with BENCH_SESSION_CACHE_MS set, for the session-cache experiment below).
 */
import "@hono/zod-openapi";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import type { AppEnv } from "../src/server/http/context.js";
import { ApiError } from "../src/server/http/errors.js";
import { requireCoach } from "../src/server/http/viewer.js";
import { createLogger } from "../src/server/logger.js";
import { createServices } from "../src/server/server.js";
import { specPlayerSummaries } from "./spec-pattern.js";

export const SPEC_PLAYERS_PATH = "/api/bench/spec-players";
const YARDSTICK_PATH = "/api/bench/yardstick-players";

const config = loadConfig();
const log = createLogger(config.logLevel);
const services = await createServices(config, log);

/*
 * BENCH_SESSION_CACHE_MS=N: an experiment, not the product. Better Auth's getSession answer is kept per cookie
 * header for N ms, as an in-process session cache would (a revoked session would keep working up to N ms). The
 * profile read that follows it in getViewer is not cached.
 */
const sessionCacheMs = Number(process.env.BENCH_SESSION_CACHE_MS ?? 0);
if (sessionCacheMs > 0) {
  type GetSession = (ctx: { headers: Headers }) => Promise<unknown>;
  const api = services.auth.api as unknown as { getSession: GetSession };
  const getSession = api.getSession.bind(api);
  const cache = new Map<string, { until: number; answer: Promise<unknown> }>();
  api.getSession = (ctx) => {
    const key = ctx.headers.get("cookie") ?? "";
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.answer;
    const answer = getSession(ctx);
    cache.set(key, { until: now + sessionCacheMs, answer });
    return answer;
  };
}
const app = createApp(services);

const outer = new Hono<AppEnv>();
outer.get(SPEC_PLAYERS_PATH, async (c) => {
  const started = performance.now();
  c.set("services", services);
  c.set("viewerLookup", undefined);
  const viewer = await requireCoach(c);
  const players = await specPlayerSummaries(services.database.db, viewer.teamId);
  // The real app logs every API request at info; so does this one, to cost the same.
  log.info({ method: "GET", path: c.req.path, status: 200, ms: +(performance.now() - started).toFixed(1) }, "request");
  return c.json({ players }, 200);
});
/*
 * The summaries yardstick (issue #17): GET /api/team/players's own answer, pre-serialized, behind the same session
 * check (requireCoach: Better Auth session, profile, coach role and team). The body is the real endpoint's,
 * fetched through the app once per team on first use; every later request pays only for the check and the send.
 */
const answers = new Map<string, Promise<string>>();
outer.get(YARDSTICK_PATH, async (c) => {
  const started = performance.now();
  c.set("services", services);
  c.set("viewerLookup", undefined);
  const viewer = await requireCoach(c);
  let body = answers.get(viewer.teamId);
  if (!body) {
    const url = new URL("/api/team/players", c.req.url);
    // Uncompressed, whatever the client accepts: the API gzips JSON for clients that ask (autocannon does not).
    const headers = new Headers(c.req.raw.headers);
    headers.delete("accept-encoding");
    body = Promise.resolve(app.fetch(new Request(url, { headers }), c.env)).then((r) => r.text());
    answers.set(viewer.teamId, body);
  }
  const text = await body;
  log.info({ method: "GET", path: c.req.path, status: 200, ms: +(performance.now() - started).toFixed(1) }, "request");
  return c.body(text, 200, { "content-type": "application/json" });
});
outer.all("*", (c) => app.fetch(c.req.raw, c.env));
outer.onError((error, c) => {
  if (error instanceof ApiError) return c.json(error.toBody(c.req.header("x-request-id") ?? ""), error.status);
  log.error({ err: error }, "spec endpoint failed");
  return c.json({ error: { code: "internal", message: String(error) } }, 500);
});

const server = serve({ fetch: outer.fetch, port: config.port, hostname: config.host });
const stop = () => {
  server.close();
  // autocannon may still hold keep-alive sockets; the bench is done with them.
  if ("closeAllConnections" in server) server.closeAllConnections();
  void services.hub.close();
  void services.database.close().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
