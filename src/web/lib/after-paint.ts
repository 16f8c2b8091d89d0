/**
 * Scheduling for work a screen's first paint does not need (decisions 0017 and 0021): code and connections asked
 * for after the screen has drawn, so they do not compete with its own code, reads and rendering on a phone.
 * Each returns a function that cancels what has not run yet.
 */

/**
 * Calls `run` once the frame being drawn now is on the screen: a task after the frame that follows it has started
 * (two animation frames: the first comes before the current frame's paint, the second once it has been presented),
 * or after a second at the latest (a tab opened in the background draws no frames).
 */
export function afterPaint(run: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  let soon: ReturnType<typeof setTimeout> | undefined;
  const latest = setTimeout(once, 1000);
  let frame: number | null = null;
  if (typeof requestAnimationFrame === "function")
    frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => (soon = setTimeout(once, 0)))));
  else soon = setTimeout(once, 0);
  return () => {
    done = true;
    if (frame !== null) cancelAnimationFrame(frame);
    clearTimeout(soon);
    clearTimeout(latest);
  };
}

/** Calls `run` once the browser is idle, within `timeoutMs` at the latest (after a second where idle time is not told). */
export function whenIdle(run: () => void, timeoutMs = 3000): () => void {
  if (typeof requestIdleCallback !== "function") {
    const id = setTimeout(run, 1000);
    return () => clearTimeout(id);
  }
  const id = requestIdleCallback(() => run(), { timeout: timeoutMs });
  return () => cancelIdleCallback(id);
}

/**
 * Runs `loads` one after another, each once the browser is idle (within `timeoutMs` at the latest), the next only
 * after the previous one's promise has settled: a screen's parts fetched ahead of need cost a short task each
 * instead of one long one (six dynamic imports asked for in one idle callback were a 50 ms task on a slow host,
 * four times that on a phone: issue #35). A load that fails does not stop the ones after it.
 */
export function inTurnWhenIdle(loads: ReadonlyArray<() => Promise<unknown>>, timeoutMs = 3000): () => void {
  let cancelled = false;
  let cancelWait = () => {};
  const next = (i: number) => {
    if (cancelled || i >= loads.length) return;
    cancelWait = whenIdle(() => {
      void loads[i]!()
        .catch(() => undefined)
        .then(() => next(i + 1));
    }, timeoutMs);
  };
  next(0);
  return () => {
    cancelled = true;
    cancelWait();
  };
}
