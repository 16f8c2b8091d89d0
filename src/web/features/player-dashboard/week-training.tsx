import { Dumbbell, NotebookPen } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { TrainingLogRow } from "~/ui/training-log-row";
import { formatCount, formatDay, plural } from "~/ui/format";
import { EmptyState } from "~/ui/query-state";
import type { PlayerDashboardResponse } from "#domain/api/player";

/** This Monday-to-Sunday week's training: minutes, sessions and the entries, with the way to the full log. */
export function WeekTraining({ week }: { week: PlayerDashboardResponse["thisWeek"] }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="card flex min-w-0 flex-col">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold text-stone-900">
        <Dumbbell aria-hidden="true" className="size-5 text-field-700" />
        This week's training
      </h2>
      <p className="mt-1 text-sm text-stone-600">Week of {formatDay(week.weekStart)} (Monday to Sunday)</p>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-stone-50 px-3 py-2">
          <dt className="text-xs font-semibold text-stone-600">Minutes</dt>
          <dd className="mt-0.5 text-2xl font-extrabold text-stone-900 tabular-nums">{formatCount(week.minutes)}</dd>
        </div>
        <div className="rounded-xl bg-stone-50 px-3 py-2">
          <dt className="text-xs font-semibold text-stone-600">Sessions</dt>
          <dd className="mt-0.5 text-2xl font-extrabold text-stone-900 tabular-nums">{formatCount(week.sessions)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex-1">
        {week.logs.length === 0 ? (
          <EmptyState title="No training logged this week">
            Sessions you add to your training log between Monday and Sunday add up here.
          </EmptyState>
        ) : (
          <ul
            aria-label="This week's entries, latest first"
            className="divide-y divide-stone-100 rounded-xl border border-stone-200"
          >
            {week.logs.map((log) => (
              <TrainingLogRow
                key={log.id}
                log={log}
                summary={`${plural(log.durationMinutes, "minute")} · Intensity ${log.intensity}/10`}
              />
            ))}
          </ul>
        )}
      </div>
      <Link to="/player/logs" className="btn btn-secondary mt-4 w-fit">
        <NotebookPen aria-hidden="true" className="size-4" /> Open your training log
      </Link>
    </section>
  );
}
