import { pageMeta } from "~/app/meta";
import { RequireSignedIn } from "~/app/guards";
import { LeagueAdminPage } from "~/features/leagues/league-admin-page";
import type { Route } from "./+types/league-admin";

export const meta = () => pageMeta("League", "Run a league: divisions, teams, fields, the calendar and the schedule.");

/** /leagues/:id (docs/product.md §17): a league's admins; to anyone else the league is not found. */
export default function LeagueAdmin({ params }: Route.ComponentProps) {
  return (
    <RequireSignedIn>
      <LeagueAdminPage key={params.id} leagueId={params.id} />
    </RequireSignedIn>
  );
}
