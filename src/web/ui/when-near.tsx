import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Renders `children` once its place comes within a screen's reach of the viewport (400 px), `placeholder` (which should
 * have the children's size) until then. For heavy blocks below the fold, such as a chart library: a phone that never
 * scrolls there never downloads or runs it (decision 0017). Without IntersectionObserver, at once.
 */
export function WhenNear({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={ref}>{placeholder}</div>;
}
