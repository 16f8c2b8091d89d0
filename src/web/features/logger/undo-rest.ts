import { useCallback, useEffect, useRef, useState } from "react";

/** How long Undo rests after taking something back: longer than a double tap (docs/product.md §2 `/coach/log`). */
const UNDO_REST_MS = 600;

/**
 * One undo at a time, then a rest: the second tap of a double tap lands on a resting (disabled) button and does
 * nothing, instead of silently taking back the thing before. `run` ignores a call while an undo runs or rests.
 */
export function useUndoRest(): { resting: boolean; run: (undo: () => Promise<unknown>) => Promise<void> } {
  const lock = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const [resting, setResting] = useState(false);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const run = useCallback(async (undo: () => Promise<unknown>) => {
    if (lock.current) return;
    lock.current = true;
    setResting(true);
    try {
      await undo();
    } finally {
      timer.current = window.setTimeout(() => {
        lock.current = false;
        setResting(false);
      }, UNDO_REST_MS);
    }
  }, []);
  return { resting, run };
}
