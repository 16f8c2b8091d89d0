/** Longest client address kept: an IPv6 address with a zone fits; anything longer is not an address. */
const MAX_ADDRESS_LENGTH = 64;

/**
 * The client address behind `hops` trusted reverse proxies, from X-Forwarded-For (README, TRUST_PROXY). Each
 * proxy appends the address it was reached from, so the entry `hops` places from the right is the one the
 * outermost trusted proxy wrote; everything to its left came from the client and may be forged. With fewer
 * entries than hops the left-most one is the furthest any proxy saw. Null: no usable header (or no proxy
 * trusted), so the caller uses the socket's address.
 */
export function forwardedClientAddress(header: string | undefined, hops: number): string | null {
  if (hops <= 0 || !header) return null;
  const entries = header
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (entries.length === 0) return null;
  const entry = entries[Math.max(0, entries.length - hops)]!;
  return entry.slice(0, MAX_ADDRESS_LENGTH);
}
