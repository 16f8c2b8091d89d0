import { useEffect, type RefObject } from "react";

/**
 * The logger's pad covers the bottom of the screen: a player tile or a row's button scrolled to (by focus or by a
 * script) must land above it. The page's scroller gets a bottom scroll padding of the pad's height (and half a rem),
 * and `host`, when given, the pad's height as `--snap-pad`, a custom property registered as not inherited
 * (app.css) that the host's own padding reads on a phone, where the pad is fixed.
 *
 * Both are properties nothing inherits. The pad's height used to go into an inherited custom property on the
 * logger's container, read by every tile's and row's scroll margin: each change made the browser recompute the
 * style of all ~450 elements inside it, 51-150 ms on a phone's 4x-slowed CPU against 0.3-3 ms for a plain property
 * (issue #35, docs/lighthouse.md).
 */
export function usePadClearance(pad: RefObject<HTMLElement | null>, host?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const padEl = pad.current;
    if (!padEl || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    let height = -1;
    const observer = new ResizeObserver(() => {
      const next = padEl.offsetHeight;
      if (next === height) return;
      height = next;
      root.style.scrollPaddingBottom = `calc(${next}px + 0.5rem)`;
      host?.current?.style.setProperty("--snap-pad", `${next}px`);
    });
    observer.observe(padEl);
    return () => {
      observer.disconnect();
      root.style.removeProperty("scroll-padding-bottom");
    };
  }, [pad, host]);
}
