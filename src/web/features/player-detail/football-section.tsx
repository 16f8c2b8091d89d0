import { useQuery } from "@tanstack/react-query";
import { Trophy } from "lucide-react";
import { playerStatLinesQuery } from "~/lib/queries";
import { Panel } from "~/ui/app-page";
import { isPlayerNotFound } from "~/ui/player-not-found";
import { EmptyState, QueryState } from "~/ui/query-state";
import { SeasonAndGames } from "~/ui/stat-lines";

/**
 * The player's football stat lines (docs/product.md §10): the season's line, then one line per game, newest first.
 * A player the coach cannot see answers 404 here too; the page then shows "Player not found" from the detail, so
 * this panel shows nothing rather than a second error.
 */
export function FootballSection({
  playerId,
  playerName,
  season = null,
}: {
  playerId: string;
  playerName: string | null;
  /** The picked season (null or absent: the current one). */
  season?: string | null;
}) {
  const query = useQuery(playerStatLinesQuery(playerId, season));
  if (isPlayerNotFound(query.error)) return null;
  const who = playerName ?? "this player";
  return (
    <Panel title="Football stats" icon={<Trophy className="size-5" />}>
      <QueryState
        query={query}
        loading="Loading football stats..."
        errorTitle="Error loading football stats"
        errorMessage="The player's football stats could not be loaded. Please try again."
        headingLevel={3}
      >
        {(data) => (
          <SeasonAndGames
            data={data}
            seasonEmpty={
              <EmptyState title="No football stats yet">
                Passing, receiving, rushing and defense lines appear here once snaps or plays are logged for {who}.
              </EmptyState>
            }
            gamesTitle="By game"
            gamesLabel="Football stats by game, newest first"
            gamesEmpty={<p className="text-sm text-stone-700">No games with snaps or plays for {who} yet.</p>}
          />
        )}
      </QueryState>
    </Panel>
  );
}
