import { describe, expect, it } from "vitest";
import type { Viewer } from "../services.js";
import { createMemoryHub } from "./hub.js";
import { createViewerCache, VIEWER_TTL_MS, VIEWER_TTL_SPREAD_MS } from "./viewer-cache.js";

/*
 * Sessions first seen together must not all be asked for again together (viewer-cache.ts): a game day's scorers
 * start within seconds, and one fixed lifetime made their misses arrive as one burst every 30 s.
 */
describe("the viewer cache's expiry", () => {
  const viewer = (i: number): Viewer => ({
    userId: `u${i}`,
    email: `u${i}@example.com`,
    role: "coach",
    coachRole: "head",
    teamId: "t",
    fullName: `U ${i}`,
    sessionId: `s${i}`,
  });

  it("keeps each session between 20 and 30 s, spread over that range, never past the session's own expiry", async () => {
    let clock = 1_000_000;
    let draws = 0;
    // An evenly spread sequence of "random" draws: 0, 0.01, ..., 0.99.
    const cache = createViewerCache(
      createMemoryHub(),
      () => clock,
      () => (draws++ % 100) / 100,
    );
    const lookups = new Map<string, number>();
    const lookup =
      (i: number, expiresAt = clock + 3_600_000) =>
      async () => {
        lookups.set(`u${i}`, (lookups.get(`u${i}`) ?? 0) + 1);
        return { viewer: viewer(i), expiresAt };
      };
    const askAll = async () => {
      for (let i = 0; i < 100; i++) await cache.get(`token${i}`, lookup(i));
    };
    const askedAgain = () => [...lookups.values()].filter((n) => n > 1).length;

    await askAll();
    expect(lookups.size).toBe(100);
    clock += VIEWER_TTL_MS - VIEWER_TTL_SPREAD_MS - 1; // 19.999 s: every session still held
    await askAll();
    expect(askedAgain()).toBe(0);
    clock += VIEWER_TTL_SPREAD_MS / 2; // 24.999 s: about half have been asked for again
    await askAll();
    expect(askedAgain()).toBeGreaterThan(30);
    expect(askedAgain()).toBeLessThan(70);

    // A session that ends sooner than the cache would keep it is asked for once it has ended.
    const start = clock;
    await cache.get("short", lookup(999, start + 5_000));
    clock = start + 5_000;
    await cache.get("short", lookup(999, start + 5_000));
    expect(lookups.get("u999")).toBe(2);
  });
});
