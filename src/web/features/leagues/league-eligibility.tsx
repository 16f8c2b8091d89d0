import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { EligibilityProblemDto, LeagueEligibility, TeamLeagueEligibility } from "#domain/api/league-rosters";
import type { RosterDecision } from "#domain/leagues/eligibility";
import { leagueKeys, teamLeagueEligibilityKey } from "~/lib/query-keys";
import { Panel } from "~/ui/app-page";
import { FormOutcome } from "~/ui/form-field";
import { formatDay } from "~/ui/format";
import { describeError, QueryState } from "~/ui/query-state";
import { decideRosterPlayer } from "./api";
import { leagueEligibilityQuery, teamLeagueEligibilityQuery } from "./queries";

/*
 * Eligibility and the roster lock (docs/product.md §17): the league's admins see every team's problems and decide
 * about the players added after the lock; a team's coaches see their own players'. Playing up is never a problem.
 */

type Division = Pick<LeagueEligibility["divisions"][number], "name" | "ageCutoff" | "rosterLock">;

/** A problem in words; `forCoach`: said to the team's coaches, who can mend it. */
function problemWords(problem: EligibilityProblemDto, division: Division, forCoach: boolean): string {
  const added = problem.joinedOn ? `Added ${formatDay(problem.joinedOn)}, after the roster lock` : "";
  switch (problem.kind) {
    case "too_old":
      return `Born before the ${division.name} cutoff (${formatDay(division.ageCutoff ?? "")}): too old for this division.`;
    case "no_birth_date":
      return forCoach
        ? "No birth date recorded: add it under Family on the roster."
        : "No birth date recorded: the age cannot be checked.";
    case "awaiting_approval":
      return `${added}: waiting for the league's approval.`;
    case "rejected":
      return `${added}: rejected by the league${problem.note ? ` ("${problem.note}")` : ""}. Not eligible for league games.`;
  }
}

function divisionRules(d: Division): string {
  return [
    d.ageCutoff ? `Born on or after ${formatDay(d.ageCutoff)}` : "No age cutoff",
    d.rosterLock ? `Rosters lock after ${formatDay(d.rosterLock)}` : "No roster lock",
  ].join(" · ");
}

/**
 * The admin page's list of every team's problems, with Approve and Reject for the players added after the lock; a
 * player the league approved stays listed, with Reject, so an approval can be taken back.
 */
export function EligibilityPanel({ leagueId }: { leagueId: string }) {
  const eligibility = useQuery(leagueEligibilityQuery(leagueId));
  return (
    <Panel title="Eligibility" icon={<BadgeCheck className="size-5" />}>
      <p className="text-sm text-stone-700">
        A player born before a division&apos;s age cutoff is too old for it; a younger player may play up. A player
        added to a roster after the division&apos;s lock stays on the team and waits for your approval to play league
        games. Players are named by first name and last initial.
      </p>
      <QueryState
        query={eligibility}
        loading="Checking the rosters..."
        errorTitle="Eligibility unavailable"
        errorMessage="The rosters could not be checked."
        headingLevel={3}
      >
        {(data) =>
          data.divisions.length === 0 ? (
            <p className="mt-3">No teams yet: the rosters are checked once teams join.</p>
          ) : (
            <div className="mt-3 space-y-5">
              {data.divisions.map((division) => (
                <DivisionProblems key={division.id} leagueId={leagueId} division={division} />
              ))}
            </div>
          )
        }
      </QueryState>
    </Panel>
  );
}

type EligibilityTeam = LeagueEligibility["divisions"][number]["teams"][number];

/** A team's players with a problem, then those approved after the lock with none (listed so it can be taken back). */
function listed(team: EligibilityTeam): { player: EligibilityTeam["players"][number]; approvedOn?: string }[] {
  const approvedOn = new Map(team.approved.map((a) => [a.playerId, a.joinedOn]));
  const withProblems = new Set(team.players.map((p) => p.playerId));
  return [
    ...team.players.map((player) => ({ player, approvedOn: approvedOn.get(player.playerId) })),
    ...team.approved
      .filter((a) => !withProblems.has(a.playerId))
      .map((a) => ({ player: { playerId: a.playerId, name: a.name, problems: [] }, approvedOn: a.joinedOn })),
  ];
}

