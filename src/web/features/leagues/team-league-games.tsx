import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Scale } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { CoachResultAction, TeamLeagueGames } from "#domain/api/league-results";
import { leagueResultKeys } from "~/lib/query-keys";
import { teamLeagueGamesQuery } from "./queries";
import { Panel } from "~/ui/app-page";
import { FormOutcome } from "~/ui/form-field";
import { formatDay } from "~/ui/format";
import { describeError, QueryState } from "~/ui/query-state";
import { decideAsCoach } from "./api";
import { resultWords } from "./result-words";

const ACTION_LABELS: Record<CoachResultAction, string> = {
  confirm: "Confirm their score",
  accept: "Accept their score",
  dispute: "Dispute",
};

/**
 * A coach's league games (docs/product.md §17): each result as the two scorebooks give it, and what the team's
 * coaches may do: confirm the other team's score when theirs is the only book, accept or dispute a differing one.
 */
export function TeamLeagueGamesPanel() {
  const games = useQuery(teamLeagueGamesQuery());
  return (
    <Panel title="Your league games" icon={<Scale className="size-5" />}>
      <QueryState
        query={games}
        loading="Loading your league games..."
        errorTitle="League games unavailable"
        errorMessage="Your league games could not be loaded."
      >
        {({ games: list }) =>
          list.length === 0 ? (
            <p>No league games yet: they appear here once your league publishes its schedule.</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {list.map((game) => (
                <GameRow key={game.id} game={game} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Panel>
  );
}

function GameRow({ game }: { game: TeamLeagueGames["games"][number] }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const decide = useMutation({
    mutationFn: (action: CoachResultAction) => decideAsCoach(game.id, action, note.trim() || null),
    onSuccess: (games) => {
      queryClient.setQueryData(leagueResultKeys.team(), games);
      void queryClient.invalidateQueries({ queryKey: leagueResultKeys.game(game.id) });
      setNote("");
    },
  });
  const label = `${game.homeAway === "home" ? "vs" : "at"} ${game.opponent}`;
  return (
    <li aria-label={`League game ${label}`} className="space-y-2 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-stone-900">
          {formatDay(game.date)} {game.startTime} · {label}
        </p>
        <span className="text-sm text-stone-600">{game.leagueName}</span>
      </div>
      <p className="text-sm">{resultWords(game.result)}</p>
      <div className="flex flex-wrap items-center gap-2">
        {game.result.state !== "scheduled" ? (
          <Link className="btn btn-secondary py-2" to={`/league-games/${game.id}`}>
            Compare scorebooks
          </Link>
        ) : null}
        {game.actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === "dispute" ? "btn btn-secondary py-2" : "btn btn-primary py-2"}
            disabled={decide.isPending}
            onClick={() => decide.mutate(action)}
          >
            {ACTION_LABELS[action]}
          </button>
        ))}
      </div>
      {game.actions.includes("dispute") ? (
        <label className="block text-sm">
          <span className="text-stone-700">Why you dispute it (for the league's admin)</span>
          <input className="input mt-1" maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
      ) : null}
      <FormOutcome error={decide.error ? describeError(decide.error, "Not saved.") : null} notice={null} />
    </li>
  );
}
