import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { LeagueDetail, LeagueGame } from "#domain/api/leagues";
import { fieldLabel } from "#domain/leagues/league";
import { leagueKeys } from "~/lib/query-keys";
import { leagueGamesQuery } from "./queries";
import { Panel } from "~/ui/app-page";
import { FormOutcome, SelectField } from "~/ui/form-field";
import { formatDay, plural } from "~/ui/format";
import { describeError, QueryState } from "~/ui/query-state";
import { generateSchedule, publishSchedule, type Generated } from "./api";
import { ScheduleEditDialog, type EditTarget } from "./schedule-edit-dialog";

const STATUS_LABELS: Record<LeagueGame["status"], string> = {
  draft: "Draft",
  published: "Published",
  cancelled: "Cancelled",
};

/**
 * The league's schedule (docs/product.md §17): generating the round robin as drafts, what is wrong with the
 * schedule, the games by day, and publishing them into the teams' schedules.
 */
export function SchedulePanel({ league }: { league: LeagueDetail }) {
  const queryClient = useQueryClient();
  const games = useQuery(leagueGamesQuery(league.id));
  const [rounds, setRounds] = useState<"single" | "double">("single");
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: leagueKeys.games(league.id) }),
      queryClient.invalidateQueries({ queryKey: leagueKeys.detail(league.id) }),
    ]);
  const generate = useMutation({
    mutationFn: () => generateSchedule(league.id, rounds === "double"),
    onMutate: () => setNotice(null),
    onSuccess: async (result) => {
      setGenerated(result);
      await refresh();
    },
  });
  const publish = useMutation({
    mutationFn: () => publishSchedule(league.id),
    onMutate: () => setNotice(null),
    onSuccess: async (result) => {
      setGenerated(null);
      setNotice(
        result.published === 0
          ? "Nothing new to publish: the teams have every game."
          : `Published ${plural(result.published, "game")}: ${plural(result.teamEvents, "team schedule entry", "team schedule entries")} written.`,
      );
      await refresh();
    },
  });
  const teamName = new Map(league.teams.map((t) => [t.id, t.name]));
  const fieldName = new Map(league.fields.map((f) => [f.id, f.name]));
  const divisionName = new Map(league.divisions.map((d) => [d.id, d.name]));
  const published = league.games.published > 0;
  const unpublished = league.games.draft + league.games.changed;
  return (
    <Panel title="Schedule" icon={<CalendarCheck className="size-5" />}>
      {published ? null : (
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Round robin"
            value={rounds}
            onChange={(e) => setRounds(e.target.value as "single" | "double")}
          >
            <option value="single">Single: each pair meets once</option>
            <option value="double">Double: home and away</option>
          </SelectField>
          <button
            type="button"
            className="btn btn-primary"
            disabled={generate.isPending}
            onClick={() => generate.mutate()}
          >
            {generate.isPending ? "Generating…" : league.games.draft > 0 ? "Generate again" : "Generate schedule"}
          </button>
        </div>
      )}
      <FormOutcome
        error={generate.error ? describeError(generate.error, "The schedule could not be generated.") : null}
        notice={null}
      />
      {generated ? (
        <div role="status" className="mt-3 text-sm">
          <p>
            {plural(generated.placed, "game")} placed, {plural(generated.byes, "bye")}.
            {generated.unplaced.length > 0
              ? ` ${plural(generated.unplaced.length, "game")} found no field and time:`
              : ""}
          </p>
          {generated.unplaced.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {generated.unplaced.slice(0, 20).map((u) => (
                <li key={`${u.round}-${u.homeTeam}-${u.awayTeam}`}>
                  Round {u.round}, {u.homeTeam} v {u.awayTeam}: {u.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <QueryState
        query={games}
        loading="Loading the schedule..."
        errorTitle="Schedule unavailable"
        errorMessage="The schedule could not be loaded."
      >
        {({ games: list, conflicts }) => (
          <div className="mt-4 space-y-4">
            {conflicts.length > 0 ? (
              <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                <p className="font-semibold">{plural(conflicts.length, "conflict")} to fix before publishing:</p>
                <ul className="mt-1 list-disc pl-5">
                  {conflicts.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {list.length === 0 ? (
              <p>No games yet. Add divisions, teams, fields and game days, then generate the schedule.</p>
            ) : (
              <>
                <div className="flex flex-wrap items-center gap-3">
                  <p className="text-sm">
                    {plural(list.length, "game")}
                    {unpublished > 0
                      ? `, ${unpublished} not yet in the teams' schedules`
                      : ", all in the teams' schedules"}
                    .
                  </p>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={publish.isPending || conflicts.length > 0 || unpublished === 0}
                    onClick={() => publish.mutate()}
                  >
                    {publish.isPending ? "Publishing…" : "Publish to the teams"}
                  </button>
                  <button type="button" className="btn btn-secondary" onClick={() => setEditing({ kind: "add" })}>
                    Add a game
                  </button>
                </div>
                <GamesByDay
                  games={list}
                  teamName={teamName}
                  fieldName={fieldName}
                  divisionName={divisionName}
                  onChange={(game) => setEditing({ kind: "game", game })}
                />
                <ScheduleEditDialog
                  league={league}
                  games={list}
                  target={editing}
                  onClose={() => setEditing(null)}
                  onSaved={async (message) => {
                    setEditing(null);
                    setGenerated(null);
                    setNotice(message);
                    await refresh();
                  }}
                />
              </>
            )}
          </div>
        )}
      </QueryState>
      <FormOutcome
        error={publish.error ? describeError(publish.error, "The schedule could not be published.") : null}
        notice={notice}
      />
    </Panel>
  );
}

function GamesByDay({
  games,
  teamName,
  fieldName,
  divisionName,
  onChange,
}: {
  games: LeagueGame[];
  teamName: Map<string, string>;
  fieldName: Map<string, string>;
  divisionName: Map<string, string>;
  onChange: (game: LeagueGame) => void;
}) {
  const days = [...new Set(games.map((g) => g.date))];
  return (
    <div className="space-y-4">
      {days.map((day) => (
        <section key={day} aria-label={formatDay(day)}>
          <h3 className="font-semibold text-stone-900">{formatDay(day)}</h3>
          <div className="mt-1 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-stone-600">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Time
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Field
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Division
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Home
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Away
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Status
                  </th>
                  <th scope="col" className="py-1">
                    <span className="sr-only">Change</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {games
                  .filter((g) => g.date === day)
                  .map((g) => (
                    <tr key={g.id}>
                      <td className="py-1 pr-3 tabular-nums">{g.startTime}</td>
                      <td className="py-1 pr-3">{fieldLabel(fieldName.get(g.fieldId) ?? "", g.subField)}</td>
                      <td className="py-1 pr-3">{divisionName.get(g.divisionId)}</td>
                      <td className="py-1 pr-3">{teamName.get(g.homeTeamId)}</td>
                      <td className="py-1 pr-3">{teamName.get(g.awayTeamId)}</td>
                      <td className="py-1 pr-3">
                        {g.status === "published" ? (
                          <Link className="text-field-800 underline" to={`/league-games/${g.id}`}>
                            {STATUS_LABELS[g.status]}
                            {g.changedSincePublished ? " (changed)" : ""}
                            <span className="sr-only">
                              : result of {teamName.get(g.homeTeamId)} v {teamName.get(g.awayTeamId)}
                            </span>
                          </Link>
                        ) : (
                          <>
                            {STATUS_LABELS[g.status]}
                            {g.changedSincePublished ? " (changed)" : ""}
                          </>
                        )}
                      </td>
                      <td className="py-1">
                        {g.status === "cancelled" ? null : (
                          <button type="button" className="text-field-800 underline" onClick={() => onChange(g)}>
                            Change
                            <span className="sr-only">
                              {" "}
                              {teamName.get(g.homeTeamId)} v {teamName.get(g.awayTeamId)}
                            </span>
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
