import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, MessageSquareText } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { isPlayerNotFound, PlayerNotFound } from "~/ui/player-not-found";
import { Stat } from "~/ui/app-page";
import { attendanceOf, NO_ATTENDANCE_YET } from "~/ui/attendance";
import { formatDateTime, formatPercent, formatScore } from "~/ui/format";
import { QueryState } from "~/ui/query-state";
import type { PlayerSummaryDto } from "#domain/api/team";
import { viewerTzOffset } from "~/lib/time-zone";
import { playerDetailQuery, teamPlayersQuery } from "~/lib/queries";
import { useSession } from "~/lib/session-context";
import { PlayerHeading } from "~/ui/player-heading";
import { StatsSummary } from "~/ui/stats-summary";
import { AttendanceHistory, FeedbackList, TrainingLogs } from "./detail-sections";
import { readDetailState } from "./detail-state";
import { usePickedSeason } from "~/lib/season-param";
import { SeasonPicker } from "~/ui/season-picker";
import { EventHistory } from "./event-history";
import { FootballSection } from "./football-section";
import { ResetLinkButton } from "./reset-link-dialog";
import { ScoreChart } from "./score-chart";

/**
 * /coach/player-detail/{id}: one player of the coach's team. The summary passed in router state (or already in
 * the roster cache) paints the header at once; the fetched detail replaces it. A player outside the team gets
 * the same answer as one that does not exist, and the page then shows nothing about them.
 */
export function PlayerDetailPage({ id }: { id: string }) {
  const location = useLocation();
  const isHeadCoach = useSession().user?.coachRole === "head";
  const { player: statePlayer, returnTo } = readDetailState(location.state, id);
  // The zone is fixed for the page's life, so the cache key stays put.
  const [tzOffset] = useState(viewerTzOffset);
  const seasons = usePickedSeason();
  const detail = useQuery(playerDetailQuery(id, tzOffset, seasons.season));
  // Reads the roster's cache entry without fetching it: a first paint for a page opened by URL after the roster.
  const cached = useQuery({
    ...teamPlayersQuery(seasons.season),
    enabled: false,
    select: (data) => data.players.find((p) => p.id === id) ?? null,
  });

  const backLink = (
    <Link to={returnTo} className="btn btn-secondary w-fit">
      <ArrowLeft aria-hidden="true" className="size-4" /> Back
    </Link>
  );

  if (isPlayerNotFound(detail.error)) return <PlayerNotFound backTo={returnTo} backLabel="Back" />;

  const summary: PlayerSummaryDto | null = detail.data?.player ?? statePlayer ?? cached.data ?? null;

  return (
    <div className="space-y-8">
      <div className="space-y-4 border-b border-stone-200 pb-6">
        {backLink}
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <PlayerHeading eyebrow="Player detail" player={summary} />
          <div className="flex flex-wrap gap-3">
            {isHeadCoach && summary ? <ResetLinkButton playerId={id} playerName={summary.name} /> : null}
            <Link to={`/coach/player/${encodeURIComponent(id)}`} className="btn btn-field w-fit">
              <MessageSquareText aria-hidden="true" className="size-4" /> Give feedback
            </Link>
          </div>
        </div>
      </div>

      {summary ? (
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Stat
            label="Performance score"
            value={formatScore(summary.performanceScore)}
            note={`${summary.eventCount} logged ${summary.eventCount === 1 ? "play" : "plays"}`}
          />
          <Stat label="Team ranking" value={summary.teamRanking} note="1 to 10, from the score" />
          <Stat
            label="Attendance"
            value={attendanceOf(summary) === null ? null : formatPercent(summary.attendancePercentage)}
            note={attendanceOf(summary) === null ? NO_ATTENDANCE_YET : undefined}
          />
          <Stat
            label="Last active"
            value={summary.lastActive ? <span className="text-lg">{formatDateTime(summary.lastActive)}</span> : null}
            note={summary.lastActive ? undefined : "No plays logged yet"}
          />
        </div>
      ) : null}

      {/* Football stat lines lead the numbers, right under the performance score (docs/product.md §10). */}
      <SeasonPicker value={seasons} className="max-w-xs" />
      <FootballSection playerId={id} playerName={summary?.name ?? null} season={seasons.season} />

      {summary ? <StatsSummary stats={summary.stats} /> : null}

      <QueryState
        query={detail}
        loading="Loading the player's details..."
        errorTitle="Error loading this player"
        errorMessage="The player's details could not be loaded. Please try again."
      >
        {(data) => (
          <>
            <ScoreChart history={data.scoreHistory} />
            <EventHistory playerId={id} playerName={data.player.name} season={seasons.season} />
            <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
              <AttendanceHistory rows={data.attendance} playerName={data.player.name} />
              <TrainingLogs logs={data.trainingLogs} playerName={data.player.name} />
            </div>
            <FeedbackList items={data.feedback} playerId={id} playerName={data.player.name} />
          </>
        )}
      </QueryState>
    </div>
  );
}
