import { useEffect, useId, useRef, useState, type ReactNode } from "react";

/**
 * A table's box that scrolls sideways when the table is wider than the screen (a phone at 360-390 px), and says so:
 * a visible line "Scroll sideways for more columns" and a fade on the edge that has more, so no column hides behind
 * the edge unannounced (issue #26.14). It is a focusable region, so the keyboard scrolls it too. Wide enough, it is
 * a plain box and shows nothing extra.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [more, setMore] = useState<{ left: boolean; right: boolean }>({ left: false, right: false });

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const max = box.scrollWidth - box.clientWidth;
      const next = { left: max > 1 && box.scrollLeft > 1, right: max > 1 && box.scrollLeft < max - 1 };
      setMore((was) => (was.left === next.left && was.right === next.right ? was : next));
    };
    measure();
    box.addEventListener("scroll", measure, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, []);

  const scrolls = more.left || more.right;
  return (
    <div className="relative">
      {scrolls ? (
        <p id={hintId} className="mb-1 text-xs font-semibold text-stone-600" data-print="hide">
          Scroll sideways for more columns{more.right ? " →" : " ←"}
        </p>
      ) : null}
      <div
        ref={ref}
        role="region"
        aria-label={label}
        aria-describedby={scrolls ? hintId : undefined}
        tabIndex={0}
        className="relative overflow-x-auto"
      >
        {children}
      </div>
      {more.right ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-0 right-0 bottom-0 w-6 bg-gradient-to-l from-white"
        />
      ) : null}
      {more.left ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-0 bottom-0 left-0 w-6 bg-gradient-to-r from-white"
        />
      ) : null}
    </div>
  );
}
