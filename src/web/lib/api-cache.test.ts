import { describe, expect, it } from "vitest";
import { claimApiCache } from "./api-cache";

/** Just enough Cache Storage: caches by name, entries by URL. */
class FakeCacheStorage {
  readonly stores = new Map<string, Map<string, Response>>();
  /** While set, deleting an entry waits for it: a slow disk under a busy phone. */
  holdEntryDeletes: Promise<void> | null = null;
  /** Runs after each put (the worker storing an answer while a claim is under way). */
  afterPut: ((cacheName: string) => Promise<void>) | null = null;

  async open(name: string) {
    let store = this.stores.get(name);
    if (!store) this.stores.set(name, (store = new Map()));
    const entries = store;
    const urlOf = (r: string | { url: string }) => (typeof r === "string" ? r : r.url);
    return {
      match: async (url: string) => entries.get(url)?.clone(),
      put: async (url: string, res: Response) => {
        entries.set(url, res);
        await this.afterPut?.(name);
      },
      keys: async () => [...entries.keys()].map((url) => ({ url })),
      delete: async (r: string | { url: string }) => {
        if (this.holdEntryDeletes) await this.holdEntryDeletes;
        return entries.delete(urlOf(r));
      },
    };
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  asCacheStorage() {
    return this as unknown as CacheStorage;
  }
}

async function ownerOf(storage: FakeCacheStorage): Promise<string | null> {
  const entry = await (await storage.open("flagline-cache-owner")).match("/__flagline/cache-owner");
  return entry ? entry.text() : null;
}

/** What the service worker does after a network-first fetch: stores the answer in its API cache. */
async function cacheAnswer(storage: FakeCacheStorage, url: string, body: string) {
  await (await storage.open("flagline-api")).put(url, new Response(body));
}

describe("claimApiCache", () => {
  it("claims made side by side take effect in order: the newer user owns the cache, even behind a slower claim", async () => {
    // A stale "signed out" check starts clearing the cache; the sign-in that answered meanwhile claims it for the
    // coach. However the two interleave, the coach's claim is the one left.
    const storage = new FakeCacheStorage();
    await claimApiCache("user-a", storage.asCacheStorage());
    await cacheAnswer(storage, "/api/team/players", "team A");
    let release = () => {};
    storage.holdEntryDeletes = new Promise((resolve) => (release = resolve));
    const stale = claimApiCache(null, storage.asCacheStorage());
    const signIn = claimApiCache("user-b", storage.asCacheStorage());
    // Whatever can run before the stale claim's slow delete ends runs now.
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await Promise.all([stale, signIn]);
    expect(await ownerOf(storage)).toMatch(/^user-b [0-9a-f]{32}$/);
    expect(storage.stores.has("flagline-api")).toBe(false);
  });

  it("what the worker stores under the new user's key while the claim runs is kept; the old user's is not", async () => {
    // A sign-in's claim, and the logger's first reads cached by the worker under the new key before the claim's last
    // sweep: they used to be swept too, so the logger had nothing cached until its next read.
    const storage = new FakeCacheStorage();
    await claimApiCache("user-a", storage.asCacheStorage());
    await cacheAnswer(storage, "/api/team/players?flagline-owner=old", "team A");
    storage.afterPut = async (cacheName) => {
      if (cacheName !== "flagline-cache-owner") return;
      storage.afterPut = null;
      const key = (await ownerOf(storage))!.split(" ")[1];
      await cacheAnswer(storage, `/api/team/players?flagline-owner=${key}`, "team B");
      await cacheAnswer(storage, "/api/team/plays?flagline-owner=old", "A's plays");
    };
    await claimApiCache("user-b", storage.asCacheStorage());
    const key = (await ownerOf(storage))!.split(" ")[1];
    expect([...(storage.stores.get("flagline-api")?.keys() ?? [])]).toEqual([
      `/api/team/players?flagline-owner=${key}`,
    ]);
  });

  it("the first signed-in user gets an owner key; the same user again keeps the cache and the key", async () => {
    const storage = new FakeCacheStorage();
    // A new key: what the screen read before it must be read again to be kept (session-context.tsx).
    await expect(claimApiCache("user-a", storage.asCacheStorage())).resolves.toBe(true);
    const owner = await ownerOf(storage);
    expect(owner).toMatch(/^user-a [0-9a-f]{32}$/);
    await cacheAnswer(storage, "/api/team/players", "team A");
    await expect(claimApiCache("user-a", storage.asCacheStorage())).resolves.toBe(false);
    expect(await ownerOf(storage)).toBe(owner);
    expect(storage.stores.get("flagline-api")?.size).toBe(1);
  });

  it("another user (a session replaced or revoked elsewhere): the last user's answers are gone and the key is new", async () => {
    const storage = new FakeCacheStorage();
    await claimApiCache("user-a", storage.asCacheStorage());
    const ownerA = await ownerOf(storage);
    await cacheAnswer(storage, "/api/team/players", "team A");
    await claimApiCache("user-b", storage.asCacheStorage());
    expect(storage.stores.has("flagline-api")).toBe(false);
    const ownerB = await ownerOf(storage);
    expect(ownerB).toMatch(/^user-b /);
    expect(ownerB!.split(" ")[1]).not.toBe(ownerA!.split(" ")[1]);
  });

  it("signed out (sign-out, or the session check answers signed out): no API cache and no owner remain", async () => {
    const storage = new FakeCacheStorage();
    await claimApiCache("user-a", storage.asCacheStorage());
    await cacheAnswer(storage, "/api/me", "A");
    // An older worker's per-user cache and an unrelated cache.
    await (await storage.open("flagline-api-old")).put("/api/me", new Response("A"));
    await (await storage.open("workbox-precache-v2")).put("/index.html", new Response("<html>"));
    await claimApiCache(null, storage.asCacheStorage());
    expect(await ownerOf(storage)).toBeNull();
    expect([...storage.stores.keys()].sort()).toEqual(["flagline-cache-owner", "workbox-precache-v2"]);
  });

  it("signed out with nothing cached, and no Cache Storage at all, are fine", async () => {
    const storage = new FakeCacheStorage();
    await expect(claimApiCache(null, storage.asCacheStorage())).resolves.toBe(false);
    await expect(claimApiCache("user-a", undefined)).resolves.toBe(false);
    const broken = { open: () => Promise.reject(new Error("SecurityError")) } as unknown as CacheStorage;
    await expect(claimApiCache("user-a", broken)).resolves.toBe(false);
  });
});
