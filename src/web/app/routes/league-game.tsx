import { pageMeta } from "~/app/meta";
import { RequireSignedIn } from "~/app/guards";
import { LeagueGameResultPage } from "~/features/leagues/league-game-result-page";
import type { Route } from "./+types/league-game";

export const meta = () => pageMeta("League game", "A league game's result and both teams' scorebooks side by side.");

/** /league-games/:id (docs/product.md §17): the league's admins and both teams' coaches; else not found. */
export default function LeagueGame({ params }: Route.ComponentProps) {
  return (
    <RequireSignedIn>
      <LeagueGameResultPage key={params.id} gameId={params.id} />
    </RequireSignedIn>
  );
}
