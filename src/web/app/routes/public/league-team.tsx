import { pageMeta } from "~/app/meta";
import { PublicLeagueTeamPage } from "~/features/leagues/public-league-team-page";
import type { Route } from "./+types/league-team";

export const meta = () =>
  pageMeta(
    "League team",
    "A flag-football league team's games, results and place in its division's standings. No sign-in needed.",
  );

/**
 * /league/:id/teams/:teamId (docs/product.md §17): a league team's public page; rendered in the browser, not
 * prerendered.
 */
export default function LeagueTeam({ params }: Route.ComponentProps) {
  return <PublicLeagueTeamPage key={`${params.id}/${params.teamId}`} leagueId={params.id} teamId={params.teamId} />;
}
