import { useQuery } from "@tanstack/react-query";
import { NotebookPen, UserRound } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "~/lib/session-context";
import { firstName, Stat } from "~/ui/app-page";
import { attendanceOf, NO_ATTENDANCE_YET } from "~/ui/attendance";
import { formatJersey, formatPercent, formatScore, plural } from "~/ui/format";
import { PlayerAvatar, PositionBadge } from "~/ui/position-badge";
import { isSettled, LoadingState, QueryState } from "~/ui/query-state";
import { NoticesPanel } from "~/ui/notices-panel";
import { AnnouncementsPanel } from "~/ui/announcements-panel";
import { NextEventCard } from "~/ui/next-event-card";
import { ScoreboardCard } from "~/ui/scoreboard-card";
import { effectivePosition } from "#domain/positions";
import { viewerTzOffset } from "~/lib/time-zone";
import { StatsSummary } from "~/ui/stats-summary";
import { OwnFootball } from "./own-football";
import { PlayerFeedbackPanel } from "./player-feedback-panel";
import {
  announcementsQuery,
  meDashboardQuery as dashboardQuery,
  myStatLinesQuery,
  noticesQuery,
  scoreboardQuery,
} from "~/lib/queries";
import { usePickedSeason } from "~/lib/season-param";
import { SeasonPicker } from "~/ui/season-picker";
import { WhenNear } from "~/ui/when-near";
import { RecentPlays } from "./recent-plays";
import { WeekTraining } from "./week-training";

// The chart library is most of this page's code and the chart sits below the fold on a phone: it loads after the
// page has shown (decision 0017), in a card of the chart's height meanwhile.
const CHART_PLACEHOLDER = <div className="card h-[22rem]" role="status" aria-label="Loading your score chart" />;
const ScoreHistoryChart = lazy(() => import("./score-history-chart").then((m) => ({ default: m.ScoreHistoryChart })));

/**
 * /player/dashboard: today's game when one is on, the player's own numbers, the same ones their coach sees (score,
 * ranking, attendance, football stat lines, stats), the score over time, recent plays, coach feedback and this
 * week's training. Stays live through the player layout's stream (routes/player/layout.tsx mounts it).
 */
export function PlayerDashboardPage() {
  const me = useCurrentUser();
  // The zone is fixed for the page's life, so the cache key stays put.
  const [tzOffset] = useState(viewerTzOffset);
  const seasons = usePickedSeason();
  const query = useQuery(dashboardQuery(tzOffset, seasons.season));
  // The same reads ScoreboardCard, OwnFootball, AnnouncementsPanel and NoticesPanel make (one request each): everything below the heading shows once
  // they have answered, so no block pushes another down as it arrives (decision 0017).
  const scoreboard = useQuery({ ...scoreboardQuery(), enabled: me.team !== null });
  const statLines = useQuery(myStatLinesQuery(seasons.season));
  const notices = useQuery(noticesQuery());
  const announcements = useQuery({ ...announcementsQuery(), enabled: me.team !== null });
  const firstReadsIn =
    isSettled(query) && isSettled(scoreboard) && isSettled(statLines) && isSettled(notices) && isSettled(announcements);
  const data = query.data;
  const position = data?.summary.position ?? effectivePosition(me);

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 border-b border-stone-200 pb-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-center gap-4">
          <PlayerAvatar position={position} photoUrl={me.photoUrl} size="lg" />
          <div className="min-w-0">
            <p className="eyebrow">{me.team ? me.team.name : "Player"}</p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">Player Dashboard</h1>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-stone-700">
              <span>Hi {firstName(me.fullName)}</span>
              {me.jerseyNumber !== null ? (
                <span className="font-semibold tabular-nums">{formatJersey(me.jerseyNumber)}</span>
              ) : null}
              <PositionBadge position={position} />
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/player/profile" className="btn btn-secondary">
            <UserRound aria-hidden="true" className="size-4" /> My Profile
          </Link>
          <Link to="/player/logs" className="btn btn-secondary">
            <NotebookPen aria-hidden="true" className="size-4" /> Training Logs
          </Link>
        </div>
      </div>

      {me.waitingForCoach || data?.waitingForCoach ? (
        <p role="status" className="rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <span className="font-semibold">Your coach hasn't confirmed you yet.</span> You joined{" "}
          {me.team?.name ?? "the team"} with the team code; until your coach confirms you, you are not on the team's
          lists or leaderboard, and you have no team ranking.
        </p>
      ) : null}

      {firstReadsIn ? null : <LoadingState label="Loading your dashboard..." className="min-h-[60vh] items-start" />}
      {/* Mounted from the start (its reads are the ones waited for), shown once they are in. */}
      <div hidden={!firstReadsIn} className="space-y-8">
        <ScoreboardCard enabled={me.team !== null} teamName={me.team?.name} />
        {/* The next event's read starts with the dashboard's but is not waited for: the card says it is loading. */}
        <NextEventCard area="player" />
        <AnnouncementsPanel canPost={false} enabled={me.team !== null} />
        <NoticesPanel />

        {me.team ? <SeasonPicker value={seasons} className="max-w-xs" /> : null}

        <QueryState
          query={query}
          loading="Loading your dashboard..."
          errorTitle="Error loading your dashboard"
          errorMessage="Your dashboard could not be loaded. Please try again."
        >
          {(data) => (
            <>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
                <Stat
                  label="Performance score"
                  value={formatScore(data.summary.performanceScore)}
                  note={
                    data.summary.eventCount === 0
                      ? "Grows with every play your coach logs for you."
                      : `From ${plural(data.summary.eventCount, "logged play")}, weighted for your position.`
                  }
                />
                {/* A player waiting for the coach (docs/product.md §11) is on no list yet: no ranking until confirmed. */}
                <Stat
                  label="Team ranking"
                  value={
                    data.summary.teamRanking === null ? null : (
                      <>
                        {data.summary.teamRanking}
                        <span className="text-lg font-bold text-stone-600"> / 10</span>
                      </>
                    )
                  }
                  note={
                    data.summary.teamRanking === null
                      ? "You get a ranking once your coach confirms you."
                      : "Goes up one step for every 10 points of score."
                  }
                />
                <Stat
                  label="Attendance"
                  value={attendanceOf(data.summary) === null ? null : formatPercent(data.summary.attendancePercentage)}
                  note={
                    data.summary.attendanceMarked > 0
                      ? "Of the practices and games your coach took attendance at."
                      : `${NO_ATTENDANCE_YET}: your coach has not marked you at a practice or game.`
                  }
                />
              </div>

              <OwnFootball season={seasons.season} />

              <StatsSummary stats={data.summary.stats} />

              <div className="grid grid-cols-1 gap-8 lg:grid-cols-3">
                <div className="min-w-0 lg:col-span-2">
                  {/* Below the fold on a phone: loaded when the player scrolls near it (decision 0017). */}
                  <WhenNear placeholder={CHART_PLACEHOLDER}>
                    <Suspense fallback={CHART_PLACEHOLDER}>
                      <ScoreHistoryChart history={data.scoreHistory} />
                    </Suspense>
                  </WhenNear>
                </div>
                <WeekTraining week={data.thisWeek} />
              </div>

              <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
                <RecentPlays events={data.recentEvents} />
                <PlayerFeedbackPanel latest={data.latestFeedback} unreadCount={data.unreadFeedback} />
              </div>
            </>
          )}
        </QueryState>
      </div>
    </div>
  );
}
