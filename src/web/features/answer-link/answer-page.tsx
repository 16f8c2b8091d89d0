import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Map as MapIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import type { AnswerLink } from "#domain/api/reminders";
import { AVAILABILITY_ANSWERS, AVAILABILITY_LABELS, SCHEDULE_LIMITS, type AvailabilityAnswer } from "#domain/schedule";
import { isApiError } from "~/lib/api";
import { answerLinkQuery } from "~/lib/queries";
import { answerLinkKey, teamKeys } from "~/lib/query-keys";
import { useSession } from "~/lib/session-context";
import { FormMessage, InputField, StatusNotice } from "~/ui/form-field";
import { describeError, ErrorState } from "~/ui/query-state";
import {
  ANSWER_ICONS,
  ANSWER_PRESSED,
  CancelledBadge,
  EventWhen,
  eventTitle,
  formatWallTime,
} from "~/ui/schedule-event";
import { Spinner } from "~/ui/spinner";
import { answerByLink } from "./api";

/** Why the link shows no buttons: not made by this server (404), its event over (410), its event cancelled. */
type Closed = "invalid" | "ended" | "cancelled";

/** The card every state of the page sits on: one column, phone first. */
function LinkCard({ children }: { children: ReactNode }) {
  return (
    <div className="field-lines flex-1 bg-field-50 py-6 sm:py-16">
      <div className="container-page">
        <div className="card mx-auto w-full max-w-xl sm:p-8">{children}</div>
      </div>
    </div>
  );
}

/** Where a signed-in visitor goes on to; nothing for someone signed out (the link gives no way into the team). */
function OnwardLink() {
  const { user } = useSession();
  if (!user?.team) return null;
  return (
    <p className="mt-6 text-sm text-stone-700">
      <Link to={`/${user.role}/schedule`} className="font-semibold text-field-800 underline underline-offset-2">
        Open the team's schedule
      </Link>
    </p>
  );
}

function ClosedState({ closed, link }: { closed: Closed; link: AnswerLink | undefined }) {
  const heading = {
    invalid: "This link is not valid",
    ended: "This event has ended",
    cancelled: "This event was cancelled",
  }[closed];
  const text = {
    invalid:
      "The link may be cut short or copied wrong, or it is no longer yours to use. Open it again from the mail, or answer on the team's schedule in the app.",
    ended: "Answers are not taken any more for a game or practice that is over.",
    cancelled: "There is nothing to answer. If your coach puts it back on the schedule, this link works again.",
  }[closed];
  return (
    <>
      {link ? <p className="eyebrow">{link.teamName}</p> : null}
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-stone-900">{heading}</h1>
      {closed === "cancelled" && link ? <EventSummary link={link} /> : null}
      <p className="mt-4 text-stone-700">{text}</p>
      <OnwardLink />
    </>
  );
}

