import { pageMeta } from "~/app/meta";
import { RequireSignedIn } from "~/app/guards";
import { LeagueAdminInvitePage } from "~/features/leagues/league-admin-invite-page";
import type { Route } from "./+types/league-admin-invite";

export const meta = () => pageMeta("Help run a league", "A co-admin link: help run a flag-football league.");

/** /league-admin/:token (docs/product.md §17): a co-admin link, for a signed-in account. */
export default function LeagueAdminInvite({ params }: Route.ComponentProps) {
  return (
    <RequireSignedIn>
      <LeagueAdminInvitePage key={params.token} token={params.token} />
    </RequireSignedIn>
  );
}
