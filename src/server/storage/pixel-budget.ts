/*
 * How many image pixels one user may have decoded per minute (docs/architecture.md "Files"). Decoding is the
 * costly part of an upload (a 5 MB PNG can hold 64 megapixels, hundreds of MB once decoded), so the budget is
 * charged with width x height from the image's header, read before anything is decoded.
 *
 * Kept in memory, per server process: the budget protects this process's CPU and memory, which is what a decode
 * spends, and needs no database round trip per upload. A user spreading uploads over several servers gets each
 * server's budget, and each server is still protected.
 */
import type { Services } from "../services.js";

/** At most this many pixels decoded per user per minute (a 64-megapixel image fits; two do not). */
export const MAX_DECODED_PIXELS_PER_MINUTE = 100_000_000;
const WINDOW_MS = 60_000;

export interface PixelBudget {
  /**
   * Charges `pixels` to the key's current minute: null when they fit, else the seconds until its minute ends. A
   * fresh minute always takes one image, however large (the image itself is capped at 64 megapixels).
   */
  take(key: string, pixels: number): number | null;
}

export function createPixelBudget(
  opts: { maxPixels?: number; windowMs?: number; now?: () => number } = {},
): PixelBudget {
  const maxPixels = opts.maxPixels ?? MAX_DECODED_PIXELS_PER_MINUTE;
  const windowMs = opts.windowMs ?? WINDOW_MS;
  const now = opts.now ?? Date.now;
  const windows = new Map<string, { start: number; used: number }>();
  return {
    take(key, pixels) {
      const t = now();
      // Drop ended windows now and then so the map cannot grow without bound.
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
      }
      let current = windows.get(key);
      if (!current || t - current.start >= windowMs) windows.set(key, (current = { start: t, used: 0 }));
      if (current.used > 0 && current.used + pixels > maxPixels) {
        return Math.max(1, Math.ceil((current.start + windowMs - t) / 1000));
      }
      current.used += pixels;
      return null;
    },
  };
}

/** The budget of each app (its services), made on first use. */
const budgets = new WeakMap<Services, PixelBudget>();

export function imageBudgetOf(services: Services): PixelBudget {
  let budget = budgets.get(services);
  if (!budget) budgets.set(services, (budget = createPixelBudget()));
  return budget;
}

/** Gives an app another budget (tests: a small one, a clock they move). */
export function setImageBudget(services: Services, budget: PixelBudget): void {
  budgets.set(services, budget);
}
