import { describe, expect, it, vi } from "vitest";
import { loadOnce } from "./load-once";

describe("loadOnce", () => {
  it("asks once however many callers want it, and says it has asked", async () => {
    const load = vi.fn(() => Promise.resolve("chunk"));
    const get = loadOnce(load);
    expect(get.asked()).toBe(false);
    const [a, b] = await Promise.all([get(), get()]);
    expect([a, b]).toEqual(["chunk", "chunk"]);
    expect(get.asked()).toBe(true);
    await get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a load that failed, so the next call asks again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce("chunk");
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow("offline");
    expect(get.asked()).toBe(false);
    await expect(get()).resolves.toBe("chunk");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
