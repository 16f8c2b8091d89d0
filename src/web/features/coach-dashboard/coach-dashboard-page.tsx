import { useQuery } from "@tanstack/react-query";
import { Activity, BarChart3, ClipboardList, LineChart, Search, Settings, Trophy, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "~/lib/session-context";
import { AppPageHeader, Panel, Stat, NoTeamPanel } from "~/ui/app-page";
import { NO_ATTENDANCE_YET } from "~/ui/attendance";
import { CopyButton } from "~/ui/copy-button";
import { formatCount, formatDateTime, formatJersey, formatPercent, formatScore } from "~/ui/format";
import { PlayerAvatar } from "~/ui/position-badge";
import { EmptyState, isSettled, LoadingState, QueryState } from "~/ui/query-state";
import { NoticesPanel } from "~/ui/notices-panel";
import { AnnouncementsPanel } from "~/ui/announcements-panel";
import { NextEventCard } from "~/ui/next-event-card";
import { ScoreboardCard } from "~/ui/scoreboard-card";
import { HOW_PLAYERS_JOIN } from "~/ui/team-code";
import type { DashboardResponse } from "#domain/api/team";
import { positionName } from "#domain/positions";
import { usePlayerSearch } from "~/lib/player-search";
import { announcementsQuery, teamDashboardQuery as dashboardQuery, noticesQuery, scoreboardQuery } from "~/lib/queries";
import { usePickedSeason } from "~/lib/season-param";
import { SeasonPicker } from "~/ui/season-picker";
import { TeamCodes } from "~/ui/team-codes";
import { dashboardGreeting } from "./greeting";

const RETURN_TO = "/coach/dashboard";

const TOOLS = [
  { to: "/coach/log", label: "Event Logger", text: "Log plays from the sideline in two taps.", icon: ClipboardList },
  { to: "/coach/leaderboard", label: "Leaderboard", text: "Players ranked by performance score.", icon: Trophy },
  { to: "/coach/team-roster", label: "Team Roster", text: "Everyone who joined with your team code.", icon: Users },
  {
    to: "/coach/team-stats",
    label: "Team Stats",
    text: "Yards, touchdowns and defensive plays for the team.",
    icon: LineChart,
  },
  {
    to: "/coach/playbook-analysis",
    label: "Playbook Analysis",
    text: "Which positions and plays produce results.",
    icon: BarChart3,
  },
  {
    to: "/coach/settings",
    label: "Team Settings",
    text: "The team's name and codes, and your coaching staff.",
    icon: Settings,
  },
];

/**
 * /coach/dashboard: today's game when one is on (kept live by the coach layout's stream), quick actions, the team
 * at a glance, the top five, the latest plays, the team's codes.
 */
export function CoachDashboardPage() {
  const me = useCurrentUser();
  const team = me.team;
  const { openPlayerSearch } = usePlayerSearch();
  const [inviteOpen, setInviteOpen] = useState(false);
  const seasons = usePickedSeason();
  const query = useQuery({ ...dashboardQuery(seasons.season), enabled: team !== null });
  // The reads ScoreboardCard, AnnouncementsPanel and NoticesPanel make (one request each): what sits below the season picker shows once they and the dashboard
  // have answered, so today's game or the numbers arriving never push the page down (decision 0017).
  const scoreboard = useQuery({ ...scoreboardQuery(), enabled: team !== null });
  const notices = useQuery(noticesQuery());
  const announcements = useQuery({ ...announcementsQuery(), enabled: team !== null });
  const firstReadsIn = isSettled(query) && isSettled(scoreboard) && isSettled(notices) && isSettled(announcements);
  // Every season's sessions count: a coach starting a new season is not new here.
  const sessionTotal =
    seasons.currentSeasonId === null ? undefined : seasons.seasons.reduce((n, s) => n + s.sessionCount, 0);
  const greeting = dashboardGreeting(
    me.fullName,
    team ? { sessions: sessionTotal, events: query.data?.latestEvents.length } : null,
  );

  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={me.coachRole === "assistant" ? "Assistant coach" : "Head coach"}
        title="Coach Dashboard"
        lead={[greeting, team ? `Here is ${team.name} at a glance.` : ""].filter(Boolean).join(" ")}
      />
      {team ? <SeasonPicker value={seasons} className="max-w-xs" /> : null}

      {firstReadsIn ? null : <LoadingState label="Loading the dashboard..." className="min-h-[60vh] items-start" />}
      {/* Mounted from the start (its reads are the ones waited for), shown once they are in. */}
      <div hidden={!firstReadsIn} className="space-y-8">
        <ScoreboardCard enabled={team !== null} teamName={team?.name} />
        {/* The next event's read starts with the dashboard's but is not waited for: the card says it is loading. */}
        <NextEventCard area="coach" />
        <AnnouncementsPanel canPost enabled={team !== null} />
        <NoticesPanel />

        <section aria-labelledby="quick-actions-title" className="space-y-3">
          <h2 id="quick-actions-title" className="text-xl font-bold text-stone-900">
            Quick actions
          </h2>
          <div className="flex flex-wrap gap-3">
            <Link to="/coach/log" className="btn btn-primary">
              <ClipboardList aria-hidden="true" className="size-4" /> Log events
            </Link>
            {team ? (
              <button
                type="button"
                className="btn btn-secondary"
                aria-expanded={inviteOpen}
                aria-controls="invite-panel"
                onClick={() => setInviteOpen((open) => !open)}
              >
                <UserPlus aria-hidden="true" className="size-4" /> Invite players
              </button>
            ) : null}
            <button type="button" className="btn btn-secondary" onClick={openPlayerSearch}>
              <Search aria-hidden="true" className="size-4" /> Open search
            </button>
            <Link to="/coach/playbook-analysis" className="btn btn-secondary">
              <BarChart3 aria-hidden="true" className="size-4" /> Playbook analysis
            </Link>
          </div>
          {team ? (
            <div id="invite-panel" hidden={!inviteOpen} className="card max-w-2xl p-5">
              <p className="text-sm font-semibold text-stone-700">Team code</p>
              <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
                <p className="font-mono text-3xl font-bold tracking-widest text-stone-900">{team.code}</p>
                <CopyButton text={team.code} label="Copy team code to invite players" />
              </div>
              <p className="mt-3 text-sm text-stone-700">Send this code to your players. {HOW_PLAYERS_JOIN}</p>
            </div>
          ) : null}
        </section>

        {!team ? (
          <NoTeamPanel />
        ) : (
          <QueryState
            query={query}
            loading="Loading the dashboard..."
            errorTitle="Error loading the dashboard"
            errorMessage="The team's numbers could not be loaded. Please try again."
          >
            {(data) => <DashboardContent data={data} />}
          </QueryState>
        )}

        {team ? (
          <TeamCodes
            team={team}
            footer={
              <p className="mt-6">
                <Link to="/coach/settings" className="font-semibold text-white underline underline-offset-2">
                  Team settings
                </Link>
                <span className="text-field-100"> — the team's name, new codes, your coaching staff.</span>
              </p>
            }
          />
        ) : null}

        <section aria-labelledby="tools-title">
          <h2 id="tools-title" className="text-xl font-bold text-stone-900">
            Coaching tools
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {TOOLS.map((tool) => (
              <li key={tool.to}>
                <Link
                  to={tool.to}
                  className="card flex h-full items-start gap-4 transition-colors hover:border-field-400 hover:bg-field-50"
                >
                  <span aria-hidden="true" className="rounded-xl bg-field-100 p-2.5 text-field-700">
                    <tool.icon className="size-5" />
                  </span>
                  <span>
                    <span className="block font-bold text-stone-900">{tool.label}</span>
                    <span className="mt-1 block text-sm text-stone-700">{tool.text}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

function DashboardContent({ data }: { data: DashboardResponse }) {
  return (
    <>
      <section aria-labelledby="glance-title" className="space-y-4">
        <h2 id="glance-title" className="text-xl font-bold text-stone-900">
          At a glance
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <Stat label="Players" value={formatCount(data.playerCount)} />
          <Stat
            label="Average attendance"
            value={data.averageAttendance === null ? null : formatPercent(data.averageAttendance)}
            note={data.averageAttendance === null ? NO_ATTENDANCE_YET : undefined}
          />
          <Stat label="Events this week" value={formatCount(data.eventsThisWeek)} note="Logged in the last 7 days" />
        </div>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Panel title="Top performers" icon={<Trophy className="size-5" />}>
          {data.topPerformers.length === 0 ? (
            <EmptyState title="No players yet">
              The five best performance scores appear here once players join and plays are logged.
            </EmptyState>
          ) : (
            <ol className="divide-y divide-stone-100">
              {data.topPerformers.map((p, i) => (
                <li key={p.id} className="flex items-center gap-3 py-2.5">
                  <span className="w-5 text-right font-extrabold text-stone-600 tabular-nums">{i + 1}</span>
                  <PlayerAvatar position={p.position} photoUrl={p.photoUrl} size="sm" />
                  <span className="min-w-0 flex-1">
                    <Link
                      to={`/coach/player-detail/${encodeURIComponent(p.id)}`}
                      state={{ player: p, returnTo: RETURN_TO }}
                      className="block truncate font-semibold text-field-800 underline-offset-2 hover:underline"
                    >
                      {p.name}
                    </Link>
                    <span className="block text-sm text-stone-600">
                      {formatJersey(p.jerseyNumber)} · {positionName(p.position)} · Rank {p.teamRanking}
                    </span>
                  </span>
                  <span className="text-right">
                    <span className="block text-lg font-extrabold text-stone-900 tabular-nums">
                      {formatScore(p.performanceScore)}
                    </span>
                    <span className="block text-xs text-stone-600">score</span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>

        <Panel title="Latest events" icon={<Activity className="size-5" />}>
          {data.latestEvents.length === 0 ? (
            <EmptyState title="No plays logged yet">
              Plays you log with the{" "}
              <Link to="/coach/log" className="font-semibold text-field-800 underline">
                Event Logger
              </Link>{" "}
              appear here as they happen.
            </EmptyState>
          ) : (
            <ul className="divide-y divide-stone-100">
              {data.latestEvents.map((e) => (
                <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2.5 text-sm">
                  <span className="min-w-0">
                    <Link
                      to={`/coach/player-detail/${encodeURIComponent(e.playerId)}`}
                      state={{ returnTo: RETURN_TO }}
                      className="font-semibold text-field-800 underline-offset-2 hover:underline"
                    >
                      {e.playerName}
                    </Link>{" "}
                    <span className="text-stone-900">{e.eventType}</span>
                    {e.yards !== null ? <span className="text-stone-700 tabular-nums"> · {e.yards} yds</span> : null}
                    <span className="block text-stone-600">
                      <time dateTime={e.occurredAt}>{formatDateTime(e.occurredAt)}</time>
                    </span>
                  </span>
                  <span className="font-bold text-field-800 tabular-nums">+{formatScore(e.points)} pts</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
