import { useReducedMotion } from "motion/react";
import { useAnimate } from "motion/react-mini";
import { useLayoutEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";

/**
 * The routed page, keyed by pathname and faded and slid in after each navigation (docs/product.md §2: pages animate on
 * transition). The first page shows exactly as prerendered, and under prefers-reduced-motion nothing moves.
 *
 * Motion's mini animate (Web Animations API, a few KB) is used instead of <motion.div> + AnimatePresence,
 * which would put tens of KB on every public page's first load for an animation the first load never plays.
 */
export function PageTransition() {
  const { pathname } = useLocation();
  const reduceMotion = useReducedMotion() ?? false;
  const [scope, animate] = useAnimate<HTMLDivElement>();
  const previous = useRef(pathname);

  // Layout effect: the new page starts transparent before it is ever painted.
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    focusMain();
    const element = scope.current;
    if (reduceMotion || !element) return;
    const controls = animate(
      element,
      { opacity: [0, 1], transform: ["translateY(12px)", "none"] },
      { duration: 0.22, ease: "easeOut" },
    );
    return () => controls.stop();
  }, [pathname, reduceMotion, animate, scope]);

  return (
    <div key={pathname} ref={scope} className="flex flex-1 flex-col">
      <Outlet />
    </div>
  );
}

/** After a client-side navigation, move focus to the main region so screen readers start at the new page. */
function focusMain() {
  const main = document.getElementById("main");
  if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
}
