import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Archive, BarChart3, Info } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { controlProps, FormField } from "~/ui/form-field";
import { plural } from "~/ui/format";
import { EmptyState, QueryState } from "~/ui/query-state";
import { SegmentedControl } from "~/ui/segmented-control";
import { SortHeader } from "~/ui/sort-header";
import type { PlaybookAnalysisRow } from "#domain/api/plays";
import { viewerTzOffset } from "~/lib/time-zone";
import {
  DEFAULT_FILTERS,
  hasActiveFilters,
  KIND_OPTIONS,
  rangeError,
  SIDE_OPTIONS,
  type AnalysisFilters,
} from "./analysis-filters";
import { AnalysisChart } from "./analysis-chart";
import {
  ANALYSIS_COLUMNS,
  analysisCells,
  anyTagged,
  DEFAULT_ANALYSIS_SORT,
  nextAnalysisSort,
  sortAnalysis,
} from "./analysis-sort";
import { analysisQuery } from "~/lib/queries";
import { usePickedSeason } from "~/lib/season-param";
import { SeasonPicker } from "~/ui/season-picker";
import { PlayDrillDown } from "./play-drilldown";
import { SideBadge } from "./play-bits";
import { useFilterChanges } from "./use-filter-changes";
import { describeWindow } from "./window-text";

/** The Analysis tab: filters, what is untagged, the comparison chart and the sortable table with its drill-down. */
/** The date fields sit in a row under one "Dates" legend, so their labels are small. */
const DATE_LABEL = "mb-1 block text-sm text-stone-700";

