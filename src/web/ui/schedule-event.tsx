import { clsx } from "clsx";
import { Check, CircleHelp, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import type { AvailabilityCounts, ScheduleEvent } from "#domain/api/schedule";
import {
  AVAILABILITY_ANSWERS,
  AVAILABILITY_LABELS,
  SCHEDULE_LIMITS,
  isShortOfPlayers,
  wallTimeOf,
  zoneOffsetMinutes,
  type AvailabilityAnswer,
} from "#domain/schedule";
import { useAnswerMutation } from "~/lib/schedule-answers";
import { useActingReadOnly } from "~/lib/session-context";
import { describeError } from "./query-state";
import { lazyFormat } from "./format";

/*
 * The words and pieces of a scheduled event (docs/product.md §12) that the schedule screens and both dashboards'
 * next-event card share. Free of zod: the dashboards are measured screens (decision 0021).
 */

/** "Game vs Eagles", "Game at Eagles" (away), "Game", "Practice". */
export function eventTitle(event: Pick<ScheduleEvent, "kind" | "opponent" | "homeAway">): string {
  if (event.kind === "practice") return "Practice";
  const opponent = event.opponent?.trim();
  if (!opponent) return "Game";
  return `Game ${event.homeAway === "away" ? "at" : "vs"} ${opponent}`;
}

/** "8 going · 2 maybe · 1 can't go · 3 no answer". */
export function countsText(counts: AvailabilityCounts): string {
  return `${counts.going} going · ${counts.maybe} maybe · ${counts.no} can't go · ${counts.unanswered} no answer`;
}

/** "Only 3 going — you need at least 5." (null when enough are going). */
function shortOfPlayersText(going: number, minPlayers: number): string | null {
  if (!isShortOfPlayers(going, minPlayers)) return null;
  return going === 0
    ? `No one is going yet — you need at least ${minPlayers}.`
    : `Only ${going} going — you need at least ${minPlayers}.`;
}

const dayFormat = lazyFormat(
  () => new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }),
);
const dayYearFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat(undefined, {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }),
);
const timeFormat = lazyFormat(
  () => new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }),
);
const viewerTimeFormat = lazyFormat(() => new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" }));

/** A calendar day as "Sat, Dec 5" (with the year when it is not this year's); never shifted by a zone. */
export function formatEventDay(day: string, now = new Date()): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (day.slice(0, 4) === String(now.getFullYear()) ? dayFormat() : dayYearFormat()).format(date);
}

/** A wall-clock "18:00" in the viewer's way of writing times ("6:00 PM"). */
export function formatWallTime(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  return timeFormat().format(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
}

/** The viewer's own zone differs from the team's at that instant: the time is then said with the team's zone. */
function zoneDiffers(instant: string, timeZone: string): boolean {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return false;
  try {
    return zoneOffsetMinutes(at, timeZone) !== -at.getTimezoneOffset();
  } catch {
    return false;
  }
}

/**
 * "Sat, Dec 5 · 6:00 PM – 7:30 PM", and when the viewer is in another zone than the team, the team's zone and the
 * viewer's own time: "(Europe/Berlin; 12:00 PM your time)".
 */
export function EventWhen({
  event,
  timeZone,
  className,
}: {
  event: Pick<ScheduleEvent, "date" | "startTime" | "startsAt" | "endsAt">;
  timeZone: string;
  className?: string;
}) {
  const end = event.endsAt ? new Date(event.endsAt) : null;
  const endWall = end && !Number.isNaN(end.getTime()) ? wallTimeOf(end, timeZone).slice(11, 16) : null;
  return (
    <span className={className}>
      <time dateTime={event.startsAt}>
        {formatEventDay(event.date)} · {formatWallTime(event.startTime)}
        {endWall ? ` – ${formatWallTime(endWall)}` : null}
      </time>
      {zoneDiffers(event.startsAt, timeZone) ? (
        <span className="text-stone-600">
          {" "}
          ({timeZone}; {viewerTimeFormat().format(new Date(event.startsAt))} your time)
        </span>
      ) : null}
    </span>
  );
}

/** The "Cancelled" badge a cancelled event carries wherever it is listed. */
export function CancelledBadge() {
  return (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-900 no-underline">Cancelled</span>
  );
}

/** The warning a coach sees when too few are going; nothing when enough are. */
export function ShortOfPlayers({ going, minPlayers }: { going: number; minPlayers: number }) {
  const text = shortOfPlayersText(going, minPlayers);
  if (!text) return null;
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950">
      {text}
    </p>
  );
}

