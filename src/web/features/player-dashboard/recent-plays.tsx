import { ListOrdered } from "lucide-react";
import { useId } from "react";
import { formatDateTime, formatDay, formatScore } from "~/ui/format";
import { EmptyState } from "~/ui/query-state";
import type { PlayerDashboardResponse } from "../../../domain/api/player";
import { sessionLabel } from "../../../domain/api/team";

type PlayerEvent = PlayerDashboardResponse["recentEvents"][number];

/** The latest plays logged for the player, newest first: when (viewer's zone), what, yards and points earned. */
export function RecentPlays({ events }: { events: readonly PlayerEvent[] }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="card min-w-0">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold text-stone-900">
        <ListOrdered aria-hidden="true" className="size-5 text-field-700" />
        Recent plays
      </h2>
      <div className="mt-3">
        {events.length === 0 ? (
          <EmptyState title="Your coach hasn't logged any plays for you yet">
            Catches, flag pulls, touchdowns and the rest show here, newest first, with their yards and the points they
            added to your score.
          </EmptyState>
        ) : (
          <ol aria-label="Recent plays, newest first" className="divide-y divide-stone-100 rounded-xl border border-stone-200">
            {events.map((event) => (
              <li key={event.id} className="flex items-baseline justify-between gap-x-4 px-4 py-2.5 text-sm">
                <span className="min-w-0">
                  <span className="font-semibold text-stone-900">{event.eventType}</span>
                  {event.yards !== null ? <span className="ml-2 text-stone-700 tabular-nums">{event.yards} yds</span> : null}
                  <span className="block text-stone-600">
                    <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>
                    {event.session ? <> · {sessionLabel(event.session, formatDay)}</> : null}
                  </span>
                </span>
                <span className="shrink-0 font-bold text-field-800 tabular-nums">+{formatScore(event.points)} pts</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