export function AnalysisTab({
  filters,
  onFiltersChange,
  onOpenPlays,
}: {
  filters: AnalysisFilters;
  onFiltersChange: (filters: AnalysisFilters) => void;
  onOpenPlays: () => void;
}) {
  const ids = useId();
  const [tzOffset] = useState(() => viewerTzOffset());
  const invalidRange = rangeError(filters);
  const seasons = usePickedSeason();
  const query = useQuery({
    ...analysisQuery(filters, tzOffset, seasons.season),
    enabled: invalidRange === null,
    placeholderData: keepPreviousData,
  });
  const [sort, setSort] = useState(DEFAULT_ANALYSIS_SORT);
  const [drilled, setDrilled] = useState<PlaybookAnalysisRow | null>(null);
  const drillTrigger = useRef<HTMLElement | null>(null);
  const tableHeading = useRef<HTMLHeadingElement>(null);
  const set = useFilterChanges(filters, onFiltersChange);

  const rows = query.data?.plays;
  const sorted = useMemo(() => (rows ? sortAnalysis(rows, sort) : []), [rows, sort]);
  const filtered = hasActiveFilters(filters);
  const untagged = query.data?.untaggedEvents ?? 0;

  const openDrill = (row: PlaybookAnalysisRow, trigger: HTMLElement) => {
    drillTrigger.current = trigger;
    setDrilled(row);
  };

  let body;
  if (invalidRange) {
    body = null;
  } else {
    body = (
      <QueryState
        query={query}
        loading="Loading the analysis..."
        errorTitle="Error loading the analysis"
        errorMessage="The playbook analysis could not be loaded. Please try again."
      >
        {() => {
          if (!anyTagged(sorted)) {
            return filtered ? (
              <EmptyState
                title="No tagged plays in this window"
                icon={<BarChart3 className="size-8" />}
                headingLevel={2}
              >
                <p>
                  No event in {describeWindow(filters)}
                  {filters.side !== "all" ? ` on ${filters.side}` : ""} carries a play. Widen the filters to see more.
                </p>
                <button type="button" className="btn btn-secondary mt-4" onClick={() => set(DEFAULT_FILTERS)}>
                  Clear filters
                </button>
              </EmptyState>
            ) : (
              <GettingStarted hasPlays={sorted.length > 0} onOpenPlays={onOpenPlays} />
            );
          } else {
            return (
              <>
                <section aria-labelledby={`${ids}-table`} className="space-y-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h2
                      id={`${ids}-table`}
                      ref={tableHeading}
                      tabIndex={-1}
                      className="text-xl font-bold text-stone-900 outline-none"
                    >
                      Plays by the numbers
                    </h2>
                    <p role="status" className="text-sm text-stone-700">
                      {query.isFetching
                        ? "Updating…"
                        : "Select a play for its events and players; a column heading sorts by it."}
                    </p>
                  </div>
                  <div
                    role="region"
                    aria-label="Playbook analysis table"
                    tabIndex={0}
                    className="relative overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm"
                  >
                    <table className="w-full min-w-[58rem] text-sm">
                      <caption className="sr-only">
                        Each play&apos;s figures over {describeWindow(filters)}, sorted by{" "}
                        {ANALYSIS_COLUMNS.find((c) => c.key === sort.column)?.label.toLowerCase()},{" "}
                        {sort.direction === "asc" ? "ascending" : "descending"}. {plural(sorted.length, "play")}.
                      </caption>
                      <thead className="border-b border-stone-200 bg-stone-100">
                        <tr>
                          {ANALYSIS_COLUMNS.map((column) => (
                            <SortHeader
                              key={column.key}
                              label={column.label}
                              active={sort.column === column.key}
                              direction={sort.direction}
                              align={column.numeric ? "right" : "left"}
                              // The play's name stays in view while a phone scrolls the figures sideways.
                              className={clsx("px-2!", column.key === "name" && "sticky left-0 z-[1] bg-stone-100")}
                              onSort={() => setSort((current) => nextAnalysisSort(current, column.key))}
                            />
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {sorted.map((row) => {
                          const cells = analysisCells(row);
                          return (
                            <tr
                              key={row.playId}
                              className="cursor-pointer border-b border-stone-100 bg-white last:border-0 hover:bg-field-50"
                              onClick={(event) => {
                                const button = event.currentTarget.querySelector("button");
                                if (button) openDrill(row, button);
                              }}
                            >
                              <th
                                scope="row"
                                className="sticky left-0 z-[1] bg-inherit px-2 py-2 text-left font-semibold"
                              >
                                <button
                                  type="button"
                                  aria-haspopup="dialog"
                                  className="inline-flex max-w-[16rem] items-center gap-1.5 rounded px-1 py-0.5 text-left text-field-800 underline-offset-2 hover:underline"
                                  onClick={(event) => {
                                    event.stopPropagation();
                                    openDrill(row, event.currentTarget);
                                  }}
                                >
                                  <span className="break-words">{cells.name}</span>
                                  {row.archived ? (
                                    <>
                                      <Archive aria-hidden="true" className="size-3.5 shrink-0 text-stone-600" />
                                      <span className="sr-only">(archived)</span>
                                    </>
                                  ) : null}
                                </button>
                              </th>
                              <td className="px-2 py-2">
                                <SideBadge side={row.side} />
                              </td>
                              {ANALYSIS_COLUMNS.filter((c) => c.numeric).map((c) => (
                                <td
                                  key={c.key}
                                  className={clsx(
                                    "px-2 py-2 pr-3 text-right tabular-nums",
                                    c.key === "points" && "font-bold",
                                  )}
                                >
                                  {cells[c.key]}
                                </td>
                              ))}
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  </div>
                  <p className="text-sm text-stone-600">
                    A run is one snap logged with the play (the quarterback&apos;s pass or the runner&apos;s rush on
                    offense; the stop, flag pull, sack or interception on defense). Completion % is completions over
                    passes thrown, yards are passing and rushing yards, and points are the performance points of every
                    event tagged with the play. A dash means there is nothing to divide by yet.
                  </p>
                </section>

                <AnalysisChart rows={sorted} />
              </>
            );
          }
        }}
      </QueryState>
    );
  }

  return (
    <div className="space-y-6">
      <div className="card flex flex-col gap-4 p-5 lg:flex-row lg:flex-wrap lg:items-end lg:gap-8">
        <SeasonPicker value={seasons} />
        <SegmentedControl
          legend="Side"
          options={SIDE_OPTIONS}
          value={filters.side}
          onChange={(side) => set({ side })}
        />
        <SegmentedControl
          legend="Sessions"
          options={KIND_OPTIONS}
          value={filters.kind}
          onChange={(kind) => set({ kind })}
        />
        <fieldset>
          <legend className="label">Dates</legend>
          <div className="flex flex-wrap items-end gap-3">
            <FormField
              label="From"
              labelClassName={DATE_LABEL}
              invalid={invalidRange !== null}
              describedBy={invalidRange ? `${ids}-range-error` : undefined}
            >
              {(field) => (
                <input
                  {...controlProps(field)}
                  type="date"
                  className="input py-1.5"
                  value={filters.from}
                  max={filters.to || undefined}
                  onChange={(event) => set({ from: event.target.value })}
                />
              )}
            </FormField>
            <FormField
              label="To"
              labelClassName={DATE_LABEL}
              invalid={invalidRange !== null}
              describedBy={invalidRange ? `${ids}-range-error` : undefined}
            >
              {(field) => (
                <input
                  {...controlProps(field)}
                  type="date"
                  className="input py-1.5"
                  value={filters.to}
                  min={filters.from || undefined}
                  onChange={(event) => set({ to: event.target.value })}
                />
              )}
            </FormField>
            {filters.from || filters.to ? (
              <button type="button" className="btn btn-secondary py-2" onClick={() => set({ from: "", to: "" })}>
                Clear dates
              </button>
            ) : null}
          </div>
          {invalidRange ? (
            <p id={`${ids}-range-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
              {invalidRange}
            </p>
          ) : null}
        </fieldset>
      </div>

      {query.data && untagged > 0 && !invalidRange ? (
        <p className="flex items-start gap-2 rounded-xl border border-accent-300 bg-accent-100 px-4 py-3 text-sm text-stone-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-800" />
          <span>
            <strong>
              {plural(untagged, "snap")} {untagged === 1 ? "has" : "have"} no play tagged
            </strong>{" "}
            in this window. Pick the play in the{" "}
            <Link to="/coach/log" className="font-semibold text-field-800 underline">
              Event Logger
            </Link>{" "}
            as you log, so every snap counts here.
          </span>
        </p>
      ) : null}

      {body}

      <PlayDrillDown
        row={drilled}
        filters={filters}
        tzOffset={tzOffset}
        season={seasons.season}
        onClose={() => setDrilled(null)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (drillTrigger.current?.isConnected) drillTrigger.current.focus();
          else tableHeading.current?.focus();
        }}
      />
    </div>
  );
}

/** No event carries a play yet: how to start. */
function GettingStarted({ hasPlays, onOpenPlays }: { hasPlays: boolean; onOpenPlays: () => void }) {
  return (
    <EmptyState
      title={hasPlays ? "No events are tagged with a play yet" : "Start your playbook"}
      icon={<BarChart3 className="size-8" />}
      headingLevel={2}
    >
      <ol className="mx-auto mt-3 max-w-xl list-decimal space-y-2 pl-5 text-left text-base">
        <li>
          {hasPlays ? "Your plays are in the " : "Create the plays you run in the "}
          <button type="button" className="font-semibold text-field-800 underline" onClick={onOpenPlays}>
            Plays tab
          </button>
          {hasPlays
            ? "; add more there any time."
            : ": a name, offense or defense, and optionally a formation, tags and a diagram."}
        </li>
        <li>
          In the{" "}
          <Link to="/coach/log" className="font-semibold text-field-800 underline">
            sideline logger
          </Link>
          , pick the play in the <strong>Play</strong> menu, then tap the player and the event as usual.
        </li>
        <li>Come back here: each play&apos;s runs, completion %, yards, touchdowns and points add up as you log.</li>
      </ol>
    </EmptyState>
  );
}