function DivisionProblems({
  leagueId,
  division,
}: {
  leagueId: string;
  division: LeagueEligibility["divisions"][number];
}) {
  const heading = useId();
  const withProblems = division.teams.filter((t) => t.players.length > 0 || t.approved.length > 0);
  const allEligible = division.teams.every((t) => t.players.length === 0);
  const unchecked = division.teams.filter((t) => !t.joined);
  return (
    <section aria-labelledby={heading}>
      <h3 id={heading} className="font-semibold text-stone-900">
        {division.name}
      </h3>
      <p className="text-sm text-stone-600">{divisionRules(division)}</p>
      {allEligible ? <p className="mt-1 text-sm">Every player on the checked rosters is eligible.</p> : null}
      {withProblems.length === 0 ? null : (
        <ul className="mt-2 space-y-3">
          {withProblems.map((team) => (
            <li key={team.id} aria-label={team.name}>
              <p className="font-semibold">{team.name}</p>
              <ul className="divide-y divide-stone-200">
                {listed(team).map(({ player, approvedOn }) => (
                  <PlayerProblems
                    key={player.playerId}
                    leagueId={leagueId}
                    leagueTeamId={team.id}
                    teamName={team.name}
                    division={division}
                    player={player}
                    approvedOn={approvedOn}
                  />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {unchecked.length > 0 ? (
        <p className="mt-1 text-sm text-stone-600">
          Not checked (no roster on Flagline): {unchecked.map((t) => t.name).join(", ")}.
        </p>
      ) : null}
    </section>
  );
}

function PlayerProblems({
  leagueId,
  leagueTeamId,
  teamName,
  division,
  player,
  approvedOn,
}: {
  leagueId: string;
  leagueTeamId: string;
  teamName: string;
  division: Division;
  player: EligibilityTeam["players"][number];
  /** A player added after the lock whom the league approved (the day they joined): eligible, and still rejectable. */
  approvedOn?: string;
}) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const decide = useMutation({
    mutationFn: (decision: RosterDecision) =>
      decideRosterPlayer(leagueId, { leagueTeamId, playerId: player.playerId, decision, note: note.trim() || null }),
    onSuccess: (eligibility) => {
      // The note went with that decision; another one starts without it.
      setNote("");
      queryClient.setQueryData(leagueKeys.eligibility(leagueId), eligibility);
      // An admin who coaches the team reads it there too.
      void queryClient.invalidateQueries({ queryKey: teamLeagueEligibilityKey() });
    },
  });
  const late = player.problems.find((p) => p.kind === "awaiting_approval" || p.kind === "rejected");
  const who = `${player.name} (${teamName})`;
  return (
    <li aria-label={who} className="space-y-1 py-2">
      <p className="font-medium text-stone-900">{player.name}</p>
      <ul className="list-disc pl-5 text-sm">
        {player.problems.map((problem) => (
          <li key={problem.kind}>{problemWords(problem, division, false)}</li>
        ))}
        {approvedOn ? (
          <li>Added {formatDay(approvedOn)}, after the roster lock: approved by the league to play its games.</li>
        ) : null}
      </ul>
      {late || approvedOn ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="text-stone-700">Note for the team&apos;s coaches (optional)</span>
            <input
              className="input mt-1"
              maxLength={300}
              value={note}
              aria-label={`Note about ${who}`}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          {/* Awaiting: both; rejected: Approve; approved: Reject. */}
          {(["approved", "rejected"] as const)
            .filter((decision) => (decision === "approved" ? late !== undefined : late?.kind !== "rejected"))
            .map((decision) => (
              <button
                key={decision}
                type="button"
                className={`btn ${decision === "approved" ? "btn-primary" : "btn-secondary"} py-2`}
                aria-label={`${decision === "approved" ? "Approve" : "Reject"} ${who}`}
                disabled={decide.isPending}
                onClick={() => decide.mutate(decision)}
              >
                {decision === "approved" ? "Approve" : "Reject"}
              </button>
            ))}
        </div>
      ) : null}
      <FormOutcome error={decide.error ? describeError(decide.error, "Not saved.") : null} notice={null} />
    </li>
  );
}

/** A coach's own players' problems in each league division the team plays in; nothing when it plays in none. */
export function TeamEligibilityPanel() {
  const eligibility = useQuery(teamLeagueEligibilityQuery());
  if (eligibility.data?.teams.length === 0) return null;
  return (
    <Panel title="Eligibility for league games" icon={<BadgeCheck className="size-5" />}>
      <QueryState
        query={eligibility}
        loading="Checking your roster..."
        errorTitle="Eligibility unavailable"
        errorMessage="Your roster could not be checked."
        headingLevel={3}
      >
        {({ teams }) => (
          <div className="space-y-4">
            {teams.map((team) => (
              <TeamProblems key={team.id} team={team} />
            ))}
            {teams.some((t) => t.players.some((p) => p.problems.some((x) => x.kind === "no_birth_date"))) ? (
              <Link className="btn btn-secondary" to="/coach/team-roster">
                Open Team Roster
              </Link>
            ) : null}
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

function TeamProblems({ team }: { team: TeamLeagueEligibility["teams"][number] }) {
  const heading = useId();
  return (
    <section aria-labelledby={heading}>
      <h3 id={heading} className="font-semibold text-stone-900">
        {team.leagueName} · {team.division.name}
      </h3>
      <p className="text-sm text-stone-600">{divisionRules(team.division)}</p>
      {team.players.length === 0 ? (
        <p className="mt-1 text-sm">Every player on your roster is eligible.</p>
      ) : (
        <ul className="mt-1 divide-y divide-stone-200">
          {team.players.map((player) => (
            <li key={player.playerId} aria-label={player.name} className="py-2">
              <p className="font-medium text-stone-900">
                {player.name}
                {player.birthDate ? (
                  <span className="text-sm font-normal text-stone-600"> · born {formatDay(player.birthDate)}</span>
                ) : null}
              </p>
              <ul className="list-disc pl-5 text-sm">
                {player.problems.map((problem) => (
                  <li key={problem.kind}>{problemWords(problem, team.division, true)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