/** The event: what, when (in the team's zone), arrive by, where, and its map. Nothing about anyone else. */
function EventSummary({ link }: { link: AnswerLink }) {
  const { event, timeZone } = link;
  const cancelled = event.status === "cancelled";
  const where = [event.placeName, event.field, event.address].filter(Boolean).join(" · ");
  return (
    <section aria-label="The event" className="mt-4 space-y-2 rounded-xl border border-stone-200 bg-white p-4">
      <p className="flex flex-wrap items-center gap-2 text-lg font-bold text-stone-900">
        <span className={cancelled ? "line-through decoration-2" : undefined}>{eventTitle(event)}</span>
        {cancelled ? <CancelledBadge /> : null}
      </p>
      <p className="font-semibold text-stone-800">
        <EventWhen event={event} timeZone={timeZone} />
      </p>
      <dl className="space-y-1 text-stone-700">
        {event.arriveBy ? (
          <div className="flex gap-2">
            <dt className="font-semibold">Arrive by</dt>
            <dd>{formatWallTime(event.arriveBy)}</dd>
          </div>
        ) : null}
        {where ? (
          <div className="flex gap-2">
            <dt className="font-semibold">Where</dt>
            <dd>{where}</dd>
          </div>
        ) : null}
      </dl>
      {event.mapUrl ? (
        <a
          href={event.mapUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 font-semibold text-field-800 underline underline-offset-2"
        >
          <MapIcon aria-hidden="true" className="size-4" /> Open map
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}

function AnswerForm({
  token,
  link,
  onClosed,
}: {
  token: string;
  link: AnswerLink;
  onClosed: (closed: "invalid" | "ended") => void;
}) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState(link.answer?.note ?? "");
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (answer: AvailabilityAnswer) => answerByLink(token, { answer, note: note.trim() }),
    onMutate: () => setSaved(null),
    onSuccess: async (now) => {
      queryClient.setQueryData(answerLinkKey(token), now);
      setNote(now.answer?.note ?? "");
      setSaved(now.answer ? `Saved: ${AVAILABILITY_LABELS[now.answer.answer]}` : null);
      // A signed-in player on this browser sees the answer on their schedule and dashboard too.
      await queryClient.invalidateQueries({ queryKey: teamKeys.scheduleAll() });
    },
    onError: (error) => {
      if (isApiError(error, 404)) onClosed("invalid");
      else if (isApiError(error, 410)) onClosed("ended");
      else if (isApiError(error, 409))
        queryClient.setQueryData<AnswerLink>(answerLinkKey(token), (old) =>
          old ? { ...old, event: { ...old.event, status: "cancelled" } } : old,
        );
    },
  });
  // The tapped answer shows at once; it goes back if the server refuses it.
  const current = save.isPending ? save.variables : (link.answer?.answer ?? null);
  const noteError = isApiError(save.error, 400) ? save.error.fields.note : undefined;
  const formError =
    save.error && !noteError ? describeError(save.error, "Your answer could not be saved. Please try again.") : null;

  return (
    <>
      <p className="eyebrow">{link.teamName}</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-stone-900">Are you coming?</h1>
      <p className="mt-2 text-stone-700">
        Answering for <span className="font-semibold text-stone-900">{link.fullName}</span>
      </p>
      <EventSummary link={link} />
      <div role="group" aria-label="Your answer" className="mt-6 grid grid-cols-3 gap-2">
        {AVAILABILITY_ANSWERS.map((choice) => {
          const Icon = ANSWER_ICONS[choice];
          const pressed = current === choice;
          return (
            <button
              key={choice}
              type="button"
              aria-pressed={pressed}
              disabled={save.isPending}
              onClick={() => save.mutate(choice)}
              className={clsx(
                "flex min-h-16 flex-col items-center justify-center gap-1 rounded-xl border-2 px-2 text-base font-bold transition-colors disabled:cursor-wait",
                pressed ? ANSWER_PRESSED[choice] : "border-stone-300 bg-white text-stone-900 hover:bg-stone-50",
              )}
            >
              <Icon aria-hidden="true" className="size-6" />
              {AVAILABILITY_LABELS[choice]}
            </button>
          );
        })}
      </div>
      <InputField
        fieldClassName="mt-5"
        label="Note (optional)"
        hint="Sent with your answer, for your coach: for example, running 10 minutes late."
        value={note}
        maxLength={SCHEDULE_LIMITS.availabilityNoteMax}
        onChange={(e) => setNote(e.target.value)}
        error={noteError}
      />
      {link.answer ? (
        <button
          type="button"
          className="btn btn-secondary mt-3"
          disabled={save.isPending || note.trim() === (link.answer.note ?? "")}
          onClick={() => save.mutate(link.answer!.answer)}
        >
          Save note
        </button>
      ) : null}
      <div className="mt-4 space-y-3">
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <StatusNotice notice={save.isPending ? null : saved} />
      </div>
      <OnwardLink />
    </>
  );
}

/**
 * /answer/:token (docs/product.md §12): a reminder mail's answer link. Whoever opens it, signed in or not, sees
 * that one event in the team's zone and the person's own answer, and answers Going, Maybe or Can't go in one tap,
 * with an optional note. An ended event, a cancelled one and a link that is not valid each say so.
 */
export function AnswerPage() {
  const token = useParams().token ?? "";
  const [closed, setClosed] = useState<Closed | null>(null);
  const query = useQuery({ ...answerLinkQuery(token), enabled: token !== "" && closed === null });

  let body: ReactNode;
  const link = query.data;
  const shut: Closed | null =
    closed ??
    (token === "" || isApiError(query.error, 404) || isApiError(query.error, 400)
      ? "invalid"
      : isApiError(query.error, 410)
        ? "ended"
        : link?.event.status === "cancelled"
          ? "cancelled"
          : null);
  if (shut) body = <ClosedState closed={shut} link={link} />;
  else if (link) body = <AnswerForm token={token} link={link} onClosed={setClosed} />;
  else if (query.isError)
    body = (
      <>
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Are you coming?</h1>
        <ErrorState
          className="mt-4"
          title="The event could not be loaded"
          message={describeError(query.error, "Check your connection and try again.")}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  else body = <Spinner label="Loading the event…" />;

  return <LinkCard>{body}</LinkCard>;
}
