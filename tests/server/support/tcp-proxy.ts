/*
 * Test utility: a TCP proxy on 127.0.0.1 in front of a server (PostgreSQL), to take that server away from the app
 * without touching it: cut() drops every proxied connection and then either refuses new ones (a database that is
 * down) or takes them and never answers (a database whose network is gone); restore() forwards again. The shared
 * PostgreSQL the other suites use keeps running. Not used by the server.
 */
import net from "node:net";

type OutageMode = "refuse" | "hang";

export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  proxied(url: string): string;
  /** Drops every open connection, then refuses new ones or holds them unanswered. */
  cut(mode: OutageMode): Promise<void>;
  /** Forwards new connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let mode: OutageMode | null = null;

  const server = net.createServer((client) => {
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => undefined);
    if (mode === "hang") return;
    const upstream = net.connect(target);
    open.add(upstream);
    upstream.on("close", () => open.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });

  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    proxied(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    async cut(next) {
      mode = next;
      // server.close() waits for open connections: they are destroyed first, as a restarting server drops them.
      const closed = next === "refuse" ? stopListening() : Promise.resolve();
      for (const socket of open) socket.destroy();
      await closed;
      if (next === "hang" && !server.listening) await listen(port);
    },
    async restore() {
      mode = null;
      // The held connections were never answered: they end now, as a timed-out client's would.
      for (const socket of open) socket.destroy();
      if (!server.listening) await listen(port);
    },
    async close() {
      for (const socket of open) socket.destroy();
      await stopListening();
    },
  };
}
