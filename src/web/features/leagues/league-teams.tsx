import { UsersRound } from "lucide-react";
import { useState } from "react";
import type { LeagueDetail, LeagueTeam } from "#domain/api/leagues";
import { LEAGUE_LIMITS as L } from "#domain/leagues/league";
import { Panel } from "~/ui/app-page";
import { FormOutcome, InputField, SelectField } from "~/ui/form-field";
import { formatDay } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import { addTeam, removeTeam, updateTeam } from "./api";
import { CoachLink } from "./coach-link";
import { leftover, useLeagueWrite } from "./use-league-write";

/** The league's teams by division: the ones that joined on Flagline, and those the admin added by name. */
export function TeamsPanel({ league }: { league: LeagueDetail }) {
  const [divisionId, setDivisionId] = useState(league.divisions[0]?.id ?? "");
  const [name, setName] = useState("");
  const add = useLeagueWrite(
    league.id,
    (input: Parameters<typeof addTeam>[1]) => addTeam(league.id, input),
    () => setName(""),
  );
  const remove = useLeagueWrite(league.id, removeTeam);
  const chosen = league.divisions.some((d) => d.id === divisionId) ? divisionId : (league.divisions[0]?.id ?? "");
  return (
    <Panel title="Teams" icon={<UsersRound className="size-5" />}>
      <p className="text-sm">
        Coaches join with the league code <strong className="font-mono">{league.joinCode}</strong>. Add a team that has
        no coach on Flagline yet by its name, and invite its coach with a link when they are ready.
      </p>
      {league.divisions.map((d) => {
        const teams = league.teams.filter((t) => t.divisionId === d.id);
        return (
          <div key={d.id} className="mt-4">
            <h3 className="font-semibold text-stone-900">
              {d.name} <span className="text-sm font-normal text-stone-600">({teams.length})</span>
            </h3>
            {teams.length === 0 ? (
              <p className="text-sm text-stone-600">No teams yet.</p>
            ) : (
              <ul className="mt-1 divide-y divide-stone-200">
                {teams.map((t) => (
                  <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <div>
                      <span>
                        {t.name}{" "}
                        <span className="text-sm text-stone-600">
                          {t.joined ? "· On Flagline" : "· No coach here yet"}
                        </span>
                      </span>
                      {t.joined ? null : <CoachLink team={t} />}
                      <BlackoutDays leagueId={league.id} team={t} />
                    </div>
                    <button
                      type="button"
                      className="btn btn-secondary py-2"
                      aria-label={`Remove ${t.name}`}
                      disabled={remove.mutation.isPending}
                      onClick={() => remove.mutation.mutate(t.id)}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
      <FormOutcome
        error={remove.mutation.error ? describeError(remove.mutation.error, "The team could not be removed.") : null}
        notice={null}
      />
      {league.divisions.length > 0 ? (
        <form
          className="mt-4 grid gap-3 sm:grid-cols-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            add.mutation.mutate({ divisionId: chosen, name: name.trim() });
          }}
        >
          <SelectField
            label="Division of the team"
            value={chosen}
            error={add.fields.divisionId}
            onChange={(e) => setDivisionId(e.target.value)}
          >
            {league.divisions.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </SelectField>
          <InputField
            label="Team name"
            value={name}
            maxLength={L.teamNameMax}
            error={add.fields.name}
            onChange={(e) => setName(e.target.value)}
          />
          <div className="sm:col-span-2">
            <button type="submit" className="btn btn-primary" disabled={add.mutation.isPending}>
              Add team
            </button>
            <FormOutcome
              error={leftover(add.mutation.error, add.fields, "The team could not be added.")}
              notice={null}
            />
          </div>
        </form>
      ) : null}
    </Panel>
  );
}

/** The days a team cannot play (the generator never puts its games there), behind a disclosure per team. */
function BlackoutDays({ leagueId, team }: { leagueId: string; team: LeagueTeam }) {
  const [day, setDay] = useState("");
  const save = useLeagueWrite(
    leagueId,
    (blackoutDates: string[]) => updateTeam(team.id, { blackoutDates }),
    () => setDay(""),
  );
  const error = save.mutation.error
    ? (Object.values(save.fields)[0] ?? describeError(save.mutation.error, "Not saved."))
    : null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-stone-700">
        {team.blackoutDates.length === 0 ? "No days off" : `${team.blackoutDates.length} days off`}
        <span className="sr-only"> for {team.name}</span>
      </summary>
      <ul className="mt-1 flex flex-wrap gap-2">
        {team.blackoutDates.map((d) => (
          <li key={d} className="rounded-full bg-stone-100 px-3 py-1">
            {formatDay(d)}{" "}
            <button
              type="button"
              className="underline"
              aria-label={`${team.name} can play on ${formatDay(d)}`}
              onClick={() => save.mutation.mutate(team.blackoutDates.filter((x) => x !== d))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <InputField
          label={`A day ${team.name} cannot play`}
          type="date"
          value={day}
          onChange={(e) => setDay(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-secondary py-2"
          disabled={
            day === "" ||
            team.blackoutDates.includes(day) ||
            team.blackoutDates.length >= L.blackoutDates ||
            save.mutation.isPending
          }
          onClick={() => save.mutation.mutate([...team.blackoutDates, day])}
        >
          Add day off
        </button>
      </div>
      <FormOutcome error={error} notice={null} />
    </details>
  );
}
