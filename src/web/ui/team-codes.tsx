import type { ReactNode } from "react";
import type { MeTeam } from "~/lib/session";
import { CopyButton } from "./copy-button";

const ON_DARK =
  "[&_.btn]:border-white/40 [&_.btn]:bg-transparent [&_.btn]:text-white [&_.btn:hover]:bg-white/10 [&_[role=status]]:text-field-100";

/**
 * The team's codes (the coach dashboard, team settings): the team code for players and, for head coaches, the
 * coach invite code. `actions` adds controls under each code (team settings: replace it with a new one).
 */
export function TeamCodes({
  team,
  actions,
  footer,
}: {
  team: MeTeam;
  actions?: (which: "team" | "coach") => ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section aria-labelledby="team-title" className="surface-dark rounded-2xl bg-field-900 p-6 text-white sm:p-8">
      <h2 id="team-title" className="text-2xl font-extrabold tracking-tight">
        {team.name}
      </h2>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className="rounded-xl bg-white/10 p-5">
          <p className="text-sm font-semibold text-field-100">Team code</p>
          <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
            <p className="font-mono text-3xl font-bold tracking-widest">{team.code}</p>
            <span className={ON_DARK}>
              <CopyButton text={team.code} label="Copy team code" />
            </span>
          </div>
          <p className="mt-3 text-sm leading-relaxed text-field-100">
            How players join: they choose <strong className="text-white">Sign Up</strong>, pick “I'm a player” and enter
            this code with their jersey number and positions. They wait under “Waiting for you” on your roster until a
            coach confirms them.
          </p>
          {actions?.("team")}
        </div>
        {team.coachInviteCode ? (
          <div className="rounded-xl bg-white/10 p-5">
            <p className="text-sm font-semibold text-field-100">Coach invite code</p>
            <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
              <p className="font-mono text-3xl font-bold tracking-widest">{team.coachInviteCode}</p>
              <span className={ON_DARK}>
                <CopyButton text={team.coachInviteCode} label="Copy coach invite code" />
              </span>
            </div>
            <p className="mt-3 text-sm leading-relaxed text-field-100">
              For assistant coaches only: they sign up as a coach, tick “I'm an assistant coach joining a team” and
              enter this code. Keep it out of the team chat.
            </p>
            {actions?.("coach")}
          </div>
        ) : null}
      </div>
      {footer}
    </section>
  );
}
