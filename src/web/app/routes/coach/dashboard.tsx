import { BarChart3, ClipboardList, LineChart, Search, Trophy, Users } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "~/app/meta";
import { useCurrentUser } from "~/app/session-context";
import { usePlayerSearch } from "~/features/player-search";
import { AppPageHeader, firstName, Panel } from "~/ui/app-page";
import { CopyButton } from "~/ui/copy-button";

export const meta = () => pageMeta("Coach Dashboard", "Your team, its codes and the way to every coaching tool.");

const TOOLS = [
  { to: "/coach/log", label: "Event Logger", text: "Log plays from the sideline in two taps.", icon: ClipboardList },
  { to: "/coach/leaderboard", label: "Leaderboard", text: "Players ranked by performance score.", icon: Trophy },
  { to: "/coach/team-roster", label: "Team Roster", text: "Everyone who joined with your team code.", icon: Users },
  { to: "/coach/team-stats", label: "Team Stats", text: "Yards, touchdowns and defensive plays for the team.", icon: LineChart },
  { to: "/coach/playbook-analysis", label: "Playbook Analysis", text: "Which positions and plays produce results.", icon: BarChart3 },
];

export default function CoachDashboard() {
  const me = useCurrentUser();
  const { openPlayerSearch } = usePlayerSearch();
  const team = me.team;

  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={me.coachRole === "assistant" ? "Assistant coach" : "Head coach"}
        title="Coach Dashboard"
        lead={`Welcome back, ${firstName(me.fullName)}.${team ? ` Here is everything for ${team.name}.` : ""}`}
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={openPlayerSearch}>
              <Search aria-hidden="true" className="size-4" /> Find a player
            </button>
            <Link to="/coach/log" className="btn btn-primary">
              <ClipboardList aria-hidden="true" className="size-4" /> Log plays
            </Link>
          </>
        }
      />

      {team ? (
        <section aria-labelledby="team-title" className="surface-dark rounded-2xl bg-field-900 p-6 text-white sm:p-8">
          <h2 id="team-title" className="text-2xl font-extrabold tracking-tight">
            {team.name}
          </h2>
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <div className="rounded-xl bg-white/10 p-5">
              <p className="text-sm font-semibold text-field-100">Team code</p>
              <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
                <p className="font-mono text-3xl font-bold tracking-widest">{team.code}</p>
                <span className="[&_.btn]:border-white/40 [&_.btn]:bg-transparent [&_.btn]:text-white [&_.btn:hover]:bg-white/10 [&_[role=status]]:text-field-100">
                  <CopyButton text={team.code} label="Copy team code" />
                </span>
              </div>
              <p className="mt-3 text-sm leading-relaxed text-field-100">
                How players join: they choose <strong className="text-white">Sign Up</strong>, pick “I'm a player”
                and enter this code with their jersey number and positions. They appear on your roster straight
                away.
              </p>
            </div>
            {team.coachInviteCode ? (
              <div className="rounded-xl bg-white/10 p-5">
                <p className="text-sm font-semibold text-field-100">Coach invite code</p>
                <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
                  <p className="font-mono text-3xl font-bold tracking-widest">{team.coachInviteCode}</p>
                  <span className="[&_.btn]:border-white/40 [&_.btn]:bg-transparent [&_.btn]:text-white [&_.btn:hover]:bg-white/10 [&_[role=status]]:text-field-100">
                    <CopyButton text={team.coachInviteCode} label="Copy coach invite code" />
                  </span>
                </div>
                <p className="mt-3 text-sm leading-relaxed text-field-100">
                  For assistant coaches only: they sign up as a coach, tick “I'm an assistant coach joining a team”
                  and enter this code. Keep it out of the team chat.
                </p>
              </div>
            ) : null}
          </div>
        </section>
      ) : (
        <Panel title="No team yet">
          <p>Your account is not linked to a team. Ask your head coach for the coach invite code.</p>
        </Panel>
      )}

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
  );
}
