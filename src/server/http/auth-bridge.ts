import type { AppContext, AppEnv } from "./context.js";
import { CLIENT_IP_HEADER } from "../auth/index.js";

/**
 * Calls a Better Auth endpoint through its request handler (not auth.api), so its rate limiter and cookie
 * handling apply exactly as for a browser request. The client IP travels in a header only our code sets.
 */
export async function callAuth<E extends AppEnv>(
  c: AppContext<E>,
  path: string,
  body?: unknown,
): Promise<{ response: Response; json: unknown }> {
  const { auth, config } = c.get("services");
  const headers = new Headers({
    "content-type": "application/json",
    origin: new URL(config.publicUrl).origin,
    [CLIENT_IP_HEADER]: c.get("clientIp"),
  });
  const cookie = c.req.header("cookie");
  if (cookie) headers.set("cookie", cookie);
  const userAgent = c.req.header("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);
  const request = new Request(new URL(`/api/auth${path}`, config.publicUrl), {
    method: "POST",
    headers,
    body: JSON.stringify(body ?? {}),
  });
  const response = await auth.handler(request);
  let json: unknown = null;
  try {
    json = await response.clone().json();
  } catch {
    json = null;
  }
  return { response, json };
}

/** Copies the Set-Cookie headers of a Better Auth response onto ours. */
export function forwardCookies<E extends AppEnv>(c: AppContext<E>, from: Response): void {
  for (const cookie of from.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
}
