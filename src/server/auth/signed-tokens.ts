import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The MACs of Flagline's signed addresses (docs/product.md §12): the calendar feed's (db/calendar-feeds.ts) and
 * the mail's answer and unsubscribe links (mail/links.ts). Each use has its own HMAC-SHA256 key, derived from
 * AUTH_SECRET and the use's name, so a MAC made for one use is worth nothing for another. Nothing here is stored.
 */

const keys = new Map<string, Buffer>();

/** The key of one use ("calendar feed", "answer link", …), derived once per secret. */
function keyOf(authSecret: string, use: string): Buffer {
  const id = `${use}\n${authSecret}`;
  let key = keys.get(id);
  if (!key) {
    key = createHmac("sha256", authSecret).update(`flagline ${use} v1`).digest();
    keys.set(id, key);
  }
  return key;
}

/** The 32-byte MAC of `text` for `use`. */
export function useMac(authSecret: string, use: string, text: string): Buffer {
  return createHmac("sha256", keyOf(authSecret, use)).update(text, "utf8").digest();
}

/** Whether a MAC sent back equals the expected one, compared in constant time. */
export function macMatches(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An id of at most 200 bytes, base64url; a MAC of 32 bytes, base64url. */
const ID_MAC_SHAPE = /^([A-Za-z0-9_-]{1,268})\.([A-Za-z0-9_-]{43})$/;

/**
 * Reads a `<id>.<MAC>` token (a calendar feed's, a follow link's): the id and the MAC it names, or null when it is
 * not one. Both parts must be the canonical base64url of what they decode to: base64url's last character carries
 * spare bits, and a token differing only there must not be read as the same token.
 */
export function readIdMacToken(token: string): { id: string; mac: Buffer } | null {
  const match = ID_MAC_SHAPE.exec(token);
  if (!match) return null;
  const id = Buffer.from(match[1]!, "base64url").toString("utf8");
  const mac = Buffer.from(match[2]!, "base64url");
  if (mac.length !== 32 || mac.toString("base64url") !== match[2]) return null;
  if (Buffer.from(id, "utf8").toString("base64url") !== match[1]) return null;
  return { id, mac };
}
