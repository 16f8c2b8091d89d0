import { ListOrdered } from "lucide-react";
import { useId } from "react";
import { EventRow } from "~/ui/event-row";
import { EmptyState } from "~/ui/query-state";
import type { PlayerDashboardResponse } from "#domain/api/player";

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
          <ol
            aria-label="Recent plays, newest first"
            className="divide-y divide-stone-100 rounded-xl border border-stone-200"
          >
            {events.map((event) => (
              <EventRow key={event.id} event={event} className="gap-x-4 gap-y-1 px-4 py-2.5 text-sm" />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
