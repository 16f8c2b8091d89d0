import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inTurnWhenIdle } from "./after-paint";

/** A browser's idle callbacks, run when the test says the browser is idle. */
function fakeIdle() {
  const waiting = new Map<number, () => void>();
  let nextId = 1;
  vi.stubGlobal("requestIdleCallback", (run: () => void) => {
    const id = nextId++;
    waiting.set(id, run);
    return id;
  });
  vi.stubGlobal("cancelIdleCallback", (id: number) => waiting.delete(id));
  return {
    get pending() {
      return waiting.size;
    },
    /** Runs the idle callbacks asked for so far, as one idle period. */
    idle() {
      const now = [...waiting.values()];
      waiting.clear();
      for (const run of now) run();
    },
  };
}

/** A load the test settles when it wants. */
function load() {
  let settle: (ok: boolean) => void = () => {};
  const fn = vi.fn(
    () => new Promise<void>((resolve, reject) => (settle = (ok) => (ok ? resolve() : reject(new Error("offline"))))),
  );
  return { fn, settle: (ok = true) => settle(ok) };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("inTurnWhenIdle", () => {
  let browser: ReturnType<typeof fakeIdle>;
  beforeEach(() => (browser = fakeIdle()));
  afterEach(() => vi.unstubAllGlobals());

  it("starts one load per idle period, the next only once the previous has settled", async () => {
    const [a, b, c] = [load(), load(), load()];
    inTurnWhenIdle([a.fn, b.fn, c.fn]);
    expect(a.fn).not.toHaveBeenCalled();

    browser.idle();
    expect(a.fn).toHaveBeenCalledOnce();
    expect(browser.pending).toBe(0);
    browser.idle();
    expect(b.fn).not.toHaveBeenCalled();

    a.settle();
    await settled();
    expect(browser.pending).toBe(1);
    browser.idle();
    expect(b.fn).toHaveBeenCalledOnce();
    expect(c.fn).not.toHaveBeenCalled();

    // A failed load (offline) does not stop the rest.
    b.settle(false);
    await settled();
    browser.idle();
    expect(c.fn).toHaveBeenCalledOnce();
  });

  it("starts nothing more once cancelled", async () => {
    const [a, b] = [load(), load()];
    const cancel = inTurnWhenIdle([a.fn, b.fn]);
    browser.idle();
    cancel();
    a.settle();
    await settled();
    browser.idle();
    expect(b.fn).not.toHaveBeenCalled();
    expect(browser.pending).toBe(0);
  });
});
