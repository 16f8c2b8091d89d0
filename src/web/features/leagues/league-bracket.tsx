import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trophy } from "lucide-react";
import { useId, useState } from "react";
import type { BracketGameView, BracketView } from "#domain/api/league-playoffs";
import type { LeagueDetail } from "#domain/api/leagues";
import { BRACKET_LIMITS as B } from "#domain/leagues/bracket";
import { bracketGameTitle, bracketOutcome } from "#domain/leagues/bracket-words";
import { fieldLabel } from "#domain/leagues/league";
import { leagueKeys } from "~/lib/query-keys";
import { Panel } from "~/ui/app-page";
import { FormOutcome, InputField, SelectField } from "~/ui/form-field";
import { formatDay } from "~/ui/format";
import { describeError, QueryState } from "~/ui/query-state";
import { deleteBracket, makeBracket } from "./api";
import { leagueBracketQuery } from "./queries";

/*
 * Playoff brackets (docs/product.md §17, decision 0038): the admin's panel to make a division's bracket from its
 * standings and see it, and the bracket itself as the admin page and the public page both draw it: a list per
 * round under the round's name, each game with its seeds, teams, place and time, and its result in words.
 */

function BracketGameItem({ game }: { game: BracketGameView }) {
  const title = bracketGameTitle(game);
  const outcome = bracketOutcome(game);
  return (
    <li className="py-2 text-sm" aria-label={title}>
      <p className="font-semibold text-stone-900">{title}</p>
      {game.place ? (
        <p className="text-stone-600">
          {formatDay(game.place.date)}, {game.place.startTime} · {fieldLabel(game.place.field, game.place.subField)}
        </p>
      ) : null}
      {outcome ? <p>{outcome}</p> : null}
    </li>
  );
}

/** A bracket's rounds, each a list under its name, and the champion once there is one. */
function BracketRounds({ bracket }: { bracket: BracketView }) {
  const id = useId();
  return (
    <div className="space-y-4">
      {bracket.champion ? (
        <p className="font-semibold text-field-900">
          Champions: {bracket.champion.team} (seed {bracket.champion.seed})
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {bracket.rounds.map((round) => (
          <section key={round.round} aria-labelledby={`${id}-${round.round}`}>
            <h3 id={`${id}-${round.round}`} className="font-bold text-stone-900">
              {round.name}
            </h3>
            <ol className="divide-y divide-stone-200">
              {round.games.map((game) => (
                <BracketGameItem key={game.index} game={game} />
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}

/** The admin page's playoffs: pick a division, make its bracket (size, first day), see it, delete it. */
export function BracketPanel({ league }: { league: LeagueDetail }) {
  const [divisionId, setDivisionId] = useState(league.divisions[0]?.id ?? "");
  return (
    <Panel title="Playoffs" icon={<Trophy className="size-5" />}>
      {league.divisions.length === 0 ? (
        <p>Add a division first.</p>
      ) : (
        <>
          <SelectField label="Division" value={divisionId} onChange={(e) => setDivisionId(e.target.value)}>
            {league.divisions.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </SelectField>
          <DivisionBracket key={divisionId} league={league} divisionId={divisionId} />
        </>
      )}
    </Panel>
  );
}

function DivisionBracket({ league, divisionId }: { league: LeagueDetail; divisionId: string }) {
  const queryClient = useQueryClient();
  const bracket = useQuery(leagueBracketQuery(league.id, divisionId));
  const inDivision = league.teams.filter((t) => t.divisionId === divisionId).length;
  const [teams, setTeams] = useState(String(Math.max(B.minTeams, Math.min(inDivision, 8))));
  const [startDate, setStartDate] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = async (answer: { bracket: BracketView | null }) => {
    queryClient.setQueryData(leagueKeys.bracket(league.id, divisionId), answer);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: leagueKeys.games(league.id) }),
      queryClient.invalidateQueries({ queryKey: leagueKeys.detail(league.id) }),
    ]);
  };
  const make = useMutation({
    mutationFn: () => makeBracket(league.id, divisionId, { teams: Number(teams), startDate: startDate || undefined }),
    onMutate: () => setNotice(null),
    onSuccess: async (answer) => {
      setNotice("Bracket made: its first games are drafts until you publish the schedule.");
      await refresh(answer);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteBracket(league.id, divisionId),
    onMutate: () => setNotice(null),
    onSuccess: async (answer) => {
      setNotice("Bracket deleted.");
      await refresh(answer);
    },
  });
  return (
    <div className="mt-4 space-y-4">
      <QueryState
        query={bracket}
        loading="Loading the bracket..."
        errorTitle="Bracket unavailable"
        errorMessage="The bracket could not be loaded."
      >
        {({ bracket: made }) =>
          made ? (
            <div className="space-y-4">
              <p className="text-sm">
                Seeded from the standings, best first: {made.seeds.map((s) => s.team).join(", ")}. Games from{" "}
                {formatDay(made.startDate)}.
              </p>
              <BracketRounds bracket={made} />
              {made.published ? (
                <p className="text-sm text-stone-600">Its games are in the teams' schedules: the bracket stays.</p>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate()}
                >
                  Delete the bracket
                </button>
              )}
            </div>
          ) : (
            <form
              className="flex flex-wrap items-end gap-3"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                make.mutate();
              }}
            >
              <InputField
                label="Teams in the bracket"
                type="number"
                inputMode="numeric"
                min={B.minTeams}
                max={B.maxTeams}
                value={teams}
                onChange={(e) => setTeams(e.target.value)}
              />
              <InputField
                label="First day (optional)"
                type="date"
                value={startDate}
                onChange={(e) => setStartDate(e.target.value)}
              />
              <button type="submit" className="btn btn-primary" disabled={make.isPending}>
                {make.isPending ? "Making…" : "Make the bracket"}
              </button>
            </form>
          )
        }
      </QueryState>
      <FormOutcome
        error={
          make.error
            ? describeError(make.error, "The bracket could not be made.")
            : remove.error
              ? describeError(remove.error, "The bracket could not be deleted.")
              : null
        }
        notice={notice}
      />
    </div>
  );
}
