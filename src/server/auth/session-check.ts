import { createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { sessionOfToken, type SessionOfToken } from "../db/auth-sessions.js";
import type { DB } from "../db/schema.js";
import type { Auth } from "./index.js";

/*
 * The signed-in session of a request, checked without Better Auth's endpoint when all it would do is read
 * (decision 0045). Better Auth's getSession verifies the session cookie's signature through WebCrypto (a key
 * imported and a job on libuv's pool for every check), runs its endpoint pipeline in an AsyncLocalStorage, and reads
 * the session and the user: 0.6-0.8 ms of CPU a check measured alone, some 70 checks a second on game day, when
 * 1,000 scorers' viewers expire every 20-30 s and 10,000 streams re-check their session every 5 minutes.
 *
 * This check only ever accepts, and only what Better Auth would accept and answer the same way: exactly one session
 * cookie of Better Auth's own name, its signature exactly the HMAC-SHA256 of its token under the auth secret (as
 * better-call signs it), a session row of that token with its user, not expired and not due for Better Auth's daily
 * refresh. Anything else (no cookie, a bad signature, no session, an expired one, one due for refresh) is answered
 * "ask": the caller asks Better Auth, which refuses, cleans up or refreshes exactly as before.
 */

export type QuickSession = SessionOfToken | "ask";

interface CookieRules {
  name: string;
  /** Better Auth's session settings, in milliseconds. */
  expiresInMs: number;
  updateAgeMs: number;
}

const rulesOf = new WeakMap<object, Promise<CookieRules>>();

/** The session cookie's name and the refresh rule, as Better Auth's context has them (read once per instance). */
function cookieRules(auth: Auth): Promise<CookieRules> {
  let rules = rulesOf.get(auth);
  if (!rules) {
    rules = auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    rulesOf.set(auth, rules);
  }
  return rules;
}

/** The value of the one cookie `name` in the header, or null when it is absent, repeated, quoted or mis-encoded. */
export function onlyCookie(header: string, name: string): string | null {
  let found: string | null = null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    if (found !== null) return null;
    found = part.slice(eq + 1).trim();
  }
  if (found === null || found.startsWith('"')) return null;
  if (!found.includes("%")) return found;
  try {
    return decodeURIComponent(found);
  } catch {
    return null;
  }
}

/** The token of a signed cookie value (`token.signature`), or null unless the signature is exactly the token's. */
export function signedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** The request's session when it can be accepted without Better Auth, else "ask". */
export async function quickSession(
  db: Kysely<DB>,
  auth: Auth,
  secret: string,
  cookieHeader: string | undefined,
  now = Date.now(),
): Promise<QuickSession> {
  if (!cookieHeader) return "ask";
  const rules = await cookieRules(auth);
  const value = onlyCookie(cookieHeader, rules.name);
  const token = value === null ? null : signedToken(value, secret);
  if (token === null) return "ask";
  const session = await sessionOfToken(db, token);
  if (!session || !(session.expiresAt > now)) return "ask";
  // Better Auth moves the expiry forward once the session is a day old (updateAge): it does that write.
  if (session.expiresAt - rules.expiresInMs + rules.updateAgeMs <= now) return "ask";
  return session;
}
