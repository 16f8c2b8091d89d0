import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { PublicLeagueTeam } from "#domain/api/leagues";
import { fieldLabel } from "#domain/leagues/league";
import { publicLeagueTeamQuery } from "./queries";
import { StandingsTable, type StandingRow } from "./standings-table";
import { formatDay } from "~/ui/format";
import { QueryState } from "~/ui/query-state";

/**
 * /league/:id/teams/:teamId (docs/product.md §17): one league team's public page, for its parents, no sign-in: its
 * record, its games with their results, its division's standings and its calendar feed. Team-level only: the server
 * sends no player, coach or photo.
 */
export function PublicLeagueTeamPage({ leagueId, teamId }: { leagueId: string; teamId: string }) {
  const page = useQuery(publicLeagueTeamQuery(leagueId, teamId));
  return (
    <div className="container-page min-h-svh py-10">
      <QueryState
        query={page}
        loading="Loading the team..."
        errorTitle="Team not found"
        errorMessage="This league team could not be loaded."
      >
        {(data) => <PublicLeagueTeamView page={data} />}
      </QueryState>
    </div>
  );
}

type Game = PublicLeagueTeam["games"][number];

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, … 21st. */
function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** The team's record in a line: "3–1–0 · 2nd of 6 in 10U", or "No results yet" before its first result counts. */
function recordLine(row: StandingRow | undefined, teams: number, divisionName: string): string {
  if (!row || row.played === 0) return "No results yet";
  return `${row.wins}–${row.losses}–${row.ties} · ${ordinal(row.rank)} of ${teams} in ${divisionName}`;
}

/** A confirmed score from the team's side: "W 21–14", "L 6–8 (forfeit)", "T 7–7"; null while it has none. */
function scoreFromSide(game: Game, teamId: string): string | null {
  const { result } = game;
  if (result.state !== "confirmed" || result.home === null || result.away === null) return null;
  const home = game.homeTeamId === teamId;
  const ours = home ? result.home : result.away;
  const theirs = home ? result.away : result.home;
  const outcome = ours > theirs ? "W" : ours < theirs ? "L" : "T";
  return `${outcome} ${ours}–${theirs}${result.forfeit ? " (forfeit)" : ""}`;
}

function calendarUrl(leagueId: string, teamId: string): string {
  return `/api/public/leagues/${encodeURIComponent(leagueId)}/calendar.ics?team=${encodeURIComponent(teamId)}`;
}

function PublicLeagueTeamView({ page }: { page: PublicLeagueTeam }) {
  const { league, team, division } = page;
  const teamName = new Map(page.teams.map((t) => [t.id, t.name]));
  const fields = new Map(page.fields.map((f) => [f.id, f]));
  const row = division.standings.find((r) => r.teamId === team.id);
  const days = [...new Set(page.games.map((g) => g.date))];
  return (
    <div className="space-y-10">
      <header>
        <p className="eyebrow">
          <Link className="underline" to={`/league/${encodeURIComponent(league.id)}`}>
            {league.name}
          </Link>{" "}
          · {division.name}
        </p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{team.name}</h1>
        <p className="mt-2 text-lg font-semibold text-stone-900 tabular-nums">
          {recordLine(row, division.standings.length, division.name)}
        </p>
        <p className="mt-1 text-stone-700">Times are {league.timeZone}.</p>
      </header>

      <section aria-labelledby="games-heading" className="space-y-4">
        <h2 id="games-heading" className="text-2xl font-bold text-stone-900">
          Games
        </h2>
        {days.length === 0 ? <p>No games published yet.</p> : null}
        {days.map((day) => (
          <div key={day} className="card">
            <h3 className="font-bold text-stone-900">{formatDay(day)}</h3>
            <ul className="mt-2 divide-y divide-stone-200">
              {page.games
                .filter((g) => g.date === day)
                .map((g) => {
                  const home = g.homeTeamId === team.id;
                  const opponent = teamName.get(home ? g.awayTeamId : g.homeTeamId);
                  const field = fields.get(g.fieldId);
                  const score = scoreFromSide(g, team.id);
                  return (
                    <li key={g.id} className="flex flex-wrap gap-x-4 py-2 text-sm">
                      <span className="w-14 font-semibold tabular-nums">{g.startTime}</span>
                      <span className="min-w-48 flex-1">
                        {home ? "v" : "at"} {opponent}
                        {score ? <strong className="ml-2 tabular-nums">{score}</strong> : null}
                        {g.result.state === "pending" ? (
                          <span className="ml-2 text-stone-600">Result pending</span>
                        ) : null}
                        {g.cancelled ? <strong className="ml-2 text-red-800">Cancelled</strong> : null}
                      </span>
                      <span className="text-stone-600">{field ? fieldLabel(field.name, g.subField) : ""}</span>
                    </li>
                  );
                })}
            </ul>
          </div>
        ))}
      </section>

      <section aria-labelledby="standings-heading" className="space-y-4">
        <h2 id="standings-heading" className="text-2xl font-bold text-stone-900">
          {division.name} standings
        </h2>
        <StandingsTable
          labelledBy="standings-heading"
          standings={division.standings}
          teamName={teamName}
          leagueId={league.id}
          currentTeamId={team.id}
        />
      </section>

      <p className="text-sm">
        <a className="text-field-800 underline" href={calendarUrl(league.id, team.id)}>
          Subscribe to {team.name}&apos;s games in your calendar
        </a>{" "}
        <span className="text-stone-600">(copy the link into your calendar app; changes follow).</span>
      </p>
    </div>
  );
}
