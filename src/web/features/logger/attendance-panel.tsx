import { clsx } from "clsx";
import { CheckCheck, CloudUpload, X } from "lucide-react";
import { useId } from "react";
import { formatJersey } from "~/ui/format";
import { EmptyState } from "~/ui/query-state";
import { attendanceCounts, type AttendanceRow } from "./view-model";

/**
 * Attendance for one session: every player with Present and Absent toggles (pressing the pressed one clears the
 * mark) and "Mark all present". Marks go through the outbox like events, so they can be taken with no signal.
 */
export function AttendancePanel({
  rows,
  onMark,
  onMarkAll,
  onDiscard,
}: {
  rows: readonly AttendanceRow[];
  onMark: (row: AttendanceRow, present: boolean | null) => void;
  onMarkAll: () => void;
  onDiscard: (row: AttendanceRow) => void;
}) {
  const ids = useId();
  const { present, marked } = attendanceCounts(rows);
  if (rows.length === 0) {
    return <EmptyState title="No players yet">Players appear here once they sign up with your team code.</EmptyState>;
  }
  const allPresent = present === rows.length;
  return (
    <section aria-labelledby={`${ids}-h`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={`${ids}-h`} className="text-lg font-bold text-stone-900">
            Attendance
          </h2>
          <p className="text-sm text-stone-700 tabular-nums">
            {present} of {rows.length} present · {marked} marked
          </p>
        </div>
        <button type="button" className="btn btn-field h-11" onClick={onMarkAll} disabled={allPresent}>
          <CheckCheck aria-hidden="true" className="size-4" />
          Mark all present
        </button>
      </div>
      <ul className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
        {rows.map((row) => {
          const nameId = `${ids}-${row.player.id}`;
          return (
            <li key={row.player.id} className={clsx("py-2 pr-2 pl-3", row.error && "bg-red-50")}>
              <div className="flex items-center gap-3">
                <p id={nameId} className="line-clamp-2 min-w-0 flex-1 leading-snug break-words">
                  <span className="mr-1.5 font-extrabold text-stone-900 tabular-nums">
                    {formatJersey(row.player.jerseyNumber)}
                  </span>
                  <span className="font-semibold text-stone-800">{row.player.name}</span>
                </p>
                {row.pending ? (
                  <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent-100 px-2 py-0.5 text-xs font-bold text-accent-800">
                    <CloudUpload aria-hidden="true" className="size-3.5" />
                    pending
                  </span>
                ) : null}
                <div
                  role="group"
                  aria-labelledby={nameId}
                  className="flex shrink-0 overflow-hidden rounded-lg border border-stone-300"
                >
                  <button
                    type="button"
                    aria-pressed={row.present === true}
                    onClick={() => onMark(row, row.present === true ? null : true)}
                    className={clsx(
                      "h-11 px-3 text-sm font-bold transition-colors",
                      row.present === true ? "bg-field-700 text-white" : "bg-white text-stone-800 hover:bg-field-50",
                    )}
                  >
                    Present
                  </button>
                  <button
                    type="button"
                    aria-pressed={row.present === false}
                    onClick={() => onMark(row, row.present === false ? null : false)}
                    className={clsx(
                      "h-11 border-l border-stone-300 px-3 text-sm font-bold transition-colors",
                      row.present === false ? "bg-stone-800 text-white" : "bg-white text-stone-800 hover:bg-stone-100",
                    )}
                  >
                    Absent
                  </button>
                </div>
              </div>
              {row.error ? (
                <p className="mt-1 flex items-center gap-2 text-sm font-medium text-red-800">
                  Not saved: {row.error}
                  <button
                    type="button"
                    onClick={() => onDiscard(row)}
                    className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-red-800 underline hover:bg-red-100"
                  >
                    <X aria-hidden="true" className="size-4" />
                    Dismiss
                  </button>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
