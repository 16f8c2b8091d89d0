import { pageMeta } from "~/app/meta";
import { RequireSignedIn } from "~/app/guards";
import { LeaguesPage } from "~/features/leagues/leagues-page";

export const meta = () => pageMeta("Leagues", "The leagues you run or your team plays in; make one or join one.");

/** /leagues (docs/product.md §17): any signed-in account. */
export default function Leagues() {
  return (
    <RequireSignedIn>
      <LeaguesPage />
    </RequireSignedIn>
  );
}
