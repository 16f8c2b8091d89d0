import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { ScheduleEvent, ScheduleResponse } from "#domain/api/schedule";
import { WEEKDAY_LABELS, addDays, weekdayOf } from "#domain/schedule";
import { lazyFormat } from "~/ui/format";
import { eventTitle, formatWallTime } from "~/ui/schedule-event";

const monthFormat = lazyFormat(
  () => new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric", timeZone: "UTC" }),
);
const dayNameFormat = lazyFormat(
  () => new Intl.DateTimeFormat(undefined, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }),
);

/** "2026-12" moved by a number of months. */
function addMonths(month: string, months: number): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, m - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

/** The weeks (Monday first) that show a month: each a row of seven days, the days outside the month included. */
function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  let day = addDays(first, -weekdayOf(first));
  const weeks: string[][] = [];
  while (weeks.length === 0 || day.slice(0, 7) === month) {
    const week: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/**
 * The upcoming events as a month grid, on wide screens only (a phone has the list): a table with the weekdays as
 * column headers, each day a cell listing its events as links; Previous and Next month move between months.
 */
export function MonthView({ data, area, today }: { data: ScheduleResponse; area: "coach" | "player"; today: string }) {
  const [month, setMonth] = useState(() => data.events[0]?.date.slice(0, 7) ?? today.slice(0, 7));
  const byDay = new Map<string, ScheduleEvent[]>();
  for (const event of data.events) byDay.set(event.date, [...(byDay.get(event.date) ?? []), event]);
  const title = monthFormat().format(new Date(`${month}-01T00:00:00Z`));
  return (
    <div className="card hidden p-4 lg:block">
      <div className="mb-3 flex items-center justify-between gap-3">
        <button type="button" className="btn btn-secondary py-1.5" onClick={() => setMonth(addMonths(month, -1))}>
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous month
        </button>
        <p className="text-lg font-bold text-stone-900" aria-live="polite">
          {title}
        </p>
        <button type="button" className="btn btn-secondary py-1.5" onClick={() => setMonth(addMonths(month, 1))}>
          Next month <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">Upcoming events in {title}</caption>
        <thead>
          <tr>
            {WEEKDAY_LABELS.map((label) => (
              <th key={label} scope="col" className="pb-1 text-left font-semibold text-stone-600">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const events = byDay.get(day) ?? [];
                const inMonth = day.slice(0, 7) === month;
                return (
                  <td
                    key={day}
                    className={clsx(
                      "h-24 border border-stone-200 p-1 align-top",
                      !inMonth && "bg-stone-50 text-stone-500",
                      day === today && "bg-field-50",
                    )}
                  >
                    <span className="block text-xs font-semibold">
                      <span aria-hidden="true">{Number(day.slice(8))}</span>
                      <span className="sr-only">{dayNameFormat().format(new Date(`${day}T00:00:00Z`))}</span>
                      {day === today ? <span className="sr-only"> (today)</span> : null}
                    </span>
                    <ul className="mt-1 space-y-1">
                      {events.map((event) => (
                        <li key={event.id}>
                          <Link
                            to={`/${area}/schedule/${encodeURIComponent(event.id)}`}
                            className={clsx(
                              "block truncate rounded px-1 py-0.5 text-xs font-semibold",
                              event.status === "cancelled"
                                ? "bg-stone-100 text-stone-600 line-through"
                                : event.kind === "game"
                                  ? "bg-accent-100 text-stone-900"
                                  : "bg-field-100 text-field-900",
                            )}
                          >
                            {formatWallTime(event.startTime)} {eventTitle(event)}
                            {event.status === "cancelled" ? <span className="sr-only"> (cancelled)</span> : null}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
