import { clsx } from "clsx";
import { AlertTriangle, CloudUpload, Trash2, X } from "lucide-react";
import { useRef, useState } from "react";
import { EventRow as EventRowView, formatClock } from "~/ui/event-row";
import { formatScore, plural } from "~/ui/format";
import { EmptyState } from "~/ui/query-state";
import { ConfirmDelete } from "../confirm-delete";
import { ShowEarlier, useFirstRows } from "../first-rows";
import { sessionTotals, type EventRow } from "../view-model";

/**
 * The session's events, newest first. Each row has its delete (asked once: it cannot be taken back from here);
 * an event the server refused shows why and can be discarded; one not sent yet says so.
 */
export function EventList({
  rows,
  onDelete,
  onDiscard,
}: {
  rows: readonly EventRow[];
  onDelete: (row: EventRow) => void;
  onDiscard: (row: EventRow) => void;
}) {
  const [confirming, setConfirming] = useState<EventRow | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const totals = sessionTotals(rows);
  const { drawn, earlier, showAll } = useFirstRows(rows, (r) => r.status === "failed");

  return (
    <section aria-labelledby="logger-events-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2
          id="logger-events-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-bold text-stone-900 outline-none sm:text-lg"
        >
          Events this session
        </h2>
        <p className="shrink-0 text-sm font-semibold whitespace-nowrap text-stone-600 tabular-nums">
          {plural(totals.events, "event")} · {formatScore(totals.points)} pts
        </p>
      </div>
      {rows.length === 0 ? (
        <EmptyState title="Nothing logged yet">Choose a player, then an event: it shows here straight away.</EmptyState>
      ) : (
        <ul className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
          {drawn.map((row) => {
            const what = `${row.eventType} by ${row.playerName}`;
            return (
              <EventRowView
                key={row.id}
                event={row}
                time="clock"
                yards="yd"
                points="bare"
                align="center"
                className={clsx("gap-3 py-2 pr-1.5 pl-3", row.status === "failed" && "bg-red-50")}
                badges={
                  <>
                    {row.status === "pending" ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-accent-100 px-2 py-0.5 text-xs font-bold text-accent-800">
                        <CloudUpload aria-hidden="true" className="size-3.5" />
                        pending
                      </span>
                    ) : null}
                    {row.status === "failed" ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">
                        <AlertTriangle aria-hidden="true" className="size-3.5" />
                        not saved
                      </span>
                    ) : null}
                  </>
                }
                actions={
                  row.status === "failed" ? (
                    <button
                      type="button"
                      onClick={() => onDiscard(row)}
                      aria-label={`Discard ${what}`}
                      className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-red-800 hover:bg-red-100"
                    >
                      <X aria-hidden="true" className="size-5" />
                    </button>
                  ) : (
                    <button
                      type="button"
                      onClick={() => setConfirming(row)}
                      aria-label={`Delete ${what}`}
                      className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-red-700"
                    >
                      <Trash2 aria-hidden="true" className="size-5" />
                    </button>
                  )
                }
              >
                {row.status === "failed" && row.error ? (
                  <p className="mt-0.5 text-sm font-medium text-red-800">{row.error}</p>
                ) : null}
              </EventRowView>
            );
          })}
        </ul>
      )}
      <ShowEarlier hidden={earlier} noun="event" onShow={showAll} />
      <ConfirmDelete
        row={confirming}
        noun="event"
        describe={(row) => (
          <p>
            {row.eventType} by {row.playerName} at {formatClock(row.occurredAt)} (+{formatScore(row.points)}) comes off
            the player&apos;s stats and score.
          </p>
        )}
        onDelete={onDelete}
        onClose={() => setConfirming(null)}
        returnFocus={headingRef}
      />
    </section>
  );
}
