import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell, CheckCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { MarkNoticesReadResponse, NoticeDto, NoticesResponse } from "#domain/api/notices";
import { noticeText } from "#domain/notices";
import { apiFetch } from "~/lib/api";
import { noticesQuery } from "~/lib/queries";
import { meKeys } from "~/lib/query-keys";
import { useSession } from "~/lib/session-context";
import { Panel } from "~/ui/app-page";
import { formatDateTime, plural } from "~/ui/format";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";
import { formatEventDay, formatWallTime } from "~/ui/schedule-event";

/** How many notices show before "Show all". */
const FIRST_SHOWN = 5;

/** POST /api/me/notices/read `{ all: true }`: every notice of the signed-in person read. */
function markAllRead() {
  return apiFetch<MarkNoticesReadResponse>("/api/me/notices/read", { method: "POST", json: { all: true } });
}

/** A notice's words, an event's day and time written the viewer's way ("Sat, Dec 5 at 6:00 PM"). */
function shownText(n: NoticeDto): string {
  const { eventDate, eventTime } = n.params;
  return noticeText(n.kind, {
    ...n.params,
    ...(eventDate ? { eventDate: formatEventDay(eventDate) } : {}),
    ...(eventTime ? { eventTime: formatWallTime(eventTime) } : {}),
  });
}

/**
 * The event a notice is about, on the signed-in person's schedule (docs/product.md §12): a reminder's link asks
 * for the answer; null for a notice about no event, or when the viewer is on no team (or not on the notice's).
 */
function EventLink({ notice }: { notice: NoticeDto }) {
  const { user } = useSession();
  const id = notice.params.eventId;
  if (!id || !user?.team || user.team.id !== notice.teamId) return null;
  const cancelled = notice.kind === "event_changed" && notice.params.change === "cancelled";
  return (
    <Link
      to={`/${user.role}/schedule/${encodeURIComponent(id)}`}
      className="mt-1 inline-block text-sm font-semibold text-field-800 underline underline-offset-2"
    >
      {notice.kind === "event_reminder" ? "Answer now" : cancelled ? "See the cancelled event" : "See the event"}
    </Link>
  );
}

/**
 * What happened to the signed-in person (docs/product.md §11 Notices): a coach's decision about them, or, for a
 * coach, a player waiting to be confirmed; without mail, the schedule's reminders, changes and the coaches' warning
 * of too few players (§12), each linking to its event. Newest first; an unread one says "New" (not only a colour) until
 * "Mark all as read". On the dashboards and on the no-team page, so a removed or declined player reads why.
 */
export function NoticesPanel({ className }: { className?: string }) {
  const query = useQuery(noticesQuery());
  const queryClient = useQueryClient();
  const [showAll, setShowAll] = useState(false);
  const markAll = useMutation({
    mutationFn: markAllRead,
    onSuccess: async () => {
      const now = new Date().toISOString();
      queryClient.setQueryData<NoticesResponse>(meKeys.notices(), (old) =>
        old ? { unread: 0, notices: old.notices.map((n) => ({ ...n, readAt: n.readAt ?? now })) } : old,
      );
      await queryClient.invalidateQueries({ queryKey: meKeys.notices() });
    },
  });

  return (
    <Panel title="Notices" icon={<Bell className="size-5" />} className={className}>
      <QueryState
        query={query}
        loading="Loading your notices..."
        errorTitle="Error loading your notices"
        errorMessage="Your notices could not be loaded. Please try again."
        headingLevel={3}
      >
        {({ notices, unread }) =>
          notices.length === 0 ? (
            <EmptyState title="Nothing new." headingLevel={3}>
              What a coach decides about you, and news of the team's games and practices, shows here.
            </EmptyState>
          ) : (
            <div className="space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm font-semibold text-stone-700">
                  {unread > 0 ? `${plural(unread, "unread notice")}` : "All read."}
                </p>
                {unread > 0 ? (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={markAll.isPending}
                    onClick={() => markAll.mutate()}
                  >
                    <CheckCheck aria-hidden="true" className="size-4" />
                    {markAll.isPending ? "Marking…" : "Mark all as read"}
                  </button>
                ) : null}
              </div>
              {markAll.isError ? (
                <p role="alert" className="text-sm text-red-800">
                  {describeError(markAll.error, "Your notices could not be marked read. Please try again.")}
                </p>
              ) : null}
              <ul className="divide-y divide-stone-200">
                {(showAll ? notices : notices.slice(0, FIRST_SHOWN)).map((n) => {
                  const isNew = n.readAt === null;
                  return (
                    <li
                      key={n.id}
                      className={
                        isNew ? "border-l-4 border-field-600 py-3 pl-3 text-stone-900" : "py-3 pl-4 text-stone-700"
                      }
                    >
                      <p className={isNew ? "font-semibold" : undefined}>
                        {isNew ? (
                          <span className="mr-2 rounded-full bg-field-100 px-2 py-0.5 text-xs font-bold text-field-900 uppercase">
                            New
                          </span>
                        ) : null}
                        {shownText(n)}
                      </p>
                      <EventLink notice={n} />
                      <p className="mt-0.5 text-sm text-stone-600">
                        <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                      </p>
                    </li>
                  );
                })}
              </ul>
              {notices.length > FIRST_SHOWN ? (
                <button
                  type="button"
                  className="text-sm font-semibold text-field-800 underline"
                  aria-expanded={showAll}
                  onClick={() => setShowAll((all) => !all)}
                >
                  {showAll ? "Show fewer" : `Show all ${notices.length}`}
                </button>
              ) : null}
            </div>
          )
        }
      </QueryState>
    </Panel>
  );
}
