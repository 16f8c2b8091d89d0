import { useQuery } from "@tanstack/react-query";
import { Trophy } from "lucide-react";
import { myStatLinesQuery } from "~/lib/queries";
import { Panel } from "~/ui/app-page";
import { EmptyState, QueryState } from "~/ui/query-state";
import { SeasonAndGames } from "~/ui/stat-lines";

/** How many of the player's latest games the dashboard lists. */
const LAST_GAMES = 5;

/**
 * The player's own football stat lines (docs/product.md §10), the same ones their coach reads: the season's line
 * and their last games. Live through the player layout's stream (query family me.stat-lines).
 */
export function OwnFootball({ season = null }: { season?: string | null }) {
  const query = useQuery(myStatLinesQuery(season));
  return (
    <Panel title="Your football stats" icon={<Trophy className="size-5" />}>
      <QueryState
        query={query}
        loading="Loading your football stats..."
        errorTitle="Error loading your football stats"
        errorMessage="Your football stats could not be loaded. Please try again."
        headingLevel={3}
      >
        {(data) => (
          <SeasonAndGames
            data={data}
            seasonEmpty={
              <EmptyState title="No football stats yet">
                Your passing, receiving, rushing and defense lines appear here once your coach logs plays for you.
              </EmptyState>
            }
            gamesTitle="Your last games"
            gamesLabel="Your last games, newest first"
            gamesEmpty={null}
            limit={LAST_GAMES}
          />
        )}
      </QueryState>
    </Panel>
  );
}
