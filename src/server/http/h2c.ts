import type { Server as HttpServer, RequestListener } from "node:http";
import http2, { type Http2Session } from "node:http2";
import type { Socket } from "node:net";
import type { Logger } from "../logger.js";

/*
 * HTTP/2 over cleartext with prior knowledge (h2c, RFC 9113 §3.3) on the same port as HTTP/1.1 (decision 0036).
 * A connection that opens with the HTTP/2 preface goes to an HTTP/2 server with the same request listener; any
 * other goes to the HTTP/1.1 server as before. A reverse proxy that speaks h2c to Flagline (Caddy's
 * `transport http { versions h2c }`, docs/deploy.md) carries many live streams on one connection, so one server's
 * open streams are no longer bounded by its open-file limit (one socket per stream over HTTP/1.1).
 *
 * The HTTP/1.1 server stays the one that listens: its keep-alive, timeouts, close() and closeIdleConnections()
 * work as before. Its own connection handler is taken off and called for every connection that is not HTTP/2.
 */

const PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");

/**
 * Streams one HTTP/2 connection may hold at once. A proxy opens another connection when one is full; 1,000 streams
 * of a few KB of buffers each stay far inside the session memory below.
 */
const H2C_MAX_STREAMS = 1_000;
/** An HTTP/2 connection's memory for its streams' buffers, in MB (Node's default of 10 is for ~100 streams). */
const SESSION_MEMORY_MB = 64;

/** The request's HTTP/2 side when it came over h2c (Hono's `c.env.incoming`), else null. */
export function http2Request(env: unknown): http2.Http2ServerRequest | null {
  const incoming = (env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof http2.Http2ServerRequest ? incoming : null;
}

export interface H2c {
  /** Asks every HTTP/2 connection to finish its streams and close (GOAWAY); new streams are refused. */
  close(): void;
}

/** Makes `server` (HTTP/1.1, not yet listening) answer h2c connections too, with `listener`. */
export function acceptH2c(
  server: HttpServer,
  listener: RequestListener,
  o: { log: Logger; sniffTimeoutMs: number },
): H2c {
  const handle = listener as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void;
  const h2 = http2.createServer(
    { settings: { maxConcurrentStreams: H2C_MAX_STREAMS }, maxSessionMemory: SESSION_MEMORY_MB },
    (req, res) => {
      // Answered before the body was read (a 413): the client is asked to stop sending it, without error (RFC 9113
      // §8.1), as Connection: close does over HTTP/1.1, and the stream is let go.
      const { stream } = req;
      stream.once("finish", () =>
        setImmediate(() => {
          if (stream.destroyed || stream.readableEnded) return;
          // @hono/node-server has sent RST_STREAM (NO_ERROR) by now; the unread body it leaves buffered would keep
          // the stream, and so the connection at shutdown, open forever.
          if (!stream.closed) stream.close(http2.constants.NGHTTP2_NO_ERROR);
          stream.destroy();
        }),
      );
      handle(req, res);
    },
  );
  const sessions = new Set<Http2Session>();
  h2.on("session", (session: Http2Session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
  });
  h2.on("sessionError", (err) => o.log.debug({ err }, "an HTTP/2 connection failed"));

  const http1 = server.listeners("connection") as ((socket: Socket) => void)[];
  server.removeAllListeners("connection");
  const toHttp1 = (socket: Socket) => {
    for (const handle of http1) handle.call(server, socket);
  };
  const ignore = () => {};

  server.on("connection", (socket: Socket) => {
    // A client that connects and sends nothing is dropped, as the HTTP/1.1 server's header timeout would.
    const drop = () => socket.destroy();
    socket.on("error", ignore);
    socket.setTimeout(o.sniffTimeoutMs);
    socket.once("timeout", drop);

    /** Reads what the client sent first, without taking it: enough to tell the HTTP/2 preface from anything else. */
    const sniff = (seen: Buffer) => {
      const data = socket.read() as Buffer | null;
      if (data === null) {
        if (!socket.destroyed) socket.once("readable", () => sniff(seen));
        return;
      }
      const all = seen.length > 0 ? Buffer.concat([seen, data]) : data;
      const n = Math.min(all.length, PREFACE.length);
      const h2Preface = all.subarray(0, n).equals(PREFACE.subarray(0, n));
      if (h2Preface && all.length < PREFACE.length) {
        socket.once("readable", () => sniff(all));
        return;
      }
      socket.setTimeout(0);
      socket.removeListener("timeout", drop);
      socket.removeListener("error", ignore);
      socket.unshift(all);
      if (h2Preface) h2.emit("connection", socket);
      else toHttp1(socket);
    };
    sniff(Buffer.alloc(0));
  });

  return {
    close() {
      for (const session of sessions) session.close();
    },
  };
}
