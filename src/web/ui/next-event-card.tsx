import { useQuery } from "@tanstack/react-query";
import { CalendarDays, MapPin } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { scheduleQuery } from "~/lib/queries";
import { useCurrentUser } from "~/lib/session-context";
import {
  AnswerButtons,
  formatWallTime,
  CancelledBadge,
  countsText,
  EventWhen,
  eventTitle,
  isOpenForAnswers,
  ShortOfPlayers,
} from "./schedule-event";

/**
 * The team's next event on both dashboards (docs/product.md §12): what, when, where; a player's three answer
 * buttons, a coach's counts and the warning when too few are going. Its read (the next upcoming event) starts with
 * the dashboard's but the dashboard never waits for it: the card keeps its place with a short line until it answers.
 */
export function NextEventCard({ area }: { area: "coach" | "player" }) {
  const me = useCurrentUser();
  const headingId = useId();
  const query = useQuery({ ...scheduleQuery("upcoming", 1), enabled: me.team !== null });
  if (!me.team) return null;
  const schedulePath = `/${area}/schedule`;
  const data = query.data;
  const event = data?.events[0];

  let body;
  if (data === undefined) {
    body = query.isError ? (
      <p className="text-sm text-stone-700">
        The schedule could not be loaded.{" "}
        <button type="button" className="font-semibold text-field-800 underline" onClick={() => void query.refetch()}>
          Retry
        </button>
      </p>
    ) : (
      <p role="status" className="text-sm text-stone-600">
        Loading the next event...
      </p>
    );
  } else if (!event) {
    body = (
      <p className="text-sm text-stone-700">
        Nothing on the schedule yet.{" "}
        <Link to={schedulePath} className="font-semibold text-field-800 underline underline-offset-2">
          {area === "coach" ? "Add an event" : "See the schedule"}
        </Link>
      </p>
    );
  } else {
    const cancelled = event.status === "cancelled";
    body = (
      <div className="space-y-2">
        <p className="flex flex-wrap items-center gap-2 text-lg font-bold text-stone-900">
          <Link
            to={`${schedulePath}/${encodeURIComponent(event.id)}`}
            className={cancelled ? "line-through" : "underline-offset-2 hover:underline"}
          >
            {eventTitle(event)}
          </Link>
          {cancelled ? <CancelledBadge /> : null}
        </p>
        <p className="text-sm text-stone-800">
          <EventWhen event={event} timeZone={data.timeZone} />
          {event.arriveBy ? ` · Arrive by ${formatWallTime(event.arriveBy)}` : null}
        </p>
        {event.placeName || event.address ? (
          <p className="flex items-center gap-1.5 text-sm text-stone-700">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {[event.placeName, event.field ? `Field ${event.field}` : null, event.address].filter(Boolean).join(" · ")}
          </p>
        ) : null}
        {area === "coach" ? (
          <>
            <p className="text-sm font-semibold text-stone-800">{countsText(event.availability)}</p>
            {cancelled ? null : <ShortOfPlayers going={event.availability.going} minPlayers={data.minPlayers} />}
          </>
        ) : isOpenForAnswers(event) ? (
          <AnswerButtons
            eventId={event.id}
            playerId={me.id}
            answer={event.myAnswer?.answer ?? null}
            note={event.myAnswer?.note ?? null}
            own
            label="Your answer"
          />
        ) : null}
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-stone-900">
          <CalendarDays aria-hidden="true" className="size-5 text-field-700" />
          Next up
        </h2>
        <Link to={schedulePath} className="text-sm font-semibold text-field-800 underline underline-offset-2">
          Full schedule
        </Link>
      </div>
      <div className="mt-3">{body}</div>
    </section>
  );
}
