import { clsx } from "clsx";
import { AlertTriangle, CloudUpload, Pencil, Trash2, X } from "lucide-react";
import { useRef, useState } from "react";
import { describeSnap, type PlayerLabel } from "#domain/snaps";
import { formatClock } from "~/ui/event-row";
import { plural } from "~/ui/format";
import { EmptyState } from "~/ui/query-state";
import { snapPointsText } from "#domain/snaps";
import { ConfirmDelete } from "../confirm-delete";
import { byPeriod, type SnapRow } from "./snap-model";
import { ShowEarlier, useFirstRows } from "../first-rows";
import type { LeagueRules } from "#domain/league-rules";

/**
 * The game's play-by-play: newest first, grouped by period. Each row says what happened, the points, who logged
 * it (two coaches may log one game) and whether it was edited; any row can be edited or deleted (asked once).
 * A snap not sent yet says so; one the server refused shows why and can be discarded.
 */
export function SnapList({
  rows,
  rules,
  label,
  meId,
  onEdit,
  onDelete,
  onDiscard,
}: {
  rows: readonly SnapRow[];
  rules: Pick<LeagueRules, "periodKind">;
  label: PlayerLabel;
  meId: string;
  onEdit: (row: SnapRow) => void;
  onDelete: (row: SnapRow) => void;
  /** Forgets a refused snap, or a refused edit of one. */
  onDiscard: (seq: number) => void;
}) {
  const [confirming, setConfirming] = useState<SnapRow | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The newest rows first (byPeriod takes them oldest first); a refused snap or edit stays drawn wherever it is.
  const first = useFirstRows([...rows].reverse(), (r) => r.status === "failed" || r.editProblem != null);
  const drawn = first.drawn.reverse();
  const groups = byPeriod(drawn, rules);
  const counted = rows.filter((r) => r.status !== "failed").length;

  return (
    <section aria-labelledby="logger-snaps-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2
          id="logger-snaps-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-bold text-stone-900 outline-none sm:text-lg"
        >
          Play-by-play
        </h2>
        <p className="shrink-0 text-sm font-semibold text-stone-600 tabular-nums">{plural(counted, "snap")}</p>
      </div>
      {rows.length === 0 ? (
        <EmptyState title="No snaps yet">Tap a player above to log the first down: it shows here at once.</EmptyState>
      ) : (
        groups.map((group) => (
          <div key={group.period} className="space-y-1.5">
            <h3 className="text-sm font-bold tracking-wide text-stone-600 uppercase">{group.label}</h3>
            <ul
              aria-label={group.label}
              className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white"
            >
              {group.rows.map((row) => {
                const what = describeSnap(row.detail, label);
                const points = snapPointsText(row.points);
                const by = row.loggedBy === null || row.loggedBy.id === meId ? "You" : row.loggedBy.name;
                return (
                  <li
                    key={row.id}
                    className={clsx("flex items-center gap-2 py-2 pr-1 pl-3", row.status === "failed" && "bg-red-50")}
                  >
                    <div className="min-w-0 flex-1">
                      <p className="flex items-baseline gap-2">
                        <span className="min-w-0 font-semibold break-words text-stone-900">{what}</span>
                        {points ? (
                          <span
                            className={clsx(
                              "shrink-0 rounded-full px-2 py-0.5 text-xs font-extrabold tabular-nums",
                              row.points.us > 0 ? "bg-accent-200 text-stone-950" : "bg-red-100 text-red-900",
                            )}
                          >
                            {points}
                          </span>
                        ) : null}
                      </p>
                      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-stone-600">
                        <span>
                          {formatClock(row.occurredAt)} · {by}
                        </span>
                        {row.edited ? <span className="font-semibold text-stone-700">edited</span> : null}
                        {row.status === "pending" ? (
                          <span className="inline-flex items-center gap-1 rounded-full bg-accent-100 px-2 py-0.5 font-bold text-accent-800">
                            <CloudUpload aria-hidden="true" className="size-3.5" />
                            pending
                          </span>
                        ) : null}
                        {row.status === "failed" ? (
                          <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 font-bold text-red-800">
                            <AlertTriangle aria-hidden="true" className="size-3.5" />
                            not saved
                          </span>
                        ) : null}
                      </p>
                      {row.status === "failed" && row.error ? (
                        <p className="mt-0.5 text-sm font-medium text-red-800">{row.error}</p>
                      ) : null}
                      {row.editProblem ? (
                        <p className="mt-0.5 flex items-center gap-1 text-sm font-medium text-red-800">
                          Edit not saved: {row.editProblem.message}
                          <button
                            type="button"
                            onClick={() => onDiscard(row.editProblem!.seq)}
                            className="rounded-md px-1.5 py-0.5 underline hover:bg-red-100"
                          >
                            Dismiss
                          </button>
                        </p>
                      ) : null}
                    </div>
                    <button
                      type="button"
                      onClick={() => onEdit(row)}
                      aria-label={`Edit ${what}`}
                      className="inline-flex size-11 shrink-0 scroll-mt-20 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900"
                    >
                      <Pencil aria-hidden="true" className="size-5" />
                    </button>
                    {row.status === "failed" && row.seq !== null ? (
                      <button
                        type="button"
                        onClick={() => onDiscard(row.seq!)}
                        aria-label={`Discard ${what}`}
                        className="inline-flex size-11 shrink-0 scroll-mt-20 items-center justify-center rounded-lg text-red-800 hover:bg-red-100"
                      >
                        <X aria-hidden="true" className="size-5" />
                      </button>
                    ) : (
                      <button
                        type="button"
                        onClick={() => setConfirming(row)}
                        aria-label={`Delete ${what}`}
                        className="inline-flex size-11 shrink-0 scroll-mt-20 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-red-700"
                      >
                        <Trash2 aria-hidden="true" className="size-5" />
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ))
      )}
      <ShowEarlier hidden={first.earlier} noun="snap" onShow={first.showAll} />
      <ConfirmDelete
        row={confirming}
        noun="snap"
        describe={(row) => (
          <p>
            {describeSnap(row.detail, label)} at {formatClock(row.occurredAt)} comes off the score and the players&apos;
            stats.
          </p>
        )}
        onDelete={onDelete}
        onClose={() => setConfirming(null)}
        returnFocus={headingRef}
      />
    </section>
  );
}
