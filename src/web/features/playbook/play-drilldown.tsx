import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Dialog } from "radix-ui";
import { useId, useRef, useState } from "react";
import { DialogCloseButton, SheetDialog } from "~/ui/sheet-dialog";
import { formatCount, formatDateTime, formatDay, formatScore, NONE } from "~/ui/format";
import { EventRow } from "~/ui/event-row";
import { controlProps, FormField } from "~/ui/form-field";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";
import type { PlayAnalysisEvent, PlayAnalysisEventsResponse, PlayDto, PlaybookAnalysisRow } from "#domain/api/plays";
import { sessionLabel } from "#domain/reads";
import { TEAM_ROOT_KEY } from "~/lib/query-keys";
import { playEventsQuery, playsQuery } from "~/lib/queries";
import type { AnalysisFilters } from "./analysis-filters";
import { analysisCells, SIDE_LABEL } from "./analysis-sort";
import { retagEvent } from "./api";
import { SideBadge } from "./play-bits";
import { PlayPlayersTable } from "./play-players";
import { describeWindow } from "./window-text";

/**
 * One play over the analysis window: its figures, the players credited on it (as passer, receiver, runner or
 * defender, from its snaps and its events logged on their own), and its events a page at a time. An event logged
 * on its own has a "Change play" menu that moves it to another play (or to none); an event a snap wrote moves with
 * its snap, whose play is changed where the snap is edited (the logger's play-by-play).
 */
export function PlayDrillDown({
  row,
  filters,
  tzOffset,
  season = null,
  onClose,
  onCloseAutoFocus,
}: {
  row: PlaybookAnalysisRow | null;
  filters: AnalysisFilters;
  tzOffset: number;
  /** The picked season (null or absent: the current one). */
  season?: string | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <SheetDialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      size="3xl"
    >
      {row ? <DrillDownBody key={row.playId} row={row} filters={filters} tzOffset={tzOffset} season={season} /> : null}
    </SheetDialog>
  );
}

