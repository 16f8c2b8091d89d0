import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, type Registry } from "prom-client";

/*
 * GET /metrics when several server processes share the port (PROCESSES > 1, decision 0024): the worker that takes
 * the scrape asks the primary, which gathers every worker's metrics with prom-client's AggregatorRegistry (its own
 * IPC messages) and answers with the sum: requests, streams and pool connections of the whole server, not of the
 * one process the scrape happened to reach. A gauge every worker reads from the same database (the outboxes) is
 * aggregated by `max` (http/metrics.ts), the Node figures by what prom-client gives each.
 */

interface MetricsRequest {
  flagline: "metrics?";
  id: number;
}

interface MetricsAnswer {
  flagline: "metrics";
  id: number;
  body?: string;
  error?: string;
}

/** How long a worker waits for the primary's aggregate before it answers with its own figures. */
const ASK_TIMEOUT_MS = 10_000;

/** The primary's side: answers a worker's request with every worker's metrics summed. */
export function servesClusterMetrics(): (worker: Worker, message: unknown) => boolean {
  const aggregator = new AggregatorRegistry();
  return (worker, message) => {
    const m = message as Partial<MetricsRequest> | null;
    if (m?.flagline !== "metrics?" || typeof m.id !== "number") return false;
    const id = m.id;
    const answer = (a: Omit<MetricsAnswer, "flagline" | "id">) => {
      if (worker.isConnected()) worker.send({ flagline: "metrics", id, ...a } satisfies MetricsAnswer);
    };
    aggregator.clusterMetrics().then(
      (body) => answer({ body }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
    return true;
  };
}

let asked = 0;
const waiting = new Map<number, (answer: MetricsAnswer) => void>();
let listening = false;

/**
 * A worker's side: the registries the primary's aggregate reads here, and the function that asks for it; null in a
 * process that is not a cluster worker (the whole server in one process: its own figures are the server's).
 */
export function clusterMetricsOf(registries: () => Registry[]): (() => Promise<string>) | null {
  if (!cluster.isWorker || !process.send) return null;
  AggregatorRegistry.setRegistries(registries());
  if (!listening) {
    listening = true;
    // Made once in a worker, it answers the primary's requests for this process's metrics (prom-client's own
    // messages).
    new AggregatorRegistry();
    process.on("message", (message: unknown) => {
      const m = message as Partial<MetricsAnswer> | null;
      if (m?.flagline === "metrics" && typeof m.id === "number") waiting.get(m.id)?.(m as MetricsAnswer);
    });
  }
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = (asked += 1);
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the primary did not answer the metrics request within ${ASK_TIMEOUT_MS} ms`));
      }, ASK_TIMEOUT_MS);
      timer.unref();
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.body !== undefined) resolve(answer.body);
        else reject(new Error(answer.error ?? "the primary could not gather the metrics"));
      });
      process.send!({ flagline: "metrics?", id } satisfies MetricsRequest);
    });
}
