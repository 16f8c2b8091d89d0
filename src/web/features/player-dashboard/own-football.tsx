import { useQuery } from "@tanstack/react-query";
import { Trophy } from "lucide-react";
import { useId } from "react";
import { myStatLinesQuery } from "~/lib/queries";
import { Panel } from "~/ui/app-page";
import { EmptyState, QueryState } from "~/ui/query-state";
import { FootballLines, GameLinesTable } from "~/ui/stat-lines";

/** How many of the player's latest games the dashboard lists. */
const LAST_GAMES = 5;

/**
 * The player's own football stat lines (docs/product.md §10), the same ones their coach reads: the season's line
 * and their last games. Live through the player layout's stream (query family me.stat-lines).
 */
export function OwnFootball() {
  const query = useQuery(myStatLinesQuery());
  const ids = useId();
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
          <div className="space-y-5">
            <section aria-labelledby={`${ids}-season`} className="space-y-2">
              <h3 id={`${ids}-season`} className="font-bold text-stone-900">
                Season
              </h3>
              <FootballLines
                stat={data.season}
                empty={
                  <EmptyState title="No football stats yet">
                    Your passing, receiving, rushing and defense lines appear here once your coach logs plays for you.
                  </EmptyState>
                }
              />
            </section>
            {data.games.length > 0 ? (
              <section aria-labelledby={`${ids}-games`} className="space-y-2">
                <h3 id={`${ids}-games`} className="font-bold text-stone-900">
                  Your last games
                </h3>
                <GameLinesTable games={data.games} limit={LAST_GAMES} label="Your last games, newest first" />
              </section>
            ) : null}
          </div>
        )}
      </QueryState>
    </Panel>
  );
}
