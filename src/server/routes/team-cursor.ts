import { assertIsoTimestamp } from "../db/events.js";
import type { EventKey } from "../db/events.js";

/*
 * Keyset cursor of the player event log: the (occurredAt, id) of the last event of a page, as base64url JSON.
 * Opaque to clients; decoding checks its shape so a forged cursor is a 400, never a bad query.
 */

export function encodeEventCursor(key: EventKey): string {
  return Buffer.from(JSON.stringify([key.occurredAt, key.id]), "utf8").toString("base64url");
}

/** The key a cursor holds, or null when it is not one we made. */
export function decodeEventCursor(cursor: string): EventKey | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [occurredAt, id] = value as unknown[];
    if (typeof occurredAt !== "string" || typeof id !== "string" || id.length === 0 || id.length > 200) return null;
    assertIsoTimestamp(occurredAt);
    return { occurredAt, id };
  } catch {
    return null;
  }
}
