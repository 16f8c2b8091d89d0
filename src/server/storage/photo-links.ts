import { macMatches, useMac } from "../auth/signed-tokens.js";

/*
 * Short-lived links to profile photos (docs/product.md §13): a photo's address in any answer carries an expiry and
 * a MAC (`/api/files/{id}?exp=<unix seconds>&sig=<MAC>`), and the file route serves a minor's photo only through a
 * link that has not expired, on top of the team-member check. A link copied out of the app stops working within two
 * hours. The expiry is the end of the next whole hour, so an answer read twice within an hour holds the same address
 * (its ETag stays put and the browser's copy of the image is used).
 *
 * The key is AUTH_SECRET's (auth/signed-tokens.ts), set once when the app is made (app.ts); every process of a
 * deployment shares it. Until it is set (a script that never makes an app) photos have plain addresses.
 */

const HOUR_S = 3600;
const USE = "photo link";
let secret: string | null = null;

/** Sets the key photo links are signed with: the app's AUTH_SECRET. */
export function usePhotoLinkSecret(authSecret: string): void {
  secret = authSecret;
}

/** The end of the hour after this one, in Unix seconds: a link made now is good for one to two hours. */
function expiryOf(nowMs: number): number {
  return (Math.floor(nowMs / 1000 / HOUR_S) + 2) * HOUR_S;
}

function macOf(key: string, fileId: string, exp: number): string {
  return useMac(key, USE, `${fileId}.${exp}`).toString("base64url");
}

/** The address of a stored profile photo as an answer gives it; null for none. */
export function photoUrl(fileId: string | null | undefined, nowMs: number = Date.now()): string | null {
  if (!fileId) return null;
  const path = `/api/files/${fileId}`;
  if (secret === null) return path;
  const exp = expiryOf(nowMs);
  return `${path}?exp=${exp}&sig=${macOf(secret, fileId, exp)}`;
}

/**
 * How many seconds a photo link the route was given stays good, or null when it is not a current link of this
 * file (no expiry or MAC, a MAC of another file or expiry, or expired).
 */
export function photoLinkSecondsLeft(
  fileId: string,
  exp: string | undefined,
  sig: string | undefined,
  nowMs: number = Date.now(),
): number | null {
  if (secret === null || !exp || !sig || !/^\d{1,12}$/.test(exp) || sig.length > 100) return null;
  const left = Number(exp) - Math.floor(nowMs / 1000);
  if (left <= 0 || left > 2 * HOUR_S) return null;
  const expected = Buffer.from(macOf(secret, fileId, Number(exp)), "base64url");
  return macMatches(Buffer.from(sig, "base64url"), expected) ? left : null;
}
