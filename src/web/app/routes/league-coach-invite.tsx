import { pageMeta } from "~/app/meta";
import { RequireSignedIn } from "~/app/guards";
import { LeagueCoachInvitePage } from "~/features/leagues/league-coach-invite-page";
import type { Route } from "./+types/league-coach-invite";

export const meta = () => pageMeta("Join a league", "A league's link for your team's place in it.");

/** /league-coach/:token (docs/product.md §17): a league team's coach link, for a signed-in head coach. */
export default function LeagueCoachInvite({ params }: Route.ComponentProps) {
  return (
    <RequireSignedIn>
      <LeagueCoachInvitePage key={params.token} token={params.token} />
    </RequireSignedIn>
  );
}
