import { pageMeta } from "~/app/meta";
import { PublicLeaguePage } from "~/features/leagues/public-league-page";
import type { Route } from "./+types/league";

export const meta = () =>
  pageMeta("League", "A flag-football league's schedule, results and standings, by team. No sign-in needed.");

/** /league/:id (docs/product.md §17): a league's public page; rendered in the browser, not prerendered. */
export default function League({ params }: Route.ComponentProps) {
  return <PublicLeaguePage key={params.id} leagueId={params.id} />;
}
