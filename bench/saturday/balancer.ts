/**
 * A small TCP round-robin load balancer for the saturday scenario's several-server runs: each new connection goes
 * to the next backend, bytes are piped both ways (so Server-Sent Events pass as they are). Run as its own process:
 *   PORT=... BACKENDS=http://127.0.0.1:a,http://127.0.0.1:b node --import tsx bench/saturday/balancer.ts
 * GET /api/health reaches a backend like any request, so the bench's readiness check works through it.
 */
import net from "node:net";

const backends = (process.env.BACKENDS ?? "")
  .split(",")
  .filter(Boolean)
  .map((u) => new URL(u));
if (backends.length === 0) throw new Error("BACKENDS is not set");
let next = 0;

const server = net.createServer((client) => {
  const target = backends[next++ % backends.length]!;
  const upstream = net.connect(Number(target.port), target.hostname);
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  client.pipe(upstream);
  upstream.pipe(client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on("error", close);
  upstream.on("error", close);
  client.on("close", close);
  upstream.on("close", close);
});
server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
const stop = () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1_000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
