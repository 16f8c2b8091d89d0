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
