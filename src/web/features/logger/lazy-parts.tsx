import { lazy, useEffect, useState, type ComponentType } from "react";
import { inTurnWhenIdle } from "~/lib/after-paint";

/**
 * The logger's parts that its first paint does not show (decisions 0017 and 0021): the new session, snap editing
 * and end-game dialogs, the confirmation before a delete (with them, Radix's dialog code), the attendance tab and
 * the lineup strip of playing time.
 * Each is a chunk of its own, asked for one at a time once the browser is idle after the screen has drawn (so a tap
 * on them opens at once) and precached by the service worker like every chunk (so they open offline). Rendered before their code
 * is in, they suspend: each is mounted the first time it opens (useOpenedOnce), under a Suspense.
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
const [SnapEditDialog, loadSnapEditDialog] = onDemand(() =>
  import("./snaps/snap-edit-dialog").then((m) => m.SnapEditDialog),
);
const [AttendancePanel, loadAttendancePanel] = onDemand(() =>
  import("./attendance-panel").then((m) => m.SessionAttendancePanel),
);
const [EndGameDialog, loadEndGameDialog] = onDemand(() =>
  import("./snaps/end-game-dialog").then((m) => m.EndGameDialog),
);
const [LineupPanel, loadLineupPanel] = onDemand(() => import("./snaps/lineup-panel").then((m) => m.LineupPanel));
const [ConfirmDialog, loadConfirmDialog] = onDemand(() => import("~/ui/confirm-dialog").then((m) => m.ConfirmDialog));
export { AttendancePanel, ConfirmDialog, EndGameDialog, LineupPanel, NewSessionDialog, SnapEditDialog };

const PARTS = [
  loadNewSessionDialog,
  loadSnapEditDialog,
  loadAttendancePanel,
  loadEndGameDialog,
  loadConfirmDialog,
  loadLineupPanel,
] as const;

/** Fetches the parts' code once the browser is idle, one part per idle period (each within 3 s). */
export function usePreloadLoggerParts(): void {
  useEffect(() => inTurnWhenIdle(PARTS), []);
}

/** true from the first time `open` is true: a dialog is mounted once first opened, and stays (its closing runs). */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
