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

describe("group commit failures", () => {
  /** A store whose batches fail with `error`, counting the items it is then asked to write alone. */
  function failing(error: Error) {
    const alone: string[] = [];
    const group = createGroupCommit<string, string>({
      writeBatch: async () => {
        throw error;
      },
      writeOne: async (item) => {
        alone.push(item);
        if (item === "bad") throw new Error("bad item");
        return `ok ${item}`;
      },
      maxBatch: 100,
    });
    return { group, alone };
  }

  it("a batch that fails over one bad item is written again item by item: only the bad one fails", async () => {
    const { group, alone } = failing(new Error("foreign key"));
    const results = await Promise.allSettled(["a", "bad", "c"].map((i) => group.submit(i)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(alone).toEqual(["a", "bad", "c"]);
  });

  it("a batch that fails because the database is out of reach fails every item at once, none written again", async () => {
    const unreachable = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const { group, alone } = failing(unreachable);
    const results = await Promise.allSettled(["a", "b", "c"].map((i) => group.submit(i)));
    expect(results).toEqual([
      { status: "rejected", reason: unreachable },
      { status: "rejected", reason: unreachable },
      { status: "rejected", reason: unreachable },
    ]);
    expect(alone).toEqual([]);
  });

  it("the calls queued behind a write the database's outage failed fail with it at once, none tried", async () => {
    const unreachable = Object.assign(new Error("connect ETIMEDOUT"), { code: "ETIMEDOUT" });
    let fail!: (error: unknown) => void;
    const tried: string[][] = [];
    const group = createGroupCommit<string, string>({
      writeBatch: async (items) => {
        tried.push(items);
        return items;
      },
      writeOne: (item) => {
        tried.push([item]);
        return item === "a" ? new Promise((_, reject) => (fail = reject)) : Promise.resolve(item);
      },
      maxBatch: 100,
    });
    const first = group.submit("a");
    // "a" is being written (its connection attempt hangs) when "b" and "c" arrive.
    await vi.waitFor(() => expect(tried).toEqual([["a"]]));
    const queued = [group.submit("b"), group.submit("c")];
    fail(unreachable);
    expect(await Promise.allSettled([first, ...queued])).toEqual([
      { status: "rejected", reason: unreachable },
      { status: "rejected", reason: unreachable },
      { status: "rejected", reason: unreachable },
    ]);
    expect(tried).toEqual([["a"]]);
    // The next call, once the database is back, is written as usual.
    expect(await group.submit("d")).toBe("d");
  });
});
