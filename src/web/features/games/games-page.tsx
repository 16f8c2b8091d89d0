import { useQuery } from "@tanstack/react-query";
import { CalendarDays, Settings2, Trophy } from "lucide-react";
import { Link } from "react-router";
import type { GamesResponse } from "#domain/api/game";
import { gamesQuery } from "~/lib/queries";
import { useCurrentUser } from "~/lib/session-context";
import { AppPageHeader, NoTeamPanel, Panel } from "~/ui/app-page";
import { usePickedSeason } from "~/lib/season-param";
import { SeasonPicker } from "~/ui/season-picker";
import { formatDay, NONE } from "~/ui/format";
import { EmptyState, QueryState } from "~/ui/query-state";
import { gameState, opponentText, scoreText } from "./box-score";
import { boxScorePath, homeAwayText, ResultBadge, type GamesArea } from "./game-bits";

/**
 * /coach/games and /player/games: the team's record and every game of the season, newest first (the API's order),
 * each with its date, opponent, home or away, score and result, and a link to its box score. Coaches also reach the
 * league rules from here.
 */
export function GamesPage({ area }: { area: GamesArea }) {
  const me = useCurrentUser();
  const hasTeam = me.team !== null;
  const seasons = usePickedSeason();
  const games = useQuery({ ...gamesQuery(seasons.season), enabled: hasTeam });

  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={me.team?.name}
        title="Games"
        lead="Every game of the season, newest first, with its score and box score."
        actions={
          area === "coach" && hasTeam ? (
            <>
              <Link to="/coach/games/sessions" className="btn btn-secondary">
                <CalendarDays aria-hidden="true" className="size-4" />
                Practices &amp; games
              </Link>
              <Link to="/coach/games/rules" className="btn btn-secondary">
                <Settings2 aria-hidden="true" className="size-4" />
                League rules
              </Link>
            </>
          ) : null
        }
      />
      {hasTeam ? <SeasonPicker value={seasons} className="max-w-xs" /> : null}
      {!hasTeam ? (
        area === "coach" ? (
          <NoTeamPanel />
        ) : (
          <Panel title="No team yet">
            <p>You are not on a team, so there are no games to show.</p>
          </Panel>
        )
      ) : (
        <QueryState
          query={games}
          loading="Loading games..."
          errorTitle="Error loading games"
          errorMessage="The team's games could not be loaded. Please try again."
        >
          {(data) => <Season data={data} area={area} />}
        </QueryState>
      )}
    </div>
  );
}

/** "Points for 34, against 33": the official scores of the finished games, like the record. */
function pointsText(data: GamesResponse): string {
  const totals = { us: 0, them: 0 };
  for (const game of data.games) {
    if (!game.final) continue;
    totals.us += game.final.us;
    totals.them += game.final.them;
  }
  return `Points for ${totals.us}, against ${totals.them}`;
}

function Season({ data, area }: { data: GamesResponse; area: GamesArea }) {
  if (data.games.length === 0) {
    return (
      <EmptyState title="No games yet" icon={<CalendarDays className="size-8" />} headingLevel={2}>
        {area === "coach"
          ? "Start a game in the Event Logger; it shows here with its score and box score."
          : "Your team's games show here once your coach starts one in the Event Logger."}
      </EmptyState>
    );
  }
  return (
    <Panel title="Season" icon={<Trophy className="size-5" />}>
      <p className="text-2xl font-extrabold tracking-tight text-field-800 tabular-nums">Record {data.record.text}</p>
      <p className="mt-1 font-semibold text-stone-900 tabular-nums">{pointsText(data)}</p>
      <p className="mt-1 text-sm text-stone-600">Wins, losses, ties and points of the finished games.</p>
      <div role="region" aria-label="Games table" tabIndex={0} className="relative mt-4 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm">
          <thead className="border-b border-stone-200 text-stone-700">
            <tr>
              <th scope="col" className="py-2 pr-3 text-left font-semibold">
                Date
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                Opponent
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                Home/away
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Score
              </th>
              <th scope="col" className="py-2 pl-3 text-left font-semibold">
                Result
              </th>
            </tr>
          </thead>
          <tbody>
            {data.games.map((game) => {
              const state = gameState(game);
              const day = formatDay(game.date);
              return (
                <tr key={game.sessionId} className="border-b border-stone-100 last:border-0">
                  <td className="py-2.5 pr-3 whitespace-nowrap tabular-nums">{day}</td>
                  <th scope="row" className="px-3 py-2.5 text-left font-semibold">
                    <Link
                      to={boxScorePath(area, game.sessionId)}
                      className="text-field-700 underline decoration-field-300 underline-offset-4 hover:decoration-field-700"
                    >
                      {opponentText(game)}
                      <span className="sr-only">, {day}: box score</span>
                    </Link>
                  </th>
                  <td className="px-3 py-2.5">{homeAwayText(game.homeAway)}</td>
                  <td className="px-3 py-2.5 text-right font-semibold whitespace-nowrap tabular-nums">
                    {state.status === "not_started" ? NONE : scoreText(state.score)}
                  </td>
                  <td className="py-2.5 pl-3">
                    <ResultBadge state={state} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
