/*
 * Who the service worker's cached API answers belong to (vite.config.ts: the logger's reads, network first, so
 * they still show offline). One phone may be passed from coach to coach: the cache must never answer one user
 * with another's team.
 *
 * The worker keys every entry it stores or reads with the current owner key, a random value written here (in the
 * Cache Storage entry below, which the worker reads). With no owner, nothing it stores can be read back. When the
 * signed-in user changes, ends the session, or the server answers that the session is gone (revoked elsewhere),
 * every cached API answer is deleted and a new key is made, so an answer stored for the last user while this ran
 * can never be served either.
 *
 * The names below are repeated as literals in vite.config.ts: its plugin is copied into sw.js as source.
 */

/** The runtime cache of API answers (and any `flagline-api-*` cache an older worker made). */
const API_CACHE = "flagline-api";
/** The Cache Storage cache and entry that hold "<user id> <key>". */
const OWNER_CACHE = "flagline-cache-owner";
const OWNER_ENTRY = "/__flagline/cache-owner";

function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The query parameter the worker keys each cached answer with (vite.config.ts). */
const OWNER_PARAM = "flagline-owner";

/** Deletes the cached API answers: all of them, or with `keep`, those not stored under that owner key. */
async function deleteApiCaches(storage: CacheStorage, keep?: string): Promise<void> {
  const names = (await storage.keys()).filter((n) => n === API_CACHE || n.startsWith(`${API_CACHE}-`));
  if (keep === undefined) {
    await Promise.all(names.map((n) => storage.delete(n)));
    return;
  }
  for (const name of names) {
    const cache = await storage.open(name);
    for (const request of await cache.keys()) {
      if (new URL(request.url, "http://cache.invalid").searchParams.get(OWNER_PARAM) !== keep)
        await cache.delete(request);
    }
  }
}

/**
 * Makes the cached API answers belong to `userId` (null: nobody is signed in). Same user as before: nothing
 * changes. Anyone else: every cached API answer is deleted first. Never throws (no Cache Storage, e.g. over
 * plain http on a LAN address, or a browser that refuses it: there is nothing cached to protect).
 *
 * Resolves true when `userId` got a new owner key: the reads answered before that (the screen's first reads race
 * the session check) were stored under no key or the last one and are gone, so what must be there offline has to
 * be read again (session-context.tsx does).
 */
export function claimApiCache(
  userId: string | null,
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<boolean> {
  // One claim at a time, in the order they were asked for: each takes several Cache Storage calls, and two run
  // side by side (a stale "signed out" check and the sign-in that answered meanwhile) could leave the older one's
  // owner, or none, behind the newer (issue #33).
  const claim = lastClaim.then(() => claimNow(userId, storage));
  lastClaim = claim;
  return claim;
}

/** The claim under way or last made; claimNow never rejects, so the chain never breaks. */
let lastClaim: Promise<unknown> = Promise.resolve();

async function claimNow(userId: string | null, storage: CacheStorage | undefined): Promise<boolean> {
  if (!storage) return false;
  try {
    const owners = await storage.open(OWNER_CACHE);
    const current = await owners.match(OWNER_ENTRY);
    const owner = current ? (await current.text()).split(" ")[0] : null;
    if (userId !== null && owner === userId) return false;
    await deleteApiCaches(storage);
    if (userId === null) {
      await owners.delete(OWNER_ENTRY);
      // Anything stored under the old key while the entry was being deleted.
      await deleteApiCaches(storage);
      return false;
    }
    const key = randomKey();
    await owners.put(OWNER_ENTRY, new Response(`${userId} ${key}`));
    // Anything stored under the old key while the entry was being replaced; what the worker has stored for the new
    // user already stays (issue #33: the logger's first reads after a sign-in were cached, then wiped here).
    await deleteApiCaches(storage, key);
    return true;
  } catch {
    // Cache Storage unavailable or failing: the worker then finds no owner and serves nothing from its API cache.
    return false;
  }
}
