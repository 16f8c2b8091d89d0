import { RequireRole } from "~/app/guards";
import { ActingBanner } from "~/features/family/acting-banner";
import { useTeamLiveUpdates } from "~/features/live";

/**
 * Layout of /player/*: only signed-in players pass. While one of these pages is open, the player's own data
 * (score, feedback, training) stays live: a play their coach logs or feedback they write shows without a reload. A
 * guardian acting for the child (docs/product.md §13) passes as the child, under a banner saying so.
 */
export default function PlayerLayout() {
  useTeamLiveUpdates();
  return <RequireRole role="player" banner={<ActingBanner />} />;
}
