import { lazy, useEffect, useState, type ComponentType } from "react";

/**
 * The logger's parts that its first paint does not show (decision 0017): the new session and snap editing dialogs
 * and the attendance tab. Each is a chunk of its own, asked for once the browser is idle after the screen has drawn
 * (so a tap on them opens at once) and precached by the service worker like every chunk (so they open offline).
 */
/**
 * A component whose code loads on demand: rendered before its code is in, it suspends (React.lazy); once `preload`
 * has brought the code in, it renders at once, in the same render that opens it.
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): [ComponentType<P>, () => Promise<unknown>] {
  let loaded: ComponentType<P> | null = null;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Part(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return [Part, preload];
}

const [NewSessionDialog, loadNewSessionDialog] = onDemand(() =>
  import("./new-session-dialog").then((m) => m.NewSessionDialog),
);
const [SnapEditDialog, loadSnapEditDialog] = onDemand(() => import("./snap-edit-dialog").then((m) => m.SnapEditDialog));
const [AttendancePanel, loadAttendancePanel] = onDemand(() =>
  import("./attendance-panel").then((m) => m.AttendancePanel),
);
export { AttendancePanel, NewSessionDialog, SnapEditDialog };

/** Fetches the parts' code once the browser is idle (at the latest after 3 s). */
export function usePreloadLoggerParts(): void {
  useEffect(() => {
    const load = () => {
      for (const part of [loadNewSessionDialog, loadSnapEditDialog, loadAttendancePanel]) void part().catch(() => {});
    };
    if (typeof requestIdleCallback !== "function") {
      const id = setTimeout(load, 1000);
      return () => clearTimeout(id);
    }
    const id = requestIdleCallback(load, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }, []);
}

/** true from the first time `open` is true: a dialog is mounted once first opened, and stays (its closing runs). */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
