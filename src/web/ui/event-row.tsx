import { clsx } from "clsx";
import type { ReactNode } from "react";
import type { SessionRef } from "#domain/api/common";
import { sessionLabel } from "#domain/reads";
import { formatDateTime, formatDay, formatScore, lazyFormat } from "./format";

const clockFormat = lazyFormat(() => new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" }));

/** The time of day of an ISO time in the viewer's zone ("5:04 PM"); "" for a time that does not parse. */
export function formatClock(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? "" : clockFormat().format(t);
}

/** What every event list knows of an event. */
interface EventRowEvent {
  eventType: string;
  occurredAt: string;
  yards: number | null;
  points: number;
  /** Shown after the type ("Catch · Sam Lee") where the list holds several players' events. */
  playerName?: string;
  /** Shown after the time ("· Game vs Eagles · Oct 3, 2026") where the list spans sessions. */
  session?: Pick<SessionRef, "kind" | "date" | "opponent"> | null;
}

interface EventRowProps {
  event: EventRowEvent;
  /** "date-time" (a list spanning days) or "clock" (one session's list). */
  time?: "date-time" | "clock";
  /** How yards read: "yds" after the type, or "yd" in the time line (the logger's compact row). */
  yards?: "yds" | "yd" | "none";
  /** How points read on the right: "+8.1 pts", "+8.1", or not at all (a list showing them in `children`). */
  points?: "pts" | "bare" | "none";
  /** Badges at the end of the time line (the logger's "pending", "not saved"). */
  badges?: ReactNode;
  /** Under the time line: an error, the event's figures, a control. */
  children?: ReactNode;
  /** After the points: a delete or discard button. */
  actions?: ReactNode;
  /** "baseline" lines the points up with the type; "center" centres them and the actions on the row. */
  align?: "baseline" | "center";
  /** Padding, gaps and the type's size ("text-sm" in a compact list), a highlight. */
  className?: string;
}

/**
 * One row of an event list (the player dashboard's recent plays, a player's event history, a play's drill-down,
 * the logger's session): the type (and player), when it happened (and in which session), its yards and points.
 */
export function EventRow({
  event,
  time = "date-time",
  yards = "yds",
  points = "pts",
  badges,
  children,
  actions,
  align = "baseline",
  className,
}: EventRowProps) {
  return (
    <li className={clsx("flex", align === "center" ? "items-center" : "items-baseline", className)}>
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-stone-900">
          {event.eventType}
          {event.playerName !== undefined ? (
            <span className="font-normal text-stone-700"> · {event.playerName}</span>
          ) : null}
          {yards === "yds" && event.yards !== null ? (
            <span className="ml-2 font-normal text-stone-700 tabular-nums">{event.yards} yds</span>
          ) : null}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-stone-600">
          <span>
            <time dateTime={event.occurredAt} className="tabular-nums">
              {time === "clock" ? formatClock(event.occurredAt) : formatDateTime(event.occurredAt)}
            </time>
            {event.session ? <> · {sessionLabel(event.session, formatDay)}</> : null}
          </span>
          {yards === "yd" && event.yards !== null ? <span className="tabular-nums">{event.yards} yd</span> : null}
          {badges}
        </p>
        {children}
      </div>
      {points !== "none" ? (
        <span className="shrink-0 text-sm font-bold text-field-800 tabular-nums">
          +{formatScore(event.points)}
          {points === "pts" ? " pts" : null}
        </span>
      ) : null}
      {actions}
    </li>
  );
}
