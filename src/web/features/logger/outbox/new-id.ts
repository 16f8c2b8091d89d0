/**
 * A random UUID v4 for a new event. crypto.randomUUID exists only in secure contexts (https, localhost); a team
 * serving Flagline over plain http on its own network still gets well-formed random ids from getRandomValues.
 */
export function newEventId(
  cryptoImpl: Pick<Crypto, "getRandomValues"> & { randomUUID?: () => string } = crypto,
): string {
  if (typeof cryptoImpl.randomUUID === "function") return cryptoImpl.randomUUID();
  const b = cryptoImpl.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
