import { IncomingMessage } from "node:http";
import { Http2ServerRequest } from "node:http2";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.js";
import { ApiError } from "./errors.js";

/*
 * A JSON request's body, read straight from Node's request under the size limit (decision 0044).
 *
 * Hono's body limit asks the request for its body stream, and @hono/node-server then builds the whole web Request
 * (headers, an AbortController, a ReadableStream over the socket) that it otherwise never makes; the route's
 * validator then reads the body through that stream. On game day that was 6.9 % of the main thread's busy time
 * and a share of its garbage (docs/performance.md, issue #34). Here the bytes are read from Node's stream with the
 * same limit, and the text is handed to Hono's body cache, where `c.req.json()` and `c.req.text()` find it.
 *
 * The bytes are also left on the Node request as `rawBody`, which @hono/node-server uses if anything later asks for
 * the web Request's body (no route does today; the sign-in builds its own Request for Better Auth): that Request
 * then carries the same body.
 *
 * Other bodies (uploads, forms), and requests not served by Node (app.request in tests), go through Hono's limit.
 */

type NodeRequest = (IncomingMessage | Http2ServerRequest) & { rawBody?: Buffer };

/** application/json and its +json kinds (RFC 6839), with any parameters: what Hono's JSON validator reads. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:\s*;|\s*$)/i;

function nodeRequestOf(env: unknown): NodeRequest | undefined {
  const incoming = (env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage || incoming instanceof Http2ServerRequest ? incoming : undefined;
}

/** The whole body, or "too_large" as soon as it passes `maxSize` bytes (the rest is not kept). */
function readBody(incoming: NodeRequest, maxSize: number): Promise<Buffer | "too_large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onGone);
      incoming.off("close", onGone);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxSize) {
        done();
        // What is still coming is read and dropped, so the answer can go out on a healthy connection.
        incoming.resume();
        resolve("too_large");
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onGone = () => {
      done();
      reject(new ApiError(400, "invalid_input", "The request body did not arrive whole."));
    };
    incoming.on("data", onData);
    incoming.once("end", onEnd);
    incoming.once("error", onGone);
    incoming.once("close", onGone);
  });
}

/**
 * Limits a request's body to `maxSize` bytes (`onTooLarge` throws the 413). A JSON body served by Node is read here
 * and cached for the route; anything else goes to `otherwise` (Hono's body limit with the same size).
 */
export function jsonBodyReader(
  maxSize: number,
  onTooLarge: () => never,
  otherwise: MiddlewareHandler<AppEnv>,
): MiddlewareHandler<AppEnv> {
  const decoder = new TextDecoder();
  return async (c, next) => {
    const incoming = nodeRequestOf(c.env);
    const type = c.req.header("content-type");
    if (!incoming || type === undefined || !JSON_TYPE.test(type) || incoming.readableEnded) return otherwise(c, next);
    const declared = c.req.header("content-length");
    if (declared !== undefined && c.req.header("transfer-encoding") === undefined && Number(declared) > maxSize)
      onTooLarge();
    const body = await readBody(incoming, maxSize);
    if (body === "too_large") onTooLarge();
    incoming.rawBody = body;
    // TextDecoder decodes as fetch's text() does: UTF-8, a leading byte order mark dropped, bad bytes replaced.
    // Hono keeps each body read as its promise (its type says the value): c.req.json() parses this text.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(decoder.decode(body));
    return next();
  };
}
