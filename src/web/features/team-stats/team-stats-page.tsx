import { useQuery } from "@tanstack/react-query";
import { Medal, Users } from "lucide-react";
import { useId, useState } from "react";
import { useCurrentUser } from "~/lib/session-context";
import { usePickedSeason } from "~/lib/season-param";
import { SeasonPicker } from "~/ui/season-picker";
import { AppPageHeader, Panel, Stat, NoTeamPanel } from "~/ui/app-page";
import { NO_ATTENDANCE_YET } from "~/ui/attendance";
import { formatCount, formatPercent, formatScore, plural } from "~/ui/format";
import { LeaderCards } from "~/ui/leader-cards";
import { EmptyState, QueryState } from "~/ui/query-state";
import { SegmentedControl } from "~/ui/segmented-control";
import type { TeamStatsResponse } from "#domain/api/team";
import { POSITION_GROUP_LABELS } from "#domain/positions";
import { viewerTzOffset } from "~/lib/time-zone";
import { teamStatsQuery } from "~/lib/queries";
import { AttendanceChart, PointsTrendChart, YardsTrendChart } from "./team-charts";
import { TeamFootball } from "./team-football";

type SessionFilter = "all" | "game" | "practice";
const SESSION_FILTERS: readonly { value: SessionFilter; label: string }[] = [
  { value: "all", label: "All sessions" },
  { value: "game", label: "Games" },
  { value: "practice", label: "Practices" },
];
const KIND_WORD: Record<SessionFilter, string> = { all: "session", game: "game", practice: "practice" };

/**
 * /coach/team-stats: the team's football line first (docs/product.md §10), then team totals, per-session trends
 * (points and the offense's yards, games and practices), the breakdown by position group, attendance over time and
 * the top performers of each statistic.
 */
export function TeamStatsPage() {
  const me = useCurrentUser();
  const [tzOffset] = useState(viewerTzOffset);
  const seasons = usePickedSeason();
  const query = useQuery({ ...teamStatsQuery(tzOffset, seasons.season), enabled: me.team !== null });

  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={me.team?.name}
        title="Team Stats"
        lead="The season's totals for the whole team, and how they change from one practice or game to the next."
      />
      {me.team ? <SeasonPicker value={seasons} className="max-w-xs" /> : null}
      {!me.team ? (
        <NoTeamPanel />
      ) : (
        <QueryState
          query={query}
          loading="Loading team stats..."
          errorTitle="Error loading team stats"
          errorMessage="The team's statistics could not be loaded. Please try again."
        >
          {(stats) => <TeamStatsContent stats={stats} />}
        </QueryState>
      )}
    </div>
  );
}

function TeamStatsContent({ stats }: { stats: TeamStatsResponse }) {
  const ids = useId();
  const [sessionFilter, setSessionFilter] = useState<SessionFilter>("all");
  const { totals } = stats;
  const trend = sessionFilter === "all" ? stats.trend : stats.trend.filter((t) => t.kind === sessionFilter);
  const kindWord = KIND_WORD[sessionFilter];

  return (
    <>
      <TeamFootball football={stats.football} />

      <section aria-labelledby={`${ids}-totals`} className="space-y-4">
        <h2 id={`${ids}-totals`} className="text-xl font-bold text-stone-900">
          Team totals
        </h2>
        <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
          <Stat label="Players" value={formatCount(totals.players)} />
          <Stat
            label="Sessions"
            value={formatCount(totals.sessions)}
            note={`${plural(totals.games, "game")}, ${plural(totals.practices, "practice")}`}
          />
          <Stat label="Logged plays" value={formatCount(totals.events)} />
          <Stat
            label="Average attendance"
            value={totals.averageAttendance === null ? null : formatPercent(totals.averageAttendance)}
            note={totals.averageAttendance === null ? NO_ATTENDANCE_YET : undefined}
          />
          {/* The team line's count (docs/product.md §10): offense, defense and return touchdowns, each once. */}
          <Stat label="Touchdowns" value={formatCount(totals.touchdowns)} />
          <Stat label="Passing yards" value={formatCount(totals.passingYards)} />
          <Stat label="Receiving yards" value={formatCount(totals.receivingYards)} />
          <Stat label="Rushing yards" value={formatCount(totals.rushingYards)} />
          <Stat label="Flag pulls" value={formatCount(totals.flagPulls)} />
          <Stat label="Interceptions" value={formatCount(totals.interceptions)} />
        </div>
      </section>

      <section aria-labelledby={`${ids}-trend`} className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id={`${ids}-trend`} className="text-xl font-bold text-stone-900">
              Session by session
            </h2>
            <p className="mt-1 text-sm text-stone-700">Plays logged during a practice or game, in date order.</p>
          </div>
          <SegmentedControl legend="Show" options={SESSION_FILTERS} value={sessionFilter} onChange={setSessionFilter} />
        </div>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <PointsTrendChart trend={trend} kindLabel={kindWord} />
          <YardsTrendChart trend={trend} kindLabel={kindWord} />
        </div>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Panel title="By position group" icon={<Users className="size-5" />}>
          {stats.byGroup.length === 0 ? (
            <EmptyState title="No players yet">
              Each group's players, plays and scores appear here once players join.
            </EmptyState>
          ) : (
            <div role="region" aria-label="Position groups table" tabIndex={0} className="relative overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="border-b border-stone-200 text-stone-700">
                  <tr>
                    <th scope="col" className="py-2 pr-3 text-left font-semibold">
                      Group
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-semibold">
                      Players
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-semibold">
                      Plays
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-semibold">
                      Total score
                    </th>
                    <th scope="col" className="py-2 pl-3 text-right font-semibold">
                      Average score
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {stats.byGroup.map((g) => (
                    <tr key={g.group} className="border-b border-stone-100 last:border-0">
                      <th scope="row" className="py-2 pr-3 text-left font-semibold text-stone-900">
                        {POSITION_GROUP_LABELS[g.group]}
                      </th>
                      <td className="px-3 py-2 text-right tabular-nums">{formatCount(g.players)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatCount(g.events)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatScore(g.score)}</td>
                      <td className="py-2 pl-3 text-right font-semibold tabular-nums">{formatScore(g.averageScore)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Panel>
        <AttendanceChart rows={stats.attendance} />
      </div>

      <Panel title="Top performers" icon={<Medal className="size-5" />}>
        <LeaderCards leaders={stats.topPerformers} returnTo="/coach/team-stats" />
      </Panel>
    </>
  );
}
