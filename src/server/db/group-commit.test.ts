import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createGroupCommit } from "./group-commit.js";

/** A group commit over a fake store that records each batch it is asked to write, and when. */
function recorder(spacingMs?: number) {
  const batches: { items: string[]; at: number }[] = [];
  const group = createGroupCommit<string, string>({
    writeBatch: async (items) => {
      batches.push({ items, at: performance.now() });
      return items.map((i) => `ok ${i}`);
    },
    writeOne: async (item) => {
      batches.push({ items: [item], at: performance.now() });
      return `ok ${item}`;
    },
    maxBatch: 100,
    spacingMs,
  });
  return { group, batches };
}

describe("group commit spacing", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "setImmediate", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("under a steady stream of calls, the ones that arrive within the spacing share the next batch", async () => {
    const { group, batches } = recorder(20);
    const start = performance.now();
    const a = group.submit("a");
    await vi.advanceTimersByTimeAsync(0);
    expect(await a).toBe("ok a");

    const b = group.submit("b");
    await vi.advanceTimersByTimeAsync(5);
    const c = group.submit("c");
    await vi.advanceTimersByTimeAsync(20);
    expect(await Promise.all([b, c])).toEqual(["ok b", "ok c"]);

    expect(batches.map((x) => x.items)).toEqual([["a"], ["b", "c"]]);
    expect(batches[0]!.at - start).toBe(0);
    // The second batch waited for the spacing since the first began, not longer.
    expect(batches[1]!.at - batches[0]!.at).toBe(20);
  });

  it("a call after a quiet spell is written at once", async () => {
    const { group, batches } = recorder(20);
    const a = group.submit("a");
    await vi.advanceTimersByTimeAsync(0);
    await a;
    await vi.advanceTimersByTimeAsync(100);

    const submittedAt = performance.now();
    const d = group.submit("d");
    await vi.advanceTimersByTimeAsync(0);
    expect(await d).toBe("ok d");
    expect(batches.at(-1)).toEqual({ items: ["d"], at: submittedAt });
  });

  it("without spacing, each call arriving alone is written alone", async () => {
    const { group, batches } = recorder();
    const a = group.submit("a");
    await vi.advanceTimersByTimeAsync(0);
    await a;
    const b = group.submit("b");
    await vi.advanceTimersByTimeAsync(5);
    const c = group.submit("c");
    await vi.advanceTimersByTimeAsync(5);
    await Promise.all([b, c]);
    expect(batches.map((x) => x.items)).toEqual([["a"], ["b"], ["c"]]);
  });
});
