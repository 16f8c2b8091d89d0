import { ServerResponse } from "node:http";
import { Http2ServerResponse, type ServerHttp2Stream } from "node:http2";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import type { AppContext, AppEnv } from "./context.js";
import { metricsOf, routeLabel } from "./metrics.js";
import { API_CSP } from "./request-frame.js";

/*
 * A Server-Sent Events answer as the live streams write it (the team's, routes/stream.ts; a followed game's,
 * routes/follow.ts): straight to Node's socket when served by @hono/node-server over HTTP/1.1, straight to the
 * HTTP/2 stream over h2c (decision 0036), through Hono's SSE helper elsewhere (app.request in tests).
 */

/** Writes a connection may have queued before we decide its client stopped reading and drop it. */
const MAX_QUEUED_WRITES = 32;

/**
 * The bytes a client may leave unread on its socket before the stream is dropped: a reading client takes each
 * message at once, and 256 KB is some 50 leaderboards (a stalled phone, not a slow one).
 */
const MAX_UNREAD_BYTES = 256 * 1024;

/** Where a stream's bytes go: a socket, or a web stream in tests. */
export interface StreamSink {
  /** Queues bytes; false when the client has stopped reading and the stream should end. */
  write(chunk: string | Uint8Array): boolean;
  /** Runs `onAbort` when the client goes away. */
  onAbort(onAbort: () => void): void;
  close(): void;
}

/**
 * A stream written straight to Node's response (HTTP/1.1) or to the request's HTTP/2 stream (h2c, decision 0036):
 * one write per message, no web stream, promise or TextEncoder between the feed's encoded frame and the socket (the
 * fan-out of a change to thousands of open screens was a tenth of game day's CPU through Hono's SSE helper:
 * docs/performance.md, issue #34).
 */
function directSink(target: ServerResponse | ServerHttp2Stream): StreamSink {
  return {
    write(chunk) {
      if (target.destroyed || target.writableEnded) return false;
      if (target.writableLength > MAX_UNREAD_BYTES) return false;
      target.write(chunk);
      return true;
    },
    onAbort(onAbort) {
      target.once("close", onAbort);
    },
    close() {
      // A client that went away left a destroyed response: nothing to end.
      if (!target.destroyed && !target.writableEnded) target.end();
    },
  };
}

/** A stream through Hono's SSE helper: writes go out in order, at most MAX_QUEUED_WRITES waiting. */
function sseSink(sse: SSEStreamingApi): StreamSink {
  let queued = 0;
  let chain = Promise.resolve();
  return {
    write(chunk) {
      if (queued >= MAX_QUEUED_WRITES) return false;
      queued += 1;
      chain = chain.then(() => sse.write(chunk)).then(() => void (queued -= 1));
      return true;
    },
    onAbort: (onAbort) => sse.onAbort(onAbort),
    close: () => {},
  };
}

/** The stream's response headers: the request frame's (security, request id) and the event stream's own. */
function streamHeaders(c: { newResponse: AppContext["newResponse"] }): Record<string, string> {
  const headers: Record<string, string> = {};
  // The headers the request frame and the route set so far, as Hono would build them into its answer.
  c.newResponse(null).headers.forEach((value, name) => (headers[name] = value));
  headers["content-type"] = "text/event-stream";
  headers["cache-control"] = "no-cache";
  headers["content-security-policy"] ??= API_CSP;
  return headers;
}

/**
 * Answers the request with an event stream that `run` writes until it resolves. The socket closes when the stream
 * ends instead of idling as keep-alive: a reconnect opens a new one anyway, and at shutdown an idle socket would
 * hold server.close() open until its keep-alive timeout.
 */
export function eventStream<E extends AppEnv>(
  c: AppContext<E>,
  runStream: (sink: StreamSink) => Promise<void>,
): Response {
  // Counted open (GET /metrics: flagline_event_streams_open) until `run` ends, however it ends.
  const closed = metricsOf(c.var.services)?.streamOpened(routeLabel(c));
  const run = closed ? (sink: StreamSink) => runStream(sink).finally(closed) : runStream;
  // nginx and similar buffer responses by default, which would hold every message back.
  c.header("X-Accel-Buffering", "no");
  // Served by @hono/node-server (npm start): the stream's bytes go straight to the socket.
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  if (outgoing instanceof ServerResponse) {
    outgoing.writeHead(200, { ...streamHeaders(c), connection: "close" });
    const sink = directSink(outgoing);
    void run(sink).finally(sink.close);
    return new Response(null, RESPONSE_ALREADY_SENT);
  }
  // Over HTTP/2 a stream ends alone; the connection, shared with other streams, stays (no Connection header).
  if (outgoing instanceof Http2ServerResponse) {
    outgoing.writeHead(200, streamHeaders(c));
    const sink = directSink(outgoing.stream);
    void run(sink).finally(sink.close);
    return new Response(null, RESPONSE_ALREADY_SENT);
  }
  // Anywhere else (app.request in tests, another runtime): Hono's SSE helper over a web stream.
  const response = streamSSE(c, (sse) => run(sseSink(sse)));
  response.headers.set("Connection", "close");
  return response;
}

/**
 * A comment line this often keeps proxies and phone networks from closing an idle stream. A stream that had a
 * message in the last half of this needs none (so at most 1.5 times this passes without a byte, well inside the
 * usual 60 s idle timeouts): on game day a screen hears its game every 10 s, and 10,000 screens' heartbeats were
 * 400 socket writes a second for nothing (docs/performance.md, issue #34).
 */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream drops: the stream's first line says so. */
export const STREAM_HELLO = "retry: 3000\n: connected\n\n";

/** One open stream's writes: a client that stops reading ends it instead of queueing forever. */
export function streamWriter(sink: StreamSink) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  let lastWrite = Date.now();
  const write = (chunk: string | Uint8Array) => {
    lastWrite = Date.now();
    if (!sink.write(chunk)) end();
  };
  return {
    /** Resolves when the stream ends (the client went, it stopped reading, or `end` was called). */
    ended,
    end: () => end(),
    write,
    /** The heartbeat's tick: a comment line unless something was written in the last half of `periodMs`. */
    heartbeat(periodMs: number) {
      if (Date.now() - lastWrite >= periodMs / 2) write(": heartbeat\n\n");
    },
  };
}
