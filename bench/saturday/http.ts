import http from "node:http";
import http2 from "node:http2";

/** The outcome of one request: status 0 for a socket error, -1 for a timeout. */
export interface Answer {
  status: number;
  body: string;
}

/**
 * Keep-alive sockets for the ordinary requests of one worker (streams get their own sockets). A socket left idle for
 * 30 s is closed by the client, as a browser does: the scorers' sockets sit idle while the streams open (over a
 * minute at G = 1,500), and the server closes an idle one at 65 s (server.ts KEEP_ALIVE_MS), so the first snaps went
 * out on sockets the server was closing that instant: "read ECONNRESET" and a retry a second later.
 */
export function keepAliveAgent(): http.Agent {
  return new http.Agent({
    keepAlive: true,
    maxSockets: 1024,
    maxFreeSockets: 1024,
    scheduling: "lifo",
    timeout: 30_000,
  });
}

/** One request with node:http; never rejects (errors and timeouts come back as statuses 0 and -1). */
export function request(
  agent: http.Agent,
  url: URL,
  path: string,
  opts: { method?: string; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<Answer> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (a: Answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(a);
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: opts.method ?? "GET",
        agent,
        headers: opts.body
          ? { ...opts.headers, "content-type": "application/json", "content-length": Buffer.byteLength(opts.body) }
          : opts.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on("error", () => finish({ status: 0, body: "" }));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: -1, body: "" });
      req.destroy();
    }, opts.timeoutMs);
    req.on("error", (e) => finish({ status: 0, body: String(e) }));
    req.end(opts.body);
  });
}

export interface StreamHandlers {
  /** The stream answered 200 and is open. */
  onOpen(): void;
  /** One `event: change` message's data. */
  onChange(data: string): void;
  /** The stream ended (status of the answer when it was not 200, else 200; 0 with the socket error's text). */
  onEnd(status: number, error?: string): void;
}

/** Splits a Server-Sent Events text into messages; hands each `event` message's data to `onMessage`. */
function sseReader(event: string, onMessage: (data: string) => void): (chunk: string) => void {
  let buffer = "";
  return (chunk) => {
    buffer += chunk;
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const message = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      if (!message.startsWith(`event: ${event}\n`)) continue;
      const data = message
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n");
      onMessage(data);
    }
  };
}

/** Opens GET `path` as a Server-Sent Events stream on a socket of its own. Returns a function that closes it. */
export function openStream(url: URL, path: string, cookie: string, h: StreamHandlers, event = "change"): () => void {
  let ended = false;
  const end = (status: number, error?: string) => {
    if (ended) return;
    ended = true;
    h.onEnd(status, error);
  };
  const req = http.get(
    { host: url.hostname, port: url.port, path, agent: false, headers: { cookie, accept: "text/event-stream" } },
    (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        res.on("end", () => end(res.statusCode ?? 0));
        return;
      }
      h.onOpen();
      res.setEncoding("utf8");
      res.on(
        "data",
        sseReader(event, (data) => h.onChange(data)),
      );
      res.on("end", () => end(200));
      res.on("error", () => end(200));
      res.on("close", () => end(200));
    },
  );
  req.on("error", (e) => end(0, e.message));
  return () => {
    ended = true;
    req.destroy();
  };
}

/**
 * HTTP/2 connections without TLS (h2c, decision 0036) for a worker's streams: each carries up to `perSession`
 * streams, as a proxy in front of Flagline multiplexes its clients' streams; a new one is opened when all are full.
 */
export class H2Pool {
  private readonly sessions: { session: http2.ClientHttp2Session; open: number }[] = [];
  constructor(
    private readonly url: URL,
    private readonly perSession: number,
  ) {}

  /** A connection with room for one more stream, and a function to give the room back. */
  take(): { session: http2.ClientHttp2Session; release: () => void } {
    let slot = this.sessions.find((s) => s.open < this.perSession && !s.session.closed && !s.session.destroyed);
    if (!slot) {
      const session = http2.connect(this.url.origin, { settings: { enablePush: false } });
      session.on("error", () => {});
      const made = { session, open: 0 };
      session.once("close", () => {
        const i = this.sessions.indexOf(made);
        if (i >= 0) this.sessions.splice(i, 1);
      });
      this.sessions.push(made);
      slot = made;
    }
    const taken = slot;
    taken.open += 1;
    let released = false;
    return {
      session: taken.session,
      release: () => {
        if (released) return;
        released = true;
        taken.open -= 1;
      },
    };
  }

  close(): void {
    for (const s of this.sessions) s.session.close();
  }
}

/** openStream over one of the pool's HTTP/2 connections. */
export function openStreamH2(
  pool: H2Pool,
  path: string,
  cookie: string,
  h: StreamHandlers,
  event = "change",
): () => void {
  let ended = false;
  const { session, release } = pool.take();
  const end = (status: number, error?: string) => {
    release();
    if (ended) return;
    ended = true;
    h.onEnd(status, error);
  };
  let req: http2.ClientHttp2Stream;
  try {
    req = session.request({ ":path": path, cookie, accept: "text/event-stream" });
  } catch (e) {
    queueMicrotask(() => end(0, String(e)));
    return () => release();
  }
  let status = 0;
  req.on("response", (headers) => {
    status = Number(headers[":status"]);
    if (status === 200) h.onOpen();
  });
  req.setEncoding("utf8");
  const read = sseReader(event, (data) => h.onChange(data));
  req.on("data", (chunk: string) => {
    if (status === 200) read(chunk);
  });
  req.on("error", (e) => end(status === 200 ? 200 : 0, e.message));
  // Closed after a 200: the stream dropped; before any answer: refused (0); else the answer's status.
  req.on("close", () => end(status));
  return () => {
    ended = true;
    release();
    req.close();
  };
}
