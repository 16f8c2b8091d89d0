import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { ArrowLeft, MessageSquareText } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { isPlayerNotFound, PlayerNotFound } from "~/ui/player-not-found";
import { plural } from "~/ui/format";
import { describeError, EmptyState, ErrorState, QueryState } from "~/ui/query-state";
import type { FeedbackListResponse } from "#domain/api/player";
import { viewerTzOffset } from "~/lib/time-zone";
import { playerDetailQuery, playerFeedbackQuery } from "~/lib/queries";
import { FeedbackItem } from "~/ui/feedback-item";
import { PlayerHeading } from "~/ui/player-heading";
import { FeedbackForm } from "./feedback-form";

/**
 * /coach/player/{id}: write feedback for one player of the coach's team and read what the team's coaches wrote
 * before. The header comes from the player's detail (shared with the detail page's cache). A player of another
 * team, or an id that does not exist, reads "Player not found" and nothing else.
 */
export function CoachFeedbackPage({ id }: { id: string }) {
  const [tzOffset] = useState(viewerTzOffset);
  const detail = useQuery(playerDetailQuery(id, tzOffset));
  const history = useQuery(playerFeedbackQuery(id));
  const detailHref = `/coach/player-detail/${encodeURIComponent(id)}`;

  if (isPlayerNotFound(detail.error) || isPlayerNotFound(history.error)) {
    return <PlayerNotFound backTo="/coach/team-roster" backLabel="Team Roster" />;
  }

  const player = detail.data?.player ?? null;

  return (
    <div className="space-y-8">
      <div className="space-y-4 border-b border-stone-200 pb-6">
        <Link to={detailHref} className="btn btn-secondary w-fit">
          <ArrowLeft aria-hidden="true" className="size-4" /> Player detail
        </Link>
        <PlayerHeading eyebrow="Player Feedback" player={player} />
      </div>

      {detail.isError && !detail.isFetching && !player ? (
        <ErrorState
          title="Error loading this player"
          message={describeError(detail.error, "The player's name and position could not be loaded. Please try again.")}
          onRetry={() => void detail.refetch()}
        />
      ) : null}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div>
          <FeedbackForm playerId={id} playerName={player?.name ?? null} />
        </div>
        <FeedbackHistory query={history} playerName={player?.name ?? "this player"} />
      </div>
    </div>
  );
}

function FeedbackHistory({ query, playerName }: { query: UseQueryResult<FeedbackListResponse>; playerName: string }) {
  const id = useId();
  const body = (
    <QueryState
      query={query}
      loading="Loading feedback..."
      errorTitle="Error loading feedback"
      errorMessage="The feedback history could not be loaded. Please try again."
      headingLevel={3}
    >
      {(data) => {
        if (data.feedback.length === 0) {
          return (
            <EmptyState title="No feedback yet" icon={<MessageSquareText className="size-7" />}>
              Feedback you and the other coaches write for {playerName} will be listed here, newest first, with whether
              they have read it.
            </EmptyState>
          );
        } else {
          return (
            <>
              <p className="text-sm text-stone-700">
                {plural(data.feedback.length, "note")}
                {data.unreadCount > 0 ? `, ${data.unreadCount} not read yet` : ", all read"}.
              </p>
              <ol aria-label="Feedback, newest first" className="mt-3 space-y-3">
                {data.feedback.map((item) => (
                  <li key={item.id}>
                    <FeedbackItem item={item} readState="coach" />
                  </li>
                ))}
              </ol>
            </>
          );
        }
      }}
    </QueryState>
  );
  return (
    <section aria-labelledby={`${id}-title`} className="card min-w-0">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold text-stone-900">
        <MessageSquareText aria-hidden="true" className="size-5 text-field-700" />
        Feedback history
      </h2>
      <div className="mt-3">{body}</div>
    </section>
  );
}
