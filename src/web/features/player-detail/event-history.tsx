import { useInfiniteQuery } from "@tanstack/react-query";
import { ListOrdered } from "lucide-react";
import { useId, useState } from "react";
import { SelectField, ValueOptions } from "~/ui/form-field";
import { EventRow } from "~/ui/event-row";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";
import { EVENT_TYPES, isEventType } from "#domain/event-types";
import { playerEventsQuery } from "~/lib/queries";

/** The player's logged plays, newest first, filterable by type, a page at a time ("Load more"). */
export function EventHistory({
  playerId,
  playerName,
  season = null,
}: {
  playerId: string;
  playerName: string;
  /** The picked season (null or absent: the current one). */
  season?: string | null;
}) {
  const ids = useId();
  const [type, setType] = useState<string | null>(null);
  const query = useInfiniteQuery(playerEventsQuery(playerId, type, season));
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];

  const body = (
    <QueryState
      query={query}
      loading="Loading plays..."
      errorTitle="Error loading plays"
      errorMessage="The plays could not be loaded. Please try again."
      headingLevel={3}
    >
      {() => {
        if (events.length === 0) {
          return type ? (
            <EmptyState title={`No ${type} plays`}>
              None of {playerName}'s logged plays is a {type}. Choose “All event types” to see every play.
            </EmptyState>
          ) : (
            <EmptyState title="No plays logged yet" icon={<ListOrdered className="size-7" />}>
              Plays logged for {playerName} with the Event Logger will appear here, newest first.
            </EmptyState>
          );
        } else {
          return (
            <>
              <ol
                aria-label="Plays, newest first"
                className="divide-y divide-stone-100 rounded-xl border border-stone-200"
              >
                {events.map((event) => (
                  <EventRow key={event.id} event={event} className="gap-x-4 gap-y-1 px-4 py-2.5 text-sm" />
                ))}
              </ol>
              {query.hasNextPage ? (
                <div className="mt-3 flex justify-center">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => void query.fetchNextPage()}
                    disabled={query.isFetchingNextPage}
                  >
                    Load more
                  </button>
                </div>
              ) : null}
              {query.isFetchNextPageError ? (
                <p role="alert" className="mt-2 text-center text-sm font-medium text-red-800">
                  More plays could not be loaded. {describeError(query.error, "Please try again.")}
                </p>
              ) : null}
              <p role="status" className="mt-2 text-center text-sm text-stone-600">
                {query.isFetchingNextPage
                  ? "Loading more plays..."
                  : `Showing ${events.length} ${events.length === 1 ? "play" : "plays"}${query.hasNextPage ? "" : ", all of them"}.`}
              </p>
            </>
          );
        }
      }}
    </QueryState>
  );

  return (
    <section aria-labelledby={`${ids}-title`} className="card space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${ids}-title`} className="text-lg font-bold text-stone-900">
          Event history
        </h2>
        <SelectField
          label="Event type"
          className="input py-2"
          value={type ?? ""}
          onChange={(event) => setType(isEventType(event.target.value) ? event.target.value : null)}
        >
          <option value="">All event types</option>
          <ValueOptions values={EVENT_TYPES} />
        </SelectField>
      </div>
      {body}
    </section>
  );
}
