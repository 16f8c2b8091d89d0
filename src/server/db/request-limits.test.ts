import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { countHit, currentWindow, extendWindow, pruneEndedWindows, takeBackHit } from "./request-limits.js";

describe.each(testEngines())("request limit windows on $engine", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => t?.cleanup());

  it("counts hits in a fixed window, and starts a new one when it has ended", async () => {
    const now = Date.now();
    expect(await countHit(t.db, "w:a", 60_000, now)).toEqual({ count: 1, resetAt: now + 60_000 });
    expect(await countHit(t.db, "w:a", 60_000, now + 10)).toEqual({ count: 2, resetAt: now + 60_000 });
    expect(await currentWindow(t.db, "w:a", now + 20)).toEqual({ count: 2, resetAt: now + 60_000 });
    expect(await countHit(t.db, "w:a", 60_000, now + 60_000)).toEqual({ count: 1, resetAt: now + 120_000 });
    expect(await currentWindow(t.db, "w:a", now + 120_000)).toBeNull();
  });

  it("never loses a hit when many arrive at once", async () => {
    const now = Date.now();
    const windows = await Promise.all(Array.from({ length: 100 }, () => countHit(t.db, "w:parallel", 60_000, now)));
    expect(windows.map((w) => w.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it("takes a hit back in the same window only, and extends a window that reached a count", async () => {
    const now = Date.now();
    const first = await countHit(t.db, "w:b", 60_000, now);
    await countHit(t.db, "w:b", 60_000, now);
    await takeBackHit(t.db, "w:b", first.resetAt);
    await takeBackHit(t.db, "w:b", first.resetAt + 1);
    expect((await currentWindow(t.db, "w:b", now))?.count).toBe(1);
    await extendWindow(t.db, "w:b", 2, now + 900_000);
    expect((await currentWindow(t.db, "w:b", now))?.resetAt).toBe(now + 60_000);
    await extendWindow(t.db, "w:b", 1, now + 900_000);
    expect((await currentWindow(t.db, "w:b", now))?.resetAt).toBe(now + 900_000);
  });

  it("prunes ended windows, on request and now and then while counting", async () => {
    const now = Date.now();
    await t.db
      .insertInto("request_limits")
      .values([
        { key: "old:1", count: 5, reset_at: now - 1 },
        { key: "old:2", count: 5, reset_at: now - 86_400_000 },
        { key: "live:1", count: 5, reset_at: now + 60_000 },
      ])
      .execute();
    expect(await pruneEndedWindows(t.db, now)).toBeGreaterThanOrEqual(2);
    const keys = (await t.db.selectFrom("request_limits").select("key").execute()).map((r) => r.key);
    expect(keys).toContain("live:1");
    expect(keys).not.toContain("old:1");
    // Counting prunes too, at most every few minutes per server: a day later it does.
    await t.db
      .insertInto("request_limits")
      .values({ key: "old:3", count: 1, reset_at: now + 1_000 })
      .execute();
    await countHit(t.db, "w:c", 60_000, now + 86_400_000);
    const later = (await t.db.selectFrom("request_limits").select("key").execute()).map((r) => r.key);
    expect(later).not.toContain("old:3");
    expect(later).toContain("w:c");
  });
});
