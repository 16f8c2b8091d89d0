import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { PublicLeague } from "#domain/api/leagues";
import { fieldLabel } from "#domain/leagues/league";
import { BracketRounds } from "./league-bracket";
import { publicLeagueQuery } from "./queries";
import { StandingsTable } from "./standings-table";
import { SelectField } from "~/ui/form-field";
import { formatDay } from "~/ui/format";
import { QueryState } from "~/ui/query-state";

/**
 * /league/:id (docs/product.md §17): a league's public page, for parents on a Saturday morning, no sign-in. Team
 * names only: the server sends no player, coach or photo.
 */
export function PublicLeaguePage({ leagueId }: { leagueId: string }) {
  const league = useQuery(publicLeagueQuery(leagueId));
  return (
    <div className="container-page min-h-svh py-10">
      <QueryState
        query={league}
        loading="Loading the league..."
        errorTitle="League not found"
        errorMessage="This league could not be loaded."
      >
        {(data) => <PublicLeagueView league={data} />}
      </QueryState>
    </div>
  );
}

/** The league's calendar feed, narrowed to the team or field picked (team first). */
function calendarUrl(leagueId: string, teamId: string, fieldId: string): string {
  const base = `/api/public/leagues/${encodeURIComponent(leagueId)}/calendar.ics`;
  if (teamId) return `${base}?team=${encodeURIComponent(teamId)}`;
  if (fieldId) return `${base}?field=${encodeURIComponent(fieldId)}`;
  return base;
}

function PublicLeagueView({ league }: { league: PublicLeague }) {
  const [teamId, setTeamId] = useState("");
  const [fieldId, setFieldId] = useState("");
  const teamName = new Map(league.teams.map((t) => [t.id, t.name]));
  const fields = new Map(league.fields.map((f) => [f.id, f]));
  const divisionName = new Map(league.divisions.map((d) => [d.id, d.name]));
  const games = league.games.filter(
    (g) =>
      (teamId === "" || g.homeTeamId === teamId || g.awayTeamId === teamId) &&
      (fieldId === "" || g.fieldId === fieldId),
  );
  const days = [...new Set(games.map((g) => g.date))];
  return (
    <div className="space-y-10">
      <header>
        <p className="eyebrow">League</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{league.name}</h1>
        <p className="mt-2 text-stone-700">Times are {league.timeZone}.</p>
      </header>

      <section aria-labelledby="standings-heading" className="space-y-6">
        <h2 id="standings-heading" className="text-2xl font-bold text-stone-900">
          Standings
        </h2>
        {league.divisions.map((d) => (
          <StandingsTable
            key={d.id}
            caption={d.name}
            standings={d.standings}
            teamName={teamName}
            leagueId={league.id}
          />
        ))}
      </section>

      {league.brackets.length > 0 ? (
        <section aria-labelledby="playoffs-heading" className="space-y-6">
          <h2 id="playoffs-heading" className="text-2xl font-bold text-stone-900">
            Playoffs
          </h2>
          {league.brackets.map((b) => (
            <section key={b.divisionId} aria-label={`${divisionName.get(b.divisionId)} playoffs`} className="card">
              <h3 className="mb-3 text-lg font-bold text-stone-900">{divisionName.get(b.divisionId)}</h3>
              <BracketRounds bracket={b} level={4} />
            </section>
          ))}
        </section>
      ) : null}

      <section aria-labelledby="schedule-heading" className="space-y-4">
        <h2 id="schedule-heading" className="text-2xl font-bold text-stone-900">
          Schedule
        </h2>
        <div className="flex flex-wrap gap-4">
          <SelectField label="Team" value={teamId} onChange={(e) => setTeamId(e.target.value)}>
            <option value="">All teams</option>
            {league.teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Field" value={fieldId} onChange={(e) => setFieldId(e.target.value)}>
            <option value="">All fields</option>
            {league.fields.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="text-sm">
          <a className="text-field-800 underline" href={calendarUrl(league.id, teamId, fieldId)}>
            Subscribe to {teamId ? `${teamName.get(teamId)}'s games` : fieldId ? "this field's games" : "every game"} in
            your calendar
          </a>{" "}
          <span className="text-stone-600">(copy the link into your calendar app; changes follow).</span>
        </p>
        {days.length === 0 ? <p>No games published yet.</p> : null}
        {days.map((day) => (
          <div key={day} className="card">
            <h3 className="font-bold text-stone-900">{formatDay(day)}</h3>
            <ul className="mt-2 divide-y divide-stone-200">
              {games
                .filter((g) => g.date === day)
                .map((g) => {
                  const field = fields.get(g.fieldId);
                  return (
                    <li key={g.id} className="flex flex-wrap gap-x-4 py-2 text-sm">
                      <span className="w-14 font-semibold tabular-nums">{g.startTime}</span>
                      <span className="min-w-48 flex-1">
                        {teamName.get(g.homeTeamId)} v {teamName.get(g.awayTeamId)}
                        {g.result.state === "confirmed" ? (
                          <strong className="ml-2 tabular-nums">
                            {g.result.home}–{g.result.away}
                            {g.result.forfeit ? " (forfeit)" : ""}
                          </strong>
                        ) : null}
                        {g.result.state === "pending" ? (
                          <span className="ml-2 text-stone-600">Result pending</span>
                        ) : null}
                        {g.cancelled ? <strong className="ml-2 text-red-800">Cancelled</strong> : null}
                      </span>
                      <span className="text-stone-600">
                        {field ? fieldLabel(field.name, g.subField) : ""} · {divisionName.get(g.divisionId)}
                      </span>
                    </li>
                  );
                })}
            </ul>
          </div>
        ))}
      </section>
    </div>
  );
}