/** Whether an event still takes answers: not cancelled and not yet over. */
export function isOpenForAnswers(event: Pick<ScheduleEvent, "status" | "endsAt">, now = Date.now()): boolean {
  return event.status === "scheduled" && Date.parse(event.endsAt) > now;
}

/** Each answer's icon, and its button's colours when pressed: the same on every screen that takes an answer. */
export const ANSWER_ICONS = { going: Check, maybe: CircleHelp, no: X } as const;
export const ANSWER_PRESSED = {
  going: "border-field-700 bg-field-700 text-white",
  maybe: "border-amber-500 bg-amber-100 text-amber-950",
  no: "border-red-700 bg-red-700 text-white",
} as const;

/**
 * Going / Maybe / Can't go as three one-tap buttons (aria-pressed on the chosen one), with an optional note. A
 * player answers for themselves (`own`), a coach for a player. The answer shows at once and is put back with a
 * message if the server refuses it.
 */
export function AnswerButtons({
  eventId,
  playerId,
  answer,
  note,
  own,
  label,
  size = "md",
}: {
  eventId: string;
  playerId: string;
  answer: AvailabilityAnswer | null;
  note: string | null;
  own: boolean;
  /** The group's accessible name: "Your answer", "Answer for Sam Lee". */
  label: string;
  size?: "sm" | "md";
}) {
  const mutation = useAnswerMutation();
  const [noteOpen, setNoteOpen] = useState(false);
  const [draft, setDraft] = useState(note ?? "");
  const noteId = useId();
  const readOnly = useActingReadOnly();
  if (own && readOnly) {
    return (
      <p className="text-sm text-stone-800">
        <span className="font-semibold">{answer ? AVAILABILITY_LABELS[answer] : "No answer yet"}</span>
        {note ? ` · Note: ${note}` : ""} · They answer on their own sign-in.
      </p>
    );
  }
  const send = (chosen: AvailabilityAnswer, newNote?: string) =>
    mutation.mutate(
      { eventId, playerId, answer: chosen, own, ...(newNote !== undefined ? { note: newNote } : {}) },
      { onSuccess: () => setNoteOpen(false) },
    );
  const saveNote = (event: FormEvent) => {
    event.preventDefault();
    if (answer) send(answer, draft.trim());
  };
  return (
    <div className="space-y-2">
      <div role="group" aria-label={label} className="flex flex-wrap gap-2">
        {AVAILABILITY_ANSWERS.map((choice) => {
          const Icon = ANSWER_ICONS[choice];
          const pressed = answer === choice;
          return (
            <button
              key={choice}
              type="button"
              aria-pressed={pressed}
              onClick={() => (pressed ? undefined : send(choice))}
              className={clsx(
                "inline-flex items-center gap-1.5 rounded-lg border-2 font-semibold transition-colors",
                size === "sm" ? "min-h-9 px-2.5 text-sm" : "min-h-11 px-3.5",
                pressed ? ANSWER_PRESSED[choice] : "border-stone-300 bg-white text-stone-900 hover:bg-stone-50",
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {AVAILABILITY_LABELS[choice]}
            </button>
          );
        })}
        {answer ? (
          <button
            type="button"
            className={clsx("font-semibold text-field-800 underline underline-offset-2", size === "sm" && "text-sm")}
            aria-expanded={noteOpen}
            aria-controls={noteId}
            onClick={() => {
              setDraft(note ?? "");
              setNoteOpen((open) => !open);
            }}
          >
            {note ? "Edit note" : "Add a note"}
          </button>
        ) : null}
      </div>
      {note && !noteOpen ? <p className="text-sm text-stone-700">Note: {note}</p> : null}
      <form id={noteId} hidden={!noteOpen} onSubmit={saveNote} className="flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1">
          <span className="label">Note</span>
          <input
            className="input"
            value={draft}
            maxLength={SCHEDULE_LIMITS.availabilityNoteMax}
            placeholder="Running 10 minutes late"
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-secondary" disabled={mutation.isPending}>
          Save note
        </button>
      </form>
      {mutation.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {describeError(mutation.error, "Your answer could not be saved. Please try again.")}
        </p>
      ) : null}
    </div>
  );
}
