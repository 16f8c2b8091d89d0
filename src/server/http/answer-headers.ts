import type { Context } from "hono";

/**
 * Sets a header on the answer a handler already returned, in place. Hono's c.header() after the handler copies
 * the whole Response on every call, and under @hono/node-server that copy turns the lightweight answer (a string
 * body written straight to the socket) into a real Response whose body is read back through a stream: seven
 * headers set that way cost more than the summaries read itself. c.res.headers is the answer's own Headers. An
 * answer whose headers cannot change (Response.redirect, a fetch result) throws; that one is copied, by c.header().
 * Caveat: a lightweight answer made with a plain-object headers init (Hono's c.json when no header was set before
 * the route) rebuilds itself from that init when its body is read, dropping what was set here; so read the body
 * first (compress-json.ts does), or set the header before the route (request-frame.ts does).
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
