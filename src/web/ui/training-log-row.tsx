import type { ReactNode } from "react";
import { formatDay } from "./format";

/** One training-log entry in a short list: the activity and its day, and under them how long and how hard (as the list words it). */
export function TrainingLogRow({
  log,
  summary,
  children,
}: {
  log: { activityType: string; date: string };
  summary: ReactNode;
  /** Anything more under the summary (a coach sees the notes). */
  children?: ReactNode;
}) {
  return (
    <li className="px-4 py-2 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold text-stone-900">{log.activityType}</span>
        <span className="text-stone-600">{formatDay(log.date)}</span>
      </div>
      <p className="text-stone-700">{summary}</p>
      {children}
    </li>
  );
}
