import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";

/** An app served on a real socket, as production serves it (@hono/node-server), on a free port of 127.0.0.1. */
export interface SocketServer {
  port: number;
  /** Closes the server and every connection still open. */
  close(): Promise<void>;
}

export async function serveOnSocket(app: {
  fetch: (request: Request, env?: unknown) => unknown;
}): Promise<SocketServer> {
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch as never, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  };
}
