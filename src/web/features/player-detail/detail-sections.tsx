import { CalendarCheck, CalendarX, Dumbbell, MessageSquareText } from "lucide-react";
import { Link } from "react-router";
import { TrainingLogRow } from "~/ui/training-log-row";
import { Panel } from "~/ui/app-page";
import { formatDateTime, formatDay } from "~/ui/format";
import { EmptyState } from "~/ui/query-state";
import type { PlayerDetailResponse } from "#domain/api/team";

function kindLabel(row: { kind: "practice" | "game"; opponent: string | null }): string {
  if (row.kind === "practice") return "Practice";
  return row.opponent ? `Game vs ${row.opponent}` : "Game";
}

export function AttendanceHistory({
  rows,
  playerName,
}: {
  rows: PlayerDetailResponse["attendance"];
  playerName: string;
}) {
  const present = rows.filter((r) => r.present).length;
  return (
    <Panel title="Attendance history" icon={<CalendarCheck className="size-5" />}>
      {rows.length === 0 ? (
        <EmptyState title="No attendance marked yet">
          Practices and games where you mark attendance for {playerName} will appear here.
        </EmptyState>
      ) : (
        <>
          <p className="text-sm">
            Present at {present} of {rows.length} marked {rows.length === 1 ? "session" : "sessions"}.
          </p>
          <ul
            tabIndex={0}
            aria-label="Attendance, newest first"
            className="mt-3 max-h-80 divide-y divide-stone-100 overflow-y-auto rounded-xl border border-stone-200"
          >
            {rows.map((row) => (
              <li key={row.sessionId} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                <span>
                  <span className="font-semibold text-stone-900">{kindLabel(row)}</span>
                  <span className="block text-stone-600">{formatDay(row.date)}</span>
                </span>
                {row.present ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-field-100 px-2 py-0.5 font-semibold text-field-900">
                    <CalendarCheck aria-hidden="true" className="size-4" /> Present
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1 rounded-full bg-stone-200 px-2 py-0.5 font-semibold text-stone-800">
                    <CalendarX aria-hidden="true" className="size-4" /> Absent
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

export function TrainingLogs({ logs, playerName }: { logs: PlayerDetailResponse["trainingLogs"]; playerName: string }) {
  return (
    <Panel title="Training logs" icon={<Dumbbell className="size-5" />}>
      {logs.length === 0 ? (
        <EmptyState title="No training logged yet">
          Training {playerName} records on their own Training Logs page will appear here (the latest 20).
        </EmptyState>
      ) : (
        <ul
          tabIndex={0}
          aria-label="Training logs, newest first"
          className="max-h-80 divide-y divide-stone-100 overflow-y-auto rounded-xl border border-stone-200"
        >
          {logs.map((log) => (
            <TrainingLogRow key={log.id} log={log} summary={`${log.durationMinutes} min · Intensity ${log.intensity}`}>
              {log.notes ? <p className="mt-1 whitespace-pre-line text-stone-700">{log.notes}</p> : null}
            </TrainingLogRow>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function FeedbackList({
  items,
  playerId,
  playerName,
}: {
  items: PlayerDetailResponse["feedback"];
  playerId: string;
  playerName: string;
}) {
  return (
    <Panel title="Feedback" icon={<MessageSquareText className="size-5" />}>
      {items.length === 0 ? (
        <EmptyState title="No feedback yet">
          Feedback you and the other coaches give {playerName} will appear here.{" "}
          <Link to={`/coach/player/${encodeURIComponent(playerId)}`} className="font-semibold text-field-800 underline">
            Give the first feedback
          </Link>
          .
        </EmptyState>
      ) : (
        <ul tabIndex={0} aria-label="Feedback, newest first" className="max-h-96 space-y-3 overflow-y-auto">
          {items.map((item) => (
            <li key={item.id} className="rounded-xl border border-stone-200 px-4 py-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="rounded-full bg-field-100 px-2 py-0.5 text-xs font-semibold text-field-900">
                  {item.category}
                </span>
                <span className="text-stone-600">
                  {item.coachName} · <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </span>
              </div>
              <p className="mt-2 whitespace-pre-line text-stone-800">{item.body}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
