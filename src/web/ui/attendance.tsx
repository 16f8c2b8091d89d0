import { formatPercent, NONE } from "./format";

/*
 * Attendance before any is taken (docs/product.md §9): a player never marked, or a team with no marks at all, has
 * no attendance percentage yet. Every screen shows "—" then, read out as what it means, never "0%".
 */

export const NO_ATTENDANCE_YET = "No attendance taken yet";

interface PlayerAttendance {
  attendancePercentage: number;
  /** Sessions the player has a mark for. */
  attendanceMarked: number;
}

/** "85%", or "—" for a player never marked (text: the roster's cell and its CSV). */
export function attendanceText(p: PlayerAttendance): string {
  const percent = attendanceOf(p);
  return percent === null ? NONE : formatPercent(percent);
}

/** A percentage, or "—" read out as "No attendance taken yet". */
export function AttendanceValue({ percent }: { percent: number | null }) {
  if (percent !== null) return <>{formatPercent(percent)}</>;
  return (
    <>
      <span aria-hidden="true">{NONE}</span>
      <span className="sr-only">{NO_ATTENDANCE_YET}</span>
    </>
  );
}

/** A player's percentage, or null before they have a mark (for AttendanceValue and Stat, which show "—"). */
export function attendanceOf(p: PlayerAttendance): number | null {
  return p.attendanceMarked > 0 ? p.attendancePercentage : null;
}
