import { clsx } from "clsx";
import { Clock, MapPin, Users } from "lucide-react";
import { Link } from "react-router";
import type { ScheduleEvent, ScheduleResponse } from "#domain/api/schedule";
import { AVAILABILITY_LABELS } from "#domain/schedule";
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

/** Where an event is, in one line: "Riverside Park · Field 3 · 12 River Rd". */
export function placeText(event: Pick<ScheduleEvent, "placeName" | "field" | "address">): string | null {
  const parts = [event.placeName, event.field ? `Field ${event.field}` : null, event.address].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** One list of events in the order the server sent them, each a row with what, when, where and who is coming. */
export function EventList({
  data,
  area,
  playerId,
}: {
  data: ScheduleResponse;
  area: "coach" | "player";
  playerId: string;
}) {
  return (
    <ul className="space-y-3">
      {data.events.map((event) => (
        <EventRow
          key={event.id}
          event={event}
          area={area}
          playerId={playerId}
          timeZone={data.timeZone}
          minPlayers={data.minPlayers}
        />
      ))}
    </ul>
  );
}

function EventRow({
  event,
  area,
  playerId,
  timeZone,
  minPlayers,
}: {
  event: ScheduleEvent;
  area: "coach" | "player";
  playerId: string;
  timeZone: string;
  minPlayers: number;
}) {
  const cancelled = event.status === "cancelled";
  const place = placeText(event);
  const title = eventTitle(event);
  return (
    <li className={clsx("card space-y-2", cancelled && "bg-stone-50")} aria-label={title}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="flex flex-wrap items-center gap-2 text-lg font-bold text-stone-900">
          <Link
            to={`/${area}/schedule/${encodeURIComponent(event.id)}`}
            className={clsx(
              "underline-offset-2 hover:underline",
              cancelled && "text-stone-600 line-through decoration-2",
            )}
          >
            {title}
          </Link>
          {cancelled ? <CancelledBadge /> : null}
        </h3>
        <EventWhen
          event={event}
          timeZone={timeZone}
          className={clsx("text-sm font-semibold text-stone-800", cancelled && "line-through")}
        />
      </div>
      {place || event.arriveBy ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
          {place ? (
            <span className="inline-flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              {place}
            </span>
          ) : null}
          {event.arriveBy ? (
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              Arrive by {formatWallTime(event.arriveBy)}
            </span>
          ) : null}
        </p>
      ) : null}
      <p className="inline-flex items-center gap-1.5 text-sm text-stone-700">
        <Users aria-hidden="true" className="size-4 shrink-0" />
        {countsText(event.availability)}
      </p>
      {area === "coach" && isOpenForAnswers(event) && soon(event) ? (
        <ShortOfPlayers going={event.availability.going} minPlayers={minPlayers} />
      ) : null}
      {area === "player" && isOpenForAnswers(event) ? (
        <AnswerButtons
          eventId={event.id}
          playerId={playerId}
          answer={event.myAnswer?.answer ?? null}
          note={event.myAnswer?.note ?? null}
          own
          label={`Your answer for ${title}, ${event.date}`}
        />
      ) : null}
      {area === "player" && !isOpenForAnswers(event) && event.myAnswer ? (
        <p className="text-sm text-stone-700">
          You answered: <span className="font-semibold">{AVAILABILITY_LABELS[event.myAnswer.answer]}</span>
        </p>
      ) : null}
    </li>
  );
}

/** The list warns of too few players only for the coming week's events: further ahead, answers are still coming in. */
const WARN_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

function soon(event: ScheduleEvent, now = Date.now()): boolean {
  return Date.parse(event.startsAt) - now < WARN_WITHIN_MS;
}
