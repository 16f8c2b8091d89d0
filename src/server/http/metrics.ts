/*
 * GET /metrics: Prometheus's text format, written by prom-client (decision 0040, issue #32). What it counts:
 * requests and their latency per route template (`/api/games/{id}`, never a raw path, so the series stay bounded),
 * the latency of API writes, the open event streams, the outboxes' waiting and given-up rows, PostgreSQL's pool, and
 * Node's own figures (collectDefaultMetrics: event loop lag, heap, GC, CPU).
 *
 * Who may read it: with METRICS_TOKEN set, whoever sends `Authorization: Bearer <token>` (401 otherwise); without
 * it, a client on this machine only: the socket's address is a loopback one and the request was not forwarded by a
 * proxy. The client address TRUST_PROXY derives (client-ip.ts) is not used: it comes from X-Forwarded-For, which a
 * remote caller writes. Anyone else gets the plain 404 of a path that does not exist.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, Handler } from "hono";
import { matchedRoutes } from "hono/route";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { clusterMetricsOf } from "../cluster-metrics.js";
import { outboxDepth, outboxFailed } from "../db/outbox-depth.js";
import type { Services } from "../services.js";
import type { AppContext, AppEnv } from "./context.js";

export const METRICS_PATH = "/metrics";

/** Methods kept as they are in the `method` label; any other is `OTHER`, so a client cannot add series. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Seconds; the write budget's 100 ms (docs/architecture.md "Budgets") is a boundary. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WRITE_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** A Hono route path with its parameters as OpenAPI writes them: /api/games/:id → /api/games/{id}. */
const templates = new Map<string, string>();
function template(path: string): string {
  let t = templates.get(path);
  if (t === undefined) templates.set(path, (t = path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")));
  return t;
}

/**
 * The route template a request was routed to (its handler's, middleware and wildcards left out); otherwise
 * `unmatched` under /api (the API's 404) and `static` elsewhere (the site's pages and files).
 */
export function routeLabel(c: Context): string {
  for (const route of matchedRoutes(c)) {
    if (route.method === "ALL" || route.path.endsWith("*")) continue;
    return template(route.path);
  }
  const path = c.req.path;
  return path === "/api" || path.startsWith("/api/") ? "unmatched" : "static";
}

/** This app's metrics (one per createApp): what the request frame and the event streams report to. */
export interface AppMetrics {
  /** One answered request (the request frame, after the answer is made). */
  observeRequest(c: AppContext, seconds: number): void;
  /** An event stream opened on this route; call the function returned when it ends. */
  streamOpened(route: string): () => void;
  /** The exposition: this app's metrics and the process's. */
  render(): Promise<{ body: string; contentType: string }>;
}

/**
 * Node's own metrics (collectDefaultMetrics) belong to the process, not to one app: made once, on the first scrape
 * (tests make hundreds of apps; each collectDefaultMetrics would start an event loop monitor of its own).
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const appMetrics = new WeakMap<Services, AppMetrics>();

/** The metrics of the app serving with these services (event-stream.ts reaches them from the request's context). */
export function metricsOf(services: Services | undefined): AppMetrics | undefined {
  return services ? appMetrics.get(services) : undefined;
}

export function createMetrics(services: Services): AppMetrics {
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({
    name: "flagline_http_requests_total",
    help: "HTTP requests answered, by method, route template and status.",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const duration = new Histogram({
    name: "flagline_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer (an event stream: to its first bytes), by method and route.",
    labelNames: ["method", "route"] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const writes = new Histogram({
    name: "flagline_http_write_duration_seconds",
    help: "Time to answer an API write (any method but GET, HEAD and OPTIONS under /api/).",
    buckets: WRITE_BUCKETS,
    registers,
  });
  const streams = new Gauge({
    name: "flagline_event_streams_open",
    help: "Server-Sent Events streams open on this process, by route.",
    labelNames: ["route"] as const,
    registers,
  });
  new Gauge({
    name: "flagline_outbox_waiting",
    help: "Rows of a durable outbox neither sent nor given up (due now or later), by outbox: mail or push.",
    labelNames: ["outbox"] as const,
    // Every process reads the same rows: several processes' figures are one figure, not a sum.
    aggregator: "max",
    registers,
    async collect() {
      try {
        // One after the other: a scrape takes at most one connection from a busy pool.
        const mail = await outboxDepth(services.database.db, "mail_outbox");
        const push = await outboxDepth(services.database.db, "push_outbox");
        this.set({ outbox: "mail" }, mail);
        this.set({ outbox: "push" }, push);
      } catch (err) {
        // Left out of this scrape rather than failing it: the rest still tells what is going on.
        this.reset();
        services.log.warn({ err }, "metrics: the outbox depths could not be read");
      }
    },
  });
  new Gauge({
    name: "flagline_outbox_failed",
    help: "Rows of a durable outbox given up (refused for good, or expired unsent), kept 30 days, by outbox: mail or push.",
    labelNames: ["outbox"] as const,
    // Every process reads the same rows: several processes' figures are one figure, not a sum.
    aggregator: "max",
    registers,
    async collect() {
      try {
        const mail = await outboxFailed(services.database.db, "mail_outbox");
        const push = await outboxFailed(services.database.db, "push_outbox");
        this.set({ outbox: "mail" }, mail);
        this.set({ outbox: "push" }, push);
      } catch (err) {
        this.reset();
        services.log.warn({ err }, "metrics: the outboxes' given-up counts could not be read");
      }
    },
  });
  // The route table's app (tests/server/security) is made over services without a database.
  const pool = (services.database as Services["database"] | undefined)?.pool;
  if (pool) {
    new Gauge({
      name: "flagline_db_pool_connections",
      help: "PostgreSQL pool connections of this process, by state: idle or busy.",
      labelNames: ["state"] as const,
      registers,
      collect() {
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "busy" }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: "flagline_db_pool_waiting",
      help: "Queries of this process waiting for a PostgreSQL pool connection.",
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  // Each series' child, looked up once: the request frame records every request (a few microseconds).
  const counted = new Map<string, ReturnType<typeof requests.labels>>();
  const timed = new Map<string, ReturnType<typeof duration.labels>>();

  // PROCESSES > 1: a scrape answers for every process (cluster-metrics.ts), this one's own figures if that fails.
  const wholeServer = clusterMetricsOf(() => [registry, processMetrics()]);

  const metrics: AppMetrics = {
    observeRequest(c, seconds) {
      const method = METHODS.has(c.req.method) ? c.req.method : "OTHER";
      const route = routeLabel(c);
      const status = c.res.status;
      const timing = `${method} ${route}`;
      const key = `${timing} ${status}`;
      let counter = counted.get(key);
      if (!counter) counted.set(key, (counter = requests.labels(method, route, String(status))));
      counter.inc();
      let histogram = timed.get(timing);
      if (!histogram) timed.set(timing, (histogram = duration.labels(method, route)));
      histogram.observe(seconds);
      if (!READS.has(method) && c.req.path.startsWith("/api/")) writes.observe(seconds);
    },
    streamOpened(route) {
      streams.inc({ route });
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        streams.dec({ route });
      };
    },
    async render() {
      if (wholeServer) {
        try {
          return { body: await wholeServer(), contentType: registry.contentType };
        } catch (err) {
          services.log.warn({ err }, "metrics: the other server processes' figures could not be gathered");
        }
      }
      const own = await registry.metrics();
      const node = await processMetrics().metrics();
      return { body: own + node, contentType: registry.contentType };
    },
  };
  appMetrics.set(services, metrics);
  return metrics;
}

/** A loopback address: 127.0.0.0/8, ::1, or 127.x as IPv4-mapped IPv6. */
function isLoopback(address: string): boolean {
  return address === "::1" || address.startsWith("127.") || address.toLowerCase().startsWith("::ffff:127.");
}

/** Headers a proxy adds: a request carrying one came through a proxy, however local the proxy is. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/** A client on this machine talking to us directly: a loopback socket address, and no proxy in between. */
function fromThisMachine(c: AppContext): boolean {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return false;
  }
  if (!address || !isLoopback(address)) return false;
  return FORWARDING_HEADERS.every((name) => c.req.header(name) === undefined);
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** The bearer token sent equals `expected`, compared in constant time (both hashed first: equal lengths). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  const sent = digest(match?.[1] ?? "");
  return timingSafeEqual(sent, expected) && match !== null;
}

/** GET /metrics: the exposition to whoever may read it (see the top of this file). */
export function metricsHandler(services: Services, metrics: AppMetrics): Handler<AppEnv> {
  const token = services.config.metricsToken;
  const expected = token ? digest(token) : null;
  return async (c) => {
    if (expected) {
      if (!bearerMatches(c.req.header("authorization"), expected)) {
        c.header("www-authenticate", 'Bearer realm="metrics"');
        return c.text("Unauthorized", 401);
      }
    } else if (!fromThisMachine(c)) {
      // As a path that does not exist (app.ts's plain 404): nothing says there is something here.
      return c.text("Not found", 404);
    }
    const { body, contentType } = await metrics.render();
    return c.body(body, 200, { "content-type": contentType, "cache-control": "no-store" });
  };
}
