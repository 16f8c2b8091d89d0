import { lazy, useEffect, useState } from "react";

/**
 * The logger's parts that its first paint does not show (decision 0017): the new session and snap editing dialogs
 * and the attendance tab. Each is a chunk of its own, asked for once the browser is idle after the screen has drawn
 * (so a tap on them opens at once) and precached by the service worker like every chunk (so they open offline).
 */
const loadNewSessionDialog = () => import("./new-session-dialog");
const loadSnapEditDialog = () => import("./snap-edit-dialog");
const loadAttendancePanel = () => import("./attendance-panel");

export const NewSessionDialog = lazy(() => loadNewSessionDialog().then((m) => ({ default: m.NewSessionDialog })));
export const SnapEditDialog = lazy(() => loadSnapEditDialog().then((m) => ({ default: m.SnapEditDialog })));
export const AttendancePanel = lazy(() => loadAttendancePanel().then((m) => ({ default: m.AttendancePanel })));

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
