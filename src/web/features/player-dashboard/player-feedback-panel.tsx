import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCheck, MessageSquareText } from "lucide-react";
import { useId, useState } from "react";
import { FeedbackItem } from "~/ui/feedback-item";
import { FormMessage } from "~/ui/form-field";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";
import type { FeedbackDto, FeedbackListResponse, PlayerDashboardResponse } from "#domain/api/player";
import { DASHBOARD_LATEST_FEEDBACK } from "#domain/reads";
import { ME_ROOT_KEY, meKeys } from "~/lib/query-keys";
import { myFeedbackQuery } from "~/lib/queries";
import { markAllFeedbackRead } from "./api";

const asRead = (item: FeedbackDto): FeedbackDto => (item.read ? item : { ...item, read: true });

/**
 * The player's side of coach feedback, on their dashboard: the latest few with a "New" badge on what they have
 * not read, "Mark as read" for all of it, and the whole history on request.
 */
export function PlayerFeedbackPanel({ latest, unreadCount }: { latest: readonly FeedbackDto[]; unreadCount: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [showAll, setShowAll] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const all = useQuery({ ...myFeedbackQuery(), enabled: showAll });

  const markRead = useMutation({
    mutationFn: markAllFeedbackRead,
    onMutate: () => setNotice(null),
    onSuccess: () => {
      // Shown as read at once; the refetch that follows brings anything a coach wrote meanwhile.
      queryClient.setQueriesData<PlayerDashboardResponse>({ queryKey: meKeys.dashboardAll() }, (old) =>
        old ? { ...old, unreadFeedback: 0, latestFeedback: old.latestFeedback.map(asRead) } : old,
      );
      queryClient.setQueryData<FeedbackListResponse>(meKeys.feedback(), (old) =>
        old ? { unreadCount: 0, feedback: old.feedback.map(asRead) } : old,
      );
      setNotice("All feedback is marked as read.");
      void queryClient.invalidateQueries({ queryKey: ME_ROOT_KEY });
    },
  });

  const mayHaveMore = latest.length >= DASHBOARD_LATEST_FEEDBACK;
  const items = showAll && all.data ? all.data.feedback : latest;

  return (
    <section aria-labelledby={`${id}-title`} className="card flex min-w-0 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold text-stone-900">
          <MessageSquareText aria-hidden="true" className="size-5 text-field-700" />
          Coach feedback
          {unreadCount > 0 ? (
            <span className="rounded-full bg-accent-700 px-2 py-0.5 text-xs font-bold text-white">
              {unreadCount} new
            </span>
          ) : null}
        </h2>
        {unreadCount > 0 ? (
          <button
            type="button"
            className="btn btn-secondary py-2"
            onClick={() => markRead.mutate()}
            disabled={markRead.isPending}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {markRead.isPending ? "Marking…" : "Mark as read"}
          </button>
        ) : null}
      </div>

      <div role="status" className="empty:hidden mt-3">
        {notice ? <p className="text-sm font-medium text-field-800">{notice}</p> : null}
      </div>
      {markRead.isError ? (
        <div className="mt-3">
          <FormMessage tone="error">
            {describeError(markRead.error, "Your feedback could not be marked as read. Please try again.")}
          </FormMessage>
        </div>
      ) : null}

      <div className="mt-3 flex-1">
        {latest.length === 0 ? (
          <EmptyState title="No feedback yet" icon={<MessageSquareText className="size-7" />}>
            When a coach writes you feedback on your technique, effort or game sense, it appears here, marked New until
            you have read it.
          </EmptyState>
        ) : (
          <ul
            aria-label={showAll ? "All feedback, newest first" : "Latest feedback, newest first"}
            className="space-y-3"
          >
            {items.map((item) => (
              <li key={item.id}>
                <FeedbackItem item={item} readState="player" />
              </li>
            ))}
          </ul>
        )}
        {showAll ? (
          <QueryState
            query={all}
            loading="Loading all your feedback..."
            errorTitle="Error loading your feedback"
            errorMessage="Your earlier feedback could not be loaded. Please try again."
            headingLevel={3}
            errorClassName="mt-3"
          >
            {/* Once loaded, the list above shows all of it. */}
            {() => null}
          </QueryState>
        ) : null}
      </div>

      {mayHaveMore ? (
        <button
          type="button"
          className="mt-4 self-start text-sm font-semibold text-field-800 underline underline-offset-2"
          aria-expanded={showAll}
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? "Show only the latest" : "Show all feedback"}
        </button>
      ) : null}
    </section>
  );
}
