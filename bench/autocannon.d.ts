// The part of autocannon 9's programmatic API the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      /** Called before each request is sent; returns the request to send. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      amount?: number;
      /** Seconds to wait for a response. */
      timeout?: number;
      pipelining?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      requests?: Request[];
      bailout?: number;
    }

    interface Stats {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      /** Seconds the run took. */
      duration: number;
      requests: Stats & { sent: number };
      latency: Stats;
      throughput: Stats;
      errors: number;
      timeouts: number;
      non2xx: number;
      "2xx": number;
      "4xx": number;
      "5xx": number;
      statusCodeStats: Record<string, { count: number }>;
    }

    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
      /** statusCode, resBytes, responseTime in milliseconds (not rounded, unlike the latency histogram). */
      on(
        event: "response",
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }

  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
