import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { CalendarCheck, CheckCheck, CloudUpload, X } from "lucide-react";
import { useId, useMemo } from "react";
import { AVAILABILITY_LABELS, type AvailabilityAnswer } from "#domain/schedule";
import { scheduleEventQuery, scheduleQuery } from "~/lib/queries";
import { formatJersey } from "~/ui/format";
import { EmptyState } from "~/ui/query-state";
import { attendanceCounts, marksFromAnswers, type AttendanceRow } from "./view-model";

interface PanelProps {
  rows: readonly AttendanceRow[];
  onMark: (row: AttendanceRow, present: boolean | null) => void;
  /** Marks several players at once ("Mark all present", "Start from answers"). */
  onMarkMany: (marks: readonly { row: AttendanceRow; present: boolean }[]) => void;
  onDiscard: (row: AttendanceRow) => void;
}

/**
 * The session's scheduled event's answers (docs/product.md §12): attendance starts from them. Read only when the
 * attendance tab opens (this module is loaded then), and only for a session started from the schedule; offline or
 * for an unscheduled session there are none, and the panel is as before.
 */
function useScheduledAnswers(sessionId: string): ReadonlyMap<string, AvailabilityAnswer> | null {
  const schedule = useQuery(scheduleQuery("all"));
  const eventId = schedule.data?.events.find((e) => e.sessionId === sessionId)?.id ?? null;
  const event = useQuery({ ...scheduleEventQuery(eventId ?? ""), enabled: eventId !== null });
  return useMemo(() => {
    if (!event.data?.answers) return null;
    const answers = new Map<string, AvailabilityAnswer>();
    for (const a of event.data.answers) if (a.answer) answers.set(a.playerId, a.answer);
    return answers;
  }, [event.data]);
}

/** The attendance panel of a session, with the answers of the scheduled event it was started from. */
export function SessionAttendancePanel(props: PanelProps & { sessionId: string }) {
  const answers = useScheduledAnswers(props.sessionId);
  return <AttendancePanel {...props} answers={answers} />;
}

/**
 * Attendance for one session: every player with Present and Absent toggles (pressing the pressed one clears the
 * mark) and "Mark all present". For a session started from the schedule, each player's answer is shown and
 * "Start from answers" marks those going present and those who can't go absent, leaving marks already taken as
 * they are; one tap on a row corrects it. Marks go through the outbox like events, so they can be taken with no
 * signal.
 */
function AttendancePanel({
  rows,
  onMark,
  onMarkMany,
  onDiscard,
  answers = null,
}: PanelProps & { answers?: ReadonlyMap<string, AvailabilityAnswer> | null }) {
  const ids = useId();
  const { present, marked } = attendanceCounts(rows);
  const fromAnswers = answers ? marksFromAnswers(rows, answers) : [];
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
        <div className="flex flex-wrap gap-2">
          {answers ? (
            <button
              type="button"
              className="btn btn-secondary h-11"
              onClick={() => onMarkMany(fromAnswers)}
              disabled={fromAnswers.length === 0}
              aria-describedby={`${ids}-answers`}
            >
              <CalendarCheck aria-hidden="true" className="size-4" />
              Start from answers
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-field h-11"
            onClick={() => onMarkMany(rows.filter((r) => r.present !== true).map((row) => ({ row, present: true })))}
            disabled={allPresent}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            Mark all present
          </button>
        </div>
      </div>
      {answers ? (
        <p id={`${ids}-answers`} className="text-sm text-stone-700">
          From the schedule: Going is marked present, Can&apos;t go absent; players not yet marked only.
        </p>
      ) : null}
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
                  {answers?.get(row.player.id) ? (
                    <span className="ml-2 text-xs font-semibold whitespace-nowrap text-stone-600">
                      said {AVAILABILITY_LABELS[answers.get(row.player.id)!]}
                    </span>
                  ) : null}
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