function DrillDownBody({
  row,
  filters,
  tzOffset,
  season,
}: {
  row: PlaybookAnalysisRow;
  filters: AnalysisFilters;
  tzOffset: number;
  season: string | null;
}) {
  const ids = useId();
  const query = useInfiniteQuery(playEventsQuery(row.playId, filters, tzOffset, season));
  const pages = query.data?.pages;
  // Every page repeats the play's row and players for the same window; the newest page has the freshest.
  const latest: PlayAnalysisEventsResponse | undefined = pages?.at(-1);
  const play = latest?.play ?? row;
  const players = pages?.[0]?.players ?? [];
  const events = pages?.flatMap((p) => p.events) ?? [];
  const totalEvents = players.reduce((sum, p) => sum + p.events, 0);
  const cells = analysisCells(play);

  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <Dialog.Title className="text-xl font-bold break-words text-stone-900">{play.name}</Dialog.Title>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
            <SideBadge side={play.side} />
            {play.formation ? <span>{play.formation}</span> : null}
            {play.archived ? <span className="font-semibold">Archived</span> : null}
          </div>
        </div>
        <DialogCloseButton />
      </div>
      <Dialog.Description className="mt-2 text-sm text-stone-700">
        What {play.name} produced ({describeWindow(filters)}): the players involved, and its events, newest first.
      </Dialog.Description>

      <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {(
          [
            ["Times run", cells.timesRun],
            ["Completion %", cells.completionRate],
            ["Yards", cells.yards],
            ["Yards/play", cells.yardsPerPlay],
            ["TDs", cells.touchdowns],
            ["TD rate", cells.touchdownRate],
            ["Turnovers", cells.turnovers],
            ["Points", cells.points],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl bg-stone-100 px-3 py-2">
            <dt className="text-xs font-semibold text-stone-600">{label}</dt>
            <dd className="text-lg font-extrabold text-stone-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <QueryState
        query={query}
        loading="Loading the events..."
        errorTitle="Error loading this play's events"
        errorMessage="The events could not be loaded. Please try again."
        headingLevel={3}
        errorClassName="mt-6"
      >
        {() => (
          <>
            <section aria-labelledby={`${ids}-players`} className="mt-6">
              <h3 id={`${ids}-players`} className="text-base font-bold text-stone-900">
                Players involved
              </h3>
              {players.length === 0 ? (
                <p className="mt-2 text-sm text-stone-700">No player is credited on this play in this window.</p>
              ) : (
                <PlayPlayersTable players={players} />
              )}
            </section>

            <EventsSection
              playId={play.playId}
              playName={play.name}
              events={events}
              totalEvents={totalEvents}
              hasMore={query.hasNextPage}
              loadingMore={query.isFetchingNextPage}
              loadMoreError={
                query.isFetchNextPageError ? describeError(query.error, "More events could not be loaded.") : null
              }
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

type RetagNotice = { tone: "success" | "error"; text: string; eventId?: string };

function EventsSection({
  playId,
  playName,
  events,
  totalEvents,
  hasMore,
  loadingMore,
  loadMoreError,
  onLoadMore,
}: {
  playId: string;
  playName: string;
  events: PlayAnalysisEvent[];
  totalEvents: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreError: string | null;
  onLoadMore: () => void;
}) {
  const ids = useId();
  const queryClient = useQueryClient();
  // The plays an event can move to: the current ones (an archived play cannot be newly tagged).
  const plays = useQuery(playsQuery(false));
  const [notice, setNotice] = useState<RetagNotice | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const retag = useMutation({
    mutationFn: ({ event, to }: { event: PlayAnalysisEvent; to: PlayDto | null }) =>
      retagEvent(event.id, to?.id ?? null),
    onMutate: () => setNotice(null),
    onSuccess: async (_, { event, to }) => {
      await queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
      setNotice({
        tone: "success",
        text: to
          ? `${event.eventType} by ${event.playerName} moved to ${to.name}.`
          : `${event.eventType} by ${event.playerName} no longer has a play.`,
      });
      // The event has left this play's list, and its menu with it: continue from the list's heading.
      headingRef.current?.focus();
    },
    onError: (error, { event }) =>
      setNotice({
        tone: "error",
        eventId: event.id,
        text: `${event.eventType} by ${event.playerName} was not moved: ${describeError(error, "please try again.")}`,
      }),
  });

  const choices = plays.data?.plays ?? [];
  const offense = choices.filter((p) => p.side === "offense" && p.id !== playId);
  const defense = choices.filter((p) => p.side === "defense" && p.id !== playId);

  return (
    <section aria-labelledby={`${ids}-events`} className="mt-6">
      <h3
        id={`${ids}-events`}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-bold text-stone-900 outline-none"
      >
        Events{" "}
        <span className="font-semibold text-stone-600">
          (
          {events.length < totalEvents
            ? `${formatCount(events.length)} of ${formatCount(totalEvents)}`
            : formatCount(events.length)}
          )
        </span>
      </h3>
      <div role="status" className="mt-2 empty:hidden">
        {notice ? (
          <p
            className={clsx(
              "rounded-lg border px-3 py-2 text-sm font-medium",
              notice.tone === "success"
                ? "border-field-300 bg-field-50 text-field-900"
                : "border-red-300 bg-red-50 text-red-800",
            )}
          >
            {notice.text}
          </p>
        ) : null}
      </div>
      {events.length === 0 ? (
        <EmptyState title="No events in this window" className="mt-2">
          Events tagged with {playName} appear here as they are logged.
        </EmptyState>
      ) : (
        <ol
          className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200"
          aria-label={`Events of ${playName}`}
        >
          {events.map((event) => {
            const pending = retag.isPending && retag.variables.event.id === event.id;
            const when = formatDateTime(event.occurredAt);
            return (
              <EventRow
                key={event.id}
                event={{ ...event, session: undefined }}
                yards="none"
                points="none"
                className={clsx("p-3", notice?.tone === "error" && notice.eventId === event.id && "bg-red-50")}
              >
                <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-stone-700">
                  <div className="flex gap-1">
                    <dt>Yards</dt>
                    <dd className="font-semibold text-stone-900 tabular-nums">{event.yards ?? NONE}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Points</dt>
                    <dd className="font-semibold text-stone-900 tabular-nums">+{formatScore(event.points)}</dd>
                  </div>
                  <div className="flex min-w-0 gap-1">
                    <dt>Session</dt>
                    <dd className="min-w-0 font-semibold break-words text-stone-900">
                      {event.session ? sessionLabel(event.session, formatDay) : "No session"}
                    </dd>
                  </div>
                </dl>
                {event.snapId !== null ? (
                  <p className="mt-2 text-sm text-stone-700">
                    Logged with a snap, it moves with its snap: change the snap&apos;s play in the logger&apos;s
                    play-by-play.
                  </p>
                ) : (
                  <FormField
                    label={
                      <>
                        Change play
                        <span className="sr-only">
                          {" "}
                          for {event.eventType} by {event.playerName}, {when}
                        </span>
                      </>
                    }
                    className="mt-2 flex flex-wrap items-center gap-2"
                    labelClassName="text-sm font-semibold text-stone-800"
                  >
                    {(field) => (
                      <>
                        <select
                          {...controlProps(field)}
                          className="input w-auto max-w-full min-w-0 flex-1 py-1.5 text-sm sm:max-w-xs sm:flex-none"
                          value={playId}
                          disabled={retag.isPending}
                          onChange={(e) => {
                            const value = e.target.value;
                            if (value === playId) return;
                            const to = value === "" ? null : (choices.find((p) => p.id === value) ?? null);
                            if (value !== "" && !to) return;
                            retag.mutate({ event, to });
                          }}
                        >
                          <option value={playId}>{playName} (current)</option>
                          <option value="">No play</option>
                          {offense.length > 0 ? (
                            <optgroup label={SIDE_LABEL.offense}>
                              {offense.map((p) => (
                                <option key={p.id} value={p.id}>
                                  {p.name}
                                </option>
                              ))}
                            </optgroup>
                          ) : null}
                          {defense.length > 0 ? (
                            <optgroup label={SIDE_LABEL.defense}>
                              {defense.map((p) => (
                                <option key={p.id} value={p.id}>
                                  {p.name}
                                </option>
                              ))}
                            </optgroup>
                          ) : null}
                        </select>
                        {pending ? <span className="text-sm text-stone-700">Moving…</span> : null}
                      </>
                    )}
                  </FormField>
                )}
              </EventRow>
            );
          })}
        </ol>
      )}
      {loadMoreError ? <p className="mt-2 text-sm font-medium text-red-700">{loadMoreError}</p> : null}
      {hasMore ? (
        <button
          type="button"
          className="btn btn-secondary mt-3 w-full sm:w-auto"
          onClick={onLoadMore}
          disabled={loadingMore}
        >
          {loadingMore ? "Loading…" : loadMoreError ? "Try again" : "Load more events"}
        </button>
      ) : null}
    </section>
  );
}
