import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CalendarPlus, Map as MapIcon, Pencil, RotateCcw, Trophy, XCircle } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { PlayerAnswer, ScheduleEventResponse } from "#domain/api/schedule";
import { AVAILABILITY_LABELS, todayIn, type AvailabilityAnswer } from "#domain/schedule";
import { isApiError } from "~/lib/api";
import { teamKeys } from "~/lib/query-keys";
import { scheduleEventQuery } from "~/lib/queries";
import { useCurrentUser } from "~/lib/session-context";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { StatusNotice } from "~/ui/form-field";
import { formatJersey, plural } from "~/ui/format";
import { describeError, QueryState } from "~/ui/query-state";
import {
  AnswerButtons,
  CancelledBadge,
  countsText,
  EventWhen,
  eventTitle,
  formatWallTime,
  isOpenForAnswers,
  ShortOfPlayers,
} from "~/ui/schedule-event";
import { eventCalendarPath, updateScheduleEvent } from "./api";
import { EventFormDialog } from "./event-form-dialog";
import { placeText } from "./event-list";

/**
 * /coach/schedule/{id} and /player/schedule/{id} (docs/product.md §12): one event's details, the calendar file, the
 * player's own answer; for a coach the counts, every player's answer and note (the unanswered ones too), answering
 * for a player, editing, cancelling and restoring.
 */
export function EventPage({ id, area }: { id: string; area: "coach" | "player" }) {
  const query = useQuery(scheduleEventQuery(id));
  const back = (
    <Link to={`/${area}/schedule`} className="inline-flex items-center gap-1.5 font-semibold text-field-800 underline">
      <ArrowLeft aria-hidden="true" className="size-4" /> Schedule
    </Link>
  );
  // An unknown id, or one that is no id at all (the API refuses it as input), is not on the schedule.
  if ((isApiError(query.error, 404) || isApiError(query.error, 400)) && !query.data)
    return (
      <div className="space-y-6">
        {back}
        <div className="rounded-2xl border border-stone-200 bg-stone-50 p-6 text-center">
          <h1 className="text-2xl font-extrabold text-stone-900">Event not found</h1>
          <p className="mt-2 text-stone-700">This event is not on your team's schedule.</p>
        </div>
      </div>
    );
  return (
    <div className="space-y-6">
      {back}
      <QueryState
        query={query}
        loading="Loading the event..."
        errorTitle="Error loading the event"
        errorMessage="The event could not be loaded. Please try again."
      >
        {(data) => <EventDetails data={data} area={area} />}
      </QueryState>
    </div>
  );
}

