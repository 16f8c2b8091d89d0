/** Fixed-window request counting per key (client IP), kept in memory for one server process. */
export interface RateLimiter {
  /** Counts one hit; false when the key is over its limit for the current window. */
  hit(key: string): boolean;
  /** Seconds until the key's current window ends (0 when it has none). */
  retryAfterSeconds(key: string): number;
}

export function createMemoryRateLimiter(opts: { max: number; windowMs: number; now?: () => number }): RateLimiter {
  const now = opts.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      if (opts.max <= 0) return true;
      const t = now();
      // Drop stale windows now and then so the map cannot grow without bound.
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (t - w.start >= opts.windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || t - current.start >= opts.windowMs) {
        windows.set(key, { start: t, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= opts.max;
    },
    retryAfterSeconds(key) {
      const current = windows.get(key);
      if (!current) return 0;
      return Math.max(0, Math.ceil((current.start + opts.windowMs - now()) / 1000));
    },
  };
}
