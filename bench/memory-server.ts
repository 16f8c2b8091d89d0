/**
 * The "same JSON from memory" yardstick: Hono on @hono/node-server (as the real server), answering
 * GET /api/team/players with a pre-serialized copy of the real answer read once at start. No session, no
 * database. Run as its own process (like the real server) so it does not share an event loop with autocannon.
 * Environment: PORT, HOST, BENCH_MEMORY_JSON (a file holding the response body).
 */
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const file = process.env.BENCH_MEMORY_JSON;
if (!file) throw new Error("BENCH_MEMORY_JSON is not set");
const body = readFileSync(file, "utf8");

const app = new Hono();
app.get("/api/health", (c) => c.json({ status: "ok" }));
app.get("/api/team/players", (c) => c.body(body, 200, { "content-type": "application/json" }));

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: process.env.HOST ?? "127.0.0.1" });
const stop = () => {
  server.close(() => process.exit(0));
  if ("closeAllConnections" in server) server.closeAllConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