function EventDetails({ data, area }: { data: ScheduleEventResponse; area: "coach" | "player" }) {
  const me = useCurrentUser();
  const { event, timeZone, minPlayers } = data;
  const cancelled = event.status === "cancelled";
  const place = placeText(event);
  const open = isOpenForAnswers(event);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <article className="space-y-6">
      <header className="space-y-2 border-b border-stone-200 pb-6">
        <p className="eyebrow">{event.kind === "game" ? "Game" : "Practice"}</p>
        <h1 className="flex flex-wrap items-center gap-3 text-3xl font-extrabold tracking-tight text-stone-900">
          <span className={cancelled ? "line-through decoration-2" : undefined}>{eventTitle(event)}</span>
          {cancelled ? <CancelledBadge /> : null}
        </h1>
        <p className="text-lg font-semibold text-stone-800">
          <EventWhen event={event} timeZone={timeZone} />
        </p>
        {cancelled ? <p className="font-semibold text-red-800">This {event.kind} is cancelled.</p> : null}
      </header>
      <StatusNotice notice={notice} />

      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        {event.arriveBy ? <Detail term="Arrive by">{formatWallTime(event.arriveBy)}</Detail> : null}
        <Detail term="Duration">{plural(event.durationMinutes, "minute")}</Detail>
        {place ? <Detail term="Where">{place}</Detail> : null}
        {event.homeAway ? <Detail term="Home or away">{event.homeAway === "home" ? "Home" : "Away"}</Detail> : null}
        {event.notes ? (
          <Detail term="Notes">
            <span className="whitespace-pre-line">{event.notes}</span>
          </Detail>
        ) : null}
      </dl>

      <div className="flex flex-wrap gap-3">
        {event.mapUrl ? (
          <a href={event.mapUrl} target="_blank" rel="noopener noreferrer" className="btn btn-secondary">
            <MapIcon aria-hidden="true" className="size-4" /> Open map
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <a href={eventCalendarPath(event.id)} download className="btn btn-secondary">
          <CalendarPlus aria-hidden="true" className="size-4" /> Add to calendar
        </a>
        {event.sessionId && event.kind === "game" ? (
          <Link to={`/${area}/games/${encodeURIComponent(event.sessionId)}`} className="btn btn-secondary">
            <Trophy aria-hidden="true" className="size-4" /> Box score
          </Link>
        ) : null}
      </div>

      {area === "player" ? (
        <section aria-labelledby="my-answer-title" className="card space-y-3">
          <h2 id="my-answer-title" className="text-lg font-bold text-stone-900">
            Are you coming?
          </h2>
          {open ? (
            <AnswerButtons
              eventId={event.id}
              playerId={me.id}
              answer={event.myAnswer?.answer ?? null}
              note={event.myAnswer?.note ?? null}
              own
              label="Your answer"
            />
          ) : (
            <p className="text-stone-700">
              {cancelled ? "No answers are taken for a cancelled event." : "This event is over."}
              {event.myAnswer ? ` You answered: ${AVAILABILITY_LABELS[event.myAnswer.answer]}.` : null}
            </p>
          )}
          <p className="text-sm text-stone-700">Team: {countsText(event.availability)}</p>
        </section>
      ) : (
        <CoachSide data={data} minPlayers={minPlayers} onNotice={setNotice} />
      )}
    </article>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-stone-600">{term}</dt>
      <dd className="text-stone-900">{children}</dd>
    </>
  );
}

const GROUPS: readonly { answer: AvailabilityAnswer | null; title: string }[] = [
  { answer: "going", title: AVAILABILITY_LABELS.going },
  { answer: "maybe", title: AVAILABILITY_LABELS.maybe },
  { answer: "no", title: AVAILABILITY_LABELS.no },
  { answer: null, title: "No answer yet" },
];

function CoachSide({
  data,
  minPlayers,
  onNotice,
}: {
  data: ScheduleEventResponse;
  minPlayers: number;
  onNotice: (notice: string | null) => void;
}) {
  const { event } = data;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancelled = event.status === "cancelled";
  const open = isOpenForAnswers(event);
  const status = useMutation({
    mutationFn: () => updateScheduleEvent(event.id, { status: cancelled ? "scheduled" : "cancelled" }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: teamKeys.scheduleAll() });
      setConfirming(false);
      onNotice(
        cancelled
          ? "Event restored: it is on the schedule again."
          : "Event cancelled. It stays listed, marked cancelled.",
      );
    },
  });
  const answers = data.answers ?? [];
  return (
    <>
      <section aria-labelledby="who-title" className="card space-y-4">
        <h2 id="who-title" className="text-lg font-bold text-stone-900">
          Who is coming
        </h2>
        <p className="font-semibold text-stone-800">{countsText(event.availability)}</p>
        {cancelled ? null : <ShortOfPlayers going={event.availability.going} minPlayers={minPlayers} />}
        {answers.length === 0 ? (
          <p className="text-stone-700">No players on the roster yet.</p>
        ) : (
          GROUPS.map((group) => {
            const players = answers.filter((a) => a.answer === group.answer);
            if (players.length === 0) return null;
            return (
              <div key={group.title}>
                <h3 className="font-bold text-stone-900">
                  {group.title} ({players.length})
                </h3>
                <ul className="mt-2 divide-y divide-stone-100">
                  {players.map((player) => (
                    <PlayerAnswerRow key={player.playerId} eventId={event.id} player={player} open={open} />
                  ))}
                </ul>
              </div>
            );
          })
        )}
      </section>

      <section aria-labelledby="manage-title" className="space-y-3">
        <h2 id="manage-title" className="text-lg font-bold text-stone-900">
          Manage
        </h2>
        <div className="flex flex-wrap gap-3">
          {cancelled ? null : (
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" /> Edit event
            </button>
          )}
          {cancelled ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => status.mutate()}
              disabled={status.isPending}
            >
              <RotateCcw aria-hidden="true" className="size-4" /> {status.isPending ? "Restoring…" : "Restore event"}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-secondary text-red-800"
              onClick={() => {
                status.reset();
                setConfirming(true);
              }}
            >
              <XCircle aria-hidden="true" className="size-4" /> Cancel event
            </button>
          )}
        </div>
        {cancelled && status.error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {describeError(status.error, "The event could not be restored. Please try again.")}
          </p>
        ) : null}
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel ${eventTitle(event)}?`}
        description={
          <p>
            It stays on the schedule, marked cancelled, and players see that at once. You can restore it later.
            {event.seriesId ? " Only this one is cancelled: the series' other events stay." : null}
          </p>
        }
        confirmLabel="Cancel event"
        pendingLabel="Cancelling…"
        pending={status.isPending}
        error={
          !cancelled && status.error
            ? describeError(status.error, "The event could not be cancelled. Please try again.")
            : null
        }
        onConfirm={() => status.mutate()}
      />
      <EventFormDialog
        open={editing}
        onOpenChange={setEditing}
        today={todayIn(data.timeZone)}
        event={event}
        onSaved={(message) => {
          setEditing(false);
          onNotice(message);
        }}
      />
    </>
  );
}

function PlayerAnswerRow({ eventId, player, open }: { eventId: string; player: PlayerAnswer; open: boolean }) {
  const name =
    player.jerseyNumber === null ? player.fullName : `${player.fullName} ${formatJersey(player.jerseyNumber)}`;
  return (
    <li className="space-y-1.5 py-2.5" aria-label={player.fullName}>
      <p className="font-semibold text-stone-900">
        {name}
        {player.answer && player.byCoach ? (
          <span className="ml-2 text-xs font-normal text-stone-600">(set by a coach)</span>
        ) : null}
      </p>
      {open ? (
        <AnswerButtons
          eventId={eventId}
          playerId={player.playerId}
          answer={player.answer}
          note={player.note}
          own={false}
          label={`Answer for ${player.fullName}`}
          size="sm"
        />
      ) : player.note ? (
        <p className="text-sm text-stone-700">Note: {player.note}</p>
      ) : null}
    </li>
  );
}
