import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { setAnswerHeader } from "./answer-headers.js";
import type { AppContext } from "./context.js";

const gzip = promisify(gzipCallback);

/** Smaller answers go as they are: gzip's header and the CPU would cost more than the bytes saved. */
const THRESHOLD = 1024;
/**
 * Compressed copies of the answers that carry an ETag (cached-json.ts: the team's versioned reads, asked again and
 * again), by a hash of the body itself, so a cached read is compressed once and no copy can answer another body.
 */
const COPIES = 500;

/** Whether Accept-Encoding allows gzip (a `gzip;q=0` refuses it). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "gzip" && name !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Run by the request frame (request-frame.ts) on an API answer once the route has made it.
 * Gzips the API's JSON answers of 1 kB and more for a client that accepts it (a phone on a slow network gets a
 * screen's reads in a fifth of the bytes). Only application/json: the live stream (text/event-stream) and file
 * downloads go as they are. A compressed answer's ETag becomes weak (W/"…"), as a different encoding of the same
 * content; cached-json.ts compares tags weakly, so a 304 still answers the browser's If-None-Match, and its 304
 * carries the same weak tag.
 */
export function compressJson(): (c: AppContext) => Promise<void> {
  const copies = new Map<string, Buffer>();

  /** The gzipped answer in c.res, when the client accepts it and the answer is worth it. */
  async function encode(c: AppContext, etag: string | null): Promise<void> {
    if (!acceptsGzip(c.req.header("accept-encoding"))) return;
    if (c.res.status === 304) {
      if (etag && !etag.startsWith("W/")) setAnswerHeader(c, "etag", `W/${etag}`);
      return;
    }
    const current = c.res;
    if (!current.body) return;

    const raw = Buffer.from(await current.arrayBuffer());
    if (raw.length < THRESHOLD) {
      c.res = new Response(raw, current);
      return;
    }
    const key = etag ? createHash("sha1").update(raw).digest("base64url") : null;
    let body = key ? copies.get(key) : undefined;
    if (!body) {
      body = await gzip(raw);
      if (key) {
        copies.set(key, body);
        if (copies.size > COPIES) copies.delete(copies.keys().next().value!);
      }
    }
    // Hono copies the previous answer's headers onto the new one: the encoding's own headers are set after.
    c.res = new Response(new Uint8Array(body), current);
    c.res.headers.delete("content-length");
    c.res.headers.set("content-encoding", "gzip");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("etag", `W/${etag}`);
  }

  return async (c) => {
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    // JSON, and the server's own HTML pages (pages/: the request frame asks only for those).
    const json = /^(application\/json|text\/html)\b/i.test(type);
    const etag = res.headers.get("etag");
    if (!json && !(res.status === 304 && etag)) return;
    if (res.headers.has("content-encoding") || c.req.method === "HEAD") return;
    const vary = res.headers.get("vary");
    await encode(c, etag);
    // Set on the answer as it leaves (reading a body may have rebuilt it from what the route made).
    if (!vary) setAnswerHeader(c, "vary", "accept-encoding");
    else if (!/\baccept-encoding\b/i.test(vary)) setAnswerHeader(c, "vary", `${vary}, accept-encoding`);
  };
}
